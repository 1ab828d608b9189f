// Each create/edit form and action form of a screen (src/resources, the client's declaration) and
// the server write it calls (server/modules/*/writes.ts, defineWrite) say the same thing (#27), as
// listPairs.test.ts does for lists: the form sends only fields the write takes (its body is a strict
// object: any other is a 400), every field the write requires is a required input of the form, the
// texts' limits and the numbers' ranges are the write's, and each input is labelled as the write
// labels its field, in ru and en.
import { describe, expect, it, vi } from 'vitest';
import { z, type ZodType } from 'zod';
import type { Endpoint, FieldDeclaration, ResourceDeclaration } from '../../src/resources/declaration';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});

const { declarations } = await import('../../src/resources/registry');
const { declaredWrites, writeMethod } = await import('../../server/platform/writes');
const { enMessages } = await import('../../src/i18n/en');
const { ruMessages } = await import('../../src/i18n/ru');

const writes = await declaredWrites();
const messages = { ru: ruMessages, en: enMessages } as const;
const text = (lang: 'ru' | 'en', key: string): unknown => key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), messages[lang]);

/** A path with its parameters as `:` (`{location_id}`, `{id}` and `:code` alike) and no query. */
const shape = (path: string) => path.split('?')[0]!.replace(/\{[^}]+\}|:[a-z_]+/g, ':');
const endpoint = (e: Endpoint, method: string) => (typeof e === 'string' ? { path: e, method } : e);

interface Form { name: string; fields: FieldDeclaration[]; keys: string[]; write: (typeof writes)[number] }

/** The forms of a declaration, each with the fields it sends and the write its endpoint names. */
type Unpaired = Omit<Form, 'write'> & { endpoint: { path: string; method: string } };
function formsOf(d: ResourceDeclaration): Unpaired[] {
  const out: Unpaired[] = [];
  const sent = (fields: FieldDeclaration[], skip: 'create' | 'edit') => fields.filter((f) => !f.readOnly && f.on !== skip);
  if (d.form && d.api.create && !d.form.single) {
    const fields = sent(d.form.fields, 'edit');
    out.push({ name: `${d.name} create form`, fields, keys: fields.map((f) => f.source), endpoint: endpoint(d.api.create, 'POST') });
  }
  if (d.form && d.api.update) {
    const fields = sent(d.form.fields, 'create');
    out.push({ name: `${d.name} edit form`, fields, keys: fields.map((f) => f.source), endpoint: endpoint(d.api.update, 'PATCH') });
  }
  for (const [name, f] of Object.entries(d.actionForms ?? {})) {
    const e = f.action === 'create' ? d.api.create : d.api.actions?.[f.action];
    if (!e) continue;
    // The keys the dialog sends: its fields reshaped by its `body` (which may add the location).
    const data = Object.fromEntries(f.fields.map((x) => [x.source, x.kind === 'boolean' ? true : '1']));
    const body = f.body ? f.body(data, { meta: { location_id: '1' }, record: {} }) : data;
    out.push({ name: `${d.name} action form ${name}`, fields: f.fields, keys: Object.keys(body as object), endpoint: endpoint(e, 'POST') });
  }
  return out;
}

const forms: Form[] = declarations.flatMap((d) => formsOf(d).flatMap(({ endpoint: e, ...form }) => {
  const write = writes.find((w) => writeMethod(w) === e.method && shape(w.path) === shape(e.path));
  return write ? [{ ...form, write }] : [];
}));

/** What the write's field says about itself in JSON Schema (a text's limit as the API document gives it). */
const described = (schema: ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { maxLength?: number };
const requiredBy = (schema: ZodType) => !schema.safeParse(undefined).success;

describe('client forms and server write declarations', () => {
  it('pairs the forms of the declared writes', () => {
    expect(forms.length).toBeGreaterThanOrEqual(8);
    // A write that labels its fields is the write of a form: its labels are read here, so none rots unread.
    for (const w of writes.filter((x) => x.labels)) {
      expect(forms.map((f) => f.write), `${writeMethod(w)} ${w.path} labels fields but no form calls it`).toContain(w);
    }
  });

  describe.each(forms.map((f) => [f.name, f] as const))('%s', (_name, form) => {
    const fields = (form.write.fields ?? {}) as Record<string, ZodType>;

    it('sends only fields the write takes', () => {
      for (const key of form.keys) expect(Object.keys(fields), `${form.name}: ${key}`).toContain(key);
    });

    it('asks for every field the write requires', () => {
      for (const [key, schema] of Object.entries(fields)) {
        if (!requiredBy(schema) || !form.keys.includes(key)) continue;
        const input = form.fields.find((f) => f.source === key);
        // A field the dialog's `body` adds (the location) is not an input.
        if (input) expect(input.required || input.kind === 'boolean', `${form.name}: ${key} is required by the server`).toBe(true);
      }
      const missing = Object.entries(fields).filter(([key, schema]) => requiredBy(schema) && !form.keys.includes(key)).map(([key]) => key);
      expect(missing, `${form.name}: required by the server, never sent`).toEqual([]);
    });

    it('limits texts and numbers as the write does', () => {
      for (const input of form.fields) {
        const schema = fields[input.source];
        if (!schema) continue;
        const server = described(schema);
        if ((input.kind === 'text' || input.kind === 'textarea') && server.maxLength !== undefined) {
          expect(input.maxLength, `${form.name}: ${input.source} maxLength`).toBe(server.maxLength);
        }
        // A number's range by what the write takes (a schema that reads '' as null hides it from JSON Schema).
        const takes = (n: number) => schema.safeParse(n).success;
        if (input.kind === 'number' && input.min !== undefined) {
          expect([takes(input.min), takes(input.min - 1)], `${form.name}: ${input.source} from ${input.min}`).toEqual([true, false]);
        }
        if (input.kind === 'number' && input.max !== undefined) {
          expect([takes(input.max), takes(input.max + 1)], `${form.name}: ${input.source} up to ${input.max}`).toEqual([true, false]);
        }
      }
    });

    it('labels each input as the write labels its field, in ru and en', () => {
      for (const input of form.fields) {
        const label = form.write.labels?.[input.source];
        if (!label) continue;
        for (const lang of ['ru', 'en'] as const) expect(text(lang, input.label), `${form.name}: ${input.source} (${lang})`).toBe(label[lang]);
      }
    });
  });
});
