// #40 The widget's e-mail typo rule (domain/emailTypos.ts): the likely provider for a mistyped domain,
// nothing for a right one, a real neighbour or a domain far from every provider.
import { describe, expect, it } from 'vitest';
import { COMMON_EMAIL_DOMAINS, editDistance, suggestEmail } from '../../domain/emailTypos';

describe('e-mail typos (#40)', () => {
  it('suggests the provider a mistyped domain was meant for, keeping the part before @', () => {
    expect(suggestEmail('anna@gmial.com')).toBe('anna@gmail.com');
    expect(suggestEmail('anna@gmail.con')).toBe('anna@gmail.com');
    expect(suggestEmail('Anna.K@GMAIL.CM')).toBe('Anna.K@gmail.com');
    expect(suggestEmail('anna@gmailcom')).toBe('anna@gmail.com');
    expect(suggestEmail('ivan@mail.r')).toBe('ivan@mail.ru');
    expect(suggestEmail('ivan@yandex.tu')).toBe('ivan@yandex.ru');
    expect(suggestEmail('ivan@yandx.ru')).toBe('ivan@yandex.ru');
    expect(suggestEmail('ivan@ya.ri')).toBe('ivan@ya.ru');
    expect(suggestEmail('ivan@bk.ry')).toBe('ivan@bk.ru');
    expect(suggestEmail('ivan@inbx.ru')).toBe('ivan@inbox.ru');
    expect(suggestEmail('ivan@lsit.ru')).toBe('ivan@list.ru');
    expect(suggestEmail('ivan@ramblr.ru')).toBe('ivan@rambler.ru');
    expect(suggestEmail('emma@icloud.co')).toBe('emma@icloud.com');
    expect(suggestEmail('emma@outlok.com')).toBe('emma@outlook.com');
    expect(suggestEmail('emma@hotmial.com')).toBe('emma@hotmail.com');
    expect(suggestEmail('emma@yaho.com')).toBe('emma@yahoo.com');
    expect(suggestEmail(' a@b@gmial.com ')).toBe('a@b@gmail.com');
  });

  it('suggests nothing for a provider as it is spelt, a real neighbour or an unknown domain', () => {
    for (const domain of COMMON_EMAIL_DOMAINS) expect(suggestEmail(`x@${domain}`), domain).toBeNull();
    expect(suggestEmail('x@Gmail.com')).toBeNull();
    for (const domain of ['mail.com', 'yandex.com', 'ymail.com', 'me.com', 'live.com', 'gmail.ru']) expect(suggestEmail(`x@${domain}`), domain).toBeNull();
    expect(suggestEmail('x@venue-club.ru')).toBeNull();
    expect(suggestEmail('x@example.com')).toBeNull();
    // Short providers take one edit only: two make other domains.
    expect(suggestEmail('x@yo.ro')).toBeNull();
    expect(suggestEmail('x@bk.ua')).toBeNull();
  });

  it('suggests nothing without a whole address', () => {
    expect(suggestEmail('')).toBeNull();
    expect(suggestEmail('gmial.com')).toBeNull();
    expect(suggestEmail('@gmial.com')).toBeNull();
    expect(suggestEmail('anna@')).toBeNull();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
