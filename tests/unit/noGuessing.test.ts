// #42 "No guessing", the client's rules: the invite and role dialogs offer only the permissions the
// person holds at the location (an owner holds every one), the chosen role says what it can do in both
// languages, and a query keyed by the language keeps its answer while a switch loads the other one
// (a screen that fell back to its loader lost what was typed).
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = {
    getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k), clear: () => store.clear(),
  };
});

const { declaration } = await import('../../src/resources/registry');
const { offeredFields } = await import('../../src/resources/declaration');
const { keyedByAnotherLanguage } = await import('../../src/dataProvider/queryClient');
const { ruMessages } = await import('../../src/i18n/ru');
const { enMessages } = await import('../../src/i18n/en');
const { PERMISSION_CODENAMES } = await import('../../domain/permissions');
const { PERMISSION_FIELD, STAFF_ROLE_IDS } = await import('../../domain/staff');

const staff = declaration('staff')!;
const permissionFields = (held: string[]) => offeredFields(staff.actionForms!.invite!.fields, held)
  .map((f) => f.source).filter((s) => s.startsWith('perm_'));

describe('the invite and role dialogs', () => {
  it('offer only the permissions held at the location', () => {
    expect(permissionFields([])).toEqual([]);
    expect(permissionFields(['accounts.location.multibooking'])).toEqual([PERMISSION_FIELD.multibooking]);
    expect(permissionFields(PERMISSION_CODENAMES.map((c) => `accounts.location.${c}`))).toEqual(PERMISSION_CODENAMES.map((c) => PERMISSION_FIELD[c]));
    // The role and the e-mail are always offered; the role dialog follows the same rule.
    expect(offeredFields(staff.actionForms!.invite!.fields, []).map((f) => f.source)).toEqual(['email', 'role', 'language']);
    expect(offeredFields(staff.actionForms!.change!.fields, ['accounts.location.techsessions']).map((f) => f.source)).toEqual(['role', PERMISSION_FIELD.techsessions]);
  });

  it('describe the chosen role in both languages; a manager is told management screens are not theirs', () => {
    const role = staff.actionForms!.invite!.fields.find((f) => f.source === 'role')!;
    const hint = role.hint as (values: Record<string, unknown>) => string;
    for (const id of STAFF_ROLE_IDS) {
      const key = hint({ role: id });
      expect(key).toBe(`app.roleDescriptions.${id}`);
      for (const messages of [ruMessages, enMessages]) expect((messages as any).app.roleDescriptions[id]).toMatch(/.{40,}/);
    }
    expect((ruMessages as any).app.roleDescriptions[20]).toContain('Экраны управления');
    expect((ruMessages as any).app.roleDescriptions[20]).toContain('не открывает');
    expect((enMessages as any).app.roleDescriptions[20]).toContain('Cannot open management screens');
    // "Role and permissions" is a text button on each person's row, not an empty icon button.
    const change = staff.rowActions!.find((a) => a.kind === 'form' && a.form === 'change')!;
    expect(change.text).toBe(true);
    expect(change.when!({ user_id: 5 })).toBe(true);
  });
});

describe('a language switch', () => {
  it('keeps the answer of a query keyed by the other language, and of no other', () => {
    expect(keyedByAnotherLanguage(['locations', 'getOne', { id: '2', meta: { locale: 'ru' } }], 'en')).toBe(true);
    expect(keyedByAnotherLanguage(['currencies', 'ru'], 'en')).toBe(true);
    expect(keyedByAnotherLanguage(['currencies', 'en'], 'en')).toBe(false);
    expect(keyedByAnotherLanguage(['locations', 'getOne', { id: '2', meta: { locale: 'en' } }], 'en')).toBe(false);
    // Another location, another record: never shown while the new one loads.
    expect(keyedByAnotherLanguage(['locations', 'getOne', { id: '3' }], 'en')).toBe(false);
    expect(keyedByAnotherLanguage(['orders', { q: 'ru' }], 'en')).toBe(false);
  });
});
