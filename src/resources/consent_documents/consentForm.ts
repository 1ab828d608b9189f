// #44 The documents screen's form, pure: what a document's editor starts from, the body it sends
// (POST a new document, PUT a new version), the server's field errors by input, and whether a
// personal-data consent's texts still follow its facts (then typing a fact rewrites them).
import { consentPlaceholders } from '../../../domain/consentTemplate';
import { PERSONAL_DATA_DETAILS, type ConsentKind, type PersonalDataDetail } from '../../../domain/arrivals';
import { composeConsent, consentFacts, defaultConsentDetails, DOCUMENT_TEMPLATES } from '../../../domain/documentTemplates';

/** A version as GET /api/v2.2/locations/{id}/consent_documents/ and .../versions/ answer it. */
export interface ConsentVersion {
  id: number;
  version: number;
  text_ru: string;
  text_en: string;
  details: Partial<Record<PersonalDataDetail, string>> | null;
  text_hash_ru: string;
  text_hash_en: string | null;
  complete: boolean;
  created_at: string;
}

export interface ConsentDocumentRecord {
  id: number;
  location: number;
  kind: ConsentKind;
  title: string;
  required: boolean;
  current: ConsentVersion;
  published_version: number | null;
}

export interface DocumentForm {
  text_ru: string;
  text_en: string;
  details: Record<PersonalDataDetail, string>;
  /** A personal-data consent's texts are written from its facts while this holds. */
  follows: boolean;
}

const composed = (details: DocumentForm['details']) => ({ text_ru: composeConsent('ru', details), text_en: composeConsent('en', details) });

/** Whether a text is one to write from the facts: empty, the template's (places in brackets), or the one the facts give. */
const writtenFromFacts = (text: string, fromFacts: string) => !text.trim() || consentPlaceholders(text).length > 0 || text === fromFacts;

/**
 * Where the editor starts. A personal-data consent: its facts (the product's, the operator's left
 * empty, when it has none) and its texts, written from the facts where they are still a template or
 * empty. Another document: its current texts, or the template of its kind when it has none yet.
 */
export function formOf(kind: ConsentKind, current: ConsentVersion | null): DocumentForm {
  if (kind !== 'personal_data') {
    const template = DOCUMENT_TEMPLATES[kind];
    return { text_ru: current?.text_ru ?? template.ru, text_en: current?.text_en ?? template.en, details: consentFacts(null), follows: false };
  }
  const details = current?.details ? consentFacts(current.details) : defaultConsentDetails();
  const fromFacts = composed(details);
  const ru = current?.text_ru ?? '';
  const en = current?.text_en ?? '';
  const follows = writtenFromFacts(ru, fromFacts.text_ru) && writtenFromFacts(en, fromFacts.text_en);
  return follows ? { ...fromFacts, details, follows } : { text_ru: ru, text_en: en, details, follows };
}

/** A fact typed: the texts follow it while they are the facts' own. */
export function withFact(form: DocumentForm, key: PersonalDataDetail, value: string): DocumentForm {
  const details = { ...form.details, [key]: value };
  return form.follows ? { ...form, ...composed(details), details } : { ...form, details };
}

/** A text typed by hand: it no longer follows the facts. */
export const withText = (form: DocumentForm, field: 'text_ru' | 'text_en', value: string): DocumentForm => ({ ...form, [field]: value, follows: false });

/** "Write the texts from the facts": both texts again, following the facts from now on. */
export const rewritten = (form: DocumentForm): DocumentForm => ({ ...form, ...composed(form.details), follows: true });

/** What POST and PUT send: the texts, and the facts of a personal-data consent (trimmed; the server trims the texts). */
export function bodyOf(kind: ConsentKind, form: DocumentForm) {
  return {
    text_ru: form.text_ru, text_en: form.text_en,
    details: kind === 'personal_data' ? Object.fromEntries(PERSONAL_DATA_DETAILS.map((k) => [k, form.details[k].trim()])) : null,
  };
}

/** The server's DRF refusal by input: `text_ru`, `details.inn` ({details: {inn: [...]}} nests as DRF does), `non_field_errors`. */
export function fieldErrorsOf(drf: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!drf || typeof drf !== 'object') return out;
  const first = (v: unknown) => (Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);
  for (const [field, value] of Object.entries(drf as Record<string, unknown>)) {
    const message = first(value);
    if (message) out[field] = message;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) {
        const m = first(v);
        if (m) out[`${field}.${inner}`] = m;
      }
    }
  }
  return out;
}
