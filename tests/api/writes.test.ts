// Generated from the write declarations (server/modules/*/writes.ts, #41): every declared create and
// update is made once, at a location the tests make themselves through the declared create of a
// location, with a body sampled from its schema's types (tests/api/routeWalk.ts `sample`: texts by
// their checks, numbers in their range, enums, dates and money by their shared schemas, never by a
// field's name), and read back through the GET its declaration names (`readBack`): every field sent
// must read back as the schema makes it (trimmed, a phone in its stored form, an amount as
// '1500.00'), after the service's own normalisation the declaration states; a secret as
// `<field>_set: true`. A write that cannot be read back says why, and the test prints it.
// One server for the file; every write is made once in beforeAll, each checked by its own test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredWrites, writeBody, writeMethod, writeSource, type ReadBack } from '../../server/platform/writes';
import { createHarness, type Harness } from './harness';
import { WriteMaker, type Made, type Targets, type Write } from './writeMaker';

const writes = await declaredWrites();
const name = (d: Write) => `${writeMethod(d)} ${d.path}`;
const readable = writes.filter((d) => d.kind === 'create' || d.kind === 'update');
const isLocationCreate = (d: Write) => d.kind === 'create' && writeMethod(d) === 'POST' && d.path === '/api/v2.1/locations/';

let h: Harness;
let admin: string;
let maker: WriteMaker;
let location = 0;

/** What a write's read-back found: the problems, and what was not read back and why (printed). */
interface ReadOutcome { made?: Made; error?: Error; problems: string[]; notes: string[] }
const outcomes = new Map<Write, ReadOutcome>();

/** The records whose create is a hand-written route (an invitation accepted): a person with a role at the location. */
const targets = (): Targets => {
  let n = 0;
  const person = async (at: number) => (await h.userWithToken(`person${++n}.${at}@example.com`, [[at, 10]])).id;
  return { staff: person, accounts: person };
};

/** A value as JSON with its object keys sorted: equal values read equal. */
const canonical = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, (x as Record<string, unknown>)[k]])) : x));

/** The saved record in the GET's answer: its `find`, else the entry with the id, else the answer itself. */
function recordIn(rb: ReadBack, answer: any, id: unknown): Record<string, any> | undefined {
  if (rb.find) return rb.find(answer, id);
  const list = Array.isArray(answer) ? answer : Array.isArray(answer?.results) ? answer.results : null;
  return list ? list.find((r: { id: unknown }) => r.id === id) : answer;
}

/** Reads a write back as soon as it is made (a later write may change the same record). */
async function readBack(d: Write, m: Made): Promise<ReadOutcome> {
  const out: ReadOutcome = { made: m, problems: [], notes: [] };
  const rb = d.readBack;
  if (!rb || 'none' in rb || m.res.statusCode >= 300) return out;
  const sent = writeBody(d)!.parse(m.body) as Record<string, unknown>;
  for (const [field, why] of Object.entries(rb.unread ?? {})) out.notes.push(`${field} is not read back: ${why}`);
  for (const one of (Array.isArray(m.answer) ? m.answer : [m.answer]) as ({ id?: unknown } | null)[]) {
    const id = one?.id;
    const url = rb.path.replace(':location', String(location)).replace(':id', String(id));
    const res = await h.call('GET', url, { token: admin, lang: 'en' });
    if (res.statusCode !== 200) { out.problems.push(`GET ${url} (its readBack) -> ${res.statusCode} ${res.body.slice(0, 300)}`); continue; }
    const record = recordIn(rb, res.json(), id);
    if (!record) {
      out.problems.push(`GET ${url} does not answer the saved record (id ${JSON.stringify(id)}): give \`readBack.find\` in ${writeSource(d)}`);
      continue;
    }
    for (const [field, value] of Object.entries(sent)) {
      if (rb.unread && field in rb.unread) continue;
      if (rb.writeOnly?.includes(field)) {
        if (value !== undefined && value !== '' && record[`${field}_set`] !== true) out.problems.push(`${field} (write-only): GET ${url} answers ${field}_set ${JSON.stringify(record[`${field}_set`])}, not true`);
        if (field in record) out.problems.push(`${field} (write-only) is answered by GET ${url}`);
        continue;
      }
      const key = (rb.as as Record<string, string> | undefined)?.[field] ?? field;
      if (!(key in record)) {
        out.problems.push(`${field}: not in the answer of GET ${url}; name the answer's field in \`readBack.as\`, or say why it is not read back in \`readBack.unread\` (${writeSource(d)})`);
        continue;
      }
      const normalise = (rb.normalised as Record<string, (v: unknown, body: Record<string, unknown>) => unknown> | undefined)?.[field];
      const want = normalise ? normalise(value, sent) : value;
      if (canonical(record[key]) !== canonical(want)) {
        out.problems.push(`${field}: sent ${JSON.stringify((m.body as Record<string, unknown>)[field])}, expected back ${JSON.stringify(want)}, GET ${url} answers `
          + `${key} ${JSON.stringify(record[key])} (a normalisation of the service's own is declared in \`readBack.normalised\` in ${writeSource(d)})`);
      }
    }
  }
  return out;
}

beforeAll(async () => {
  h = await createHarness({ config: { webhookAllowPrivate: true } });
  admin = await h.login('admin@example.com', 'admin123');
  const { rows: [me] } = await h.database.pool.query<{ id: number; uid: string }>("select id, uid from users where email = 'admin@example.com'");
  const caller = { id: me!.id, uid: me!.uid };
  // The location every write is made at: made by the declared create of a location (the owner's), so no demo row is needed.
  const createLocation = writes.find(isLocationCreate);
  if (!createLocation) throw new Error('no declared create of a location (POST /api/v2.1/locations/)');
  const first = await new WriteMaker(h, admin, 0, caller, writes).make(createLocation);
  if (first.res.statusCode !== 201) throw new Error(`${writeSource(createLocation)}: ${first.res.statusCode} ${first.res.body}`);
  location = first.answer.id;
  outcomes.set(createLocation, await readBack(createLocation, first));
  maker = new WriteMaker(h, admin, location, caller, writes, targets());
  const creates = readable.filter((d) => d.kind === 'create' && !isLocationCreate(d) && !d.upload);
  await maker.makeCreates(creates, async (m) => { outcomes.set(m.d, await readBack(m.d, m)); });
  for (const d of readable.filter((x) => x.kind === 'update')) {
    const m = await maker.make(d).catch((error: Error) => error);
    outcomes.set(d, m instanceof Error ? { error: m, problems: [], notes: [] } : await readBack(d, m));
  }
}, 120_000);
afterAll(async () => { await h?.close(); });

describe('every declared create and update reads back what it saved', () => {
  it('every declared create and update says how it is read back, or why it cannot be', () => {
    const missing = readable.filter((d) => !d.readBack).map((d) => `${name(d)}: declare \`readBack\` (the GET that answers the saved record, `
      + `or \`{ none: 'why' }\`) on the write in ${writeSource(d)}`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  describe.each(readable.map((d) => [name(d), d] as const))('%s', (_name, d) => {
    it('saves the sampled body and reads every field back as sent, after the declared normalisation', () => {
      const rb = d.readBack;
      if (!rb) return; // the test above names it
      if ('none' in rb) {
        console.log(`read-back: ${name(d)} is not read back: ${rb.none}`);
        return;
      }
      const o = outcomes.get(d);
      if (!o) throw new Error(`${name(d)} was not made: an example of it names a record no declared create made (${writeSource(d)})`);
      if (o.error) throw o.error;
      const m = o.made!;
      expect(m.res.statusCode, `${name(d)} ${m.url} refused the body sampled from its schema: ${JSON.stringify(m.body)} -> ${m.res.body.slice(0, 400)}`
        + ` (a value its type cannot choose goes in \`examples\` in ${writeSource(d)})`).toBeLessThan(300);
      for (const note of o.notes) console.log(`read-back: ${name(d)} ${note}`);
      if (process.env.WRITES_DEBUG) console.log(name(d), JSON.stringify(m.body), m.res.statusCode);
      expect(o.problems, `${name(d)}:\n${o.problems.join('\n')}`).toEqual([]);
    });
  });
});
