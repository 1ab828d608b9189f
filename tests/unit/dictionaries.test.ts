// Typos a reader notices: a word mixing Latin and Cyrillic letters (a Latin "e" or "o" typed in a
// Russian word), and the misspellings already found once.
import { describe, expect, it } from 'vitest';
import { ruMessages } from '../../src/i18n/ru';
import { serverMessages } from '../../server/platform/messages';
import { MIXED_SCRIPT_BRANDS } from '../../domain/brands';

function texts(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj];
  if (typeof obj !== 'object' || obj === null) return [];
  return Object.values(obj).flatMap(texts);
}

const ALL_RU = [...texts(ruMessages), ...texts(serverMessages.ru)];
const BRANDS = new Set<string>(MIXED_SCRIPT_BRANDS);

describe('Russian texts', () => {
  it('have no word mixing Latin and Cyrillic letters', () => {
    const mixed = ALL_RU.flatMap((t) => t.match(/[\p{L}]*(?:[a-zA-Z][а-яёА-ЯЁ]|[а-яёА-ЯЁ][a-zA-Z])[\p{L}]*/gu) ?? []).filter((word) => !BRANDS.has(word));
    expect(mixed).toEqual([]);
  });

  it('spell the words found misspelt once', () => {
    for (const [wrong, right] of [['Ранее бронирование', 'Раннее бронирование']]) {
      expect(ALL_RU.filter((t) => t.includes(wrong!)), right).toEqual([]);
    }
  });
});
