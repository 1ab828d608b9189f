// DRF-compatible errors: 400 {field: ["message"]}, 401/403/404/429 {detail: "message"}.
// Messages are resolved in the request's language when the error is sent.
import { FAILOVER_SQLSTATE } from '../db/client';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ZodError } from 'zod';
import { pickLanguage, serverMessages, translate, type Lang, type MessageKey, type MessageParams } from './messages';

type Text = { key: MessageKey; params?: MessageParams } | { raw: string };
export type FieldErrors = Record<string, Text[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail?: Text,
    readonly fields?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail && 'key' in detail ? detail.key : 'api error');
  }

  body(lang: Lang): Record<string, unknown> {
    const text = (t: Text) => ('raw' in t ? t.raw : translate(lang, t.key, t.params));
    if (this.fields) return nestFieldErrors(Object.entries(this.fields).map(([f, list]) => [f, list.map(text)]));
    return { detail: this.detail ? text(this.detail) : '' };
  }
}

/**
 * Dotted paths to DRF's nested shape: `items.1.pricing.0.start` becomes
 * `{items: [{}, {pricing: [{start: [...]}]}]}` (valid list entries are `{}`, as DRF writes them).
 */
function nestFieldErrors(entries: [string, string[]][]): Record<string, unknown> {
  // No prototype: field names come from the request (`constructor`, `__proto__` are names too).
  const root: Record<string, unknown> = Object.create(null);
  for (const [path, messages] of entries) {
    const parts = path.split('.');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      if (last) {
        node[key] = [...(Array.isArray(node[key]) && typeof node[key][0] === 'string' ? node[key] : []), ...messages];
        return;
      }
      if (node[key] === undefined || typeof node[key] !== 'object') node[key] = nextIsIndex ? [] : {};
      node = node[key];
      if (Array.isArray(node) && nextIsIndex) {
        const index = Number(parts[i + 1]);
        for (let j = 0; j <= index; j++) if (node[j] === undefined) node[j] = {};
      }
    });
  }
  return root;
}

export const notAuthenticated = () =>
  new ApiError(401, { key: 'not_authenticated' }, undefined, { 'WWW-Authenticate': 'Token' });
export const invalidToken = () =>
  new ApiError(401, { key: 'invalid_token' }, undefined, { 'WWW-Authenticate': 'Token' });
export const permissionDenied = (key: MessageKey = 'permission_denied') => new ApiError(403, { key });
/** The 409 of a lock wait over LOCK_TIMEOUT, or of a deadlock (platform/locks.ts): counted apart in /metrics. */
export class LockConflictError extends ApiError {}

export const notFound = () => new ApiError(404, { key: 'not_found' });
export const badRequestDetail = (key: MessageKey, params?: MessageParams) => new ApiError(400, { key, params });
export const throttled = (seconds: number) =>
  new ApiError(429, { key: 'throttled', params: { seconds } }, undefined, { 'Retry-After': String(seconds) });

/** 400 with one message on one field (`non_field_errors` for the whole body). */
export function fieldError(field: string, key: MessageKey, params?: MessageParams): ApiError {
  return new ApiError(400, undefined, { [field]: [{ key, params }] });
}

/** A request body or query that failed its zod schema. */
export class RequestValidationError extends ApiError {
  constructor(zodError: ZodError) {
    super(400, undefined, zodIssuesToFields(zodError));
  }
}

const isMessageKey = (s: string): s is MessageKey => s in serverMessages.en;

function zodIssuesToFields(error: ZodError): FieldErrors {
  const fields: FieldErrors = Object.create(null);
  const add = (path: PropertyKey[], text: Text) => {
    const name = path.length ? path.map(String).join('.') : 'non_field_errors';
    (fields[name] ??= []).push(text);
  };
  for (const issue of error.issues) {
    const i = issue as typeof issue & Record<string, unknown>;
    // A schema that names a message key as its message gets exactly that message.
    if (issue.code !== 'unrecognized_keys' && isMessageKey(issue.message) && !(issue.code === 'invalid_type' && i.input === undefined)) {
      add(issue.path, { key: issue.message });
      continue;
    }
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) add([...issue.path, key], { key: 'unknown_field' });
        break;
      case 'invalid_type': {
        if (i.input === undefined || i.input === null) add(issue.path, { key: 'required' });
        else {
          const expected = String(issue.expected);
          const key: MessageKey =
            expected === 'string' ? 'invalid_string'
            : expected === 'int' ? 'invalid_integer'
            : expected === 'number' ? 'invalid_number'
            : expected === 'boolean' ? 'invalid_boolean'
            : expected === 'array' ? 'invalid_list'
            : expected === 'object' ? 'invalid_object'
            : 'invalid';
          add(issue.path, { key });
        }
        break;
      }
      case 'too_big':
        add(issue.path, issue.origin === 'string'
          ? { key: 'max_length', params: { max: Number(issue.maximum) } }
          : { key: 'max_value', params: { max: Number(issue.maximum) } });
        break;
      case 'too_small':
        if (issue.origin === 'string') {
          add(issue.path, Number(issue.minimum) <= 1 ? { key: 'blank' } : { key: 'min_length', params: { min: Number(issue.minimum) } });
        } else add(issue.path, { key: 'min_value', params: { min: Number(issue.minimum) } });
        break;
      case 'invalid_format':
        add(issue.path, { key: isMessageKey(issue.message) ? issue.message
          : issue.format === 'email' ? 'invalid_email' : issue.format === 'uuid' ? 'invalid_uuid' : 'invalid' });
        break;
      case 'invalid_value':
        // A missing choice is missing, not a wrong choice (DRF: 'This field is required.').
        add(issue.path, { key: i.input === undefined || i.input === null ? 'required' : 'invalid_choice' });
        break;
      case 'invalid_union':
        // A value that may be a number or a text (amounts, costs): missing is missing.
        add(issue.path, { key: i.input === undefined || i.input === null ? 'required' : 'invalid' });
        break;
      case 'custom': {
        // Refinements name a message key as their message.
        add(issue.path, { key: isMessageKey(issue.message) ? issue.message : 'invalid' });
        break;
      }
      default:
        add(issue.path, { key: 'invalid' });
    }
  }
  return fields;
}

/** #48 Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const DB_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const POOL_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * #48 An error that says the database cannot be reached now: the network (refused, reset, timed
 * out), the pool's wait for a connection, a connection cut, or a failover's SQLSTATE (db/client.ts).
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || FAILOVER_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && POOL_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** A PostgreSQL data exception (SQLSTATE class 22), also when drizzle wraps it as the cause. */
export function postgresDataError(error: unknown): { code: string; message: string } | null {
  for (let e = error as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string') {
      return { code: e.code, message: String(e.message) };
    }
  }
  return null;
}

/** Fastify's errors before any route is found (`frameworkErrors`: a malformed %-encoding in the
 * path), in the DRF shape and the caller's language like every other error. */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLanguage(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ detail: translate(lang, error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'invalid') });
}

/** Maps every error to the DRF shape; nothing reaches the client as an HTML page or a stack.
 * `notFoundHandler` replaces the JSON 404 (app.ts passes one that serves the built SPA's pages);
 * Fastify allows one 404 handler per prefix, so it is set here exactly once. */
export function installErrorHandling(app: FastifyInstance, notFoundHandler?: RouteHandlerMethod): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const lang = request.lang;
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send(error.body(lang));
    }
    const code = (error as FastifyError).code;
    const status = (error as FastifyError).statusCode ?? 500;
    // #48 The database is unreachable, restarting or read-only after a failover: not our fault and not
    // the client's; a load balancer or client tries again shortly (never a 500, never a hang).
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_SECONDS)).send({ detail: translate(lang, 'database_unavailable') });
    }
    // The safety net under the schemas: a value PostgreSQL refused as data (SQLSTATE class 22: too
    // long, out of range, a date it cannot store, NUL, bad text) is the client's input, not our fault.
    const dataError = postgresDataError(error);
    if (dataError) {
      request.log.warn({ sqlstate: dataError.code, message: dataError.message }, 'database refused a value of the request');
      return reply.status(400).send({ non_field_errors: [translate(lang, 'invalid_input')] });
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ detail: translate(lang, 'parse_error', { reason: error.message }) });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: translate(lang, 'unsupported_media_type', { type: request.headers['content-type'] ?? '' }) });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ detail: translate(lang, 'too_large') });
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return reply.status(413).send({ detail: translate(lang, 'too_large') });
    }
    if (code === 'FST_ERR_RATE_LIMITED' || status === 429) {
      return reply.status(429).send({ detail: translate(lang, 'throttled', { seconds: 60 }) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: translate(lang, 'server_error') });
  });

  app.setNotFoundHandler(notFoundHandler ?? ((request, reply) => {
    reply.status(404).send({ detail: translate(request.lang, 'not_found') });
  }));
}
