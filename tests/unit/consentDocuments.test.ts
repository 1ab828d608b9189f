// #44 The documents screen's pure parts: the consent written from its eight facts (complete once the
// operator's own three are typed, places in brackets before), the templates of the other documents
// (complete, no waiver of liability), where the editor starts, the texts following the facts until
// edited by hand, the body sent and the server's nested field errors by input; the checklist's link.
import { describe, expect, it } from 'vitest';
import { consentProblems, PERSONAL_DATA_DETAILS } from '../../domain/arrivals';
import { consentTemplate } from '../../domain/consentTemplate';
import { composeConsent, defaultConsentDetails, DOCUMENT_TEMPLATES, PERSONAL_DATA_DEFAULTS } from '../../domain/documentTemplates';
import { bodyOf, fieldErrorsOf, formOf, rewritten, withFact, withText, type ConsentVersion } from '../../src/resources/consent_documents/consentForm';
import { linkFor } from '../../src/components/readiness/targets';

const OPERATOR = { operator: 'ООО «ВР Старт»', inn: '7701234560', address: 'г. Казань, ул. Баумана, д. 1' };
const version = (over: Partial<ConsentVersion>): ConsentVersion => ({
  id: 1, version: 1, text_ru: '', text_en: '', details: null, text_hash_ru: '', text_hash_en: null, complete: false, created_at: '2026-11-27T10:00:00Z', ...over,
});

describe('the consent written from its facts', () => {
  it('is complete once the operator, its INN and address are typed; before, each is missing and the texts keep places in brackets', () => {
    const bare = defaultConsentDetails();
    expect(consentProblems('personal_data', { text_ru: composeConsent('ru', bare), text_en: composeConsent('en', bare), details: bare })).toEqual([
      { field: 'text_ru', problem: 'placeholders' }, { field: 'text_en', problem: 'placeholders' },
      { field: 'details.operator', problem: 'required' }, { field: 'details.inn', problem: 'required' }, { field: 'details.address', problem: 'required' },
    ]);
    const details = { ...bare, ...OPERATOR };
    expect(consentProblems('personal_data', { text_ru: composeConsent('ru', details), text_en: composeConsent('en', details), details })).toEqual([]);
    expect(composeConsent('ru', details)).toContain('оператору — ООО «ВР Старт», ИНН 7701234560, адрес: г. Казань, ул. Баумана, д. 1 (далее — Оператор)');
  });

  it('the English text gives the product\'s English words for a fact left as written, and a fact typed as it is', () => {
    const details = { ...defaultConsentDetails(), ...OPERATOR, term: '5 лет' };
    const en = composeConsent('en', details);
    expect(en).toContain(`1. Purposes: ${PERSONAL_DATA_DEFAULTS.en.purposes}.`);
    expect(en).toContain('4. Term: 5 лет.');
    expect(en).toContain('INN (Russian taxpayer number) 7701234560');
    for (const k of ['purposes', 'data', 'actions', 'term', 'withdrawal'] as const) expect(PERSONAL_DATA_DEFAULTS.en[k]).not.toBe(PERSONAL_DATA_DEFAULTS.ru[k]);
  });

  it('the rules and the marketing consent start complete, and no text promises a waiver of liability', () => {
    for (const kind of ['rules', 'marketing'] as const) {
      expect(consentProblems(kind, { text_ru: DOCUMENT_TEMPLATES[kind].ru, text_en: DOCUMENT_TEMPLATES[kind].en })).toEqual([]);
    }
    expect(DOCUMENT_TEMPLATES.rules.ru.split('\n')[0]).toBe('Правила посещения и инструктаж');
    const all = [DOCUMENT_TEMPLATES.rules.ru, DOCUMENT_TEMPLATES.rules.en, composeConsent('ru', OPERATOR), composeConsent('en', OPERATOR)].join('\n');
    expect(all).not.toMatch(/ответственност|освобожд|претензи|waive|waiver|liab|no claim/i);
  });
});

describe('the documents screen\'s editor', () => {
  it('a new venue\'s consent (the #40 template) starts from the facts the product knows, its texts written from them', () => {
    const form = formOf('personal_data', version({ text_ru: consentTemplate('ru', { venue: 'VR Старт' }) }));
    expect(form.follows).toBe(true);
    expect(form.details).toEqual(defaultConsentDetails());
    expect(form.text_ru).toBe(composeConsent('ru', form.details));
    // Typing the operator's facts rewrites both texts; editing a text by hand stops that.
    let typed = form;
    for (const [k, v] of Object.entries(OPERATOR)) typed = withFact(typed, k as keyof typeof OPERATOR, v);
    expect(typed.text_ru).toContain('ИНН 7701234560');
    expect(typed.text_en).toContain('INN (Russian taxpayer number) 7701234560');
    const edited = withText(typed, 'text_en', `${typed.text_en} Extra.`);
    expect(edited.follows).toBe(false);
    expect(withFact(edited, 'term', '5 лет').text_ru).toBe(typed.text_ru);
    expect(rewritten(withFact(edited, 'term', '5 лет'))).toMatchObject({ follows: true, text_en: expect.stringContaining('4. Term: 5 лет.') });
  });

  it('a consent written by hand keeps its texts; a document not made yet starts from its template', () => {
    const details = { ...defaultConsentDetails(), ...OPERATOR };
    const own = formOf('personal_data', version({ text_ru: 'Свой текст ООО «ВР Старт» 7701234560', text_en: 'Own text 7701234560', details, complete: true }));
    expect(own).toMatchObject({ follows: false, text_ru: 'Свой текст ООО «ВР Старт» 7701234560', details });
    expect(formOf('rules', null)).toMatchObject({ text_ru: DOCUMENT_TEMPLATES.rules.ru, text_en: DOCUMENT_TEMPLATES.rules.en, follows: false });
    expect(formOf('rules', version({ text_ru: 'Р', text_en: 'R' }))).toMatchObject({ text_ru: 'Р', text_en: 'R' });
  });

  it('sends the facts only with a personal-data consent, trimmed; reads the server\'s nested field errors by input', () => {
    const form = { ...formOf('personal_data', null), details: { ...defaultConsentDetails(), operator: '  ООО «А»  ' } };
    const body = bodyOf('personal_data', form);
    expect(Object.keys(body.details!)).toEqual([...PERSONAL_DATA_DETAILS]);
    expect(body.details!.operator).toBe('ООО «А»');
    expect(bodyOf('rules', form).details).toBeNull();
    expect(fieldErrorsOf({ text_ru: ['В тексте остались места'], details: { inn: ['Обязательное поле.'], address: ['Обязательное поле.'] }, kind: ['Есть'] })).toEqual({
      text_ru: 'В тексте остались места', 'details.inn': 'Обязательное поле.', 'details.address': 'Обязательное поле.', kind: 'Есть',
    });
    expect(fieldErrorsOf(null)).toEqual({});
  });

  it('the checklist\'s documents step links to this screen', () => {
    for (const code of ['consent_incomplete', 'no_privacy_policy', 'no_rules']) expect(linkFor(7, 'documents', code).href).toBe('/locations/7/consent_documents');
    expect(linkFor(7, 'documents')).toEqual({ href: '/locations/7/consent_documents', label: 'app.consentDocuments.card' });
  });
});
