// #39 The one money formatter (domain/money.ts) and the currency rule it reads: the currency object
// of the spec (`unicode`, `is_before`, `blank_place`) places the sign, the language only the digits'
// marks. The currencies are the reference rows of migration 0013. The same table is in
// docs/decisions.md ("#39 money"); the XLSX number formats come from the same affixes.
import { describe, expect, it } from 'vitest';
import { currencyAffixes, formatMoney, type Currency } from '../../domain/money';
import { currencyFormatCode } from '../../server/platform/xlsx';

const NB = '\u00a0';
const CURRENCIES: Record<string, Currency> = {
  RUB: { code: 'RUB', unicode: '₽', is_before: false, blank_place: true },
  USD: { code: 'USD', unicode: '$', is_before: true, blank_place: false },
  EUR: { code: 'EUR', unicode: '€', is_before: false, blank_place: true },
  GBP: { code: 'GBP', unicode: '£', is_before: true, blank_place: false },
  KZT: { code: 'KZT', unicode: '₸', is_before: false, blank_place: true },
};

// 1850 and -1850 in each currency and language, as every screen, totals row and letter writes them.
const TABLE: [string, 'ru' | 'en', string, string][] = [
  ['RUB', 'ru', `1${NB}850,00${NB}₽`, `-1${NB}850,00${NB}₽`],
  ['RUB', 'en', `1,850.00${NB}₽`, `-1,850.00${NB}₽`],
  ['USD', 'ru', `$1${NB}850,00`, `-$1${NB}850,00`],
  ['USD', 'en', '$1,850.00', '-$1,850.00'],
  ['EUR', 'ru', `1${NB}850,00${NB}€`, `-1${NB}850,00${NB}€`],
  ['EUR', 'en', `1,850.00${NB}€`, `-1,850.00${NB}€`],
  ['GBP', 'ru', `£1${NB}850,00`, `-£1${NB}850,00`],
  ['GBP', 'en', '£1,850.00', '-£1,850.00'],
  ['KZT', 'ru', `1${NB}850,00${NB}₸`, `-1${NB}850,00${NB}₸`],
  ['KZT', 'en', `1,850.00${NB}₸`, `-1,850.00${NB}₸`],
];

describe('formatMoney', () => {
  it.each(TABLE)('%s in %s: %s', (code, lang, positive, negative) => {
    expect(formatMoney('1850', CURRENCIES[code], lang)).toBe(positive);
    expect(formatMoney('1850.00', CURRENCIES[code], lang)).toBe(positive);
    expect(formatMoney(-1850, CURRENCIES[code], lang)).toBe(negative);
  });

  it('never writes the code where the currency has a sign, and the code where it has none', () => {
    for (const [code, lang] of TABLE) expect(formatMoney('1850', CURRENCIES[code], lang)).not.toContain(code);
    expect(formatMoney('1850', { code: 'CHF', unicode: null, is_before: false, blank_place: true }, 'en')).toBe(`1,850.00${NB}CHF`);
  });

  it('writes the default title after an amount without a currency', () => {
    expect(formatMoney('1850', null, 'ru')).toBe(`1${NB}850,00${NB}у.е.`);
    expect(formatMoney('1850', null, 'en')).toBe(`1,850.00${NB}c.u.`);
  });

  it('builds the XLSX money format from the same affixes', () => {
    for (const [code, lang] of TABLE) {
      const { before, after } = currencyAffixes(CURRENCIES[code], lang);
      const format = currencyFormatCode(CURRENCIES[code]!, lang);
      expect(format).toBe(`${before ? `"${before}"` : ''}#,##0.00${after ? `"${after}"` : ''}`);
    }
    expect(currencyFormatCode(CURRENCIES.USD!, 'ru')).toBe('"$"#,##0.00');
    expect(currencyFormatCode(CURRENCIES.RUB!, 'en')).toBe(`#,##0.00"${NB}₽"`);
  });
});
