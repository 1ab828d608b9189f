// #48 A database that goes away and comes back, as the server sees it through a TCP relay it cannot
// tell from the network (tests/api/tcpCut.ts): while PostgreSQL is unreachable every request answers
// 503 with Retry-After: 5 in the caller's language, never a 500, within DB_TIMEOUT_MS; /healthz (the
// process's liveness) stays 200 while /readyz says not ready; once it is back the same app serves again
// within 10 s, without a restart. A failover's read-only former primary (SQLSTATE 25006) is a 503 too,
// and its connections are dropped, not reused: once writes are possible again, they succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { connect, type Database } from '../../server/db/client';
import { createHarness, type Harness } from './harness';
import { tcpCut, type TcpCut } from './tcpCut';

const TIMEOUT_MS = 1500;
let h: Harness;
let relay: TcpCut;
let through: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  const url = new URL(String(h.database.pool.options.connectionString));
  relay = await tcpCut(url.hostname, Number(url.port));
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  through = connect(url.toString(), 3, true, TIMEOUT_MS);
  app = await buildApp({ db: through.db, pool: through.pool, config: { ...h.config, dbTimeoutMs: TIMEOUT_MS }, mailer: { send: async () => {} } });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await through?.close().catch(() => undefined);
  await relay?.close();
  await h?.close();
});

const me = (lang = 'ru') => app.inject({ method: 'GET', url: '/api/v2.1/users/am/', headers: { authorization: `Token ${admin}`, 'accept-language': lang } });
const record = () => app.inject({
  method: 'POST', url: '/api/v2.2/locations/1/data_requests/', headers: { authorization: `Token ${admin}` }, payload: { kind: 'access', phone: '+79160005566' },
});

/** Polls `call` until it answers 2xx; how long that took. */
async function recovery(call: () => Promise<{ statusCode: number }>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await call()).statusCode < 300) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not recovered within ${limitMs} ms`);
}

describe('#48 while PostgreSQL is unreachable, and after', () => {
  it('serves normally through the relay', async () => {
    expect((await me()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After in the caller\'s language, never 500, within DB_TIMEOUT_MS; /healthz stays live, /readyz is not ready', async () => {
    relay.cut();
    try {
      for (const lang of ['ru', 'en']) {
        const started = Date.now();
        const res = await me(lang);
        const took = Date.now() - started;
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ detail: lang === 'ru' ? 'Нет связи с базой данных: повторите через несколько секунд.' : 'The database is unreachable right now: try again in a few seconds.' });
        expect(took, 'no request hangs past DB_TIMEOUT_MS').toBeLessThan(TIMEOUT_MS + 1000);
      }
      expect((await record()).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('database unavailable');
    } finally {
      relay.restore();
    }
  });

  it('recovers by itself within 10 s once the database is back, without a restart', async () => {
    const ms = await recovery(me, 10_000);
    console.log(`recovered ${ms} ms after the database came back`);
    expect((await record()).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('a read-only former primary (25006) is a 503, and its connections are dropped: writes succeed once it is writable again', async () => {
    const name = new URL(String(h.database.pool.options.connectionString)).pathname.slice(1);
    // Every pooled connection of the app holds a session; make the database read-only for new sessions, and end the old ones.
    await h.database.pool.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await h.database.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await record()).statusCode);
      expect(statuses.every((s) => s === 503), `writes on a read-only primary: ${statuses}`).toBe(true);
      expect((await me()).statusCode, 'reads still work').toBe(200);
    } finally {
      // pg_terminate_backend ended the harness's own pool connections too: a fresh one makes the change.
      await h.database.pool.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`).catch(async () => {
        await h.database.pool.query(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
      });
    }
    // The app's read-only connections were dropped after their error: the next writes get fresh, writable ones.
    const failures: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await record();
      if (res.statusCode !== 201) failures.push(res.statusCode);
    }
    expect(failures.length, `writes refused after the primary is writable again: ${failures}`).toBeLessThanOrEqual(3);
    expect((await record()).statusCode).toBe(201);
  });

  it('a transaction whose BEGIN fails gives its connection back: such failures never empty the pool (drizzle sends BEGIN outside its try)', async () => {
    // A pool of 2; each connection it hands out dies at once, so the transaction's BEGIN fails (as
    // through PgBouncer while PostgreSQL restarts). Four failures later the pool still has connections.
    const small = connect(String(h.database.pool.options.connectionString), 2, false, 1000);
    let sabotage = true;
    small.pool.on('acquire', (client) => {
      if (sabotage) (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
    });
    try {
      for (let i = 0; i < 4; i++) {
        const failed = await small.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).then(() => null, (e: unknown) => String(e));
        expect(failed, `attempt ${i + 1}`).not.toBeNull();
        expect(failed, `attempt ${i + 1}`).not.toMatch(/timeout exceeded/);
      }
      sabotage = false;
      const rows = await small.db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows);
      expect(rows).toEqual([{ one: 1 }]);
      expect(small.pool.totalCount).toBeLessThanOrEqual(2);
    } finally {
      await small.close().catch(() => undefined);
    }
  });
});
