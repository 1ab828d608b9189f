// The OpenAPI document (/api/docs/json): what @fastify/swagger derives from the routes' zod schemas,
// completed here in one place for every route, also those a generic helper registers later:
// - operationId from method and path (unless the route's schema names one);
// - the DRF error answers, from what the route declares: 400 {field: [messages]} when it takes a
//   body, a query, path parameters or a form; 401 and 403 {detail} when it needs a token (an /api
//   route without `config.public`); 404 {detail} when its path names something; 409 and 429 when
//   its config says `conflicts` (or `idempotent`: a key reused) or `throttled`;
// - the success answers from the route's `schema.answers` (status -> zod schema of the body, `null`
//   for no body, or `{content: {type: {schema}}}` for CSV, files, event streams): documented only,
//   never used to serialise, so an answer is sent exactly as the handler made it (the zod serializer
//   would strip fields and turn a mismatch into a 500); tests/api/openapi-conformance.test.ts walks
//   every route and checks each answer against the document;
// - 400 as errors by field, or also `{detail}` where a body is read (malformed JSON, the login's
//   wrong password); 401 where a token or the route's own credential (`config.authenticates`) is
//   checked (also a public route's optional staff token, `config.staffOptional`), 404 also where the body or query names a row (`config.notFound`), 413 and 415 where a body is read;
// - the optional `Idempotency-Key` header on the money writes whose config says `idempotent`;
// - `security: []` on the routes that need no token, the server (PUBLIC_URL), the licence.
// The routes' own schemas give the human `summary` (tests/api/openapi.test.ts lints the result).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** A success answer that is not JSON (a CSV, a file, a page, an event stream): its media types. */
export interface MediaAnswer { description?: string; content: Record<string, { schema: ZodType }> }
/** A route's success answers by status: the JSON body's schema, `null` for no body (204), or media types. */
export type Answers = Partial<Record<200 | 201 | 202 | 204, ZodType | MediaAnswer | null>>;

declare module 'fastify' {
  interface FastifySchema {
    /** What the route answers when it succeeds (documentation only: see the top of platform/openapi.ts). */
    answers?: Answers;
  }
  interface FastifyContextConfig {
    /** Checks a credential of its own (a stream ticket, a playground token) instead of the user token: may answer 401. */
    authenticates?: boolean;
    /** Refuses a credential of its own that it knows (403): a playground whose tech access has expired. */
    forbids?: boolean;
    /** Names a row in its body or query (an order, a payment): an unknown one or one of another location is 404. */
    notFound?: boolean;
    /** May answer 409: it waits for a booking lock, and a wait over the timeout is refused. */
    conflicts?: boolean;
    /** Rate-limited: may answer 429 with Retry-After. */
    throttled?: boolean;
    /** A money write that takes an Idempotency-Key (platform/idempotency.ts): a retry with the key answers the first result. */
    idempotent?: boolean;
  }
}

/** Where transform leaves a route's error answers for transformObject (removed from the document). */
const ERRORS_KEY = 'x-error-answers';
/** Where transform marks a route that reads a body (removed from the document): its 400 may be `{detail}`. */
const BODY_KEY = 'x-reads-body';
/** Where transform marks a route that takes an Idempotency-Key (removed from the document). */
const IDEMPOTENT_KEY = 'x-idempotent';
/** Who may call the route (its `config.access`, platform/access.ts): kept in the document and said in words. */
const ACCESS_KEY = 'x-access';

/** The access rule of a route in one sentence, for the operation's description. */
export function accessText(access: { minRole?: number; permissions?: string[] }): string {
  const parts: string[] = [];
  if (access.minRole !== undefined) parts.push(`a role of value ${access.minRole} or more at the location`);
  if (access.permissions?.length) parts.push(`the permission${access.permissions.length > 1 ? 's' : ''} ${access.permissions.map((p) => `\`${p}\``).join(', ')}`);
  return `Needs ${parts.join(' and ')} (else 403; a location where the caller has no role is 404).`;
}

/** Error answers by status: the shared response component each one refers to. */
const ERROR_RESPONSES = {
  400: 'BadRequest', 401: 'NotAuthenticated', 403: 'PermissionDenied', 404: 'NotFound', 409: 'Conflict', 413: 'TooLarge',
  415: 'UnsupportedMediaType', 429: 'Throttled',
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;
/** The 400 of a route that reads a body: errors by field, or `{detail}` (malformed JSON, a refusal of the whole request). */
const BAD_BODY = 'BadBody';

const detailResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
});

const COMPONENTS = {
  schemas: {
    Detail: {
      type: 'object',
      description: 'An error that is not about one field, in the language of Accept-Language.',
      required: ['detail'],
      properties: { detail: { type: 'string' } },
      example: { detail: 'Not found.' },
    },
    FieldErrors: {
      type: 'object',
      description: 'Validation errors by field name (DRF): a list of messages per field, errors of the whole body under '
        + '`non_field_errors`; nested fields give nested objects and lists (valid list entries are `{}`).',
      additionalProperties: { oneOf: [{ type: 'array', items: {} }, { type: 'object' }] },
      example: { persons: ['wrong persons number'] },
    },
  },
  responses: {
    BadRequest: {
      description: 'The request is not valid: errors by field.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/FieldErrors' } } },
    },
    [BAD_BODY]: {
      description: 'The request is not valid: errors by field, or `{detail}` when the body is not JSON or the request as a whole is refused.',
      content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }] } } },
    },
    TooLarge: detailResponse('The body is over the limit (1 MB; files 5 MB each).'),
    UnsupportedMediaType: detailResponse('The body is not of a type this route reads (JSON, or a form with files where the route takes files).'),
    NotAuthenticated: detailResponse('No token, or a token that is not valid (`Authorization: Token <key>`).'),
    PermissionDenied: detailResponse('The signed-in user may not do this (no role at the location, a role too low, a missing permission).'),
    NotFound: detailResponse('Nothing the caller may see has this id or key.'),
    Conflict: detailResponse('The booking lock could not be taken in time (another booking of the session is running): try again; '
      + 'or the Idempotency-Key was already used for another request.'),
    Throttled: {
      ...detailResponse('Too many requests from this client: try again after Retry-After seconds.'),
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    },
  },
  securitySchemes: {
    Token: { type: 'apiKey' as const, in: 'header', name: 'Authorization', description: '`Token <key>`, the key from POST /api/v2.1/login/.' },
  },
};

/** Needs `Authorization: Token`: every /api route that does not say `config.public` (see auth.ts). */
export function needsToken(route: Pick<RouteOptions, 'url' | 'config'>): boolean {
  return route.url.startsWith('/api/') && !(route.config as { public?: boolean } | undefined)?.public;
}

/** The DRF error answers of a route, from what it declares. */
export function errorAnswers(route: Pick<RouteOptions, 'url' | 'config' | 'schema'>): ErrorStatus[] {
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown; consumes?: string[] };
  const config = (route.config ?? {}) as { conflicts?: boolean; throttled?: boolean; authenticates?: boolean; notFound?: boolean; idempotent?: boolean; forbids?: boolean; staffOptional?: boolean };
  const hasPathParams = route.url.includes(':') || route.url.includes('*');
  const out: ErrorStatus[] = [];
  if (schema.body || schema.querystring || schema.params || readsBody(route)) out.push(400);
  // A public route that also takes a staff token (`staffOptional`, the desk's tablet) checks one when it is sent.
  if (needsToken(route) || config.authenticates || config.staffOptional) out.push(401);
  if (needsToken(route) || config.forbids || config.staffOptional) out.push(403);
  if (hasPathParams || config.notFound) out.push(404);
  // A booking lock not taken in time; an Idempotency-Key already used for another request.
  if (config.conflicts || config.idempotent) out.push(409);
  if (readsBody(route)) out.push(413, 415);
  if (config.throttled) out.push(429);
  return out;
}

/** Takes a JSON body or a form with files. */
export function readsBody(route: Pick<RouteOptions, 'schema'>): boolean {
  const schema = (route.schema ?? {}) as { body?: unknown; consumes?: string[] };
  return !!schema.body || !!schema.consumes?.includes('multipart/form-data');
}

/** Words for a success answer the route's schema does not describe itself. */
const SUCCESS_TEXT: Record<string, string> = { 200: 'Done.', 201: 'Created.', 202: 'Accepted.', 204: 'Done: no body.' };

/** The header of the money writes: one key per user action, so a retry after a lost answer is not a second write. */
const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: 'Any 1-200 visible ASCII characters, new for each action (e.g. a UUID). A retry with the same key and body answers '
    + 'the first result; the same key with another body is refused (409).',
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};

/** `GET /api/v2.1/locations/{id}/orders/` -> `getV21LocationsByIdOrders`. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split('/').filter((s) => s && s !== 'api').flatMap((segment) => {
    const param = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
    return (param ? `by_${param[1]}` : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  });
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * PUBLIC_URL, the address users reach; the default (localhost) is right only on the machine itself,
 * so then the document names its own server relatively ('/'), which works from any address.
 */
function serverOf(publicUrl: string): { url: string; description: string } {
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(publicUrl);
  return local || !publicUrl ? { url: '/', description: 'this server' } : { url: publicUrl, description: 'this server (PUBLIC_URL)' };
}

type Operation = Record<string, unknown> & { operationId?: string; responses?: Record<string, unknown> };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The schemas the operations refer to, directly or through other schemas: the zod registry holds
 * every record with an id (input and output forms), the document keeps those it uses.
 */
function usedSchemas(schemas: Record<string, unknown>, roots: unknown[]): Record<string, unknown> {
  const keep = new Set<string>();
  const refsOf = (value: unknown) => JSON.stringify(value).match(/#\/components\/schemas\/[\w.-]+/g)?.map((r) => r.split('/').pop()!) ?? [];
  const queue = roots.flatMap(refsOf);
  while (queue.length) {
    const name = queue.pop()!;
    if (keep.has(name) || !schemas[name]) continue;
    keep.add(name);
    queue.push(...refsOf(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)));
}

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod writes a nullable record as `{allOf: [{$ref}],
 * nullable: true}` (or with a bare `$ref`): the type is the referred schema's.
 */
function typeNullables(node: unknown, schemas: Record<string, { type?: string }>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) { node.forEach((n) => typeNullables(n, schemas)); return; }
  const o = node as Record<string, unknown>;
  if (o.nullable === true && o.type === undefined) {
    if (typeof o.$ref === 'string') { o.allOf = [{ $ref: o.$ref }]; delete o.$ref; }
    const refs = ((o.allOf ?? o.anyOf ?? o.oneOf ?? []) as { $ref?: string; type?: string }[])
      .map((s) => (s.$ref ? schemas[s.$ref.split('/').pop()!]?.type : s.type)).filter(Boolean);
    o.type = refs[0] ?? 'object';
  }
  for (const value of Object.values(o)) typeNullables(value, schemas);
}

export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Venue back-office API',
        version: '0.1.0',
        description: 'The API of the venue back-office (DRF conventions: paths end with `/`, errors are `{detail}` or errors by field).',
        license: { name: 'GPL-3.0-or-later', url: 'https://www.gnu.org/licenses/gpl-3.0.html' },
      },
      servers: [serverOf(publicUrl)],
      // The swagger plugin reads the security schemes while it builds each operation.
      components: { securitySchemes: COMPONENTS.securitySchemes },
      security: [{ Token: [] }],
    },
    transform: (document) => {
      // The success answers become the document's response schemas here, and only here: the route
      // itself has no `schema.response`, so nothing is serialised by them.
      const { answers, ...rest } = (document.schema ?? {}) as { answers?: Answers } & Record<string, unknown>;
      const withBody = Object.fromEntries(Object.entries(answers ?? {}).filter(([, a]) => a));
      const input = { ...document, schema: { ...rest, ...(Object.keys(withBody).length ? { response: withBody } : {}) } };
      const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: Record<string, unknown>; url: string };
      if (out.schema?.hide) return out;
      const response = { ...(out.schema.response as Record<string, unknown> | undefined) };
      for (const [status, a] of Object.entries(answers ?? {})) if (!a) response[status] = { type: 'null', description: SUCCESS_TEXT[status] };
      const { route } = document;
      const schema: Record<string, unknown> = { ...out.schema, [ERRORS_KEY]: errorAnswers(route), [BODY_KEY]: readsBody(route) };
      if (Object.keys(response).length) schema.response = response;
      if ((route.config as { idempotent?: boolean } | undefined)?.idempotent) schema[IDEMPOTENT_KEY] = true;
      const access = (route.config as { access?: { minRole?: number; permissions?: string[] } } | undefined)?.access;
      if (access) schema[ACCESS_KEY] = access;
      if (!needsToken(route)) schema.security = [];
      return { schema, url: out.url };
    },
    transformObject: (document) => {
      // The records named by `.meta({ id })` (shared response schemas) become components.
      const doc = ('openapiObject' in document ? jsonSchemaTransformObject(document) : {}) as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };
      for (const [path, item] of Object.entries(doc.paths ?? {})) {
        for (const method of METHODS) {
          if (!item[method]) continue;
          // A route with several methods shares one operation object: each method gets its own.
          const op: Operation = { ...item[method] };
          item[method] = op;
          op.operationId ??= operationIdOf(method, path);
          const answers = (op[ERRORS_KEY] ?? []) as ErrorStatus[];
          delete op[ERRORS_KEY];
          if (op[IDEMPOTENT_KEY]) op.parameters = [...((op.parameters as unknown[] | undefined) ?? []), IDEMPOTENCY_KEY_PARAMETER];
          delete op[IDEMPOTENT_KEY];
          const access = op[ACCESS_KEY] as { minRole?: number; permissions?: string[] } | undefined;
          if (access) op.description = [op.description, accessText(access)].filter(Boolean).join('\n\n');
          op.responses = { ...op.responses };
          for (const [status, answer] of Object.entries(op.responses)) {
            const a = answer as { description?: string };
            if (a.description === 'Default Response') op.responses[status] = { ...a, description: SUCCESS_TEXT[status] ?? 'Done.' };
          }
          const readsJson = !!op[BODY_KEY];
          delete op[BODY_KEY];
          for (const status of answers) {
            op.responses[status] ??= { $ref: `#/components/responses/${status === 400 && readsJson ? BAD_BODY : ERROR_RESPONSES[status]}` };
          }
        }
      }
      const used = new Set(JSON.stringify(doc.paths ?? {}).match(/#\/components\/responses\/\w+/g)?.map((r) => r.split('/').pop()));
      const responses = Object.fromEntries(Object.entries(COMPONENTS.responses).filter(([name]) => used.has(name)));
      const schemas: Record<string, unknown> = { ...doc.components?.schemas, ...COMPONENTS.schemas };
      doc.components = { ...doc.components, schemas: usedSchemas(schemas, [doc.paths, responses]), responses: { ...doc.components?.responses, ...responses } };
      typeNullables(doc, doc.components.schemas as Record<string, { type?: string }>);
      return doc as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
}
