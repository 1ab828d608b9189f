import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { raRussianMessages } from '../../src/i18n/raRussian';

function flatKeys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k)).sort();
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

function flatEntries(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj !== 'object' || obj === null) return [[prefix, String(obj)]];
  return Object.entries(obj).flatMap(([k, v]) => flatEntries(v, prefix ? `${prefix}.${k}` : k));
}

describe('messages', () => {
  it('no Russian text is the English one left untranslated (#25: "Email" on the order page), codes aside', () => {
    const value = (messages: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], messages);
    // Codes, and a brand written the same in both (#29: Stripe).
    const codes = new Set(['URL', 'UUID', 'ID', 'UTC', 'Stripe']);
    const same = flatKeys(ruMessages).filter((key) => {
      const ru = value(ruMessages, key);
      const words = String(ru).replace(/%\{\w+\}/g, '');
      const latin = words.match(/[A-Za-z]{2,}/g) ?? [];
      return ru === value(enMessages, key) && latin.some((w) => !codes.has(w));
    });
    expect(same).toEqual([]);
  });

  it('the sort label keeps a column\'s label as written (#25: "Сортировка: iD")', () => {
    expect(raRussianMessages.ra.sort.sort_by).not.toContain('field_lower_first');
    expect((enMessages as any).ra.sort.sort_by).not.toContain('field_lower_first');
  });

  it('ru and en have exactly the same keys', () => {
    expect(flatKeys(ruMessages)).toEqual(flatKeys(enMessages));
  });

  it('our Russian react-admin messages cover every key of ra-language-english', () => {
    expect(flatKeys(raRussianMessages)).toEqual(flatKeys(englishMessages));
  });

  it('every ru text keeps the placeholders of its en text and is not empty', () => {
    const en = new Map(flatEntries(enMessages));
    for (const [key, ruText] of flatEntries(ruMessages)) {
      // Empty only where the English text is empty too (react-admin's ra.boolean.null).
      if (en.get(key)!.trim() !== '') expect(ruText.trim(), key).not.toBe('');
      expect(placeholders(ruText), key).toEqual(placeholders(en.get(key)!));
    }
  });

  it('has every validation message key the specs name', () => {
    const keys = ['validationRequired', 'validationPhone', 'validationEmail', 'validationPasswordLength', 'validationPasswordMatch',
      'validationPromocode', 'validationSum', 'validationCertificate', 'validationPaymentsLength', 'validationCost', 'validationPersons',
      'validationScheduleName', 'validationBreakStart', 'validationPrice', 'validationMinValue', 'validationMaxValue',
      'validationPricingTimeUnique', 'validationGroupName', 'validationSeller', 'validationCertificateLength'];
    for (const key of keys) {
      expect(enMessages.validation, key).toHaveProperty(key);
      expect(ruMessages.validation, key).toHaveProperty(key);
    }
  });
});
