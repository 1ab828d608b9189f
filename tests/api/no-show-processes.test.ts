// #44 The no-show job across two real server processes (server/main.ts) on one database: both start
// together (each books the job under the startup lock: one chain), a session of location 1 (arrivals
// on) started 20 minutes ago with nobody checked in, and two more runs of the job booked at once as a
// second chain would; both processes' workers claim due jobs every second. Every run is done once,
// the order is flagged once with one `no_show` entry, and no order anywhere has two.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { NO_SHOW_JOB } from '../../server/modules/arrivals/noShows';
import { emptyDatabase, exited, removeTempDirs, startServer, tempDir, waitHealthy, type ServerProcess } from './serverProcess';

const adminUrl = inject('adminDatabaseUrl');
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map(async (s) => {
    if (s.exitCode !== null) return;
    const done = exited(s);
    s.kill('SIGTERM');
    await done;
  }));
  removeTempDirs();
});

describe('the no-show job across two server processes', () => {
  it('runs each booked run once: the order nobody came to is flagged once, with one entry', async () => {
    const url = await emptyDatabase(adminUrl);
    const ports = [await freePort(), await freePort()];
    for (const port of ports) servers.push(startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), LOG_LEVEL: 'warn' }));
    await Promise.all(ports.map((port, i) => waitHealthy(port, servers[i]!)));

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // Started together: one chain of the job, not one per process (one run waiting; its first may have run already).
      expect((await db.query('select count(*)::int as n from jobs where kind = $1 and done_at is null', [NO_SHOW_JOB])).rows[0].n).toBe(1);
      // A Moscow session of location 1 that began 20 minutes ago (grace 15), with a paid-type order of two nobody checked in.
      const { rows: [ps] } = await db.query(`insert into playsessions (playground_id, business_date, time_start, duration, session_price)
        select p.id, (now() at time zone 'Europe/Moscow' - interval '20 minutes' - interval '6 hours')::date,
               to_char(now() at time zone 'Europe/Moscow' - interval '20 minutes', 'YYYY-MM-DD HH24:MI'), 60, '3000'
        from playgrounds p where p.location_id = 1 and p.name = 'Арена'
        on conflict (playground_id, time_start) do update set duration = playsessions.duration returning id`);
      const { rows: [order] } = await db.query(`insert into orders (location_id, name, phone, persons, order_type, status, purchase)
        values (1, 'Никто Не Пришёл', '+79990007777', 2, 1, 2, '3000') returning id::int as id`);
      await db.query('insert into order_playsessions (order_id, playsession_id) values ($1, $2)', [order.id, ps.id]);
      expect((await db.query('select count(*)::int as n from order_participants where order_id = $1', [order.id])).rows[0].n).toBe(2);
      // Two more runs due now, as two chains would book them.
      await db.query(`insert into jobs (kind, payload, priority) values ($1, '{}', 10), ($1, '{}', 10)`, [NO_SHOW_JOB]);

      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows: [left] } = await db.query('select count(*)::int as n from jobs where kind = $1 and done_at is null and run_at <= now()', [NO_SHOW_JOB]);
        if (left.n === 0) break;
        if (Date.now() > deadline) throw new Error(`no-show runs still due:\n${servers.map((s) => s.output()).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // Each run done once (a job's attempts: 1), the order flagged once.
      const { rows: runs } = await db.query('select attempts from jobs where kind = $1 and done_at is not null', [NO_SHOW_JOB]);
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.every((r) => r.attempts === 1)).toBe(true);
      expect((await db.query('select no_show, status, paid::text from orders where id = $1', [order.id])).rows[0]).toEqual({ no_show: true, status: 2, paid: '0.00' });
      expect((await db.query('select count(*)::int as n from order_logs where order_id = $1 and type = $2', [order.id, 'no_show'])).rows[0].n).toBe(1);
      expect((await db.query("select count(*)::int as n from (select order_id from order_logs where type = 'no_show' group by order_id having count(*) > 1) x")).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
