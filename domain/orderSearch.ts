// #39 The order search's one rule for the desk's field and the server: a phone as people type it
// (spaces, dashes, brackets, a leading plus; a Russian 8-prefix), or a customer's name. Both sides
// read a query here, so the field never sends what the server would refuse, and the SQL compares
// the stored phones and names folded by the same tables.
import { TEXT_LIMITS } from './textLimits';
import { readPhone } from './phone';
/** Orders match on a phone's last 10 digits: the subscriber number without any country code or trunk prefix. */
export const PHONE_KEY_DIGITS = 10;
/** A name query's length in characters, trimmed: one letter would find nearly every order, and a part of a name needs no more than 100. */
export const NAME_SEARCH = { min: 2, max: 100 } as const;

/**
 * The digits of a typed phone (read by the one phone rule, domain/phone.ts), an 11-digit number that
 * starts with 8 read as +7 (8 is Russia's trunk prefix: 8 900 111-22-33 is +7 900 111-22-33); null
 * when the text is not a phone. A leading plus is dropped: it adds no digit. Unlike a stored phone
 * (normalizePhone) a query may be a part of a number ("+7 999").
 */
export function phoneDigits(typed: string): string | null {
  const phone = readPhone(typed);
  if (!phone) return null;
  const { digits } = phone;
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/**
 * How a typed phone finds orders: a whole number (10 digits or more) by its last 10 digits, whatever the
 * stored number's country code or 8-prefix; a part of a number (fewer digits) anywhere in the stored
 * number's digits, the country code included ("+7 999" finds +7 999 ...). Null when it is not a phone.
 */
export type PhoneMatch = { whole: string } | { part: string };
export function phoneMatch(typed: string): PhoneMatch | null {
  const digits = phoneDigits(typed);
  if (digits === null) return null;
  return digits.length >= PHONE_KEY_DIGITS ? { whole: digits.slice(-PHONE_KEY_DIGITS) } : { part: digits };
}

/** A phone the search accepts: a typed phone whose digits fit the stored phone's length. */
export const isSearchPhone = (typed: string) => {
  const digits = phoneDigits(typed);
  // The typed text may be twice the stored length: room for the spaces and brackets between the digits.
  return digits !== null && digits.length <= TEXT_LIMITS.phone && typed.trim().length <= 2 * TEXT_LIMITS.phone;
};

/** Any letter (of any script) makes the query a name: a phone never holds one. */
export const isNameQuery = (typed: string) => /\p{L}/u.test(typed);

/**
 * A name query as a case-sensitive regular expression that ignores case and ё/е by itself: each letter
 * becomes the class of its two cases (е and ё the class of all four), anything else its literal. The
 * database compares with it directly: no per-row lower()/translate() (five times slower on the bench's
 * 1,000,000 orders, docs/decisions.md #39) and no dependence on the database's locale, whose lower()
 * folds only ASCII under C. The pattern reads the same in PostgreSQL's and JavaScript's regular expressions.
 */
export function nameSearchPattern(query: string): string {
  let out = '';
  for (const ch of query.trim()) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (lower === 'е' || lower === 'ё') out += '[еЕёЁ]';
    else if (lower !== upper && [...lower].length === 1 && [...upper].length === 1) out += `[${lower}${upper}]`;
    else if (/[\p{L}\p{N}]/u.test(ch)) out += ch;
    // A backslash before a character that is not a letter or digit is that character, in both dialects.
    else out += `\\${ch}`;
  }
  return out;
}

/** The search field's query: which parameter it sends, or the message key of why it sends none (spec §5). */
export type SearchQuery = { phone: string } | { name: string } | { error: 'validation.validationRequired' | 'validation.validationPhone' | 'validation.validationNameSearch' };

export function searchQuery(typed: string): SearchQuery {
  const text = typed.trim();
  if (!text) return { error: 'validation.validationRequired' };
  if (isNameQuery(text)) {
    const length = [...text].length;
    return length >= NAME_SEARCH.min && length <= NAME_SEARCH.max ? { name: text } : { error: 'validation.validationNameSearch' };
  }
  return isSearchPhone(text) ? { phone: text } : { error: 'validation.validationPhone' };
}
