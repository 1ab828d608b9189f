// Request validation with zod. Every route declares its body/query/params schemas; a failure
// becomes a DRF-style 400 in the request's language (see errors.ts).
import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';
import { notFound, RequestValidationError } from './errors';

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => (data) => {
  // No body at all is checked as an empty one, so each missing field is named (as DRF does).
  const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { value: result.data };
  // A malformed id in the path names no object: 404, as for an id that does not exist.
  if (httpPart === 'params') return { error: notFound() };
  return { error: new RequestValidationError(result.error) };
};

/**
 * An integer given as text (query strings) or as a number. Unlike z.coerce.number(), a missing
 * value stays missing ('This field is required.', as DRF says) instead of becoming NaN.
 */
export const intText = (schema: z.ZodNumber = z.number().int()) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);

/** Phone: optional leading plus, then digits only (the spec's validationPhone). */
export { PHONE_PATTERN } from "../../domain/validation";
import { PHONE_PATTERN } from "../../domain/validation";

export const phoneSchema = z.string().trim().max(20).regex(PHONE_PATTERN, { message: 'invalid_phone' });
export const emailSchema = z.string().trim().max(254).pipe(z.email());
/** Ids in paths: a positive integer in plain decimal digits, else 404 like an unknown object
 * (`1.0`, `0x1`, `1e0` or ` 1` do not name object 1). */
export const idParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(2147483647));
