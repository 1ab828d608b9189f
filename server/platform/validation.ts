// Request validation with zod. Every route declares its body/query/params schemas; a failure
// becomes a DRF-style 400 in the request's language (see errors.ts).
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import { isDate, isTime } from '../../domain/businessDay';
import { TEXT_LIMITS, TEXT_MAX } from '../../domain/textLimits';
import { STAFF_ORDER_SOURCES } from '../../domain/booking';
import { toMoneyString } from '../../domain/money';
import { toCents } from '../../domain/pricing';
import type { MessageKey } from './messages';
import { badRequestDetail, notFound, RequestValidationError } from './errors';

// ---- The shared input rules (issue 16): what PostgreSQL can store, checked before it is asked ----

/** No text field anywhere may hold NUL: PostgreSQL's text cannot store it (SQLSTATE 22021). */
export const hasNul = (s: string) => s.includes('\u0000');

/** The deepest nesting of objects and arrays a JSON body may have: our deepest schema (a schedule's
 * pricing) is 4 levels; 32 leaves room and refuses the ~5,000 levels that cost seconds of CPU (#25). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the characters,
 * before JSON.parse, so nothing (parse, schemas, the text walk below) ever meets a deep value.
 * Brackets inside strings do not count; malformed text is left to the parser's own error.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character ("\"" stays in the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) return true; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Every route's JSON body goes through the depth check before it is parsed (the anonymous routes
 * too: the parser runs before any handler); then Fastify's own parser, prototype poisoning refused. */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8'); // parseAs 'string': always text
    if (jsonTooDeep(text)) {
      done(badRequestDetail('too_deeply_nested', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

type TextProblem = { path: PropertyKey[]; message: 'null_character' | 'text_too_long' };

/** Where NUL sits in a request part (every text, at any depth, object keys included), and texts
 * longer than TEXT_MAX (#18: no field may store an unbounded text, whatever its schema says).
 * Iterative, and a path is built only for a value in trouble (each node links to its parent): the
 * old recursion copied the path at every level, quadratic in the depth, and overflowed the stack. */
export function textProblems(value: unknown): TextProblem[] {
  // badKey: an object key holding NUL (its value is not looked at).
  type Node = { value: unknown; key: PropertyKey | undefined; parent: Node | undefined; badKey?: true };
  const pathOf = (node: Node): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let n: Node | undefined = node; n && n.key !== undefined; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const out: TextProblem[] = [];
  const stack: Node[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (node.badKey) out.push({ path: pathOf(node), message: 'null_character' });
    else if (typeof v === 'string') {
      if (hasNul(v)) out.push({ path: pathOf(node), message: 'null_character' });
      else if (v.length > TEXT_MAX) out.push({ path: pathOf(node), message: 'text_too_long' });
    } else if (Array.isArray(v)) {
      // Pushed last first, so problems come out in the order of the request.
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        stack.push(hasNul(k) ? { value: undefined, key: k, parent: node, badKey: true } : { value: child, key: k, parent: node });
      }
    }
  }
  return out;
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => (data) => {
  // No body at all is checked as an empty one, so each missing field is named (as DRF does).
  const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
  const result = schema.safeParse(input, { reportInput: true });
  // NUL in any text, and any text over TEXT_MAX, is refused for every route, whatever its schema says.
  const nul = textProblems(input);
  if (result.success && !nul.length) return { value: result.data };
  // A malformed id in the path names no object: 404, as for an id that does not exist.
  if (httpPart === 'params') return { error: notFound() };
  const issues = result.success ? [] : result.error.issues;
  const flagged = new Set(issues.map((i) => i.path.map(String).join('.')));
  const extra = nul.filter((p) => !flagged.has(p.path.map(String).join('.')))
    .map(({ path, message }) => ({ code: 'custom' as const, path, message, input: undefined }));
  return { error: new RequestValidationError(new z.ZodError([...issues, ...extra])) };
};

/** PostgreSQL's integer: ids (serial columns) never exceed it. */
export const PG_INT_MAX = 2147483647;
/** Any integer a PostgreSQL integer column holds (ids the editor may send as 0 or negative for new rows). */
export const pgInt = () => z.number().int().min(-PG_INT_MAX - 1).max(PG_INT_MAX);
/** An id in a JSON body: 1..2147483647 (2^31 is 'Ensure this value is less than or equal to 2147483647.'). */
export const idNumber = () => z.number().int().min(1).max(PG_INT_MAX);
/** An id in a query string (text) or a body: 1..2147483647. */
export const idText = () => intText(idNumber());

/** Dates the business runs on: PostgreSQL stores years 4713 BC..294276 AD but no year 0, and
 * JavaScript's Date neither year 10000 nor +275760; we take 1900..2999. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const yearInRange = (v: string) => { const y = Number(v.slice(0, 4)); return y >= MIN_YEAR && y <= MAX_YEAR; };

/** Which shared date schema a schema is: the route walks of the tests find every date field by it
 * (#25: each must refuse impossible calendar dates, so each must be one of these). */
export type DateKind = 'date' | 'datetime' | 'instant';
const dateKinds = new WeakMap<object, DateKind>();
export const dateKindOf = (schema: unknown): DateKind | undefined => (schema && typeof schema === 'object' ? dateKinds.get(schema) : undefined);
const dateKind = <T extends ZodType>(kind: DateKind, schema: T): T => { dateKinds.set(schema, kind); return schema; };

/** 'YYYY-MM-DD', a real calendar day of years 1900..2999 (no 30 February, no 31 April). */
export const dateSchema = dateKind('date', z.string().trim().refine(isDate, { message: 'invalid_date', abort: true })
  .refine(yearInRange, { message: 'date_out_of_range' }));

// ISO 8601 as the staff form, the launcher and `new Date().toISOString()` write it: a day, then
// optionally a time ('T' or a space) with seconds and fraction, then optionally Z or an offset.
const INSTANT_RE = /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Whether a text is a real moment: Date.parse alone rolls 30 February over to 2 March and 24:00 to the next day (#25). */
export function isInstant(v: string, zoned = false): boolean {
  const m = INSTANT_RE.exec(v);
  if (!m) return false;
  const [, year, month, day, hours, minutes, seconds, zone] = m;
  // Years outside 0..9999 are left to the range check (Date.parse reads them); the day must exist.
  if (year!.length === 4 && !isDate(`${year}-${month}-${day}`)) return false;
  if (hours !== undefined && (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59)) return false;
  if (zone && zone.toUpperCase() !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(-2)) > 59)) return false;
  if (zoned && !zone) return false;
  return !Number.isNaN(Date.parse(v));
}
/** A moment as ISO 8601 text (with a zone, or without one: the location's clock), a real calendar
 * day and time of years 1900..2999. `zoned`: the zone is required (no location clock to read it on). */
export const instantText = (max = 40, { zoned = false } = {}) => dateKind('instant', z.string().trim().max(max)
  .refine((v) => isInstant(v, zoned), { message: 'invalid_datetime', abort: true })
  .refine((v) => { const y = new Date(Date.parse(v)).getUTCFullYear(); return y >= MIN_YEAR && y <= MAX_YEAR; }, { message: 'date_out_of_range' }));
/**
 * 'YYYY-MM-DD HH:mm', a wall-clock moment of the location, optionally with its UTC offset
 * ('2027-11-07 01:00-05:00'): the slots write it on the second occurrence of a repeated hour.
 */
export const dateTimeSchema = dateKind('datetime', z.string().trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}([+-]\d{2}:\d{2})?$/.test(v) && isDate(v.slice(0, 10)) && isTime(v.slice(11, 16))
    && (v.length === 16 || (Number(v.slice(17, 19)) <= 14 && Number(v.slice(20, 22)) < 60)), { message: 'invalid_datetime', abort: true })
  .refine(yearInRange, { message: 'date_out_of_range' }));

/**
 * An integer given as text (query strings) or as a number. Unlike z.coerce.number(), a missing
 * value stays missing ('This field is required.', as DRF says) instead of becoming NaN.
 */
export const intText = (schema: z.ZodNumber = z.number().int()) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

/** `source` of an order booked by staff: only the back-office's own code; `widget` is the server's,
 * for the widget's own bookings, and anything else is no source we know (#25: a closed set per caller). */
export const staffOrderSource = z.enum(STAFF_ORDER_SOURCES).nullable().optional().transform((v) => v ?? null);

/** The stored phone's form: optional leading plus, then digits only (the spec's validationPhone). */
export { PHONE_PATTERN } from "../../domain/validation";
import { normalizePhone } from "../../domain/phone";

/**
 * A phone as people type it (#40: `+7 (916) 123-45-67`, `8 916 123 45 67`, ...), passed on in its
 * stored form (`+79161234567`; domain/phone.ts, the rule the forms check it by). A too-long phone is
 * the same invalid_phone as a malformed one (one message, as the client's validationPhone).
 */
// Neither check aborts and the stored form is an overwrite, not a transform (it stays a string schema):
// a union with '' then names invalid_phone, not "Invalid value."; a too-long phone is said once, by its length.
export const phoneSchema = z.string().trim().max(TEXT_LIMITS.phone, { message: 'invalid_phone' })
  .refine((v) => v.length > TEXT_LIMITS.phone || normalizePhone(v) !== null, { message: 'invalid_phone' })
  .overwrite((v) => normalizePhone(v) ?? v);
export const emailSchema = z.string().trim().max(TEXT_LIMITS.email).pipe(z.email());
/** Ids in paths: a positive integer in plain decimal digits, else 404 like an unknown object
 * (`1.0`, `0x1`, `1e0` or ` 1` do not name object 1). */
export const idParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(2147483647));

/**
 * Which kind of money a schema takes (#41): the generated tests find every money field by it, as
 * dates by `dateKindOf`, never by a field's name. `positive`: money taken or given back (0 and
 * negatives refused); `zero_or_more`: a price that may be free; `signed`: an amount with its sign.
 */
export type MoneyKind = 'positive' | 'zero_or_more' | 'signed';
const moneyKinds = new WeakMap<object, MoneyKind>();
export const moneyKindOf = (schema: unknown): MoneyKind | undefined => (schema && typeof schema === 'object' ? moneyKinds.get(schema) : undefined);
/** Marks a money schema of its own (a price list's text, a promo code's discount) as one of the kinds above. */
export const moneyKind = <T extends ZodType>(kind: MoneyKind, schema: T): T => { moneyKinds.set(schema, kind); return schema; };

/**
 * An amount of money as the API takes it: a number or a decimal text ('1500', '1500.5', '1500,50',
 * a leading minus read so it can be refused by name), at most two decimals and `maxChars`
 * characters; passed on as '1500.50'. Not a union, whose failure would hide 'This field is required.'.
 */
export const amountSchema = (maxChars: number, invalid: MessageKey = 'invalid_number') => moneyKind('signed',
  // -0 kept as '-0' (String(-0) is '0'), so a money field that takes no sign refuses it (#43).
  z.preprocess((v) => (typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : v), z.string())
    .transform((v) => v.trim().replace(',', '.'))
    .pipe(z.string().min(1).max(maxChars).regex(/^-?\d+(\.\d{1,2})?$/, { message: invalid }))
    .transform(toMoneyString));

/**
 * Money taken or given back (a payment, a payment link, a top-up, a refund, a sale, a balance
 * transaction): above zero (#25). The one rule every such route uses, so the fuzzer can rely on it:
 * 0 and negatives are a field error 'amount_not_positive'.
 */
export const positiveAmount = (maxChars = 10, invalid: MessageKey = 'invalid_number') =>
  moneyKind('positive', amountSchema(maxChars, invalid).refine((v) => toCents(v) > 0, { message: 'amount_not_positive' }));

/** A price that may be zero where the record takes no money (a free order's cost); never negative. */
export const amountOrZero = (maxChars = 10, invalid: MessageKey = 'invalid_number') =>
  moneyKind('zero_or_more', amountSchema(maxChars, invalid).refine((v) => !v.startsWith('-') && toCents(v) >= 0, { message: 'amount_not_positive' }));
