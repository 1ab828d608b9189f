// #39 The order search's one rule (domain/orderSearch.ts), read by the desk's field and the server alike.
import { describe, expect, it } from 'vitest';
import { isSearchPhone, nameSearchPattern, phoneDigits, phoneMatch, searchQuery } from '../../domain/orderSearch';

describe('a typed phone', () => {
  it('keeps its digits through spaces, dashes, brackets and a leading plus', () => {
    expect(phoneDigits('+7 (916) 123-45-67')).toBe('79161234567');
    expect(phoneDigits(' 916 123 45 67 ')).toBe('9161234567');
    expect(phoneDigits('123-45-67')).toBe('1234567');
  });

  it('reads an 11-digit number starting with 8 as +7, and nothing else so', () => {
    expect(phoneDigits('8 916 123-45-67')).toBe('79161234567');
    expect(phoneDigits('8(916)1234567')).toBe('79161234567');
    // Not 11 digits: a part of a number or another country's, left as typed.
    expect(phoneDigits('8916123')).toBe('8916123');
    expect(phoneDigits('+8 916 123 45 678')).toBe('891612345678');
  });

  it('is matched on its last 10 digits when whole, as a part of the stored number when shorter', () => {
    for (const typed of ['+7 916 123-45-67', '8 916 123 45 67', '79161234567', '9161234567', '+1 916 123 4567']) expect(phoneMatch(typed), typed).toEqual({ whole: '9161234567' });
    expect(phoneMatch('45-67')).toEqual({ part: '4567' });
    // The beginning of a number with its country code is a part too.
    expect(phoneMatch('+7 999')).toEqual({ part: '7999' });
    expect(phoneMatch('7+9')).toBeNull();
  });

  it('refuses what is not a phone', () => {
    for (const typed of ['', '+', '()', '- -', '7+916', '++7916', '916#123', 'abc', '9161234567x']) {
      expect(phoneDigits(typed), typed).toBeNull();
      expect(isSearchPhone(typed), typed).toBe(false);
    }
    // Longer than a stored phone can be.
    expect(isSearchPhone(`+${'7'.repeat(20)}`)).toBe(true);
    expect(isSearchPhone(`+${'7'.repeat(21)}`)).toBe(false);
  });
});

describe('a name', () => {
  // The same pattern PostgreSQL reads (tests/api/order-search.test.ts runs it there).
  const finds = (query: string, name: string) => new RegExp(nameSearchPattern(query)).test(name);

  it('ignores case and ё/е, in Cyrillic and Latin', () => {
    for (const query of ['фёдор', 'Федор', 'ФЁДОР ЁЛКИН', 'елкин', ' ёлк ']) expect(finds(query, 'Фёдор Ёлкин'), query).toBe(true);
    for (const query of ['фёдор', 'ёлкин']) expect(finds(query, 'ФЕДОР ЕЛКИН'), query).toBe(true);
    expect(finds('anna', 'Anna SMITH')).toBe(true);
    expect(finds('федот', 'Фёдор')).toBe(false);
  });

  it('reads every other character as itself', () => {
    expect(finds('100%_', 'Пётр 100%_Ok')).toBe(true);
    expect(finds('a.b', 'axb')).toBe(false);
    expect(finds('(a)*', 'X (a)* Y')).toBe(true);
    expect(finds('[a]', 'a')).toBe(false);
    expect(nameSearchPattern('Ёж 2')).toBe('[еЕёЁ][жЖ]\\ 2');
  });
});

describe('the search field\'s query', () => {
  it('sends a name when the text holds a letter, a phone otherwise, and says why it sends nothing', () => {
    expect(searchQuery('+7 (916) 123-45-67')).toEqual({ phone: '+7 (916) 123-45-67' });
    expect(searchQuery(' Фёдор ')).toEqual({ name: 'Фёдор' });
    expect(searchQuery('Anna 2')).toEqual({ name: 'Anna 2' });
    expect(searchQuery('  ')).toEqual({ error: 'validation.validationRequired' });
    expect(searchQuery('7+916')).toEqual({ error: 'validation.validationPhone' });
    expect(searchQuery('Ф')).toEqual({ error: 'validation.validationNameSearch' });
    expect(searchQuery('я'.repeat(101))).toEqual({ error: 'validation.validationNameSearch' });
    expect(searchQuery('я'.repeat(100))).toEqual({ name: 'я'.repeat(100) });
  });
});
