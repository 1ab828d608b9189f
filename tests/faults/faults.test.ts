// `npm run test:faults` (issues #9 and #15): four server processes on one database take 200
// concurrent single bookings for the 10 places of one session, 20 overlapping multi-bookings,
// payments on every booking that got through, 40 ledger transactions and payments with an
// Idempotency-Key on 12 more orders (each key retried on several processes at once: on the one that
// is killed, while it dies, right after and once it is back), while one process is killed with
// SIGKILL half-way and started again. Afterwards nothing acknowledged is lost and nothing is
// over-sold: no session over capacity, every 2xx booking exists with its 2xx payments, no
// half-made multi-booking, every acknowledged order's webhook is delivered, and the ledger sums to
// the balance the API shows. Money is never wrong: every keyed payment answered 2xx exists exactly
// once (one key row, one payment, every answer to the key with its id), a key whose attempts died
// with the process made one payment or none, no order's paid payments add up to more than its price
// (two keys that would together overpay: one is taken, the other refused), and an amount above what
// is left to pay is refused (4xx) and never recorded.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { emptyDatabase, exited, removeTempDirs, startServer, tempDir, waitHealthy, type ServerProcess } from '../api/serverProcess';

const adminUrl = inject('adminDatabaseUrl');
const PROCESSES = 4;
const ATTEMPTS = 200;
// The test's orders, told apart by their comment (an order's source is a closed set since #25).
const FAULTS_TAG = 'faults-run';
const servers: (ServerProcess | null)[] = [];
let receiver: http.Server | undefined;

afterAll(async () => {
  await Promise.all(servers.map(async (s) => {
    if (!s || s.exitCode !== null || s.signalCode !== null) return;
    const done = exited(s);
    s.kill('SIGTERM');
    await done;
  }));
  receiver?.close();
  removeTempDirs();
});

/** A Moscow business date `days` ahead (beyond the demo orders). */
function moscowDatePlus(days: number): string {
  const d = new Date(Date.now() + 3 * 3600_000 - 6 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Outcome { status: number; body: Record<string, unknown>; replayed?: boolean }

/** Orders paid with Idempotency-Keys: each gets two keys of 60 % of its price (only one can be taken) and one above it. */
const KEYED_ORDERS = 12;
const KILL_WAVE = 4;

describe('faults', () => {
  it('kill -9 of one of four processes under load loses nothing acknowledged and oversells nothing', async () => {
    // A webhook receiver that records every delivery's event id.
    const received = new Set<string>();
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        try { received.add((JSON.parse(body) as { event_id: string }).event_id); } catch { /* not ours */ }
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const url = await emptyDatabase(adminUrl);
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    const envOf = (port: number) => ({
      DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    for (const port of ports) servers.push(startServer(envOf(port)));
    await Promise.all(ports.map((port, i) => waitHealthy(port, servers[i]!)));
    const base = (i: number) => `http://127.0.0.1:${ports[i % PROCESSES]}`;

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const login = await fetch(`${base(0)}/api/v2.1/login/`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
      });
      const { token } = await login.json() as { token: string };
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
      const call = async (i: number, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Outcome> => {
        try {
          const res = await fetch(`${base(i)}${path}`, {
            method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000),
          });
          const answer = await res.json().catch(() => ({})) as Record<string, unknown>;
          return { status: res.status, body: answer, replayed: res.headers.get('idempotent-replayed') === 'true' };
        } catch {
          return { status: 0, body: {} }; // the process was killed or not up: not acknowledged
        }
      };
      const hook = await call(0, 'POST', '/api/v2.1/locations/1/webhooks/', { url: receiverUrl, extra: false });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);

      // The hot session: the arena (10 places) at 18:00, 20 days ahead; the multi-booking ring on Cube 2.
      const date = moscowDatePlus(20);
      const multi = (await call(1, 'GET', `/api/v2.2/locations/1/schedule_multi/?date=${date}`)).body as unknown as {
        playgrounds: { id: number; name: string; max_players: number }[];
        schedule: { playground: number; time_start: string; available_persons: number; archived: boolean }[];
      };
      const arena = multi.playgrounds.find((p) => p.name === 'Арена')!;
      const cube2 = multi.playgrounds.find((p) => p.name === 'Куб 2')!;
      expect(arena.max_players).toBe(10);
      const hot = `${date} 18:00`;
      const ring = multi.schedule.filter((s) => s.playground === cube2.id && !s.archived && s.available_persons === cube2.max_players)
        .slice(0, 10).map((s) => s.time_start);
      expect(ring).toHaveLength(10);
      const games = (await call(0, 'GET', `/api/v2.2/playgrounds/${arena.id}/games_for_booking/`)).body as unknown as { id: number }[];

      // The keyed orders: one guest each on the arena's other sessions of the day, booked before the load.
      const arenaFree = multi.schedule.filter((s) => s.playground === arena.id && !s.archived && s.available_persons === arena.max_players && s.time_start !== hot)
        .map((s) => s.time_start);
      expect(arenaFree.length).toBeGreaterThanOrEqual(2);
      type Keyed = { order: number; price: number; keys: { name: 'A' | 'B' | 'X'; key: string; purchase: string; attempts: Outcome[] }[] };
      const keyed: Keyed[] = await Promise.all(Array.from({ length: KEYED_ORDERS }, async (_, o) => {
        const booked = await call(o, 'POST', '/api/v2.1/booking/', {
          playground_id: arena.id, persons: 1, order_type: 1, promocode: null, name: `Payer ${o}`, phone: '+79990000001', email: null,
          bill: false, cancel_delay: null, comment: FAULTS_TAG, session_dt: arenaFree[o % arenaFree.length], game_id: games[0]!.id, seller: null, source: 'backoffice',
        });
        expect(booked.status, JSON.stringify(booked.body)).toBe(201);
        const order = (await call(o + 1, 'GET', `/api/v2.2/orders/${booked.body.id}/`)).body as { need_paid: string };
        const cents = Math.round(Number(order.need_paid) * 100);
        expect(cents).toBeGreaterThan(1);
        const part = (Math.round(cents * 0.6) / 100).toFixed(2);
        return { order: booked.body.id as number, price: cents, keys: [
          { name: 'A', key: crypto.randomUUID(), purchase: part, attempts: [] },
          { name: 'B', key: crypto.randomUUID(), purchase: part, attempts: [] },
          { name: 'X', key: crypto.randomUUID(), purchase: ((cents + 1) / 100).toFixed(2), attempts: [] },
        ] };
      }));
      /** One attempt of a keyed payment on process `p`; the attempt is recorded in the order it was sent. */
      const payKeyed = (p: number, o: number, k: number): Promise<Outcome> => {
        const { order, keys } = keyed[o]!;
        const key = keys[k]!;
        const slot = key.attempts.push({ status: -1, body: {} }) - 1;
        return call(p, 'POST', `/api/v2.1/booking/${order}/pay/`, { payment_type: 2, purchase: key.purchase, external_id: null, certificate: null },
          { 'idempotency-key': key.key }).then((out) => { key.attempts[slot] = out; return out; });
      };
      /**
       * The keyed attempts of a wave: in the two waves before the kill, the first key of every other
       * order (so it is taken before the kill); in the kill wave every key on the victim (process 1), sent first, and
       * on two orders of three at once on another process; right after it (the victim is down) every
       * key once more, on the next process in turn.
       */
      const keyedWave = (wave: number): Promise<Outcome>[] => {
        const out: Promise<Outcome>[] = [];
        for (let o = 0; o < KEYED_ORDERS; o++) {
          if (wave === KILL_WAVE - 2 || wave === KILL_WAVE - 1) {
            if (o % 2 === 0) out.push(payKeyed(o + wave, o, 0));
          } else if (wave === KILL_WAVE) {
            for (let k = 0; k < 3; k++) out.push(payKeyed(1, o, k));
          } else if (wave === KILL_WAVE + 1) {
            for (let k = 0; k < 3; k++) out.push(payKeyed(o + k + wave, o, k));
          }
        }
        if (wave === KILL_WAVE) {
          for (let o = 0; o < KEYED_ORDERS; o++) {
            if (o % 3 === 0) continue;
            for (let k = 0; k < 3; k++) out.push(payKeyed([0, 2, 3][(o + k) % 3]!, o, k));
          }
        }
        return out;
      };

      const bookings: { i: number; out: Outcome; payments: Outcome[] }[] = [];
      const multis: { pair: string[]; out: Outcome }[] = [];
      const ledger: Outcome[] = [];
      let restarted: Promise<void> = Promise.resolve();
      // Half-way through, process 1 dies without warning and is started again.
      const kill = () => {
        const victim = servers[1]!;
        const gone = exited(victim);
        victim.kill('SIGKILL');
        restarted = gone.then(async () => {
          servers[1] = startServer(envOf(ports[1]!));
          await waitHealthy(ports[1]!, servers[1]!);
        });
      };

      const book = async (i: number) => {
        const out = await call(i, 'POST', '/api/v2.1/booking/', {
          playground_id: arena.id, persons: 1, order_type: 1, promocode: null, name: `Guest ${i}`, phone: '+79990000000', email: null,
          bill: false, cancel_delay: null, comment: FAULTS_TAG, session_dt: hot, game_id: games[0]!.id, seller: null, source: 'backoffice',
        });
        const entry = { i, out, payments: [] as Outcome[] };
        bookings.push(entry);
        if (out.status === 201) {
          const order = (await call(i + 1, 'GET', `/api/v2.2/orders/${out.body.id}/`)).body as { need_paid?: string };
          if (order.need_paid) {
            entry.payments.push(await call(i + 2, 'POST', `/api/v2.1/booking/${out.body.id}/pay/`, {
              payment_type: 2, purchase: order.need_paid, external_id: null, certificate: null,
            }));
          }
        }
      };
      const multiBook = async (k: number) => {
        const pair = [ring[k % 10]!, ring[(k + 1) % 10]!];
        multis.push({ pair, out: await call(k, 'POST', '/api/v2.2/multibooking/', {
          date, cost: '5000', persons: 2, name: `Party ${k}`, email: `p${k}@example.com`, phone: '+79995550000', order_type: 1, location_id: 1,
          playsessions: pair.map((session_dt) => ({ playground_id: cube2.id, session_dt })),
        }) });
      };
      const transact = async (k: number) => {
        ledger.push(await call(k, 'POST', '/api/v2.1/transactions/create_transaction/', {
          type: k % 4 === 0 ? 'chargeoff' : 'refill', amount: String(10 + k), operation_dt: new Date().toISOString(), description: `fault ${k}`, location: 1,
        }));
      };

      // 200 bookings in waves of 25, with the multi-bookings, ledger writes and keyed payments
      // interleaved. In the kill wave the victim dies as soon as it answers the first of its keyed
      // payments (the first 3 x KEYED_ORDERS of the wave): the rest of them are in flight then.
      for (let wave = 0; wave < ATTEMPTS / 25; wave++) {
        const payments = keyedWave(wave);
        const killing = wave === KILL_WAVE ? Promise.race(payments.slice(0, 3 * KEYED_ORDERS)).then(kill) : undefined;
        await Promise.all([
          ...payments,
          ...Array.from({ length: 25 }, (_, j) => book(wave * 25 + j)),
          ...(wave < 4 ? Array.from({ length: 5 }, (_, j) => multiBook(wave * 5 + j)) : []),
          ...Array.from({ length: 5 }, (_, j) => transact(wave * 5 + j)),
          killing,
        ]);
      }
      await restarted;
      // Once the victim is back, every key is sent to all four processes at once: each gets a final answer.
      await Promise.all(keyed.flatMap((_, o) => [0, 1, 2].flatMap((k) => [1, 0, 2, 3].map((p) => payKeyed(p, o, k)))));
      const count = (list: { status: number }[], status: number) => list.filter((x) => x.status === status).length;
      console.log(`bookings: ${count(bookings.map((b) => b.out), 201)} booked, ${count(bookings.map((b) => b.out), 400)} busy, `
        + `${count(bookings.map((b) => b.out), 0)} unanswered; multi: ${count(multis.map((m) => m.out), 201)} of ${multis.length}; `
        + `ledger: ${count(ledger, 201)} of ${ledger.length}`);
      const keyedKeys = keyed.flatMap((k) => k.keys);
      const attempts = keyedKeys.flatMap((k) => k.attempts);
      const diedFirst = keyedKeys.filter((k) => k.attempts[0]!.status === 0);
      const stored = new Map(((await db.query(`select key, scope, response ->> 'id' as payment_id from idempotency_keys where key = any($1)`,
        [keyedKeys.map((k) => k.key)])).rows as { key: string; scope: string; payment_id: string | null }[]).map((r) => [r.key, r]));
      console.log(`keyed payments: ${keyedKeys.length} keys on ${keyed.length} orders, ${attempts.length} attempts: ${count(attempts, 201)} 201 `
        + `(${attempts.filter((a) => a.replayed).length} replayed), ${count(attempts, 400)} 400, ${count(attempts, 409)} 409, ${count(attempts, 0)} unanswered; `
        + `${diedFirst.length} keys whose first attempt died (${diedFirst.filter((k) => stored.has(k.key)).length} made a payment)`);

      // Nothing over-sold: the hot session holds at most 10 guests, and every 2xx booking is among them.
      const okBookings = bookings.filter((b) => b.out.status === 201);
      const live = (await db.query(`
        select o.id::int as id, o.persons, o.paid::text as paid from orders o
        join order_playsessions op on op.order_id = o.id join playsessions p on p.id = op.playsession_id
        where p.playground_id = $1 and p.time_start = $2 and o.status not in (4, 5)`, [arena.id, hot])).rows as { id: number; persons: number; paid: string }[];
      expect(live.reduce((n, o) => n + o.persons, 0)).toBeLessThanOrEqual(10);
      expect(okBookings.length).toBeGreaterThan(0);
      expect(okBookings.length).toBeLessThanOrEqual(10);
      const liveIds = new Set(live.map((o) => o.id));
      for (const b of okBookings) expect(liveIds.has(b.out.body.id as number), `booking ${b.out.body.id}`).toBe(true);
      // Refusals are the spec's "time slot busy", or no answer from the killed process.
      for (const b of bookings.filter((x) => x.out.status !== 201)) {
        expect([0, 400]).toContain(b.out.status);
        if (b.out.status === 400) expect(b.out.body).toEqual({ persons: ['wrong persons number'] });
      }
      expect(bookings.some((b) => b.out.status === 0)).toBe(true); // the kill did hit requests

      // Every acknowledged payment exists and is on its order.
      for (const b of okBookings) {
        for (const p of b.payments.filter((x) => x.status === 201 || x.status === 200)) {
          const row = (await db.query('select order_id::int as order_id from payments where id = $1', [p.body.id])).rows[0];
          expect(row?.order_id).toBe(b.out.body.id);
        }
        const paidOk = b.payments.filter((x) => x.status === 201 || x.status === 200).reduce((s, p) => s + Number(p.body.purchase), 0);
        expect(Number(live.find((o) => o.id === b.out.body.id)!.paid)).toBeGreaterThanOrEqual(paidOk);
      }

      // Keyed payments: every 2xx exists exactly once, with the id every answer to its key carries.
      expect(count(attempts, 0)).toBeGreaterThan(0); // the kill did hit keyed payments
      expect(diedFirst.length).toBeGreaterThan(0);
      for (const { order, price, keys } of keyed) {
        const rows = (await db.query(`select id::int as id, purchase::text as purchase, status from payments where order_id = $1 order by id`, [order]))
          .rows as { id: number; purchase: string; status: string }[];
        const paid = rows.filter((r) => r.status === 'paid');
        expect(rows, `payments of order ${order}`).toEqual(paid);
        const [o] = (await db.query('select purchase::text as purchase, paid::text as paid from orders where id = $1', [order])).rows as { purchase: string; paid: string }[];
        const sum = paid.reduce((s, r) => s + Math.round(Number(r.purchase) * 100), 0);
        expect(sum, `order ${order}`).toBeLessThanOrEqual(Math.round(Number(o!.purchase) * 100));
        expect(Math.round(Number(o!.paid) * 100)).toBe(sum);
        expect(Math.round(Number(o!.purchase) * 100)).toBe(price);
        const recorded = new Set<number>();
        for (const key of keys) {
          const label = `order ${order} key ${key.name} ${JSON.stringify(key.attempts.map((a) => a.status))}`;
          for (const a of key.attempts) {
            expect([0, 201, 400, 409], label).toContain(a.status);
            if (a.status === 400) expect(Object.keys(a.body), label).toEqual(['purchase']);
            if (a.status === 409) expect(a.body, label).toHaveProperty('detail');
          }
          const ok = key.attempts.filter((a) => a.status === 201);
          const row = stored.get(key.key);
          if (key.name === 'X') {
            // Above what is left to pay: refused every time, never recorded.
            expect(ok, label).toEqual([]);
            expect(key.attempts.some((a) => a.status === 400), label).toBe(true);
            expect(row, label).toBeUndefined();
            continue;
          }
          if (ok.length > 0) {
            expect(new Set(ok.map((a) => a.body.id)).size, label).toBe(1);
            for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
            expect(ok[0]!.body).toMatchObject({ order, purchase: key.purchase, status: 'paid' });
            expect(ok.filter((a) => !a.replayed).length, label).toBeLessThanOrEqual(1);
            expect(row?.payment_id, label).toBe(String(ok[0]!.body.id));
          }
          if (row) {
            // A key that made a payment is answered with it every time: a refusal (400) would mean a
            // retry was taken for a new payment (the other key had won before it, or it had itself).
            expect(key.attempts.filter((a) => a.status !== 0 && a.status !== 409).every((a) => a.status === 201), label).toBe(true);
            expect(/"id":"?(\d+)"?/.exec(row.scope)?.[1], label).toBe(String(order));
            const payment = rows.find((r) => r.id === Number(row.payment_id));
            expect(payment, label).toMatchObject({ purchase: key.purchase, status: 'paid' });
            expect(recorded.has(payment!.id), label).toBe(false);
            recorded.add(payment!.id);
          }
        }
        // One payment per key and none without one (so a key whose first attempt died with the process
        // made one payment or none); of the two 60 % keys exactly one was taken.
        expect([...recorded].sort((a, b) => a - b), `order ${order}`).toEqual(rows.map((r) => r.id));
        expect(rows, `order ${order}`).toHaveLength(1);
      }
      // No order of the test is paid beyond its price, and its paid is the sum of its payments.
      const overpaid = (await db.query(`
        select o.id, o.purchase, o.paid, coalesce(sum(p.purchase) filter (where p.status = 'paid'), 0) as payments from orders o
        left join payments p on p.order_id = o.id where o.comment = '${FAULTS_TAG}' group by o.id
        having o.paid > o.purchase or o.paid <> coalesce(sum(p.purchase) filter (where p.status = 'paid'), 0)
          or coalesce(sum(p.purchase) filter (where p.status not in ('failed', 'cancelled')), 0) > o.purchase`)).rows;
      expect(overpaid).toEqual([]);

      // No half-made multi-booking: every multi order holds exactly its two sessions, none shared.
      const multiRows = (await db.query(`
        select o.id::int as id, array_agg(p.time_start order by p.time_start) as sessions from orders o
        join order_playsessions op on op.order_id = o.id join playsessions p on p.id = op.playsession_id
        where o.multisession and o.location_id = 1 and p.business_date = $1 group by o.id`, [date])).rows as { id: number; sessions: string[] }[];
      for (const m of multiRows) expect(m.sessions).toHaveLength(2);
      const taken = multiRows.flatMap((m) => m.sessions);
      expect(new Set(taken).size).toBe(taken.length);
      for (const m of multis.filter((x) => x.out.status === 201)) {
        expect(multiRows.find((r) => r.id === m.out.body.order_id)?.sessions).toEqual([...m.pair].sort());
      }

      // Every acknowledged booking's order.created webhook is delivered (the outbox survives the kill).
      const deadline = Date.now() + 60_000;
      let pending = 1;
      while (pending > 0 && Date.now() < deadline) {
        pending = Number((await db.query("select count(*) from webhook_deliveries where status = 'pending'")).rows[0].count);
        if (pending > 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(pending).toBe(0);
      const created = (await db.query(`select (body::jsonb #>> '{data,order,id}')::int as order_id, body::jsonb ->> 'event_id' as event_id, status
        from webhook_deliveries where event = 'order.created'`)).rows as { order_id: number; event_id: string; status: string }[];
      for (const b of okBookings) {
        const d = created.find((c) => c.order_id === b.out.body.id);
        expect(d?.status, `webhook of order ${b.out.body.id}`).toBe('delivered');
        expect(received.has(d!.event_id)).toBe(true);
      }

      // The ledger: every acknowledged transaction exists, and the balance shown is the sum.
      for (const t of ledger.filter((x) => x.status === 201)) {
        expect((await db.query('select 1 from transactions where id = $1', [t.body.id])).rowCount).toBe(1);
      }
      const sum = (await db.query('select coalesce(sum(amount), 0)::text as s from transactions where location_id = 1')).rows[0].s as string;
      const shown = (await call(2, 'GET', '/api/v2.1/locations/1/')).body as { balance: string };
      expect(Number(shown.balance)).toBeCloseTo(Number(sum), 2);
    } finally {
      await db.end();
    }
  }, 300_000);
});
