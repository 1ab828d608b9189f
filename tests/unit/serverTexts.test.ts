// Server-written texts a user reads (errors in fields and dialogs, letters' subjects and bodies) speak
// the reader's language (#18): a Russian text holds no Latin word but codes and brand names, an
// English one no Cyrillic. The contract strings (docs/decisions.md: screens match them literally and
// translate them) are the named exceptions.
import { describe, expect, it } from 'vitest';
import { serverMessages, translate, moneyParam, dayParam, type MessageKey } from '../../server/platform/messages';

/** Screens match these literally and show their own words for them (src/pages/booking/bookingForm.ts, the certificate form). */
const CONTRACT: MessageKey[] = ['invalid_uuid', 'wrong_persons', 'free_sessions_not_found', 'null_payment', 'seller_not_found'];
/** Codes and formats, not words: a file type, a header's name, a protocol. */
const CODES = new Set(['JSON', 'PNG', 'JPEG', 'WebP', 'GIF', 'PDF', 'Idempotency-Key', 'http', 'https',
  // #29 Stripe: the brand, its header and its keys' prefixes.
  'Stripe', 'Stripe-Signature', 'sk', 'rk', 'pk', 'whsec',
  // #45 the SMS gateway's brand, SMS.ru.
  'SMS', 'ru']);

describe('server texts', () => {
  it('in ru: no Latin word but codes (and the contract strings)', () => {
    const latin = Object.entries(serverMessages.ru).filter(([key]) => !CONTRACT.includes(key as MessageKey))
      .flatMap(([key, text]) => (text.replace(/%\{\w+\}/g, '').match(/[A-Za-z][A-Za-z-]*/g) ?? []).filter((w) => !CODES.has(w)).map((w) => `${key}: ${w}`));
    expect(latin).toEqual([]);
  });

  it('in en: no Cyrillic', () => {
    expect(Object.entries(serverMessages.en).filter(([, text]) => /[А-Яа-яЁё]/.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('write amounts and days as the reader reads them: RUB after the amount, USD before it, DD.MM.YYYY', () => {
    const rub = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
    const usd = { code: 'USD', is_before: true, blank_place: false, unicode: '$' };
    expect(translate('ru', 'overpayment', { max: moneyParam('18000', rub) })).toBe('Сумма больше, чем осталось оплатить: 18\u00a0000,00\u00a0₽.');
    expect(translate('en', 'overpayment', { max: moneyParam('18000', usd) })).toBe('The amount is more than is left to pay: $18,000.00.');
    expect(translate('ru', 'promocode_expired', { date: dayParam('2030-08-31') })).toBe('Срок действия промокода истёк 31.08.2030.');
    expect(translate('en', 'promocode_not_started', { date: dayParam('2030-06-01') })).toBe('The promo code is valid from 01.06.2030.');
  });
});
