// Issue #31: two server processes behind PgBouncer in transaction mode (each transaction may get
// another server connection), as a chain's operator runs them: started at once (one migration, one
// seed, no crash), then sign-in, the day view, bookings racing for the last places, a payment, a live
// event from one process to a stream on the other (LISTEN on DATABASE_LISTEN_URL, direct), and a job.
// Skipped, saying so, only where pgbouncer is not installed and the run is not CI's: `.ci/run` installs
// it and sets PGBOUNCER_REQUIRED=1 (and CI=1 counts too), so there a missing binary fails the test.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { bookingBody } from './bookingFixture';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from './pgbouncer';
import { emptyDatabase, exited, removeTempDirs, startServer, tempDir, waitHealthy, type ServerProcess } from './serverProcess';

const bin = findPgbouncer();
const required = !!process.env.CI || process.env.PGBOUNCER_REQUIRED === '1';
if (!bin && !required) console.warn('tests/api/pooler.test.ts: SKIPPED, pgbouncer is not installed (apt-get install pgbouncer; .ci/run installs it)');

/** A Server-Sent Events stream read as text. */
async function openStream(url: string) {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch { /* closed by us */ }
  })();
  return {
    status: res.status,
    /** The ids of the orders the stream has carried so far. */
    orderIds: () => [...text.matchAll(/"order_id":(\d+)/g)].map((m) => Number(m[1])),
    close: async () => { abort.abort(); await reading; },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('behind PgBouncer in transaction mode', () => {
  const servers: ServerProcess[] = [];
  let bouncer: Pgbouncer | undefined;
  afterAll(async () => {
    for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
    await bouncer?.stop();
    removeTempDirs();
  });

  it.skipIf(!bin && !required)('two processes start at once and serve sign-in, the day view, racing bookings, a payment, live events and jobs', async () => {
    if (!bin) throw new Error('pgbouncer is not installed, and this run requires it (CI or PGBOUNCER_REQUIRED=1): apt-get install pgbouncer');
    const direct = await emptyDatabase(inject('adminDatabaseUrl'));
    // Three server connections for two processes of four each: every transaction may land on another one.
    bouncer = await startPgbouncer(bin, inject('adminDatabaseUrl'), { mode: 'transaction', poolSize: 3 });
    const pooled = bouncer.url(direct);
    const ports = [await freePort(), await freePort()];
    const dataDirs = [tempDir(), tempDir()];
    // Both at once: the startup lock must make one migrate and seed, the other wait and go on.
    for (const [i, port] of ports.entries()) {
      servers.push(startServer({
        DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: direct, DATABASE_POOL_SIZE: '4',
        PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirs[i]!, PAYMENT_SANDBOX: 'off',
      }));
    }
    await Promise.all(ports.map((port, i) => waitHealthy(port, servers[i]!)));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect([a, b].filter((s) => s.output().includes('demo data seeded'))).toHaveLength(1);
    // The start line gives the process's connection budget.
    for (const s of [a, b]) expect(s.output()).toContain('database connections: at most 4 (DATABASE_POOL_SIZE) + 1 to DATABASE_LISTEN_URL for live events; named prepared statements off');
    const sql = new pg.Client({ connectionString: direct });
    await sql.connect();
    try {
      expect((await sql.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(3);

      const base = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      const call = async (at: string, method: string, url: string, token: string | null, body?: unknown) => {
        const res = await fetch(`${at}${url}`, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'accept-language': 'en', ...(token ? { authorization: `Token ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, json: await res.json() as any };
      };
      const signIn = async (at: string) => {
        const res = await call(at, 'POST', '/api/v2.1/login/', null, { email: 'admin@example.com', password: 'admin123' });
        expect(res.status).toBe(200);
        return res.json.token as string;
      };
      const tokens = [await signIn(base[0]), await signIn(base[1])] as const;

      // The day view (the calendar's call per playground) answers the same on both.
      const { rows: [cube] } = await sql.query(`SELECT id FROM playgrounds WHERE location_id = 1 AND name = 'Куб 1'`);
      const dt = '2030-06-04 11:00';
      const days = await Promise.all([0, 1].map((i) => call(base[i]!, 'GET', `/api/v2.1/playgrounds/${cube.id}/schedule/?date=2030-06-04&orders=1`, tokens[i]!)));
      for (const day of days) {
        expect(day.status).toBe(200);
        expect(day.json.find((s: { time_start: string }) => s.time_start === dt)).toMatchObject({ available_persons: 4 });
      }
      expect(days[0]!.json).toEqual(days[1]!.json);
      // #49 Without named statements the day view's read keeps its plan in a function (server/db/planCache.ts),
      // made once from its first run; through it, on whichever server connection, the same answer.
      await until('the day view\'s function', async () => ((await sql.query("SELECT 1 FROM pg_proc WHERE proname LIKE 'pq_slots_playground_day_%'")).rows.length ? true : undefined));
      const again = await Promise.all([0, 1, 0, 1].map((i) => call(base[i]!, 'GET', `/api/v2.1/playgrounds/${cube.id}/schedule/?date=2030-06-04&orders=1`, tokens[i]!)));
      for (const day of again) expect(day.json).toEqual(days[0]!.json);

      // A stream on B, its ticket issued and redeemed through the pooler.
      const ticket = await call(base[1], 'POST', '/api/v2.1/locations/1/events/ticket/', tokens[1]);
      expect(ticket.status).toBe(200);
      const stream = await openStream(`${base[1]}/api/v2.1/locations/1/events/?ticket=${ticket.json.ticket}`);
      expect(stream.status).toBe(200);

      // The last three places, raced for from both processes: exactly three more orders.
      const games = await call(base[0], 'GET', `/api/v2.2/playgrounds/${cube.id}/games_for_booking/`, tokens[0]);
      const body = (name: string) => ({ ...bookingBody(cube.id, dt, { game_id: games.json[0].id }), name });
      const first = await call(base[0], 'POST', '/api/v2.1/booking/', tokens[0], body('First'));
      expect(first.status).toBe(201);
      const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(base[i % 2]!, 'POST', '/api/v2.1/booking/', tokens[i % 2]!, body(`Racer ${i}`))));
      expect(racers.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400, 400, 400]);
      const { rows: [held] } = await sql.query(
        `SELECT coalesce(sum(o.persons), 0)::int AS n FROM orders o JOIN order_playsessions po ON po.order_id = o.id
         JOIN playsessions p ON p.id = po.playsession_id WHERE p.playground_id = $1 AND p.time_start = $2 AND o.status <> 4`, [cube.id, dt]);
      expect(held.n).toBe(4);

      // The orders booked on A reach the stream on B, within 3 s: the heads' poll (every 5 s) is too
      // late, only the notification heard on DATABASE_LISTEN_URL brings them in time.
      const booked = [first, ...racers].filter((r) => r.status === 201).map((r) => r.json.id as number);
      await until('the orders on the stream', () => (booked.every((id) => stream.orderIds().includes(id)) ? true : undefined), 3_000);
      await stream.close();

      // A payment on B for the order booked on A.
      const order = await call(base[1], 'GET', `/api/v2.2/orders/${first.json.id}/`, tokens[1]);
      expect(order.status).toBe(200);
      expect((await call(base[1], 'POST', `/api/v2.1/booking/${first.json.id}/pay/`, tokens[1], { payment_type: 2, purchase: order.json.purchase })).status).toBe(201);
      expect((await call(base[0], 'GET', `/api/v2.2/orders/${first.json.id}/`, tokens[0])).json.paid).toBe(order.json.purchase);

      // A job: the reset letter is written by whichever process's worker takes it.
      expect((await call(base[0], 'POST', '/api/v2.1/users/password_reset/', null, { email: 'admin@example.com' })).status).toBe(200);
      const letters = () => dataDirs.flatMap((d) => (fs.existsSync(path.join(d, 'mail')) ? fs.readdirSync(path.join(d, 'mail')) : []));
      await until('the reset letter', () => (letters().some((f) => f.endsWith('.eml')) ? true : undefined));
    } finally {
      await sql.end();
    }
    // No statement failed on a server connection another client had prepared it on, and both stop cleanly.
    for (const s of [a, b]) expect(s.output()).not.toMatch(/prepared statement ".*" (already exists|does not exist)|duplicate key/);
    const done = [exited(a), exited(b)];
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    expect(await Promise.all(done)).toEqual([0, 0]);
  }, 90_000);
});
