// Amounts are decimal strings (never floats in transit); this is the one place they are written for
// people: the screens, the exports (CSV) and the letters all call formatMoney/formatAmount.
import type { Language } from './constants';

export interface Currency {
  code: string;
  is_before: boolean;
  blank_place: boolean;
  /** The sign ('₽', '$'); the code is written when a currency has none. */
  unicode?: string | null;
}

/** Digit grouping and decimal mark per language: "18 000,00" in ru, "18,000.00" in en. */
export const NUMBER_MARKS: Record<Language, { group: string; decimal: string }> = {
  // A no-break space, so an amount never wraps between its digits.
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** The title of an amount whose location has no currency (spec: "a default currency title"). */
export const DEFAULT_CURRENCY_TITLE: Record<Language, string> = { ru: 'у.е.', en: 'c.u.' };

/** Groups thousands and always writes two decimals: '18000' -> '18 000,00' (ru) / '18,000.00' (en). */
export function formatAmount(amount: string | number, lang: Language = 'ru'): string {
  const text = (typeof amount === 'number' ? amount.toFixed(2) : amount).trim().replace(',', '.');
  const negative = text.startsWith('-');
  const [intPart = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const marks = NUMBER_MARKS[lang];
  const digits = intPart.replace(/^0+(?=\d)/, '') || '0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  const cents = frac.padEnd(2, '0').slice(0, 2);
  const zero = /^0*$/.test(digits + cents);
  return `${negative && !zero ? '-' : ''}${grouped}${marks.decimal}${cents}`;
}

/** A count as the screens write it: digits grouped as amounts are ('16 207' in ru, '16,207' in en). */
export function formatCount(count: number, lang: Language = 'ru'): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, NUMBER_MARKS[lang].group);
}

/** How a currency is written next to an amount: its sign when it has one, else its code. */
export const currencySign = (currency: Currency) => currency.unicode || currency.code;

/**
 * The one currency rule (spec: the currency object's `unicode`, `is_before`, `blank_place`): what
 * goes before and after the digits. `is_before` puts the sign in front, `blank_place` separates
 * them with a no-break space; the language only chooses the digits' marks, never the placement, so
 * "$1 850,00" in ru and "$1,850.00" in en. Without a currency, the default title follows the
 * amount. formatMoney (screens, letters, CSV's SQL mirror) and the XLSX number formats both read it.
 */
export function currencyAffixes(currency: Currency | null | undefined, lang: Language = 'ru'): { before: string; after: string } {
  if (!currency) return { before: '', after: `\u00a0${DEFAULT_CURRENCY_TITLE[lang]}` };
  const gap = currency.blank_place ? '\u00a0' : '';
  const sign = currencySign(currency);
  return currency.is_before ? { before: `${sign}${gap}`, after: '' } : { before: '', after: `${gap}${sign}` };
}

/**
 * The amount with the currency placed as the currency says (currencyAffixes). RUB: "18 000,00 ₽";
 * USD: "$18,000.00" (en), "$18 000,00" (ru). The table is docs/decisions.md, "#39 money".
 */
export function formatMoney(amount: string | number, currency: Currency | null | undefined, lang: Language = 'ru'): string {
  const value = formatAmount(amount, lang);
  const { before, after } = currencyAffixes(currency, lang);
  // A sign in front goes after the minus: -$150.00, not $-150.00.
  return value.startsWith('-') ? `-${before}${value.slice(1)}${after}` : `${before}${value}${after}`;
}

/** The currency a location's balance is shown in: its business (b2b) currency, else its currency. */
export function balanceCurrency(location: { b2b_currency?: Currency | null; currency?: Currency | null }): Currency | null {
  return location.b2b_currency ?? location.currency ?? null;
}

/**
 * An amount as a cashier types it, as the API takes it ('1500.50'); null when it is none. The
 * screens write "1 500,50 ₽" and "1,500.50", and prefill amounts so (#25), so both are taken: digits
 * grouped by spaces (no-break ones too) with a comma or a dot and at most two decimals, or grouped by
 * commas with a dot and two decimals (the English form). "1.500,50" is refused, not guessed, and so
 * is "12,345" (a group or three decimals?).
 */
export function readAmount(text: unknown): string | null {
  const value = String(text ?? '').trim();
  const english = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/.exec(value);
  if (english) return `${english[1]!.replace(/,/g, '')}.${english[2]}`;
  const m = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!m) return null;
  const digits = m[1]!.replace(/\D/g, '');
  return m[2] ? `${digits}.${m[2]}` : digits;
}

/** A decimal string with exactly two decimals ('1800' -> '1800.00', '12.5' -> '12.50'), no float. */
export function toMoneyString(value: string): string {
  const [intPart = '0', frac = ''] = value.trim().replace(',', '.').split('.');
  return `${intPart}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
