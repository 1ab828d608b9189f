// #40 One rule for phones as people type them, for every form (the desk, the widget, the profile) and
// the server: the typed text is read once here, and a phone is stored in one form, so the desk never
// sees two numbers for one person. The desk's search (domain/orderSearch.ts) reads a query by the
// same lexical rule; it also takes a part of a number, which a stored phone may not be.
//
// Stored forms: a Russian number as `+7` and its ten digits, `+79161234567` (typed `+7 (916) 123-45-67`, `8 916 123 45 67`,
// `8(916)1234567`, `+7-916-123-45-67`, `89161234567` or `79161234567`); any other number with a
// leading plus `+` and its digits (`+44 20 7946 0958` is `+442079460958`); a number without a plus
// that is not an 11-digit 8/7 number keeps its digits (a local number, `123-45-67` is `1234567`).

/** A phone as typed: digits with spaces, '-', '(' and ')' among them, an optional leading plus. */
export const TYPED_PHONE = /^\+?[\d\s()-]+$/;

/** Russia's (and Kazakhstan's) country code: its numbers have 10 digits after it. */
const RUSSIAN_DIGITS = 11;

/** What a typed phone is made of: whether it begins with a plus, and its digits; null when it is not a phone. */
export function readPhone(typed: string): { plus: boolean; digits: string } | null {
  const text = typed.trim();
  if (!TYPED_PHONE.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits ? { plus: text.startsWith('+'), digits } : null;
}

/**
 * A Russian number written with its trunk prefix or its country code and no plus: 11 digits that
 * start with 8 or 7 (8 is Russia's trunk prefix: 8 916 ... is +7 916 ...).
 */
export const isRussianWithoutPlus = (digits: string) => digits.length === RUSSIAN_DIGITS && (digits[0] === '8' || digits[0] === '7');

/**
 * The stored form of a typed phone, or null when it is not one (a letter, a second plus, a plus
 * inside, no digit; `+7` followed by anything but 10 digits, which no Russian number is).
 * With a plus the digits are kept as they are: `+8…` is some other country's (+84 is Vietnam), never
 * read as 8-prefixed.
 */
export function normalizePhone(typed: string): string | null {
  const phone = readPhone(typed);
  if (!phone) return null;
  const { plus, digits } = phone;
  if (plus) {
    if (digits.startsWith('7') && digits.length !== RUSSIAN_DIGITS) return null;
    return `+${digits}`;
  }
  return isRussianWithoutPlus(digits) ? `+7${digits.slice(1)}` : digits;
}

/** The stored form: what normalizePhone answers (a plus and digits, or digits), the rule of the stored column. */
export const STORED_PHONE = /^\+?\d+$/;
