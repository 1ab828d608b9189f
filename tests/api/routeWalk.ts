// Walking the server's own route table (routeTable of server/app.ts) for the authorisation matrix
// and the fuzzing: the routes, a digest of every table (to prove nothing changed), and requests
// made from each route's zod schemas (a plausible valid one, and hostile ones with fast-check).
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { ZodType } from 'zod';
import { routeTable } from '../../server/app';
import type { RouteAccess } from '../../server/platform/access';
import type { WriteRecords } from '../../server/platform/effects';
import { dateKindOf, moneyKindOf, type DateKind, type MoneyKind } from '../../server/platform/validation';
import { TEXT_MAX } from '../../domain/textLimits';

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  /** Who may call it, as the route declares (`config.access`, server/platform/access.ts). */
  access?: RouteAccess;
  /** #41 What a write records (`config.records`: defineWrite's `records`, or a hand-written route's), platform/effects.ts. */
  records?: WriteRecords;
  /** Not under /api/: the token hook does not look at it (pages, static files, the widget). */
  page: boolean;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  multipart: boolean;
  /** Left out of the API document (`schema.hide`): pages, the payment provider's callback. */
  hidden: boolean;
}

/**
 * The app's index page, uploaded media and the documentation UI's files: static, no input, no data.
 * The built web files are not routes (the not-found handler answers them, see server/app.ts), so a
 * static route of any other path is one more route and must be classified like any other.
 */
export const STATIC_ROUTE = /^\/($|media\/|api\/docs\/static)/;

export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const r of routeTable(app)) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const schema = (r.schema ?? {}) as { params?: ZodType; querystring?: ZodType; body?: ZodType; consumes?: string[]; hide?: boolean };
    for (const method of methods) {
      out.push({
        method, url: r.url, public: !!r.config?.public, access: (r.config as { access?: RouteAccess } | undefined)?.access, page: !r.url.startsWith('/api/'),
        records: (r.config as { records?: WriteRecords } | undefined)?.records,
        params: schema.params, querystring: schema.querystring, body: schema.body,
        multipart: !!schema.consumes?.includes('multipart/form-data'), hidden: !!schema.hide,
      });
    }
  }
  return out;
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Tables whose rows change on every request by design: sign-in and throttling bookkeeping. */
const VOLATILE = new Set(['auth_tokens', 'login_failures', 'rate_limit_hits', '__drizzle_migrations']);

/** Per table: row count and an order-independent hash of every row's text. */
export async function digest(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ t: string }>(
    "select quote_ident(table_name) as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
  const names = tables.map((r) => r.t).filter((t) => !VOLATILE.has(t));
  const q = names.map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as d from ${t} x`).join(' union all ');
  const { rows } = await pool.query<{ t: string; d: string }>(q);
  return Object.fromEntries(rows.map((r) => [r.t, r.d]));
}

export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t]);
}

// ---- the admin's own location 1 in the demo data: what a valid-looking request names ----

/** Ids of location 1's rows of every kind a path or a body can name. */
export type OwnIds = Record<'location' | 'playground' | 'group' | 'schedule' | 'holiday' | 'order' | 'payment' | 'transaction' | 'webhook'
  | 'delivery' | 'promocode' | 'early' | 'certificate' | 'user' | 'playgroundToken', number | string>;

export async function ownIds(pool: pg.Pool): Promise<OwnIds> {
  const id = async (text: string) => (await pool.query(text)).rows[0]?.id as number;
  return {
    location: 1,
    playground: await id('select id from playgrounds where location_id = 1 order by id limit 1'),
    group: await id('select id from playground_groups where location_id = 1 order by id limit 1'),
    schedule: await id('select id from schedules where location_id = 1 order by id limit 1'),
    holiday: await id('select h.id from holidays h join locations l on l.id = 1 join cities c on c.id = l.city_id where h.country_id = c.country_id order by h.id limit 1'),
    order: await id('select id from orders where location_id = 1 and status not in (4, 5) order by id desc limit 1'),
    payment: await id('select id from payments where location_id = 1 order by id limit 1'),
    transaction: await id('select id from transactions where location_id = 1 order by id limit 1'),
    webhook: await id('select id from webhooks where location_id = 1 order by id limit 1'),
    delivery: await id('select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id where w.location_id = 1 order by d.id limit 1'),
    promocode: await id('select id from promocodes where location_id = 1 order by id limit 1'),
    early: await id('select id from early_booking_conditions where location_id = 1 order by id limit 1'),
    certificate: (await pool.query('select unique_number from certificates order by id limit 1')).rows[0]?.unique_number ?? 'AAAA',
    user: await id("select id from users where email = 'admin@example.com'"),
    // The launcher's credential (POST /launcher/sessions/ takes no user token).
    playgroundToken: (await pool.query('select uuid_token from playgrounds where location_id = 1 and uuid_token is not null order by id limit 1')).rows[0]?.uuid_token,
  };
}

/** A route's path parameters, each the own row the path segment before it names. */
export function walkParams(url: string, own: OwnIds): Record<string, string | number> {
  const segs = url.split('/');
  const out: Record<string, string | number> = {};
  const byPrev: Record<string, string | number | undefined> = {
    locations: own.location, playgrounds: own.playground, schedule: own.schedule, holidays: own.holiday,
    booking: own.order, orders: own.order, multibooking: own.order, payment: own.payment,
    transactions: own.transaction, certificate: own.certificate, webhook: own.webhook, deliveries: own.delivery,
    images: 1, promocodes: own.promocode, early_booking_conditions: own.early, users: own.user, dashboards: 'revenue',
    password_reset: 'a'.repeat(40), pay: 'a'.repeat(40), order: 'a'.repeat(40), message_templates: 'confirmation',
  };
  segs.forEach((s, i) => {
    if (s.startsWith(':')) out[s.slice(1)] = byPrev[segs[i - 1] ?? ''] ?? 1;
  });
  return out;
}

/**
 * The rows of location 1 a valid-looking request names, by the field's name (what a type cannot
 * say); every other value is sampled from the field's type (`sample`).
 */
export const walkHints = (own: OwnIds): Hints => (name) => {
  const ids: Record<string, unknown> = {
    location: 1, location_id: 1, playground: own.playground, playground_id: own.playground, group: own.group,
    order: own.order, order_id: own.order, schedule: own.schedule, transaction_id: own.transaction,
    original_transaction: own.transaction, payment_id: own.payment, payment_type: 2,
  };
  return ids[name];
};

// ---- zod schemas walked by their definitions (zod 4) ----

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number; value?: number | bigint; inclusive?: boolean } } }[];
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
  format?: string;
  pattern?: RegExp;
  valueType?: ZodType;
}
const def = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Values the types cannot choose, by the field's name: which row an id names (`location`,
 * `playground`, `order`, ...: walkHints, the matrix's victimHints). Everything else is sampled from
 * the schema's own type (#41): a date by the shared date schema it is, money by the money schema,
 * a text by its checks, never by a field named `*_at` or `purchase`.
 */
export type Hints = (name: string, path: string[]) => unknown;
export const noHints: Hints = () => undefined;

function bounds(d: Def) {
  let min: number | undefined; let max: number | undefined; let int = false;
  for (const c of d.checks ?? []) {
    const k = c._zod.def;
    if (k.check === 'greater_than') min = Number(k.value) + (k.inclusive ? 0 : 1);
    if (k.check === 'less_than') max = Number(k.value) - (k.inclusive ? 0 : 1);
    if (k.check === 'number_format' && /int/.test(k.format ?? '')) int = true;
    if (k.check === 'min_length') min = k.minimum;
    if (k.check === 'max_length') max = k.maximum;
  }
  return { min, max, int };
}
const regexOf = (d: Def): RegExp | undefined =>
  d.pattern ?? d.checks?.map((c) => c._zod.def).find((k) => k.check === 'string_format' && k.pattern)?.pattern;

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'];

/** What a schema, or a schema it wraps, is marked as in server/platform/validation.ts: a shared date schema, a money schema. */
export function markOf(schema: ZodType): { date?: DateKind; money?: MoneyKind } {
  let s: ZodType | undefined = schema;
  for (let i = 0; s && i < 20; i++) {
    const date = dateKindOf(s);
    const money = moneyKindOf(s);
    if (date || money) return { ...(date ? { date } : {}), ...(money ? { money } : {}) };
    const d = def(s);
    if (WRAPPERS.includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = def(d.in!).type === 'transform' ? d.out : d.in;
    else return {};
  }
  return {};
}

export interface SampleOptions {
  /** Every field, optional ones and those with a default too (the read-back tests check each). */
  full?: boolean;
  /** 0 or 1: another valid value of every field (an update after a create must change each). */
  variant?: number;
  /** A number not given before: texts (and amounts) unique across one test file's samples. */
  unique?: () => number;
  /** Whether a candidate value is taken: the enclosing pipe's own parse (e-mails, phones, regexes). */
  accept?: (value: unknown) => boolean;
  /** The default of the field being sampled (a boolean is sent as the other value). */
  defaultValue?: unknown;
  /** What unique texts start with ('Tx'; the authorisation matrix's marker on its victims). */
  tag?: string;
  /**
   * The year of every date of the sample, and the days each is moved by within it (one per body: two
   * holidays of one country fall on different days, a body's dates stay in order).
   */
  year?: number;
  day?: number;
}

const DATES: Record<DateKind, [string, string]> = {
  date: ['2026-06-15', '2026-07-20'],
  datetime: ['2026-06-15 12:00', '2026-07-20 14:30'],
  instant: ['2026-06-15T12:00:00+03:00', '2026-07-20T14:30:00+03:00'],
};
/** A date of DATES in another year and moved by `days` (its time and zone kept). */
const dayLater = (text: string, year: number | undefined, days: number) => {
  if (!days && !year) return text;
  const d = new Date(`${year ?? text.slice(0, 4)}${text.slice(4, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10) + text.slice(10);
};

/** A text value of a string schema: the first of some candidates its checks take (its type decides, never its name). */
function sampleText(schema: ZodType, d: Def, o: SampleOptions): unknown {
  const accept = o.accept ?? ((v: unknown) => schema.safeParse(v).success);
  const { min, max } = bounds(d);
  const u = o.unique?.();
  const n = String(u ?? 1).padStart(4, '0');
  const fit = (t: string) => t.padEnd(Math.max(1, min ?? 1), 'x').slice(0, Math.max(1, max ?? 1000));
  const tag = u === undefined ? 'x' : fit(`${o.tag ?? 'Tx'}${u}`);
  const candidates = [
    // A sample of the read-back tests carries spaces around it: a trimmed field reads back trimmed.
    ...(o.full ? [` ${tag} `] : []), tag, fit('x'),
    u === undefined ? 'someone@example.com' : `tx${u}@example.com`,
    o.full ? ` 8 (916) 5${n.slice(-2)}-${n.slice(0, 2)}-${n.slice(-2)} ` : '+79990001122',
    'https://hooks.example.com/x', o.variant ? '14:30' : '12:00', String(u ?? 1), '00000000-0000-4000-8000-000000000000',
  ];
  for (const c of candidates) if (accept(c)) return c;
  const re = regexOf(d);
  if (re) {
    for (let seed = u ?? 1; seed < (u ?? 1) + 50; seed++) {
      const [c] = fc.sample(fc.stringMatching(re), { numRuns: 1, seed });
      if (accept(c)) return c;
    }
  }
  return tag;
}

/**
 * One deterministic valid-looking value of a schema, from its type: `hints` first, by field name
 * (the rows an id names). Without `full`, optional fields and defaults are left out (the fuzzer's
 * base request); with it, every field is sent (the read-back tests).
 */
export function sample(schema: ZodType, hints: Hints = noHints, path: string[] = [], o: SampleOptions = {}): unknown {
  const d = def(schema);
  const name = path.at(-1) ?? '';
  if (name && d.type !== 'object' && d.type !== 'optional') {
    const h = hints(name, path);
    if (h !== undefined) return h;
  }
  const variant = o.variant ?? 0;
  const date = dateKindOf(schema);
  if (date) return dayLater(DATES[date][variant % 2], o.year, o.day ?? 0);
  const money = moneyKindOf(schema);
  if (money) {
    const u = o.unique?.();
    return u === undefined ? '100.00' : `${100 + (u % 9000)}.${variant % 2 ? '75' : '50'}`;
  }
  const inner = (s: ZodType, more: Partial<SampleOptions> = {}) => sample(s, hints, path, { ...o, ...more });
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        const val = sample(v, hints, [...path, k], { ...o, accept: undefined, defaultValue: undefined });
        if (val !== undefined) out[k] = val;
      }
      return out;
    }
    case 'optional': {
      const h = name ? hints(name, path) : undefined;
      if (h !== undefined) return h;
      return o.full ? inner(d.innerType!) : undefined;
    }
    case 'default': case 'prefault': return o.full ? inner(d.innerType!, { defaultValue: d.defaultValue }) : undefined;
    case 'catch': return o.full ? inner(d.innerType!) : undefined;
    case 'nullable': case 'readonly': case 'nonoptional': return inner(d.innerType!);
    case 'pipe': {
      // The pipe's own parse takes or refuses a candidate (an e-mail after a trimmed text, a preprocessed amount).
      const accept = o.accept ?? ((v: unknown) => schema.safeParse(v).success);
      if (def(d.in!).type === 'transform') return inner(d.out!, { accept }); // preprocess: the target type
      return inner(d.in!, { accept });
    }
    case 'string': return sampleText(schema, d, o);
    case 'number': case 'int': {
      const { min, max } = bounds(d);
      if (!o.full) return Math.max(1, min ?? 1);
      return Math.min(max ?? Number.MAX_SAFE_INTEGER, (min ?? 0) + 1 + variant);
    }
    case 'boolean': {
      if (!o.full) return true;
      const value = typeof o.defaultValue === 'boolean' ? !o.defaultValue : true;
      return variant % 2 ? !value : value;
    }
    case 'enum': { const values = Object.values(d.entries ?? {}); return values[o.full ? variant % values.length : 0]; }
    case 'literal': return d.values?.[0];
    case 'array': {
      const { min } = bounds(d);
      return Array.from({ length: Math.max(1, min ?? 1) }, () => sample(d.element!, hints, path, { ...o, accept: undefined, defaultValue: undefined }));
    }
    case 'union': {
      if (!o.full) return inner(d.options![0]!);
      // Not the empty choice ('' or null, "none"): a value that says something.
      const options = d.options!.filter((x) => !(def(x).type === 'literal' && (def(x).values?.[0] === '' || def(x).values?.[0] === null)) && def(x).type !== 'null');
      return inner((options.length ? options : d.options!)[variant % (options.length || d.options!.length)]!, { accept: undefined });
    }
    case 'record': return {};
    case 'null': return null;
    default: return 'x';
  }
}

// ---- hostile values ----

const hugeString = fc.constantFrom('x'.repeat(100_000), 'é'.repeat(20_000), '9'.repeat(5000));
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uD800', '\uFEFF', '𝕏👨‍👩‍👧', 'ǅ', 'İ', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd',
    '=cmd|\' /C calc\'!A0', '%00', '\r\n', 'null', 'NaN', 'Infinity', '-1', '0', '1e309', '2026-02-30', '2026-13-01', '0000-00-00',
    '9999-12-31', '24:00', '23:60', '-0001-01-01', '2026-06-15T12:00:00Z', '1,2,,3', '1,-2', ',', '__proto__', 'constructor'),
);
const nastyNumber = fc.oneof(
  fc.integer(), fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, -0, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308, 0.1, 1.5, 1e-7),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: hugeString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }, [1, 2, 3], { __proto__: { x: 1 } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A schema's valid-looking sample with mutations: fields dropped, added, or made hostile. */
export function hostileObject(schema: ZodType | undefined, hints: Hints = noHints): fc.Arbitrary<unknown> {
  const base = schema ? sample(schema, hints) : {};
  const keys = schema && def(schema).type === 'object' ? Object.keys(def(schema).shape ?? {}) : [];
  const mutated = fc.record({
    drop: fc.subarray(keys, { maxLength: Math.min(3, keys.length) }),
    replace: fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostileValue, { maxKeys: 3 }),
    extra: fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'location_id')), hostileValue, { maxKeys: 2 }),
  }).map(({ drop, replace, extra }) => {
    if (!base || typeof base !== 'object' || Array.isArray(base)) return base;
    const o: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const k of drop) delete o[k];
    Object.assign(o, extra, replace);
    return o;
  });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant(base) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them). */
export const enc = (v: string) => [...Buffer.from(v, 'utf8')].map((b) =>
  /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Query strings carry text only: every value becomes text, arrays repeated keys. */
export function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value === undefined ? '' : `?${enc(String(value))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    const list = Array.isArray(v) ? v : [v];
    for (const item of list) parts.push(`${enc(k)}=${enc(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export function fillPath(url: string, values: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${url}`);
    return enc(String(v));
  });
}

/** A multipart/form-data body of text fields and files. */
export function multipart(parts: { name: string; value?: string; filename?: string; type?: string; data?: Buffer }[]) {
  const boundary = `----walk${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.data
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename ?? 'file'}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), p.data ?? Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A cheaper digest for many requests: a row trigger on every table (but the volatile ones) counts
 * inserted, updated and deleted rows in one counter row; a rolled-back change rolls back its count.
 */
export async function installChangeCounter(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ t: string }>(
    "select quote_ident(table_name) as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
  await pool.query(`
    create table if not exists zz_row_changes (n bigint not null);
    insert into zz_row_changes select 0 where not exists (select 1 from zz_row_changes);
    create or replace function zz_count_change() returns trigger language plpgsql as $$
      begin update zz_row_changes set n = n + 1; return null; end $$;`);
  for (const { t } of rows) {
    if (VOLATILE.has(t) || t === 'zz_row_changes') continue;
    await pool.query(`create trigger zz_count_change after insert or update or delete on ${t} for each row execute function zz_count_change()`);
  }
}

export async function changeCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select n from zz_row_changes');
  return Number(rows[0]!.n);
}

// ---- input classes PostgreSQL cannot store (issue 16): one field at a time ----

export type FieldKind = 'text' | 'int' | 'other';
/** `date`, `money`: which shared date or money schema of server/platform/validation.ts the field is, if it is one. */
export interface SchemaField { path: (string | number)[]; kind: FieldKind; date?: DateKind; money?: MoneyKind }

/** The schema a wrapper stands for (optional, nullable, default, preprocess, ...). */
function unwrap(schema: ZodType): ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = def(s);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(d.type)) s = d.innerType!;
    else if (d.type === 'pipe') s = def(d.in!).type === 'transform' ? d.out! : d.in!;
    else return s;
  }
  return s;
}

/** Every leaf field of an object schema, nested objects and list entries (index 0) included. */
export function schemaFields(schema: ZodType | undefined, path: (string | number)[] = []): SchemaField[] {
  if (!schema) return [];
  // Money is a leaf of its own, whatever its schema is made of (a preprocessed text, a pipe).
  const { money } = markOf(schema);
  if (money) return path.length ? [{ path, kind: 'text', money }] : [];
  const s = unwrap(schema);
  const d = def(s);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape ?? {}).flatMap(([k, v]) => schemaFields(v, [...path, k]));
    case 'array':
      return path.length ? [...schemaFields(d.element!, [...path, 0]), { path, kind: 'other' }] : [];
    case 'string': case 'enum': {
      const date = dateKindOf(s);
      return path.length ? [{ path, kind: 'text', ...(date ? { date } : {}) }] : [];
    }
    case 'number': case 'int': return path.length ? [{ path, kind: bounds(d).int || d.type === 'int' ? 'int' : 'other' }] : [];
    case 'union': {
      const kinds = (d.options ?? []).map((o) => def(unwrap(o)).type);
      return path.length ? [{ path, kind: kinds.includes('string') ? 'text' : kinds.some((k) => k === 'number' || k === 'int') ? 'int' : 'other' }] : [];
    }
    default: return path.length ? [{ path, kind: 'other' }] : [];
  }
}

/** A copy of `base` with `value` at `path` (missing objects and lists made on the way). */
export function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const o = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  o[head!] = setAt(o[head!], rest, value);
  return o;
}

export const NUL_TEXT = 'a\u0000b';
/** Longer than any stored text may be (TEXT_MAX): a 400 on the field for every text (#18). */
export const LONG_TEXT = 'x'.repeat(TEXT_MAX + 1);
export const HUGE_IDS = [2 ** 31, 2 ** 53];
export const FAR_DATES = ['+275760-09-13', '0000-01-01', '10000-01-01', '1000-01-01'];
export const FAR_DATETIMES = ['+275760-09-13 12:00', '0000-01-01 12:00', '10000-01-01 12:00', '1000-01-01 12:00'];
/** Days and times no calendar has (#25: Date.parse rolls 30 February over to 2 March, 24:00 to the next day). */
export const IMPOSSIBLE_DATES: Record<DateKind, string[]> = {
  date: ['2027-02-30', '2027-04-31', '2027-02-29', '2100-02-29', '2027-13-01', '2027-06-00'],
  datetime: ['2027-02-30 12:00', '2027-04-31 12:00', '2027-02-29 12:00', '2027-06-15 24:00', '2027-06-15 12:60'],
  instant: ['2027-02-30T12:00:00Z', '2027-02-30 12:00', '2027-04-31T12:00:00+03:00', '2027-02-29T12:00:00Z', '2027-06-15T24:00:00Z', '2027-06-15T12:00:60Z'],
};
/** A field name that says it holds a day or a moment: it must be one of the shared date schemas. */
export const DATE_NAME = /(^|_)(date|dt|datetime)(_|$)|^day$|_day$|_at$|^(started|ended)$|^valid_(from|to)$/;

/** DRF's error shapes: 400 `{field: [messages]}` (or nested, or `{detail}`), other 4xx and 5xx `{detail: "..."}`. */
export function drfError(status: number, body: string): string | null {
  if (status < 400) return null;
  let j: unknown;
  try { j = JSON.parse(body); } catch { return `not JSON: ${body.slice(0, 100)}`; }
  if (!j || typeof j !== 'object' || Array.isArray(j)) return `not an object: ${body.slice(0, 100)}`;
  const o = j as Record<string, unknown>;
  if ('statusCode' in o || 'code' in o && 'message' in o) return `Fastify's own error body: ${body.slice(0, 200)}`;
  if (typeof o.detail === 'string') return null;
  if (status === 400 && Object.keys(o).length && Object.values(o).every((v) => v && typeof v === 'object')) return null;
  return `not DRF-shaped: ${body.slice(0, 200)}`;
}
