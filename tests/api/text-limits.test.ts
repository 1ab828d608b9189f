// #18's class "text limits on every field the server stores": every text a route takes, in its body
// or its query, at any depth, either has a length limit of its own in its schema (the client's
// inputs take the same from domain/textLimits.ts) or is a structured value (a date, a time, an
// amount, a uuid) whose rule refuses free text. The validator's TEXT_MAX is only the safety net: a
// new text field without a limit would pass the fuzzer (5001 characters are refused by the net) and
// still store 4,999 characters that overflow every dialog; this walk fails on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { TEXT_LIMITS, TEXT_MAX } from '../../domain/textLimits';
import { createHarness, type Harness } from './harness';
import { apiRoutes, routeKey } from './routeWalk';

let h: Harness;
beforeAll(async () => { h = await createHarness({ demo: false }); }, 60_000);
afterAll(async () => { await h?.close(); });

type JsonSchema = Record<string, any>;
interface TextField { route: string; part: 'body' | 'querystring'; path: (string | number)[]; maxLength?: number }

const isText = (node: JsonSchema) => node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));

/** Every text of a JSON schema (from zod), with its path (array items as index 0) and its maxLength. */
function texts(node: JsonSchema | undefined, path: (string | number)[], out: Omit<TextField, 'route' | 'part'>[]) {
  if (!node || typeof node !== 'object') return out;
  if (isText(node) && !node.enum && node.const === undefined) out.push({ path, maxLength: node.maxLength });
  for (const [k, v] of Object.entries(node.properties ?? {})) texts(v as JsonSchema, [...path, k], out);
  if (node.items) texts(node.items, [...path, 0], out);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const s of node[key] ?? []) texts(s, path, out);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') texts(node.additionalProperties, [...path, 'any'], out);
  return out;
}

function allTexts(): TextField[] {
  const out: TextField[] = [];
  for (const r of apiRoutes(h.app)) {
    for (const part of ['body', 'querystring'] as const) {
      const schema = r[part] as ZodType | undefined;
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const t of texts(json, [], [])) out.push({ route: routeKey(r), part, ...t, schema } as TextField & { schema: ZodType });
    }
  }
  return out;
}

/** A request part holding only `value` at `path` ({items: [{begin: value}]}). */
function only(path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [only(rest, value)] : { [head!]: only(rest, value) };
}

const FREE_TEXT = 'free text '.repeat(30);

describe('text limits on every text the server takes (#18)', () => {
  it('every text of every body and query has its own limit, or refuses free text (a date, an amount, a uuid)', () => {
    const fields = allTexts();
    expect(fields.length).toBeGreaterThan(100);
    const unbounded = fields.filter((f) => f.maxLength === undefined).filter((f) => {
      // No limit declared: the field's own rule must refuse a long free text on its path.
      const result = (f as TextField & { schema: ZodType }).schema.safeParse(only(f.path, FREE_TEXT));
      const at = f.path.join('.');
      return result.success || !result.error.issues.some((i) => i.path.join('.') === at);
    });
    expect(unbounded.map((f) => `${f.route} ${f.part}.${f.path.join('.')}`)).toEqual([]);
  });

  it('no declared limit is above the safety net (TEXT_MAX), and the stored texts take their limit from TEXT_LIMITS', () => {
    const fields = allTexts().filter((f) => f.maxLength !== undefined);
    expect(fields.filter((f) => f.maxLength! > TEXT_MAX).map((f) => `${f.route} ${f.path.join('.')}`)).toEqual([]);
    // The stored person and order texts: one limit each, the table's.
    const byName: Record<string, number> = {
      name: -1, phone: TEXT_LIMITS.phone, email: TEXT_LIMITS.email, promocode: TEXT_LIMITS.promocode, seller: TEXT_LIMITS.seller,
      external_id: TEXT_LIMITS.externalId, url: TEXT_LIMITS.url,
    };
    // #38: a card refund's terminal reference is the issue's 64, not a payment's external id.
    const byRoute: Record<string, number> = { 'POST /api/v2.2/orders/:id/refund/ external_id': TEXT_LIMITS.cardRefundReference };
    const wrong = fields.filter((f) => f.part === 'body').filter((f) => {
      const want = byRoute[`${f.route} ${f.path.join('.')}`] ?? byName[String(f.path.at(-1))];
      return want !== undefined && want !== -1 && f.maxLength !== want;
    });
    expect(wrong.map((f) => `${f.route} ${f.path.join('.')} max ${f.maxLength}`)).toEqual([]);
  });
});

// The client's side of the same limits: every text input of every declared form (src/resources) has
// a limit (its validation message says it), and it is the limit of the server's field it is sent to.
describe('the declared forms take the server limits (#18)', () => {
  it('every text field of every declared form and action form has the maxLength of its server field', async () => {
    const { declarations } = await import('../../src/resources/registry');
    const fields = allTexts();
    type Endpoint = string | { path: string; method: string } | undefined;
    const routeOf = (endpoint: Endpoint, method: string) => {
      if (!endpoint) return undefined;
      const path = typeof endpoint === 'string' ? endpoint : endpoint.path;
      const m = typeof endpoint === 'string' ? method : endpoint.method;
      const re = new RegExp(`^${m} ${path.split('?')[0]!.replace(/\{\w+\}/g, ':[^/]+').replace(/\./g, '\\.')}$`);
      return apiRoutes(h.app).map(routeKey).find((k) => re.test(k));
    };
    // A text the form parses into a structure before sending (the server checks each part): its own limit, no server text to match.
    const PARSED: Record<string, string> = { 'games_catalogue.info': 'typed "RU 12+, US 13+", sent as [{country, age}] (domain/games.ts)' };
    const problems: string[] = [];
    let checked = 0;
    for (const d of declarations) {
      const forms: { name: string; fields: any[]; routes: (string | undefined)[] }[] = [];
      if (d.form) forms.push({ name: `${d.name} form`, fields: d.form.fields, routes: d.form.single ? [routeOf(d.api.update, 'PATCH')] : [routeOf(d.api.create, 'POST'), routeOf(d.api.update, 'PATCH')] });
      for (const [key, a] of Object.entries(d.actionForms ?? {})) {
        forms.push({ name: `${d.name} ${key}`, fields: a.fields, routes: [routeOf(a.action === 'create' ? d.api.create : d.api.actions?.[a.action], 'POST')] });
      }
      for (const form of forms) {
        for (const f of form.fields.filter((x) => ['text', 'textarea', 'money'].includes(x.kind) && !x.readOnly)) {
          checked++;
          if (f.maxLength === undefined) { problems.push(`${form.name}.${f.source}: no maxLength`); continue; }
          if (`${d.name}.${f.source}` in PARSED) continue;
          for (const route of form.routes.filter(Boolean)) {
            const server = fields.find((t) => t.route === route && t.part === 'body' && t.path.at(-1) === f.source);
            // Amounts are checked by their own rule (a decimal), not a length of the table.
            if (server?.maxLength !== undefined && server.maxLength !== f.maxLength) problems.push(`${form.name}.${f.source}: ${f.maxLength}, the server's ${route} takes ${server.maxLength}`);
            if (!server && f.kind !== 'money') problems.push(`${form.name}.${f.source}: not a text of ${route}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
