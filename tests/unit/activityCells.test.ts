// #28 ACTIVITY: an entry's before/after as the Activity screen writes them: fields by their names,
// codes by their words, amounts and days through the one formatters (#42: domain/activityWords.ts).
import { describe, expect, it } from 'vitest';
import { activityField, activityKeys, activityValue } from '../../src/resources/activity/ActivityCells';

const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
const ru = { currency: RUB, lang: 'ru' as const, translate: (key: string) => key };

describe('activity before/after', () => {
  it('names fields in the language, a translation by its language, an unknown key as it is', () => {
    expect(activityField('payment_minutes', 'ru')).toBe('Удержание мест, минут');
    expect(activityField('payment_minutes', 'en')).toBe('Places held, minutes');
    expect(activityField('en.address', 'ru')).toBe('Адрес (en)');
    expect(activityField('mystery', 'en')).toBe('mystery');
  });
  it('writes money, days, codes, yes/no and the secret as people read them', () => {
    expect(activityValue('amount', '1800.00', ru)).toBe('1\u00a0800,00\u00a0₽');
    expect(activityValue('valid_to', '2030-05-10', ru)).toBe('10.05.2030');
    // #41 A booking's sessions: the days inside the text read as every other day does.
    expect(activityValue('session', 'Куб 2 2026-12-07 15:00; Арена 2026-12-08T01:30:00', ru)).toBe('Куб 2 07.12.2026 15:00; Арена 08.12.2026 01:30');
    expect(activityValue('payment_type', 2, ru)).toBe('Наличные');
    expect(activityValue('status', 'ACTIVE', ru)).not.toBe('ACTIVE');
    expect(activityValue('active', false, ru)).toBe('нет');
    expect(activityValue('secret', 'set', ru)).toBe('задан');
    // #42 A schedule's rows with their prices (tests/unit/activityWords.test.ts), no longer "3 строки".
    expect(activityValue('items', [], ru)).toBe('нет');
    expect(activityValue('code', null, ru)).toBe('—');
  });
  it('#40 names a consent text by its version and the start of its hash, never its words', () => {
    const consent = ru;
    expect(activityField('personal_data_consent', 'ru')).toBe('Текст согласия на обработку ПД');
    expect(activityField('privacy_policy_url', 'en')).toBe('Privacy policy link');
    expect(activityValue('personal_data_consent', { version: 2, text_hash: 'cd8bab8237e1a3abb58f91979313918e' }, consent)).toBe('версия 2 (SHA-256 cd8bab8237e1…)');
  });
  it('#41 a booking\'s entry: guests, the session, the order type and who cancelled in words, what was paid by each tender as money', () => {
    expect(activityField('guests', 'ru')).toBe('Гостей');
    expect(activityField('session', 'en')).toBe('Session');
    expect(activityField('paid_certificate', 'ru')).toBe('Оплачено сертификатом');
    expect(activityValue('paid_card', '700.00', ru)).toBe('700,00\u00a0₽');
    expect(activityValue('paid_cash', '1500.00', ru)).toBe('1\u00a0500,00\u00a0₽');
    expect(activityValue('order_type', 1, ru)).toBe('Платный');
    expect(activityValue('by', 'customer', ru)).toBe('клиент');
    expect(activityValue('refund', 'original', { ...ru, lang: 'en' })).toBe('the way it was paid');
    expect(activityValue('session', 'Куб 2 2030-05-06 11:00', ru)).toBe('Куб 2 06.05.2030 11:00');
  });
  it('lines both sides up on the keys of either', () => {
    expect(activityKeys({ before: { a: 1, b: 2 }, after: { b: 3, c: 4 } })).toEqual(['a', 'b', 'c']);
    expect(activityKeys({ before: null, after: { c: 4 } })).toEqual(['c']);
  });
});
