// Multi-bookings raced from two server processes on one database (issue #5): 20 parallel
// multi-bookings over overlapping pairs of sessions, sent alternately to each process. Whatever
// wins, no session ends with two orders, every order holds exactly the sessions it asked for, and
// every loser is told the time slot is busy. Both processes also start together on an empty
// database: migrations and the demo seed run once (the startup lock).
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
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

/** A business date 20 days ahead in Moscow, beyond the demo orders (±2 weeks). */
function moscowDatePlus(days: number): string {
  const now = new Date(Date.now() + 3 * 3600_000 - 6 * 3600_000); // Moscow wall clock, then the 06:00 day start
  now.setUTCDate(now.getUTCDate() + days);
  return now.toISOString().slice(0, 10);
}

interface MultiSlot { playground: number; time_start: string; available_persons: number; archived: boolean }

describe('multi-booking across two server processes', () => {
  it('20 parallel multi-bookings over overlapping sessions: all or nothing, no session over capacity', async () => {
    const url = await emptyDatabase(adminUrl);
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      servers.push(startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), LOG_LEVEL: 'warn' }));
    }
    await Promise.all(ports.map((port, i) => waitHealthy(port, servers[i]!)));
    const base = (i: number) => `http://127.0.0.1:${ports[i % 2]}`;

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // Started together, the two processes seeded the demo data once.
      expect((await db.query('select count(*)::int as n from users')).rows[0].n).toBe(3);

      const login = await fetch(`${base(0)}/api/v2.1/login/`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
      });
      const { token } = await login.json() as { token: string };
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };

      const date = moscowDatePlus(20);
      const multi = await (await fetch(`${base(1)}/api/v2.2/locations/1/schedule_multi/?date=${date}`, { headers })).json() as {
        playgrounds: { id: number; name: string; max_players: number }[]; schedule: MultiSlot[];
      };
      const cube2 = multi.playgrounds.find((p) => p.name === 'Куб 2')!;
      const free = multi.schedule.filter((s) => s.playground === cube2.id && !s.archived && s.available_persons === cube2.max_players);
      expect(free.length).toBeGreaterThanOrEqual(10);
      const ring = free.slice(0, 10).map((s) => s.time_start);

      // Request i asks for sessions i and i+1 of the ring: each overlaps its neighbours.
      const wanted = Array.from({ length: 20 }, (_, i) => [ring[i % 10]!, ring[(i + 1) % 10]!]);
      const responses = await Promise.all(wanted.map(async (pair, i) => {
        const res = await fetch(`${base(i)}/api/v2.2/multibooking/`, {
          method: 'POST', headers,
          body: JSON.stringify({
            date, cost: '5000', persons: 2, name: `Party ${i}`, email: `p${i}@example.com`, phone: '+79995550000', order_type: 1, location_id: 1,
            playsessions: pair.map((session_dt) => ({ playground_id: cube2.id, session_dt })),
          }),
        });
        return { i, status: res.status, body: await res.json() as Record<string, unknown> };
      }));

      const winners = responses.filter((r) => r.status === 201);
      const losers = responses.filter((r) => r.status !== 201);
      expect(winners.length).toBeGreaterThanOrEqual(1);
      expect(winners.length).toBeLessThanOrEqual(5); // ten sessions, two per order
      for (const r of losers) {
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ datetime_start: ['Free sessions not found for this event on this location at given time'] });
      }

      // Each winner holds exactly the two sessions it asked for; the losers left no order behind.
      const { rows: held } = await db.query(`
        select o.id::int as order_id, o.name, p.time_start from orders o
        join order_playsessions op on op.order_id = o.id join playsessions p on p.id = op.playsession_id
        where o.location_id = 1 and p.playground_id = $1 and p.business_date = $2 order by o.id, p.time_start`, [cube2.id, date]);
      const byOrder = new Map<number, string[]>();
      for (const row of held) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row.time_start]);
      expect([...byOrder.keys()].sort()).toEqual(winners.map((r) => r.body.order_id as number).sort());
      for (const r of winners) expect(byOrder.get(r.body.order_id as number)).toEqual([...wanted[r.i]!].sort());

      // No session has two orders.
      const sessions = held.map((row) => row.time_start);
      expect(new Set(sessions).size).toBe(sessions.length);
      // Both processes served requests.
      expect(new Set(responses.map((r) => r.i % 2)).size).toBe(2);
    } finally {
      await db.end();
    }
  }, 120_000);
});
