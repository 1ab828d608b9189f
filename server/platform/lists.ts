// List endpoints from declarations. A list (a location's orders, payments, ...) is one `defineList`
// in its module's `lists.ts`: who may call it and the scope it reads (a location and its clock),
// the FROM, the filters and how each maps to SQL, the typed columns with their ru/en labels, the
// sort and the paging style. From that one object `registerList` answers the JSON page (or plain
// array), the CSV (COPY, csv.ts) and the XLSX (COPY, xlsx.ts) of the same filtered list, with the
// same columns, enum codes written as their labels and dates as the screens show them; a sort the
// caller asks for (`ordering`, as DRF's OrderingFilter) over the columns it marks sortable; and the
// sums of its money columns over the whole filtered range (`totals`, also the XLSX's last rows).
// `registerAllLists` finds every `server/modules/*/lists.ts`: a new list registers nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import type { EnumLabels, Label } from '../../domain/enumLabels';
import { plainLabel } from '../../domain/fieldLabels';
import { DEFAULT_CURRENCY_TITLE, NUMBER_MARKS } from '../../domain/money';
import type { Db } from '../db/client';
import { currencies } from '../db/schema';
import type { Deps } from '../deps';
import type { RouteAccess } from './access';
import type { Answers } from './openapi';
import { currentUser, type AuthUser } from './auth';
import { sendCsv, type CsvColumn } from './csv';
import { fieldError } from './errors';
import type { Lang } from './messages';
import { dateSchema, idParam, intText } from './validation';
import { SharedStrings, sendXlsx, xlsxCellSql, xlsxLabelCellSql, XLSX_MAX_ROWS, XLSX_TYPE, type XlsxColumn, type XlsxCurrency, type XlsxKind } from './xlsx';

/** What a column holds: decides its JSON value, its CSV text and its XLSX cell. */
export type ColumnKind = 'int' | 'text' | 'money' | 'date' | 'datetime' | 'enum' | 'bool' | 'ids';

export interface ListColumn {
  /** The JSON key (and the export's column). */
  key: string;
  kind: ColumnKind;
  /** The value. A `datetime` is a timestamptz, shown on the scope's clock; `ids` an integer array. */
  sql: SQL;
  /** The export header and the API document's description (domain/fieldLabels.ts, shared with the screen); a column without one is in the JSON only. */
  label?: Label;
  /** `enum` (or a free `text` with known codes): the words for the codes, written in the exports instead of the code. */
  labels?: EnumLabels;
  /** `money`: the amount's currency is the `currencies` row joined in the FROM, so the CSV writes "18 000,00 ₽" and the XLSX cell has that currency's number format. */
  inCurrency?: boolean;
  /** The value in the caller's language (a name with translations), for the exports; the JSON keeps `sql`. */
  inLanguage?: (lang: Lang) => SQL;
  /** In the exports only, not in the JSON. */
  exportOnly?: boolean;
  /** The JSON too is `inLanguage` in the caller's language (#28 activity: a kind's label and its subject). */
  jsonInLanguage?: boolean;
  /** `money`: what the totals add up, when not every row's value counts (#38: a test-mode payment is listed, never summed). */
  sum?: SQL;
}

/** What the query of a call reads, settled after the caller is authorised. */
export interface ListScope {
  /** The time zone of wall-clock times: an SQL value (a bound literal, or a column of the FROM). */
  tz: SQL;
}

export interface ListFilter<S extends ListScope> {
  /** The query parameter's schema (optional is added). */
  schema: ZodType;
  /** The condition for a given value; undefined adds none (e.g. `all`). */
  where: (value: any, scope: S) => SQL | undefined;
  /**
   * Query values the generated tests send (tests/api/lists.test.ts), as a user would pick them: at
   * least two, each kept by some demo row, one of them leaving some demo row out. The first is the
   * one the exports and totals are also checked with.
   */
  examples: readonly [string, string, ...string[]];
  /**
   * Whether a JSON row is one the filter keeps for `value`: the generated tests check that the
   * filtered list is exactly the rows of the whole list that hold it, for every example (a filter
   * whose SQL ignores its value, or always uses one example's, fails).
   */
  holds: (row: Record<string, any>, value: string) => boolean;
}

export interface ListDeclaration<S extends ListScope = ListScope> {
  /** The route, with `:id` for a location-scoped list. */
  path: string;
  summary: string;
  tags: string[];
  /** The export file's name before the date range and extension; the sheet's title in ru and en. */
  file: string;
  title: Label;
  /** `limit-offset`: `{count, results}` (limit 10 by default); `array`: the whole filtered list. */
  paging: 'limit-offset' | 'array';
  /**
   * Who may call it: the access of the list's screen (`access` in src/resources/<name>/index.ts), set
   * as the route's `config.access` (platform/access.ts): the permissions before the query, the role
   * when the scope looks at the location.
   */
  access?: RouteAccess;
  /** Authorises the caller (a role at the location, else 404; not the declared one, 403) and reads what the query needs. */
  scope: (db: Db, user: AuthUser, params: { id: number }) => Promise<S>;
  from: (scope: S) => SQL;
  /** Conditions that always hold (the scope's rows). */
  where?: (scope: S) => SQL[];
  /** A date range filter: the two query names and the row's date (a `date`) to compare. */
  dateRange?: { from: string; to: string; day: (scope: S) => SQL };
  filters?: Record<string, ListFilter<S>>;
  columns: ListColumn[];
  orderBy: SQL;
  /**
   * The columns (keys of `columns`) a caller may sort by: `ordering=key` ascending, `ordering=-key`
   * descending (DRF's OrderingFilter), in the JSON and both exports; any other value is a 400.
   * `unique`: a unique value of the row that follows the column, so rows with equal values keep one
   * order and pages neither repeat nor skip a row. Without `ordering` the list keeps `orderBy`.
   */
  sorting?: { columns: string[]; unique: SQL };
  /**
   * The money columns summed over the whole filtered range (`totals`): every `money` column unless
   * given (a running balance is not a sum). By currency when the columns are `inCurrency`.
   */
  totals?: string[];
  /**
   * #39 Rows the totals leave out unless the caller's `filter` is given (then they add up exactly
   * the rows it selects): cancelled orders are no money taken. `sql` tells such a row, `row` the
   * same from its JSON (the generated tests), `note` what the totals then say they leave out
   * ("без отменённых"), on the screen (`totals_note`) and in the XLSX's totals label.
   */
  totalsExcept?: { filter: string; sql: SQL; row: (row: Record<string, any>) => boolean; note: Label };
  /** The JSON record, when it is not the columns as they are (nested objects), with its schema for the API document. */
  json?: { record: (row: Record<string, any>) => unknown; schema: ZodType };
}

const LIST = Symbol('list declaration');

/** Declares a list (types only; `registerAllLists` finds it by this mark). */
/** A filter's value that is a comma-separated choice of the codes of `labels` (`failed,unknown`): an unknown code is a 400. */
export const codesFilter = (labels: Record<string, unknown>) =>
  z.string().max(200).transform((v) => v.split(',')).pipe(z.array(z.enum(Object.keys(labels) as [string, ...string[]])));

export function defineList<S extends ListScope>(declaration: ListDeclaration<S>): ListDeclaration<S> {
  // A column's label is the export's header: without the soft hyphens the screen's narrow columns break at (domain/fieldLabels.ts).
  const columns = declaration.columns.map((c) => (c.label ? { ...c, label: plainLabel(c.label) } : c));
  return Object.assign(declaration, { columns, [LIST]: true });
}

export function isListDeclaration(value: unknown): value is ListDeclaration<any> {
  return typeof value === 'object' && value !== null && LIST in value;
}

const DATE_TIME_FORMAT = { json: 'YYYY-MM-DD HH24:MI', text: 'DD.MM.YYYY HH24:MI' };
const DAY_FORMAT = { json: 'YYYY-MM-DD', text: 'DD.MM.YYYY' };
const BOOL_WORDS: Record<Lang, [string, string]> = { ru: ['Да', 'Нет'], en: ['Yes', 'No'] };
/** The first cell of the XLSX's totals rows. */
const TOTALS_LABEL: Record<Lang, string> = { ru: 'Итого', en: 'Total' };

const local = (column: ListColumn, scope: ListScope) => sql`(${column.sql} AT TIME ZONE ${scope.tz})`;

/** A CASE that writes an enum code as its label in `lang` (an unknown code as itself). */
function enumText(column: ListColumn, lang: Lang): SQL {
  // The simple CASE computes the code's text once a row, not once per label (#49: the exports).
  const cases = Object.entries(column.labels ?? {}).map(([code, label]) => sql`WHEN ${code} THEN ${label[lang]}`);
  return cases.length ? sql`(CASE ${column.sql}::text ${sql.join(cases, sql` `)} ELSE ${column.sql}::text END)` : sql`${column.sql}::text`;
}

const NBSP = '\u00a0';

/**
 * A money cell of the CSV as the one formatter (domain/money.ts formatMoney) writes it: its marks
 * and default title are read from there; written in SQL because the CSV is PostgreSQL's COPY.
 */
function moneyText(column: ListColumn, lang: Lang): SQL {
  const marks = NUMBER_MARKS[lang];
  // to_char's ',' and '.' are locale-free; one translate() swaps both marks at once (three replace()
  // calls cost 7 % of a CSV export's time, #49), and English needs none.
  const digits = sql`to_char(${column.sql}, 'FM999,999,999,999,999,990.00')`;
  const amount = marks.group === ',' && marks.decimal === '.' ? digits : sql`translate(${digits}, ',.', ${marks.group + marks.decimal})`;
  if (!column.inCurrency) return amount;
  // Read from the row's joined currency: no per-row subquery, the export keeps COPY's speed.
  const sign = sql`coalesce(nullif(${currencies.unicode}, ''), ${currencies.code})`;
  const gap = sql`(CASE WHEN ${currencies.blankPlace} THEN ${NBSP} ELSE '' END)`;
  return sql`(CASE WHEN ${currencies.id} IS NULL THEN ${amount} || ${NBSP + DEFAULT_CURRENCY_TITLE[lang]}
    WHEN ${currencies.isBefore} AND ${column.sql} < 0 THEN '-' || ${sign} || ${gap} || ltrim(${amount}, '-')
    WHEN ${currencies.isBefore} THEN ${sign} || ${gap} || ${amount} ELSE ${amount} || ${gap} || ${sign} END)`;
}

function jsonValue(column: ListColumn, scope: ListScope, lang: Lang): SQL {
  if (column.jsonInLanguage && column.inLanguage) return column.inLanguage(lang);
  if (column.kind === 'datetime') return sql`to_char(${local(column, scope)}, ${DATE_TIME_FORMAT.json})`;
  if (column.kind === 'date') return sql`to_char(${column.sql}, ${DAY_FORMAT.json})`;
  return column.sql;
}

/** The value an export writes: text as the screens show it, typed values for the XLSX cells. */
function exportValue(column: ListColumn, scope: ListScope, lang: Lang, format: 'csv' | 'xlsx'): SQL {
  if (column.inLanguage) return column.inLanguage(lang);
  switch (column.kind) {
    case 'datetime':
      return format === 'csv' ? sql`to_char(${local(column, scope)}, ${DATE_TIME_FORMAT.text})` : local(column, scope);
    case 'date':
      return format === 'csv' ? sql`to_char(${column.sql}, ${DAY_FORMAT.text})` : column.sql;
    case 'enum':
      return enumText(column, lang);
    case 'text':
      // A text with known codes (an order's source): the codes as words, anything else as it is.
      return column.labels ? enumText(column, lang) : column.sql;
    case 'money':
      return format === 'csv' ? moneyText(column, lang) : column.sql;
    case 'ids':
      return sql`NULLIF(array_to_string(${column.sql}, ' '), '')`;
    case 'bool': {
      if (format === 'xlsx') return column.sql;
      const [yes, no] = BOOL_WORDS[lang];
      return sql`(CASE WHEN ${column.sql} THEN ${yes} WHEN NOT ${column.sql} THEN ${no} END)`;
    }
    default:
      return column.sql;
  }
}

/** The currencies an XLSX money cell may be in (a handful of rows): one number format each. */
async function currencyFormats(db: Db): Promise<XlsxCurrency[]> {
  return db.select({ id: currencies.id, code: currencies.code, unicode: currencies.unicode, is_before: currencies.isBefore, blank_place: currencies.blankPlace })
    .from(currencies).orderBy(currencies.id);
}

const XLSX_KIND: Record<ColumnKind, XlsxKind> = {
  int: 'int', text: 'text', money: 'money', date: 'date', datetime: 'datetime', enum: 'text', bool: 'bool', ids: 'text',
};

const dialect = new PgDialect();

/** The `ordering` values a list accepts: each sortable column ascending (`key`) and descending (`-key`). */
export function orderingChoices(d: ListDeclaration<any>): string[] {
  return (d.sorting?.columns ?? []).flatMap((key) => [key, `-${key}`]);
}

/**
 * ORDER BY of a call: the asked column, then the unique value in the same direction (PostgreSQL's
 * NULLS LAST ascending, FIRST descending), so a descending list is exactly the ascending one reversed.
 */
function orderSql<S extends ListScope>(d: ListDeclaration<S>, ordering: string | undefined): SQL {
  if (!ordering || !d.sorting) return d.orderBy;
  const desc = ordering.startsWith('-');
  const column = d.columns.find((c) => c.key === (desc ? ordering.slice(1) : ordering))!;
  const direction = desc ? sql` DESC` : sql` ASC`;
  return sql`${column.sql}${direction}, ${d.sorting.unique}${direction}`;
}

function jsonRowsSql<S extends ListScope>(d: ListDeclaration<S>, scope: S, from: SQL, whereSql: SQL, ordering?: string, lang: Lang = 'ru'): SQL {
  const select = sql.join(d.columns.filter((c) => !c.exportOnly).map((c) => sql`${jsonValue(c, scope, lang)} AS ${sql.identifier(c.key)}`), sql`, `);
  return sql`SELECT ${select} FROM ${from}${whereSql} ORDER BY ${orderSql(d, ordering)}`;
}

/** The money columns a list sums (see `totals`). */
export function totalledColumns(d: ListDeclaration<any>): ListColumn[] {
  return d.columns.filter((c) => c.kind === 'money' && (d.totals ? d.totals.includes(c.key) : true));
}

/** The sums of one currency: its code (null: none joined) and each totalled column's sum. */
export interface ListTotals { currency: string | null; sums: Record<string, string> }

/**
 * The row count and the sums of the money columns over the filtered range, in one query: a row per
 * currency (the joined `currencies` row) when the amounts are in currencies, since RUB and USD do
 * not add up.
 */
/** Whether a call's totals leave rows out (`totalsExcept` without its filter given). */
export function totalsExclude(d: ListDeclaration<any>, q: Record<string, unknown>): boolean {
  const value = d.totalsExcept ? q[d.totalsExcept.filter] : undefined;
  return Boolean(d.totalsExcept) && (value === undefined || (Array.isArray(value) && value.length === 0));
}

async function summary<S extends ListScope>(db: Db, d: ListDeclaration<S>, from: SQL, whereSql: SQL, exclude = false): Promise<{ count: number; totals: ListTotals[]; byCurrencyId: (ListTotals & { currencyId: number | null | undefined })[] }> {
  const summed = totalledColumns(d);
  if (summed.length === 0) {
    const rows = await db.execute(sql`SELECT count(*)::int AS count FROM ${from}${whereSql}`);
    return { count: Number(rows.rows[0]?.count ?? 0), totals: [], byCurrencyId: [] };
  }
  const inCurrency = summed.some((c) => c.inCurrency);
  // The count stays every row (the pages); only the sums leave the excepted rows out.
  const only = exclude && d.totalsExcept ? sql` FILTER (WHERE NOT coalesce(${d.totalsExcept.sql}, false))` : sql``;
  const sums = sql.join(summed.map((c) => sql`coalesce(sum(${c.sum ?? c.sql})${only}, 0)::numeric(16,2)::text AS ${sql.identifier(c.key)}`), sql`, `);
  const currency = inCurrency ? sql`${currencies.id} AS currency_id, ${currencies.code} AS currency` : sql`NULL::int AS currency_id, NULL::text AS currency`;
  const group = inCurrency ? sql` GROUP BY ${currencies.id}, ${currencies.code} ORDER BY ${currencies.code} NULLS LAST` : sql``;
  const rows = (await db.execute(sql`SELECT count(*)::int AS count, ${currency}, ${sums} FROM ${from}${whereSql}${group}`)).rows;
  const groups = rows.filter((r) => Number(r.count) > 0).map((r) => ({
    // undefined: amounts in no currency at all (plain money cells in the XLSX).
    currencyId: inCurrency ? (r.currency_id ?? null) as number | null : undefined, currency: (r.currency ?? null) as string | null,
    sums: Object.fromEntries(summed.map((c) => [c.key, String(r[c.key])])),
  }));
  return {
    count: rows.reduce((n, r) => n + Number(r.count), 0),
    totals: groups.map(({ currency, sums: s }) => ({ currency, sums: s })),
    byCurrencyId: groups,
  };
}

function toJson<S extends ListScope>(d: ListDeclaration<S>, rows: Record<string, unknown>[]): unknown[] {
  return d.json ? rows.map(d.json.record) : rows;
}

/** Records of a list as its JSON gives them, narrowed by `where` (e.g. one record, to answer a change with the list's shape). */
export async function listRecords<S extends ListScope>(db: Db, d: ListDeclaration<S>, scope: S, where: SQL[]): Promise<unknown[]> {
  const conditions = and(...(d.where?.(scope) ?? []), ...where);
  return toJson(d, (await db.execute(jsonRowsSql(d, scope, d.from(scope), conditions ? sql` WHERE ${conditions}` : sql``))).rows);
}

/** The query parameters of a list: its filters, the date range, paging and the export switch. */
export function listQuerySchema(d: ListDeclaration<any>) {
  const shape: Record<string, ZodType> = {};
  if (d.dateRange) {
    const date = dateSchema.optional();
    shape[d.dateRange.from] = date;
    shape[d.dateRange.to] = date;
  }
  for (const [name, filter] of Object.entries(d.filters ?? {})) shape[name] = filter.schema.optional();
  if (d.paging === 'limit-offset') {
    shape.limit = intText(z.number().int().min(1).max(1000)).optional();
    shape.offset = intText(z.number().int().min(0).max(2147483647)).optional();
  }
  if (d.sorting) shape.ordering = z.enum(orderingChoices(d) as [string, ...string[]]).optional();
  // `totals`: only the count and the sums (the JSON page of a paged list carries them anyway).
  shape.format = z.enum(['json', 'csv', 'xlsx', 'totals']).optional();
  shape.csv = z.enum(['true', 'false', '1', '0']).optional();
  return z.strictObject(shape);
}

export type ListQuery = Record<string, unknown> & { limit?: number; offset?: number; format?: string; csv?: string; ordering?: string };

function conditions<S extends ListScope>(d: ListDeclaration<S>, scope: S, q: ListQuery): SQL | undefined {
  const where = [...(d.where?.(scope) ?? [])];
  if (d.dateRange) {
    const from = q[d.dateRange.from] as string | undefined;
    const to = q[d.dateRange.to] as string | undefined;
    if (from && to && to < from) throw fieldError(d.dateRange.to, 'date_order');
    const day = d.dateRange.day(scope);
    if (from) where.push(sql`${day} >= ${from}::date`);
    if (to) where.push(sql`${day} <= ${to}::date`);
  }
  for (const [name, filter] of Object.entries(d.filters ?? {})) {
    const value = q[name];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    const condition = filter.where(value, scope);
    if (condition) where.push(condition);
  }
  return and(...where);
}

/** The export's file name: the list's, then the date range asked for. */
function fileName<S extends ListScope>(d: ListDeclaration<S>, q: ListQuery, extension: string): string {
  const range = d.dateRange ? [q[d.dateRange.from], q[d.dateRange.to]].filter(Boolean).join('_') : '';
  return `${d.file}${range ? `_${range}` : ''}.${extension}`;
}

/** The JSON value of a column kind, as the list answers it (numeric and bigint come as text from PostgreSQL). */
function columnSchema(column: ListColumn): ZodType {
  switch (column.kind) {
    case 'int': return z.number().int();
    case 'bool': return z.boolean();
    // PostgreSQL's bigint[] (launcher_sessions.orders_ids) reaches JSON as text: documented as it is answered.
    case 'ids': return z.array(z.string().regex(/^\d+$/)).describe('Ids as text (a bigint array).');
    case 'money': return z.string().describe('A decimal amount, e.g. "1500.00".');
    case 'date': return z.string().describe('YYYY-MM-DD');
    case 'datetime': return z.string().describe('YYYY-MM-DD HH:MM on the location\'s clock');
    case 'enum': {
      // The codes of an enum are its labels' keys: all digits, a numeric column.
      const codes = Object.keys(column.labels ?? {});
      return codes.length && codes.every((c) => /^\d+$/.test(c)) ? z.number().int() : z.string();
    }
    default: return z.string();
  }
}

/**
 * A column in the API document: described by the label the screen and the exports show and, for an
 * enum, its codes' words (both from domain/, as the screens read them).
 */
function described(schema: ZodType, column: ListColumn): ZodType {
  if (!column.label) return schema;
  const { ru, en } = column.label;
  const words = Object.entries(column.labels ?? {}).map(([code, label]) => `${code}: ${label.en} (${label.ru})`);
  return schema.describe(`${en} (${ru})${words.length ? `. ${words.join('; ')}` : ''}`);
}

/** The JSON record of a list: its declared schema, or the columns by kind (any may be null); a field of an exported column is described by its label. */
export function listRecordSchema(d: ListDeclaration<any>): ZodType {
  if (d.json) {
    if (!(d.json.schema instanceof z.ZodObject)) return d.json.schema;
    const shape: Record<string, ZodType> = { ...d.json.schema.shape };
    for (const c of d.columns) if (shape[c.key]) shape[c.key] = described(shape[c.key]!, c);
    return z.object(shape);
  }
  return z.object(Object.fromEntries(d.columns.filter((c) => !c.exportOnly).map((c) => [c.key, described(columnSchema(c).nullable(), c)])));
}

/** The list's success answer for the API document: the JSON page (or array), the CSV and the XLSX. */
export function listAnswers(d: ListDeclaration<any>): Answers {
  const record = listRecordSchema(d);
  const summed = totalledColumns(d);
  const totals = z.array(z.object({
    currency: z.string().nullable().describe('The currency code of these sums (null: none).'),
    sums: z.object(Object.fromEntries(summed.map((c) => [c.key, z.string().describe('A decimal amount, e.g. "1500.00".')]))),
  })).describe('The sums of the money columns over the whole filtered range, one entry per currency.');
  const note = d.totalsExcept
    ? { totals_note: z.string().optional().describe(`What the totals leave out, in the caller's language ("${d.totalsExcept.note.en}"), when the ${d.totalsExcept.filter} filter is not given.`) }
    : {};
  const page = z.object({ count: z.number().int(), results: z.array(record), ...(summed.length ? { totals, ...note } : {}) });
  const json = d.paging === 'array' ? z.array(record) : page;
  const onlyTotals = z.object({ count: z.number().int(), totals, ...note });
  return {
    200: {
      description: 'The list (JSON), or with `format=csv` / `format=xlsx` the same filtered list as a file, or with `format=totals` only its count and sums.',
      content: { 'application/json': { schema: z.union([json, onlyTotals]) }, 'text/csv': { schema: z.string() }, [XLSX_TYPE]: { schema: z.string() } },
    },
  };
}

export function registerList<S extends ListScope>(app: FastifyInstance, { db, pool }: Deps, d: ListDeclaration<S>): void {
  const scoped = d.path.includes(':id');
  app.withTypeProvider<ZodTypeProvider>().get(d.path, {
    ...(d.access ? { config: { access: d.access } } : {}),
    schema: {
      tags: d.tags, summary: d.summary, answers: listAnswers(d),
      ...(scoped ? { params: z.object({ id: idParam }) } : {}),
      querystring: listQuerySchema(d),
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const scope = await d.scope(db, user, request.params as { id: number });
    const q = request.query as ListQuery;
    const where = conditions(d, scope, q);
    const from = d.from(scope);
    const whereSql = where ? sql` WHERE ${where}` : sql``;
    const format = q.format === 'csv' || q.csv === 'true' || q.csv === '1' ? 'csv' : q.format === 'xlsx' ? 'xlsx' : q.format === 'totals' ? 'totals' : 'json';
    const summed = totalledColumns(d).length > 0;
    const exclude = totalsExclude(d, q);
    const note = exclude ? { totals_note: d.totalsExcept!.note[request.lang] } : {};

    if (format === 'totals') {
      const { count, totals } = await summary(db, d, from, whereSql, exclude);
      return { count, totals, ...note };
    }
    if (format === 'json') {
      const rowsSql = jsonRowsSql(d, scope, from, whereSql, q.ordering, request.lang);
      if (d.paging === 'array') return toJson(d, (await db.execute(rowsSql)).rows);
      // The count and the sums are one query: the page's totals cost no extra round trip.
      const [{ count, totals }, page] = await Promise.all([
        summary(db, d, from, whereSql, exclude),
        db.execute(sql`${rowsSql} LIMIT ${q.limit ?? 10} OFFSET ${q.offset ?? 0}`),
      ]);
      return { count, results: toJson(d, page.rows), ...(summed ? { totals, ...note } : {}) };
    }

    return sendListExport(reply, { db, pool }, d, scope, q, request.lang, format, { from, whereSql, exclude, note: note.totals_note });
  });
}

/**
 * The CSV or XLSX of a list's rows (the filtered query of a call, or any FROM a declaration gives:
 * #43's reports write their lines through it), with the declared columns, codes as words, money in
 * each row's currency, and the XLSX's totals rows under them.
 */
export async function sendListExport<S extends ListScope>(
  reply: FastifyReply, { db, pool }: Pick<Deps, 'db' | 'pool'>, d: ListDeclaration<S>, scope: S, q: ListQuery, lang: Lang, format: 'csv' | 'xlsx',
  call: { from?: SQL; whereSql?: SQL; exclude?: boolean; note?: string } = {},
): Promise<FastifyReply> {
  const from = call.from ?? d.from(scope);
  const whereSql = call.whereSql ?? sql``;
  const exclude = call.exclude ?? false;
  const summed = totalledColumns(d).length > 0;
  const exported = d.columns.filter((c) => c.label);
  const money = format === 'xlsx' ? { currencies: await currencyFormats(db), lang } : undefined;
  // XLSX: each column is its cell's XML, computed in this query (xlsx.ts, xlsxCellSql); an amount
  // stays a number, its currency (the row's joined one) chooses its cell's number format.
  const strings = new SharedStrings();
  const select = sql.join(exported.map((c) => {
    if (format === 'xlsx' && c.labels && !c.inLanguage) {
      // A coded column's labels are the sheet's shared strings.
      const labels = Object.entries(c.labels).map(([code, label]): [string, string] => [code, label[lang]]);
      return sql`${xlsxLabelCellSql(c.sql, labels, strings)} AS ${sql.identifier(c.key)}`;
    }
    const value = exportValue(c, scope, lang, format);
    const cell = format === 'xlsx' ? xlsxCellSql(XLSX_KIND[c.kind], value, c.kind === 'money' && c.inCurrency ? sql`${currencies.id}` : undefined, money) : value;
    return sql`${cell} AS ${sql.identifier(c.key)}`;
  }), sql`, `);
  const limit = format === 'xlsx' ? sql` LIMIT ${XLSX_MAX_ROWS}` : sql``;
  const query = dialect.sqlToQuery(sql`SELECT ${select} FROM ${from}${whereSql} ORDER BY ${orderSql(d, q.ordering)}${limit}`);
  if (format === 'csv') {
    const columns: CsvColumn[] = exported.map((c) => ({ header: c.label![lang], key: c.key, text: c.kind === 'text' }));
    return sendCsv(reply, pool, query, columns, fileName(d, q, 'csv'));
  }
  const columns: XlsxColumn[] = exported.map((c) => ({ header: c.label![lang], kind: XLSX_KIND[c.kind], key: c.key }));
  // The totals under the rows: values, not SUM formulas, one row per currency (a formula over a
  // column that mixes RUB and USD would add them up).
  const totals = summed ? (await summary(db, d, from, whereSql, exclude)).byCurrencyId.map((t) => ({
    currencyId: t.currencyId,
    cells: exported.map((c) => (c.key in t.sums ? t.sums[c.key]! : null)),
  })) : [];
  return sendXlsx(reply, pool, query, columns, d.title[lang], fileName(d, q, 'xlsx'), {
    money, strings,
    totals: totals.length ? { label: exclude ? `${TOTALS_LABEL[lang]} (${call.note})` : TOTALS_LABEL[lang], rows: totals } : undefined,
  });
}

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'modules');

/** Every list declared in `server/modules/<area>/lists.ts`, in a stable order. */
export async function declaredLists(): Promise<ListDeclaration<any>[]> {
  const found: ListDeclaration<any>[] = [];
  for (const area of fs.readdirSync(modulesDir).sort()) {
    const file = path.join(modulesDir, area, 'lists.ts');
    if (!fs.existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isListDeclaration(value)) found.push(value);
  }
  return found;
}

/** What a declaration names must exist: its sortable and totalled columns (a typo fails at start, not at a call). */
export function checkList(d: ListDeclaration<any>): void {
  const keys = new Set(d.columns.map((c) => c.key));
  for (const key of d.sorting?.columns ?? []) if (!keys.has(key)) throw new Error(`${d.path}: sortable column "${key}" is not a column`);
  for (const key of d.totals ?? []) {
    if (d.columns.find((c) => c.key === key)?.kind !== 'money') throw new Error(`${d.path}: totalled column "${key}" is not a money column`);
  }
}

export async function registerAllLists(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const d of await declaredLists()) {
    checkList(d);
    registerList(app, deps, d);
  }
}
