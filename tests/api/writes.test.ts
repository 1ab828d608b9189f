// Generated from the write declarations (server/modules/*/writes.ts, #41): every declared create and
// update is made once, at a location the tests make themselves through the declared create of a
// location, with a body sampled from its schema's types (tests/api/routeWalk.ts `sample`: texts by
// their checks, numbers in their range, enums, dates and money by their shared schemas, never by a
// field's name), and read back through the GET its declaration names (`readBack`): every field sent
// must read back as the schema makes it (trimmed, a phone in its stored form, an amount as
// '1500.00'), after the service's own normalisation the declaration states; a secret as
// `<field>_set: true`. A write that cannot be read back says why, and the test prints it.
// Then every declared write (deletes and actions too) made once leaves exactly one activity entry,
// of a kind its declaration names (`records.activity`), carrying the person, at that location (an
// owner's installation-wide change: at none), with what was before and what is after; a write
// declared with none says why, and the test prints it and finds none.
// One server for the file; every write is made once in beforeAll, each checked by its own test.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredActivity } from '../../server/platform/effects';
import { declaredWrites, recordOf, writeBody, writeMethod, writeSource, type ReadBack } from '../../server/platform/writes';
import { createHarness, type Harness } from './harness';
import { multipart } from './routeWalk';
import { namesRecord, WriteMaker, type Made, type Targets, type Upload, type Write } from './writeMaker';
import { entriesNotInWords } from './activityEntries';

const writes = await declaredWrites();
const name = (d: Write) => `${writeMethod(d)} ${d.path}`;
const readable = writes.filter((d) => d.kind === 'create' || d.kind === 'update');
const isLocationCreate = (d: Write) => d.kind === 'create' && writeMethod(d) === 'POST' && d.path === '/api/v2.1/locations/';

let h: Harness;
let admin: string;
let maker: WriteMaker;
let location = 0;

let caller = { id: 0, uid: '' };

/** What a write's read-back found: the problems, and what was not read back and why (printed). */
interface ReadOutcome { made?: Made; error?: Error; problems: string[]; notes: string[] }
const outcomes = new Map<Write, ReadOutcome>();
/** Every write made once (its activity entries), or why it could not be made. */
const once = new Map<Write, Made | Error>();

/**
 * The records whose create is a hand-written route, made for the writes that name them: a person with
 * a role at the location (an invitation accepted), a webhook's delivery (its test event). A new path
 * naming a record no declared create makes fails with what to add here.
 */
const targets = (): Targets => {
  let n = 0;
  const person = async (at: number) => (await h.userWithToken(`person${++n}.${at}@example.com`, [[at, 10]])).id;
  const delivery = async () => {
    const res = await h.call('POST', `/api/v2.1/webhook/${maker.made.get('webhook').id}/test/`, { token: admin });
    return res.json().delivery_id as number;
  };
  // #44 An order to check in (made directly: the location has no sessions to sell), where arrivals are
  // on: one per location, so the undo undoes the check-in made before it; with an e-mail to send the guests' link to.
  const orders = new Map<number, number>();
  const order = async (at: number) => {
    if (orders.has(at)) return orders.get(at)!;
    await h.database.pool.query('update locations set arrivals_enabled = true where id = $1', [at]);
    const made = await h.database.pool.query("insert into orders (location_id, name, phone, email, persons, order_type, status, purchase) values ($1, 'Гость', '+79990000000', 'guest@example.com', 2, 1, 2, '1000') returning id", [at]);
    orders.set(at, Number(made.rows[0].id));
    return orders.get(at)!;
  };
  // #45 A message kind names a location's templates.
  return { staff: person, accounts: person, deliveries: delivery, orders: order, message_templates: async () => 'confirmation' };
};

/** Uploads (`upload: true`: the parts are no declared fields), by `METHOD path`. */
let png: Buffer;
const uploads: Record<string, () => Upload> = {
  'POST /api/v2.1/locations/:id/images/': () => multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }]),
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
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
  const { rows: [me] } = await h.database.pool.query<{ id: number; uid: string }>("select id, uid from users where email = 'admin@example.com'");
  caller = { id: me!.id, uid: me!.uid };
  // The location every write is made at: made by the declared create of a location (the owner's), so no demo row is needed.
  const createLocation = writes.find(isLocationCreate);
  if (!createLocation) throw new Error('no declared create of a location (POST /api/v2.1/locations/)');
  const first = await new WriteMaker(h, admin, 0, caller, writes).make(createLocation);
  if (first.res.statusCode !== 201) throw new Error(`${writeSource(createLocation)}: ${first.res.statusCode} ${first.res.body}`);
  location = first.answer.id;
  outcomes.set(createLocation, await readBack(createLocation, first));
  once.set(createLocation, first);
  maker = new WriteMaker(h, admin, location, caller, writes, { targets: targets(), uploads });
  const creates = writes.filter((d) => d.kind === 'create' && !isLocationCreate(d));
  await maker.makeCreates(creates, async (m) => {
    once.set(m.d, m);
    outcomes.set(m.d, await readBack(m.d, m));
  });
  for (const d of writes.filter((x) => x.kind === 'update')) {
    const m = await maker.make(d).catch((error: Error) => error);
    once.set(d, m);
    outcomes.set(d, m instanceof Error ? { error: m, problems: [], notes: [] } : await readBack(d, m));
  }
  // Then the actions (on the records made above: a certificate activated, then sent again) and the
  // deletes (each of a record made for it), in the order they are declared.
  for (const d of writes.filter((x) => x.kind === 'action')) once.set(d, await maker.make(d).catch((error: Error) => error));
  for (const d of writes.filter((x) => x.kind === 'delete')) once.set(d, await maker.make(d).catch((error: Error) => error));
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
      expect(o.problems, `${name(d)}:\n${o.problems.join('\n')}`).toEqual([]);
    });
  });
});

/** Whether a write's change belongs to a location: its path or body names one, or it changes a record made at one. */
function atLocation(d: Write): boolean {
  if (d.path.includes('/locations/:id/') || Object.keys(d.fields ?? {}).some((f) => f === 'location' || f === 'location_id')) return true;
  const segments = d.path.split('/');
  const named = segments.find((s, i) => segments[i + 1]?.startsWith(':'));
  const create = writes.find((c) => c.kind === 'create' && c !== d && recordOf(c).segment === named);
  return create ? atLocation(create) : false;
}

const filled = (v: unknown) => v !== null && typeof v === 'object' && Object.keys(v as object).length > 0;

describe('every declared write made once leaves exactly one activity entry, or says why none', () => {
  it('every declared write says what it records in the activity log', () => {
    const missing = writes.filter((d) => !d.records?.activity).map((d) => `${name(d)}: declare \`records: { activity: kind }\` (or \`{ activity: { none: 'why' } }\`) in ${writeSource(d)}`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  describe.each(writes.map((d) => [name(d), d] as const))('%s', (_name, d) => {
    it('made once: one entry of its declared kind, by the person, at the location, with before and after', () => {
      const kinds = declaredActivity(d.records);
      const m = once.get(d);
      if (!m) throw new Error(`${name(d)} was not made: an example of it names a record no declared create made (${writeSource(d)})`);
      if (m instanceof Error) throw m;
      const entries = m.activity.map((e) => `${e.kind} ${JSON.stringify(e.subject)}`);
      if (!kinds.length) {
        const why = (d.records.activity as { none: string }).none;
        console.log(`activity: ${name(d)} records no activity entry: ${why}`);
        expect(entries, `${name(d)} declares no activity entry (${why}) but wrote some: declare their kind in \`records.activity\` in ${writeSource(d)}`).toEqual([]);
        return;
      }
      expect(m.res.statusCode, `${name(d)} ${m.url} ${JSON.stringify(m.body)} -> ${m.res.body.slice(0, 300)}`).toBeLessThan(300);
      expect(entries, `${name(d)} made once must leave exactly one activity entry of ${kinds.join(' or ')} (records.activity in ${writeSource(d)})`).toHaveLength(1);
      const [e] = m.activity;
      expect(kinds, `${name(d)} wrote ${e!.kind}, its declaration names ${kinds.join(', ')} (${writeSource(d)})`).toContain(e!.kind);
      expect(e!.user_id, `${name(d)}: the entry names who made the change`).toBe(caller.id);
      if (atLocation(d)) expect(e!.location_id, `${name(d)}: the entry is in the log of the location it changed`).toBe(location);
      else expect([location, null], `${name(d)}: an installation-wide change (no location's path, body or record) is in no location's log`).toContain(e!.location_id);
      const both = JSON.stringify({ subject: e!.subject, before: e!.before, after: e!.after });
      if (d.kind === 'create') expect({ before: e!.before, after: filled(e!.after) }, `${name(d)}: a creation's entry holds what it made (after): ${both}`).toEqual({ before: null, after: true });
      if (d.kind === 'delete') expect({ before: filled(e!.before), after: e!.after }, `${name(d)}: a removal's entry holds what it removed (before): ${both}`).toEqual({ before: true, after: null });
      // An update of a record (made with other values) changes every field: both sides say which; a
      // location's settings saved the first time had none before (null).
      if (d.kind === 'update' && namesRecord(d)) expect({ before: filled(e!.before), after: filled(e!.after) }, `${name(d)}: an update's entry holds the changed fields as they were and as they are: ${both}`).toEqual({ before: true, after: true });
      if (d.kind === 'update' && !namesRecord(d)) expect(filled(e!.after), `${name(d)}: an update's entry holds the fields as they are: ${both}`).toBe(true);
      // An action (a re-send, a switch) names what it acted on and, like every write, what was before
      // and what is after (#42: a switch its state on both sides, a re-send whom and until when).
      if (d.kind === 'action') {
        expect(e!.subject, `${name(d)}: an action's entry names what it acted on: ${both}`).not.toBe('');
        expect({ before: filled(e!.before), after: filled(e!.after) }, `${name(d)}: an action's entry holds the state before and after: ${both}`).toEqual({ before: true, after: true });
      }
    });
  });
});

describe('#42 the activity log in words', () => {
  it('every entry this file\'s changes wrote reads in words in ru and en: no key, code, id or JSON (tests/api/activityReading.ts)', async () => {
    const problems = await entriesNotInWords(h);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
