// Request validation with zod. Every route declares its body/query/params schemas; a failure
// becomes a DRF-style 400 in the request's language (see errors.ts).
import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import { isDate, isTime } from '../../domain/businessDay';
import { TEXT_LIMITS, TEXT_MAX } from '../../domain/textLimits';
import { toMoneyString } from '../../domain/money';
import { toCents } from '../../domain/pricing';
import type { MessageKey } from './messages';
import { notFound, RequestValidationError } from './errors';

// ---- The shared input rules (issue 16): what PostgreSQL can store, checked before it is asked ----

/** No text field anywhere may hold NUL: PostgreSQL's text cannot store it (SQLSTATE 22021). */
export const hasNul = (s: string) => s.includes('\u0000');

/** Where NUL sits in a request part (every text, at any depth, object keys included), and texts
 * longer than TEXT_MAX (#18: no field may store an unbounded text, whatever its schema says). */
function textProblems(value: unknown, path: PropertyKey[] = [], out: { path: PropertyKey[]; message: string }[] = []) {
  if (typeof value === 'string') {
    if (hasNul(value)) out.push({ path, message: 'null_character' });
    else if (value.length > TEXT_MAX) out.push({ path, message: 'text_too_long' });
  } else if (Array.isArray(value)) value.forEach((v, i) => textProblems(v, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasNul(k)) out.push({ path: [...path, k], message: 'null_character' });
      else textProblems(v, [...path, k], out);
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
/** 'YYYY-MM-DD', a real calendar day of years 1900..2999. */
export const dateSchema = z.string().trim().refine(isDate, { message: 'invalid_date', abort: true })
  .refine(yearInRange, { message: 'date_out_of_range' });
/** A moment as any text Date.parse reads (ISO with a zone, ...), of years 1900..2999. */
export const instantText = (max = 40) => z.string().trim().max(max)
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'invalid_datetime', abort: true })
  .refine((v) => { const y = new Date(Date.parse(v)).getUTCFullYear(); return y >= MIN_YEAR && y <= MAX_YEAR; }, { message: 'date_out_of_range' });
/**
 * 'YYYY-MM-DD HH:mm', a wall-clock moment of the location, optionally with its UTC offset
 * ('2027-11-07 01:00-05:00'): the slots write it on the second occurrence of a repeated hour.
 */
export const dateTimeSchema = z.string().trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}([+-]\d{2}:\d{2})?$/.test(v) && isDate(v.slice(0, 10)) && isTime(v.slice(11, 16))
    && (v.length === 16 || (Number(v.slice(17, 19)) <= 14 && Number(v.slice(20, 22)) < 60)), { message: 'invalid_datetime', abort: true })
  .refine(yearInRange, { message: 'date_out_of_range' });

/**
 * An integer given as text (query strings) or as a number. Unlike z.coerce.number(), a missing
 * value stays missing ('This field is required.', as DRF says) instead of becoming NaN.
 */
export const intText = (schema: z.ZodNumber = z.number().int()) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

/** Phone: optional leading plus, then digits only (the spec's validationPhone). */
export { PHONE_PATTERN } from "../../domain/validation";
import { PHONE_PATTERN } from "../../domain/validation";

// A too-long phone is the same invalid_phone as a malformed one (one message, as the client's validationPhone).
export const phoneSchema = z.string().trim().max(TEXT_LIMITS.phone, { message: 'invalid_phone' }).regex(PHONE_PATTERN, { message: 'invalid_phone' });
export const emailSchema = z.string().trim().max(TEXT_LIMITS.email).pipe(z.email());
/** Ids in paths: a positive integer in plain decimal digits, else 404 like an unknown object
 * (`1.0`, `0x1`, `1e0` or ` 1` do not name object 1). */
export const idParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(2147483647));

/**
 * An amount of money as the API takes it: a number or a decimal text ('1500', '1500.5', '1500,50',
 * a leading minus read so it can be refused by name), at most two decimals and `maxChars`
 * characters; passed on as '1500.50'. Not a union, whose failure would hide 'This field is required.'.
 */
export const amountSchema = (maxChars: number, invalid: MessageKey = 'invalid_number') =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string())
    .transform((v) => v.trim().replace(',', '.'))
    .pipe(z.string().min(1).max(maxChars).regex(/^-?\d+(\.\d{1,2})?$/, { message: invalid }))
    .transform(toMoneyString);

/**
 * Money taken or given back (a payment, a payment link, a top-up, a refund, a sale, a balance
 * transaction): above zero (#25). The one rule every such route uses, so the fuzzer can rely on it:
 * 0 and negatives are a field error 'amount_not_positive'.
 */
export const positiveAmount = (maxChars = 10, invalid: MessageKey = 'invalid_number') =>
  amountSchema(maxChars, invalid).refine((v) => toCents(v) > 0, { message: 'amount_not_positive' });

/** A price that may be zero where the record takes no money (a free order's cost); never negative. */
export const amountOrZero = (maxChars = 10, invalid: MessageKey = 'invalid_number') =>
  amountSchema(maxChars, invalid).refine((v) => toCents(v) >= 0, { message: 'amount_not_positive' });
