// Routes that change a record, from declarations (#27), beside the lists (lists.ts). A write
// (create, update, delete or a named action) is one `defineWrite` in its module's `writes.ts`: the
// method and path, who may call it (`access`, as lists and screens declare it), the body's fields
// (the shared schemas of validation.ts and the text limits of domain/textLimits.ts, with their ru/en
// labels), what it answers, the service function it calls and what that service records (#41:
// `records`, its after-effects: the activity kind or why none, log entries, live events, webhooks,
// customer messages; recordEffects checks the service against it, and the generated tests read it).
// From that one object `registerWrite` makes the route: the zod validation of params, query and
// body (DRF-style 400s), the access check (access.ts), the OpenAPI entry with its success and error
// answers (openapi.ts), and so the authorisation matrix and the fuzzer (tests/api/routeWalk.ts),
// which read the route table. `registerAllWrites` finds every `server/modules/*/writes.ts`.
// The service keeps its own locks and transaction; the declaration only calls it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import type { Label } from '../../domain/enumLabels';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import type { RouteAccess } from './access';
import type { WriteRecords } from './effects';
import { currentUser, type AuthUser } from './auth';
import { fieldError } from './errors';
import type { Lang, MessageKey } from './messages';
import { idParam } from './validation';

export type WriteKind = 'create' | 'update' | 'delete' | 'action';
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a write's service call gets: the caller, the validated input and the app's dependencies. */
export interface WriteContext<P, Q, B> {
  db: Db;
  deps: Deps;
  user: AuthUser;
  params: P;
  query: Q;
  body: B;
  lang: Lang;
  /** For what the input schemas cannot say (a multipart upload's parts). */
  request: FastifyRequest;
}

/** The path parameters of a path with `:id` (a positive id, else 404). */
const idParams = z.object({ id: idParam });
type Shape = Record<string, ZodType>;
type Body<F extends Shape> = z.output<z.ZodObject<F, z.core.$strict>>;

export interface WriteDeclaration<P extends ZodType = typeof idParams, Q extends ZodType = ZodType<Record<string, never>>, F extends Shape = Record<string, never>> {
  kind: WriteKind;
  /** create and action: POST; update: PUT; delete: DELETE; unless given. */
  method?: Method;
  path: string;
  summary: string;
  tags: string[];
  /** Who may call it: the access of its screen (platform/access.ts); the service checks the role where the location becomes known. */
  access?: RouteAccess;
  /** Further answers it may give (openapi.ts): `notFound` (the body names a row), `conflicts` (a lock), `idempotent` (a money write). */
  answersAlso?: { notFound?: boolean; conflicts?: boolean; idempotent?: boolean };
  /** `{ id }` for a path with `:id`, unless given. */
  params?: P;
  query?: Q;
  /** The JSON body's fields (a strict object: an unknown field is a 400); none: no body is read. */
  fields?: F;
  /** The fields' labels as the screens show them (tests/unit/writePairs.test.ts checks the form's against them). */
  labels?: Partial<Record<keyof F, Label>>;
  /**
   * #41 The record a create makes, as the paths of the other writes of that record name it:
   * `/<segment>/:id/` (default: the create's own last path segment) with its answer's `key` (default
   * `id`). The generated tests update, delete and act on the record their create made, and the
   * authorisation matrix makes its victim rows so (`recordOf`).
   */
  record?: { segment?: string; key?: string };
  /**
   * #41 Values for body or query fields whose type cannot say which value is valid (a row's id, one
   * of the location's rates, an address that answers): a value, or a function of the test's context
   * (`ExampleContext`: the location, the records the tests' creates made). Every other field is
   * sampled from its schema's type (tests/api/routeWalk.ts `sample`).
   */
  examples?: { [K in keyof F]?: unknown } & Record<string, unknown>;
  /**
   * #41 Where the generated read-back test (tests/api/writes.test.ts) reads a create or an update
   * back, and how (`ReadBack`); or why it cannot be read back (the test prints it).
   */
  readBack?: ReadBack<F> | { none: string };
  /** A multipart upload (the service reads `request.parts()`), instead of `fields`. */
  upload?: boolean;
  /** The success answer's body (null: none); its status: create 201, delete 204, else 200, unless `status`. */
  answer: ZodType | null;
  status?: 200 | 201 | 204;
  /**
   * The field a unique index of the table is about: a row that would repeat it (PostgreSQL's 23505,
   * also when two saves race) is a 400 on that field (`value_taken` unless `message`), never a 500.
   */
  unique?: { field: keyof F & string; message?: MessageKey };
  /** What its service records in its transaction with recordEffects (platform/effects.ts): its activity entry or why none, its live events... */
  records: WriteRecords;
  run: (ctx: WriteContext<z.output<P>, z.output<Q>, Body<F>>) => Promise<unknown>;
}

/** What a function in `examples` gets: where the generated tests make the write, and what they made before. */
export interface ExampleContext {
  /** The location the tests make their writes at. */
  location: number;
  /** The answer of the create the tests made of a record (`recordOf(...).segment`), e.g. `made('certificate_rates').rate`. */
  made: (segment: string) => Record<string, any>;
  /** A number not used before in the test file (a text that must be unique). */
  unique: number;
  /** The caller: its id and its `uid` (a certificate's seller). */
  caller: { id: number; uid: string };
}

/**
 * #41 How a saved record is read back: every sent field must equal what the write's schema makes of
 * it (zod's output: trimmed texts, a phone's stored form, an amount as '1500.00'), after the
 * service's own normalisation declared here.
 */
export interface ReadBack<F extends Shape = Shape> {
  /**
   * The GET that answers the saved record: `:location` is the location it was saved at, `:id` the
   * record's id (the create's answer's `record` key, or the path id of an update). An array or a
   * `results` page: its entry with that `id`; an object: the record itself.
   */
  path: string;
  /** The record in the GET's answer when it is neither (a location's games: the whole list is the one record). */
  find?: (answer: any, id: unknown) => Record<string, unknown> | undefined;
  /** Fields the GET answers under another name. */
  as?: { [K in keyof F]?: string };
  /** The value a field reads back as when the service makes more of it than the schema (lower-cased, derived): from the schema's output and the whole parsed body. */
  normalised?: { [K in keyof F]?: (value: any, body: Record<string, any>) => unknown };
  /** Write-only fields (secrets): read back as `<field>_set: true`, never their value. */
  writeOnly?: (keyof F & string)[];
  /** Fields the GET does not answer, and why (the test prints it). */
  unread?: { [K in keyof F]?: string };
}

const WRITE = Symbol('write declaration');

/** Declares a write (types only; `registerAllWrites` finds it by this mark). */
export function defineWrite<P extends ZodType = typeof idParams, Q extends ZodType = ZodType<Record<string, never>>, F extends Shape = Record<string, never>>(
  declaration: WriteDeclaration<P, Q, F>,
): WriteDeclaration<P, Q, F> {
  return Object.assign(declaration, { [WRITE]: true });
}

export function isWriteDeclaration(value: unknown): value is WriteDeclaration<any, any, any> {
  return typeof value === 'object' && value !== null && WRITE in value;
}

const METHOD: Record<WriteKind, Method> = { create: 'POST', update: 'PUT', delete: 'DELETE', action: 'POST' };
const STATUS: Record<WriteKind, 200 | 201 | 204> = { create: 201, update: 200, delete: 204, action: 200 };

export const writeMethod = (d: WriteDeclaration<any, any, any>): Method => d.method ?? METHOD[d.kind];
export const writeStatus = (d: WriteDeclaration<any, any, any>): 200 | 201 | 204 => d.status ?? STATUS[d.kind];
/** The body's schema: the declared fields, nothing else. */
export const writeBody = (d: WriteDeclaration<any, any, any>): ZodType | undefined => (d.fields ? z.strictObject(d.fields) : undefined);

/** PostgreSQL's unique violation (SQLSTATE 23505), also when drizzle wraps it as the cause. */
function uniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function registerWrite(app: FastifyInstance, deps: Deps, d: WriteDeclaration<any, any, any>): void {
  const status = writeStatus(d);
  const params = d.params ?? (d.path.includes(':id') ? idParams : undefined);
  const body = writeBody(d);
  const config = { ...(d.access ? { access: d.access } : {}), ...d.answersAlso, records: d.records };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: writeMethod(d),
    url: d.path,
    config,
    schema: {
      summary: d.summary, tags: d.tags,
      ...(params ? { params } : {}),
      ...(d.query ? { querystring: d.query } : {}),
      ...(body ? { body } : {}),
      ...(d.upload ? { consumes: ['multipart/form-data'] } : {}),
      answers: { [status]: d.answer },
    },
    handler: async (request, reply) => {
      const answer = await d.run({
        db: deps.db, deps, user: currentUser(request), params: request.params, query: request.query, body: request.body as Record<string, unknown>, lang: request.lang, request,
      }).catch((error: unknown) => {
        if (d.unique && uniqueViolation(error)) throw fieldError(d.unique.field, d.unique.message ?? 'value_taken');
        throw error;
      });
      return status === 204 ? reply.status(204).send() : reply.status(status).send(answer);
    },
  });
}

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'modules');

const declaredIn = new WeakMap<object, string>();
const exportedAs = new WeakMap<object, string>();
/** Where a write is declared, as a failing test names it: `server/modules/tools/writes.ts (createPromocode)`. */
export const writeSource = (d: WriteDeclaration<any, any, any>): string => `${declaredIn.get(d) ?? 'server/modules/*/writes.ts'}${exportedAs.has(d) ? ` (${exportedAs.get(d)})` : ''}`;

/** The record a create makes (its `record`, else its last path segment and the answer's `id`). */
export function recordOf(d: WriteDeclaration<any, any, any>): { segment: string; key: string } {
  return { segment: d.record?.segment ?? d.path.split('/').filter((s) => s && !s.startsWith(':')).at(-1)!, key: d.record?.key ?? 'id' };
}

/** Every write declared in `server/modules/<area>/writes.ts`, in a stable order. */
export async function declaredWrites(): Promise<WriteDeclaration<any, any, any>[]> {
  const found: WriteDeclaration<any, any, any>[] = [];
  for (const area of fs.readdirSync(modulesDir).sort()) {
    const file = path.join(modulesDir, area, 'writes.ts');
    if (!fs.existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isWriteDeclaration(value)) continue;
      found.push(value);
      declaredIn.set(value, `server/modules/${area}/writes.ts`);
      exportedAs.set(value, name);
    }
  }
  return found;
}

export async function registerAllWrites(app: FastifyInstance, deps: Deps): Promise<void> {
  for (const d of await declaredWrites()) registerWrite(app, deps, d);
}
