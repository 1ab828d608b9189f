// The live desk under load: N SSE clients of one location spread over the server processes of a
// cluster, M changes a second (ledger entries through the API, each one event), for S seconds.
// Delivery is measured from the commit (the event's created_at, stamped by the numbering trigger
// with clock_timestamp(); same machine, same clock) to the moment a client has parsed it; every
// client must receive every event once: missing ones are counted as lost, repeated ones as duplicates.
// Each client is a desk user of its own, through the product's own way in: signed in with POST
// /api/v2.1/login/, a stream ticket asked with that user's token (POST .../events/ticket/), the stream
// opened with the ticket, as src/live/connection.ts does. One user may hold only LIVE_STREAMS_PER_USER
// streams per process and TICKETS_PER_USER unspent tickets (server/modules/live), so N clients of one
// account would be refused (the "stream: 401" this bench stopped at once those caps came).
import http from 'node:http';
import { userLocationRoles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/platform/passwords';
import type { BenchDatabase } from './postgres';
import { cpuSince, cpuSnapshot, percentile, round1 } from './measure';

export interface EventsResult {
  clients: number;
  changes: number;
  changeErrors: number;
  /** What the first failed change answered. */
  firstChangeError?: string;
  delivered: number;
  lost: number;
  duplicates: number;
  p50: number;
  p95: number;
  max: number;
  /** Server processes' CPU during the timed part, % of one core. */
  serverCpu: number;
  postgresCpu: number;
}

interface Client { received: Map<number, number>; duplicates: number; close: () => void }

const LOCATION = 1;
const DESK_PASSWORD = 'bench-desk-password';

/**
 * `count` desk users of the location, administrators there (role 40: the ledger's events are theirs),
 * each signed in through the API; answers their tokens. One password hash for all (scrypt per user
 * would cost seconds and measure nothing); the logins each check it, a few at a time.
 */
export async function signInDeskUsers(database: BenchDatabase, base: string, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(DESK_PASSWORD);
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await database.db.insert(users).values(Array.from({ length: count }, (_, i) => ({
    email: `desk-${run}-${i + 1}@bench.example.com`, name: `Bench desk ${i + 1}`, passwordHash,
  }))).returning({ id: users.id, email: users.email });
  await database.db.insert(userLocationRoles).values(created.map((u) => ({ userId: u.id, locationId: LOCATION, roleId: 40 })));
  const tokens: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(4, count) }, async () => {
    while (next < created.length) {
      const i = next++;
      const res = await fetch(`${base}/api/v2.1/login/`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: created[i]!.email, password: DESK_PASSWORD }),
      });
      if (!res.ok) throw new Error(`login of desk user ${i + 1}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      tokens[i] = ((await res.json()) as { token: string }).token;
    }
  }));
  return tokens;
}

/** A stream ticket for the location, asked with the user's token; throws with the answer unless it is given. */
async function ticketFor(base: string, token: string, client: number): Promise<string> {
  const res = await fetch(`${base}/api/v2.1/locations/${LOCATION}/events/ticket/`, { method: 'POST', headers: { authorization: `Token ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`stream ticket of client ${client}: ${res.status} ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { ticket: string }).ticket;
}

function openClient(base: string, ticket: string, n: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { received: new Map(), duplicates: 0, close: () => req.destroy() };
    const req = http.get(`${base}/api/v2.1/locations/${LOCATION}/events/?ticket=${ticket}`, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { body += c; });
        res.on('end', () => reject(new Error(`stream of client ${n}: ${res.statusCode} ${body.slice(0, 200)}`)));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: change')) continue;
          const seq = Number(/^id: (\d+)$/m.exec(block)?.[1]);
          if (client.received.has(seq)) client.duplicates += 1;
          else client.received.set(seq, Date.now());
        }
      });
      resolve(client);
    });
    // Before the answer: the stream could not be opened; after it (close() destroys it): nothing to say.
    req.on('error', reject);
  });
}

export async function measureEvents(opts: {
  database: BenchDatabase; base: string; token: string; clients: number; perSecond: number; seconds: number; serverPids: () => number[];
}): Promise<EventsResult> {
  const headers = { authorization: `Token ${opts.token}`, 'content-type': 'application/json' };
  const tokens = await signInDeskUsers(opts.database, opts.base, opts.clients);
  const clients: Client[] = [];
  try {
    for (const [i, token] of tokens.entries()) {
      // A new connection each: the cluster hands them to its processes in turn.
      clients.push(await openClient(opts.base, await ticketFor(opts.base, token, i + 1), i + 1));
    }
  } catch (e) {
    for (const c of clients) c.close();
    throw e;
  }
  const { rows: [head] } = await opts.database.pool.query<{ seq: string | null }>('SELECT seq FROM location_event_heads WHERE location_id = $1', [LOCATION]);
  const firstSeq = Number(head?.seq ?? 0) + 1;
  await new Promise((r) => setTimeout(r, 500));

  const groups = { server: opts.serverPids, postgres: opts.database.pids };
  const cpuBefore = cpuSnapshot(groups);
  const started = Date.now();
  const total = opts.perSecond * opts.seconds;
  const writes: Promise<boolean>[] = [];
  let firstChangeError: string | undefined;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.perSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    writes.push(fetch(`${opts.base}/api/v2.1/transactions/create_transaction/`, {
      method: 'POST', headers, body: JSON.stringify({ type: 'refill', amount: '1.00', location: LOCATION, description: `bench ${i}` }),
    }).then(async (r) => {
      const text = await r.text();
      if (r.status !== 201) firstChangeError ??= `${r.status} ${text.slice(0, 200)}`;
      return r.status === 201;
    }).catch((e: unknown) => { firstChangeError ??= String(e); return false; }));
  }
  const ok = (await Promise.all(writes)).filter(Boolean).length;
  // Let the last events arrive.
  await new Promise((r) => setTimeout(r, 2000));
  const wall = Date.now() - started;
  const used = cpuSince(groups, cpuBefore, 1);
  const serverCpu = (used.server! / wall) * 100;
  const postgresCpu = (used.postgres! / wall) * 100;
  for (const c of clients) c.close();

  const { rows } = await opts.database.pool.query<{ seq: string; at: Date }>(
    'SELECT seq, created_at AS at FROM location_events WHERE location_id = $1 AND seq >= $2 ORDER BY seq', [LOCATION, firstSeq]);
  const committed = new Map(rows.map((r) => [Number(r.seq), r.at.getTime()]));
  const lags: number[] = [];
  let lost = 0;
  let duplicates = 0;
  for (const c of clients) {
    duplicates += c.duplicates;
    for (const [seq, at] of committed) {
      const got = c.received.get(seq);
      if (got === undefined) lost += 1;
      else lags.push(got - at);
    }
  }
  lags.sort((a, b) => a - b);
  return {
    clients: clients.length, changes: ok, changeErrors: total - ok, firstChangeError, delivered: lags.length, lost, duplicates,
    p50: round1(percentile(lags, 50)), p95: round1(percentile(lags, 95)), max: round1(lags.at(-1) ?? 0),
    serverCpu: Math.round(serverCpu), postgresCpu: Math.round(postgresCpu),
  };
}
