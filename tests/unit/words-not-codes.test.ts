// #39 No code where a word belongs, in ru and en: the interface's own texts name no file of the
// repository (a venue's administrator has no docs/operations.md), no snake_case or dotted codename
// (a permission, a design), and the codes the screens show from data have their words: every
// permission codename, every built-in certificate design, a time zone's name instead of its IANA id.
import { describe, expect, it, vi } from 'vitest';
import { PERMISSION_CODENAMES } from '../../domain/permissions';
import { PERMISSION_FIELD, PERMISSION_LABELS } from '../../domain/staff';
import { CERTIFICATE_DESIGNS } from '../../domain/certificates';
import { CERTIFICATE_DESIGN_LABELS } from '../../domain/enumLabels';
import { timeZoneName } from '../../domain/dates';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});
const { ruMessages } = await import('../../src/i18n/ru');
const { enMessages } = await import('../../src/i18n/en');

function texts(node: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (typeof node === 'string') out.push([path, node]);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) texts(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** What a person should never read in the interface's own words. */
const CODE_LIKE: [string, RegExp][] = [
  ['a file of the repository', /\b(?:docs|src|server|domain|tests)\/[\w./-]+|\b[\w-]+\.(?:md|tsx?|json)\b/],
  ['a snake_case code', /(?<![\w…])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w…])/],
  ['a dotted codename', /(?<![\w./@])[a-z]+\.[a-z]+(?:\.[a-z]+)*(?![\w./@(])/],
  ['an IANA time zone id', /\b(?:Europe|America|Asia|Africa|Australia|Pacific)\/[A-Z][\w]+/],
];

describe.each([['ru', ruMessages], ['en', enMessages]] as const)('%s texts', (_lang, messages) => {
  // The placeholders (%{name}) and the webhook's signature help (a developer's header and algorithm) aside.
  const own = texts(messages).filter(([key]) => !key.startsWith('ra.') && key !== 'app.tools.webhooks.signatureHelp')
    .map(([key, value]) => [key, value.replace(/%\{\w+\}/g, '')] as const);
  it.each(CODE_LIKE)('name no %s', (_what, pattern) => {
    expect(own.filter(([, value]) => pattern.test(value)).map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });
});

describe('codes shown from data have their words', () => {
  it('every permission codename (the staff list, its exports, the grant form)', () => {
    for (const c of PERMISSION_CODENAMES) {
      expect(PERMISSION_LABELS[c].ru).not.toMatch(/^[a-z._]+$/);
      expect(PERMISSION_LABELS[c].en).not.toBe(c);
      expect((ruMessages as any).resources.staff.permission[PERMISSION_FIELD[c]]).toBe(PERMISSION_LABELS[c].ru);
    }
  });
  it('every built-in certificate design, in both languages', () => {
    for (const d of CERTIFICATE_DESIGNS) {
      expect((ruMessages as any).app.money.certificates.designs[d]).toBe(CERTIFICATE_DESIGN_LABELS[d].ru);
      expect((enMessages as any).app.money.certificates.designs[d]).toBe(CERTIFICATE_DESIGN_LABELS[d].en);
      expect(CERTIFICATE_DESIGN_LABELS[d].en).not.toBe(d);
    }
  });
  it('a time zone by its name and offset, not its id', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneName('Europe/Moscow', 'ru', winter)).toBe('Москва, стандартное время (GMT+3)');
    expect(timeZoneName('America/New_York', 'en', winter)).toBe('Eastern Time (GMT-5)');
    expect(timeZoneName('Mars/Olympus_Mons', 'en', winter)).toBe('Mars/Olympus_Mons');
  });
});
