// Making the declared writes (server/modules/*/writes.ts) as a person would (#41), for the generated
// tests: the read-back and activity tests (writes.test.ts) and the authorisation matrix's victims.
// A body is sampled from the write's schema's types (routeWalk.ts `sample`, every field sent), with
// the write's `examples` where a type cannot say which value is valid (a row the tests made). A path
// names the location the tests work at (`/locations/:id/`) and, elsewhere, a record a declared create
// made (`recordOf`: the create whose record the segment before the parameter names).
import type { LightMyRequestResponse } from 'fastify';
import { recordOf, writeBody, writeMethod, writeSource, type ExampleContext, type WriteDeclaration } from '../../server/platform/writes';
import type { Harness } from './harness';
import { enc, noHints, sample, toQuery, type Hints } from './routeWalk';

export type Write = WriteDeclaration<any, any, any>;

/**
 * The year of the dates the writes are made with: one no demo data has a day of (the demo's holidays
 * are this year's and the next), each body a day later than the one before.
 */
export const SAMPLE_YEAR = 2040;

/** Whether a write's path names a record (`/promocodes/:id/`), not only the location (`/locations/:id/widget_settings/`). */
export const namesRecord = (d: Write): boolean => d.path.split('/').some((s, i, all) => s.startsWith(':') && all[i - 1] !== 'locations');

/** An example names a record the tests have not made yet: the write waits for its create. */
export class NotMadeYet extends Error {
  constructor(readonly segment: string) { super(`no record of /${segment}/ made yet`); }
}

/** An activity entry as the table keeps it. */
export interface ActivityRow { id: number; user_id: number | null; location_id: number | null; kind: string; subject: string; before: unknown; after: unknown }

export interface Made {
  d: Write;
  url: string;
  body: unknown;
  res: LightMyRequestResponse;
  /** The answer's JSON (null: none). */
  answer: any;
  /** The activity entries written while the write itself ran (not the records made for it before). */
  activity: ActivityRow[];
}

/** A multipart request's body and headers (an upload: its parts are no declared fields). */
export type Upload = { payload: Buffer; headers: Record<string, string> };

export interface MakerOptions {
  targets?: Targets;
  /** What the sampled texts of a write start with (the authorisation matrix's marker on a location's records). */
  tag?: (d: Write) => string;
  /** How to make an upload (`upload: true`): its parts, by `METHOD path`. */
  uploads?: Record<string, () => Upload>;
}

/**
 * Records no declared create makes (their create is a hand-written route), made by the tests: a
 * person with a role at the location (an invitation accepted), named as `/staff/:user_id/` and
 * `/accounts/:id/`. A new path that names one of them fails with what to add here.
 */
export type Targets = Record<string, (location: number) => Promise<number | string>>;

export class WriteMaker {
  /** The first record each create made, by the path segment that names it (`made('promocodes')`). */
  readonly made = new Map<string, any>();
  private counter = 0;
  private bodies = 0;

  constructor(
    readonly h: Harness,
    readonly token: string,
    readonly location: number,
    readonly caller: { id: number; uid: string },
    readonly writes: Write[],
    readonly options: MakerOptions = {},
  ) {}

  unique(): number { return ++this.counter; }

  context(): ExampleContext {
    return {
      location: this.location,
      made: (segment) => {
        const answer = this.made.get(segment);
        if (answer === undefined) throw new NotMadeYet(segment);
        return answer;
      },
      unique: this.unique(),
      caller: this.caller,
    };
  }

  /** The write's examples as hints by field name (a function of the context is called now). */
  private hints(d: Write): Hints {
    const examples = (d.examples ?? {}) as Record<string, unknown>;
    if (!Object.keys(examples).length) return noHints;
    const at = this.context();
    const values = Object.fromEntries(Object.entries(examples).map(([k, v]) => [k, typeof v === 'function' ? v(at) : v]));
    return (name, path) => (path.length === 1 && name in values ? values[name] : undefined);
  }

  /** A body of every field, sampled from the schema's types (`variant` 1: other values than 0's). */
  body(d: Write, variant = 0): unknown {
    const schema = writeBody(d);
    if (!schema) return undefined;
    const body = sample(schema, this.hints(d), [], { full: true, variant, unique: () => this.unique(), tag: this.options.tag?.(d) ?? 'Tx', year: SAMPLE_YEAR, day: ++this.bodies });
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new Error(`${writeSource(d)}: the body sampled from its schema's types is refused by the schema itself (${JSON.stringify(body)}: `
        + `${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}); give the field a value in \`examples\` there`);
    }
    return body;
  }

  /** The query, when the write takes one: its examples (a holiday's location), else sampled. */
  query(d: Write): string {
    if (!d.query) return '';
    return toQuery(sample(d.query, this.hints(d), [], { full: false }));
  }

  /** The record of a path segment: one made for this write (`fresh`: an update or a delete gets its own), else the first one. */
  async target(segment: string, fresh: boolean, key?: string): Promise<number | string> {
    const create = this.writes.find((c) => c.kind === 'create' && recordOf(c).segment === segment);
    if (create) {
      const answer = fresh ? (await this.make(create)).answer : this.made.get(segment) ?? (await this.make(create)).answer;
      const one = Array.isArray(answer) ? answer[0] : answer;
      const value = one?.[key ?? recordOf(create).key];
      if (value === undefined || value === null) throw new Error(`${writeSource(create)} made no record for /${segment}/ (${JSON.stringify(answer)?.slice(0, 200)})`);
      return value;
    }
    const made = this.options.targets?.[segment];
    if (made) return made(this.location);
    throw new Error(`no declared create makes the record a path names by /${segment}/:...: declare \`record: { segment: '${segment}' }\` on its create `
      + `(server/modules/<area>/writes.ts), or, when its create is a hand-written route, add how to make one to \`targets\` in tests/api/writes.test.ts`);
  }

  /** The write's path: the location at `/locations/:id/`, else a record its create made. */
  async path(d: Write, fresh: boolean): Promise<string> {
    const segments = d.path.split('/');
    const out: string[] = [];
    for (const [i, s] of segments.entries()) {
      if (!s.startsWith(':')) { out.push(s); continue; }
      const before = segments[i - 1] ?? '';
      out.push(enc(String(before === 'locations' ? this.location : await this.target(before, fresh))));
    }
    return out.join('/');
  }

  /** Makes a write once: its path, then its body (variant 0; 1 for an update of a record its create made with 0). */
  async make(d: Write, { variant = d.kind === 'update' && namesRecord(d) ? 1 : 0, fresh = d.kind !== 'action' }: { variant?: number; fresh?: boolean } = {}): Promise<Made> {
    const url = (await this.path(d, fresh)) + this.query(d);
    const body = this.body(d, variant);
    const key = `${writeMethod(d)} ${d.path}`;
    const upload = d.upload ? this.options.uploads?.[key]?.() : undefined;
    if (d.upload && !upload) throw new Error(`${writeSource(d)} is an upload: add how to make one to the \`uploads\` of the test (by '${key}')`);
    const pool = this.h.database.pool;
    const { rows: [{ last }] } = await pool.query<{ last: number }>('select coalesce(max(id), 0)::int as last from activity_entries');
    const res = upload
      ? await this.h.app.inject({ method: writeMethod(d), url, payload: upload.payload, headers: { ...upload.headers, authorization: `Token ${this.token}`, 'accept-language': 'en' } })
      : await this.h.call(writeMethod(d), url, { token: this.token, body, lang: 'en' });
    const activity = (await pool.query<ActivityRow>('select id, user_id, location_id, kind, subject, before, after from activity_entries where id > $1 order by id', [last])).rows;
    let answer: any = null;
    try { answer = res.body ? res.json() : null; } catch { answer = null; }
    if (res.statusCode < 300 && d.kind === 'create') {
      const segment = recordOf(d).segment;
      if (!this.made.has(segment)) this.made.set(segment, Array.isArray(answer) ? answer[0] : answer);
    }
    return { d, url, body, res, answer, activity };
  }

  /**
   * Makes each create once, in an order that makes what an example names first (a certificate after
   * its rate and design). A create whose examples name a record nobody made stays unmade: it fails
   * where it is checked.
   */
  async makeCreates(creates: Write[], each?: (made: Made) => Promise<void> | void): Promise<Map<Write, Made>> {
    const done = new Map<Write, Made>();
    let pending = [...creates];
    while (pending.length) {
      const waiting: Write[] = [];
      for (const d of pending) {
        try {
          const made = await this.make(d);
          done.set(d, made);
          await each?.(made);
        } catch (error) {
          if (error instanceof NotMadeYet) waiting.push(d);
          else throw error;
        }
      }
      if (waiting.length === pending.length) break;
      pending = waiting;
    }
    return done;
  }
}
