// The live desk under load: N SSE clients of one location spread over the server processes of a
// cluster, M changes a second (ledger entries through the API, each one event), for S seconds.
// Delivery is measured from the commit (the event's created_at, stamped by the numbering trigger
// with clock_timestamp(); same machine, same clock) to the moment a client has parsed it; every
// client must receive every event once: missing ones are counted as lost, repeated ones as duplicates.
import http from 'node:http';
import type { BenchDatabase } from './postgres';
import { cpuSince, cpuSnapshot, percentile, round1 } from './measure';

export interface EventsResult {
  clients: number;
  changes: number;
  changeErrors: number;
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

function openClient(base: string, ticket: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { received: new Map(), duplicates: 0, close: () => req.destroy() };
    const req = http.get(`${base}/api/v2.1/locations/1/events/?ticket=${ticket}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
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
    req.on('error', () => undefined);
  });
}

export async function measureEvents(opts: {
  database: BenchDatabase; base: string; token: string; clients: number; perSecond: number; seconds: number; serverPids: () => number[];
}): Promise<EventsResult> {
  const headers = { authorization: `Token ${opts.token}`, 'content-type': 'application/json' };
  const clients: Client[] = [];
  for (let i = 0; i < opts.clients; i++) {
    const t = await fetch(`${opts.base}/api/v2.1/locations/1/events/ticket/`, { method: 'POST', headers: { authorization: headers.authorization } });
    const { ticket } = await t.json() as { ticket: string };
    // A new connection each: the cluster hands them to its processes in turn.
    clients.push(await openClient(opts.base, ticket));
  }
  const { rows: [head] } = await opts.database.pool.query<{ seq: string | null }>('SELECT seq FROM location_event_heads WHERE location_id = 1');
  const firstSeq = Number(head?.seq ?? 0) + 1;
  await new Promise((r) => setTimeout(r, 500));

  const groups = { server: opts.serverPids, postgres: opts.database.pids };
  const cpuBefore = cpuSnapshot(groups);
  const started = Date.now();
  const total = opts.perSecond * opts.seconds;
  const writes: Promise<boolean>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.perSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    writes.push(fetch(`${opts.base}/api/v2.1/transactions/create_transaction/`, {
      method: 'POST', headers, body: JSON.stringify({ type: 'refill', amount: '1.00', location: 1, description: `bench ${i}` }),
    }).then(async (r) => { await r.text(); return r.status === 201; }).catch(() => false));
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
    'SELECT seq, created_at AS at FROM location_events WHERE location_id = 1 AND seq >= $1 ORDER BY seq', [firstSeq]);
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
    clients: clients.length, changes: ok, changeErrors: total - ok, delivered: lags.length, lost, duplicates,
    p50: round1(percentile(lags, 50)), p95: round1(percentile(lags, 95)), max: round1(lags.at(-1) ?? 0),
    serverCpu: Math.round(serverCpu), postgresCpu: Math.round(postgresCpu),
  };
}
