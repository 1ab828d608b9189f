// Checks answers against the API document (/api/docs/json): is the status documented for the
// operation, and is the body valid against that answer's schema (Ajv)? Used by the conformance
// walk (openapi-conformance.test.ts) and, with OPENAPI_CHECK=1, by every harness: then each answer
// an API test file gets is checked when the file closes (harness.ts), e.g.
// `OPENAPI_CHECK=1 npx vitest run --project api tests/api/booking.test.ts`.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface Answer { description?: string; content?: Record<string, { schema?: object }>; $ref?: string }
export interface Operation { responses: Record<string, Answer> }
export interface ApiDocument { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> }

/** `/api/v2.1/locations/:id/` -> `/api/v2.1/locations/{id}/`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: the schema or `null` (Ajv takes `nullable` only
 * beside a plain `type`; the document has it beside `allOf` of a record too).
 */
function jsonSchemaOf(value: unknown): any {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([n, s]) => [n, jsonSchemaOf(s)])) : jsonSchemaOf(v);
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

export class DocumentChecker {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: ApiDocument) {
    // OpenAPI's `example`, `description` and the like are not JSON Schema keywords Ajv knows.
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ components: { schemas: jsonSchemaOf(doc.components.schemas ?? {}) } }, 'openapi');
  }

  operation(method: string, url: string): Operation | undefined {
    return this.doc.paths[openApiPath(url)]?.[method.toLowerCase()];
  }

  resolve(answer: Answer): Answer {
    if (!answer.$ref) return answer;
    return this.doc.components.responses![answer.$ref.split('/').pop()!] as Answer;
  }

  private validatorOf(schema: object): ValidateFunction {
    // Refs into the document's components, resolved through the schema added as `openapi`.
    const text = JSON.stringify(jsonSchemaOf(schema)).replace(/"#\/components\//g, '"openapi#/components/');
    let v = this.validators.get(text);
    if (!v) { v = this.ajv.compile(JSON.parse(text)); this.validators.set(text, v); }
    return v;
  }

  /** What is wrong with an answer of the route (its url as registered, `:id`) by the document; undefined when it describes it. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): string | undefined {
    const op = this.operation(method, url);
    if (!op) return 'the operation is not in the document';
    const documented = op.responses[String(status)];
    if (!documented) return `status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')}) ${body.slice(0, 120)}`;
    const answer = this.resolve(documented);
    if (status === 204 || body === '') return answer.content && status !== 204 ? `an empty body, the document says ${Object.keys(answer.content)}` : undefined;
    const type = (contentType ?? '').split(';')[0]!.trim();
    const media = answer.content?.[type];
    if (!media) return `${status} ${type} is not documented (documented: ${Object.keys(answer.content ?? {}).join(', ') || 'no body'})`;
    if (type !== 'application/json') return undefined;
    if (!media.schema) return `${status} has no schema`;
    const validate = this.validatorOf(media.schema);
    if (validate(JSON.parse(body))) return undefined;
    return `${status} body does not match: ${this.ajv.errorsText(validate.errors?.slice(0, 3))} in ${body.slice(0, 200)}`;
  }
}
