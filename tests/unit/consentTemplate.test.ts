// #40 The personal-data consent template (domain/consentTemplate.ts) has every part 152-FZ art. 9
// expects of a consent, in ru and en: the operator with its legal name, INN and address, the
// purposes, the data (name, phone, e-mail), the actions, the term and how to withdraw it. What only
// the operator knows is a bracketed placeholder the administrator fills in.
import { describe, expect, it } from 'vitest';
import { consentPlaceholders, consentTemplate } from '../../domain/consentTemplate';

describe('the personal-data consent template', () => {
  it('ru: names the operator, the purposes, the data, the actions, the term and the withdrawal', () => {
    const text = consentTemplate('ru', { venue: 'VR Арена' });
    for (const part of ['оператору', 'ИНН [ИНН]', 'адрес: [юридический адрес]', 'Цели обработки', 'площадки «VR Арена»', 'номер телефона',
      'адрес электронной почты', 'фамилия и (или) имя', 'Действия с персональными данными', 'сбор', 'уничтожение', 'Срок', 'Отзыв согласия']) {
      expect(text, part).toContain(part);
    }
  });

  it('en: the same parts', () => {
    const text = consentTemplate('en', { venue: 'VR Arena' });
    for (const part of ['operator', 'INN (Russian taxpayer number) [INN]', 'address: [legal address]', 'Purposes', 'the venue "VR Arena"', 'phone number',
      'e-mail address', 'surname and/or name', 'The actions', 'collection', 'destruction', 'Term', 'Withdrawal']) {
      expect(text, part).toContain(part);
    }
  });

  it('leaves what only the operator knows in brackets, and the venue too when its name is not known', () => {
    expect(consentPlaceholders(consentTemplate('ru', { venue: 'VR Арена' }))).toEqual(expect.arrayContaining(['[ИНН]', '[юридический адрес]']));
    expect(consentPlaceholders(consentTemplate('en'))).toContain('[venue name]');
    expect(consentPlaceholders('Оператор ООО «Ромашка», ИНН 7701234567')).toEqual([]);
    // No surrounding blank lines: a text saved back unchanged is the same version.
    expect(consentTemplate('ru')).toBe(consentTemplate('ru').trim());
  });
});
