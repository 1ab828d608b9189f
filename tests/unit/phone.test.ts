// #40 One rule for phones (domain/phone.ts): the forms' isValidPhone, the server's phoneSchema (which
// stores the normalised form) and the desk search's phoneDigits read a typed phone the same way.
import { describe, expect, it } from 'vitest';
import { normalizePhone, readPhone } from '../../domain/phone';
import { isValidPhone } from '../../domain/validation';
import { phoneDigits } from '../../domain/orderSearch';
import { phoneSchema } from '../../server/platform/validation';
import { TEXT_LIMITS } from '../../domain/textLimits';

/** The forms, as phone autofill and people give them. */
const RUSSIAN = ['+7 (916) 123-45-67', '8 916 123 45 67', '8(916)1234567', '+7-916-123-45-67', '89161234567', '79161234567', ' +79161234567 ', '7 916 123-45-67'];

describe('a phone as people type it', () => {
  it('stores every form of a Russian number as +7 and ten digits', () => {
    for (const typed of RUSSIAN) {
      expect(normalizePhone(typed), typed).toBe('+79161234567');
      expect(isValidPhone(typed.trim()), typed).toBe(true);
      expect(phoneSchema.parse(typed), typed).toBe('+79161234567');
    }
  });

  it('keeps another country\'s number with its plus and digits, and never reads +8… as a Russian 8', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+1 (212) 555-0123')).toBe('+12125550123');
    // +84 is Vietnam: an 11-digit number after a plus that starts with 8 is not Russia's trunk prefix.
    expect(normalizePhone('+84 91 234 5678')).toBe('+84912345678');
  });

  it('keeps the digits of a number without a plus that is not an 11-digit 8/7 number', () => {
    expect(normalizePhone('123-45-67')).toBe('1234567');
    expect(normalizePhone('9161234567')).toBe('9161234567');
    // 12 digits starting with 8: not Russia's 8-prefix.
    expect(normalizePhone('891612345678')).toBe('891612345678');
    expect(normalizePhone('69161234567')).toBe('69161234567');
  });

  it('refuses what is not a phone, or a +7 number of the wrong length', () => {
    for (const typed of ['', ' ', '+', '()', '- -', 'abc', '916#123', '7+9161234567', '++79161234567', '+7 916', '+7 916 123 45 678', '8-916-abc', '+7.916.123.45.67']) {
      expect(normalizePhone(typed), typed).toBeNull();
      expect(isValidPhone(typed), typed).toBe(false);
      expect(phoneSchema.safeParse(typed).success, typed).toBe(false);
    }
  });

  it('is no longer than the stored field, typed as on the forms', () => {
    expect(isValidPhone(`+${'1'.repeat(TEXT_LIMITS.phone - 1)}`)).toBe(true);
    expect(isValidPhone(`+${'1'.repeat(TEXT_LIMITS.phone)}`)).toBe(false);
    // Room for the brackets and dashes of a real number: "+7 (916) 123-45-67" is 18 characters.
    expect('+7 (916) 123-45-67'.length).toBeLessThanOrEqual(TEXT_LIMITS.phone);
  });

  it('is read by the search with the same lexical rule (a part of a number is a query, not a stored phone)', () => {
    for (const typed of RUSSIAN) expect(phoneDigits(typed), typed).toBe('79161234567');
    expect(readPhone('+7 999')).toEqual({ plus: true, digits: '7999' });
    expect(phoneDigits('+7 999')).toBe('7999');
    expect(normalizePhone('+7 999')).toBeNull();
    for (const typed of ['', '7+916', 'abc']) expect(readPhone(typed), typed).toBeNull();
  });
});
