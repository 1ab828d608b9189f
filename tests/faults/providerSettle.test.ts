// #29 faults: the server is killed (SIGKILL) after YooKassa took the customer's money and before we
// settled it: YooKassa's notification reaches no one. After the restart YooKassa retries its
// notification while the payment.check job asks YooKassa too, both at once and each twice: exactly
// one paid payment, one `paid` log line, one money.payment activity entry, the order paid once.
// A real server process on a real database, the local YooKassa (tests/providers/yookassa.ts) over HTTP.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { emptyDatabase, exited, removeTempDirs, startServer, tempDir, waitHealthy, type ServerProcess } from '../api/serverProcess';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';

const adminUrl = inject('adminDatabaseUrl');
const SHOP = { shop_id: '517001', secret_key: 'test_faults_secret_Zx12' };
let server: ServerProcess | null = null;
let yoo: LocalYooKassa | undefined;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const done = exited(server);
    server.kill('SIGTERM');
    await done;
  }
  await yoo?.close();
  removeTempDirs();
});

/** A Moscow business date `days` ahead (beyond the demo orders). */
function moscowDatePlus(days: number): string {
  const d = new Date(Date.now() + 3 * 3600_000 - 6 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('faults: a payment settled across a kill', () => {
  it('the notification lost while the server is down is retried after the restart, with the job at the same time: one payment, one ledger line', async () => {
    yoo = await startLocalYooKassa();
    yoo.shops.set(SHOP.shop_id, SHOP.secret_key);
    const url = await emptyDatabase(adminUrl);
    const port = await freePort();
    const env = { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), LOG_LEVEL: 'warn', YOOKASSA_API_URL: yoo.url };
    server = startServer(env);
    await waitHealthy(port, server);
    const base = `http://127.0.0.1:${port}`;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const login = await (await fetch(`${base}/api/v2.1/login/`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
      })).json() as { token: string };
      const headers = { authorization: `Token ${login.token}`, 'content-type': 'application/json' };
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
        return { status: res.status, body: await res.json().catch(() => ({})) as Record<string, any> };
      };
      expect((await call('PUT', '/api/v2.1/locations/1/payment_provider/', { provider: 'yookassa', ...SHOP })).status).toBe(200);

      // An order billed through YooKassa.
      const date = moscowDatePlus(21);
      const multi = (await call('GET', `/api/v2.2/locations/1/schedule_multi/?date=${date}`)).body as {
        playgrounds: { id: number; name: string; max_players: number }[]; schedule: { playground: number; time_start: string; available_persons: number; archived: boolean }[];
      };
      const arena = multi.playgrounds.find((p) => p.name === 'Арена')!;
      const slot = multi.schedule.find((s) => s.playground === arena.id && !s.archived && s.available_persons === arena.max_players)!;
      const games = (await call('GET', `/api/v2.2/playgrounds/${arena.id}/games_for_booking/`)).body as unknown as { id: number }[];
      const booked = await call('POST', '/api/v2.1/booking/', {
        playground_id: arena.id, persons: 1, order_type: 1, promocode: null, name: 'Killed Payer', phone: '+79990000002', email: null,
        bill: false, cancel_delay: null, comment: '', session_dt: slot.time_start, game_id: games[0]!.id, seller: null, source: 'backoffice',
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const orderId = booked.body.id as number;
      const price = (await call('GET', `/api/v2.2/orders/${orderId}/`)).body.need_paid as string;
      const billed = await call('POST', `/api/v2.1/booking/${orderId}/pay/`, { payment_type: 4, purchase: price });
      expect(billed.status, JSON.stringify(billed.body)).toBe(201);
      const { rows: [link] } = await db.query('select id, external_id from payments where order_id = $1 and payment_type = 4', [orderId]);
      expect(link.external_id).toBeTruthy();

      // The customer pays; the server dies before it hears of it, and YooKassa's notification finds no one.
      yoo.succeed(link.external_id);
      const killed = exited(server);
      server.kill('SIGKILL');
      await killed;
      const notice = JSON.stringify(yoo.notification(link.external_id));
      const notify = () => fetch(`${base}/api/v2.1/payments/yookassa/notifications/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: notice })
        .then((r) => r.status, () => 0);
      expect(await notify()).toBe(0);
      expect((await db.query('select status from payments where id = $1', [link.id])).rows[0].status).toBe('processing');

      // Back up: the job is due now, and YooKassa retries its notification twice at the same time.
      server = startServer(env);
      await waitHealthy(port, server);
      await db.query(`update jobs set run_at = now() where kind = 'payment.check' and payload->>'paymentId' = $1`, [String(link.id)]);
      expect(await Promise.all([notify(), notify()])).toEqual([200, 200]);
      // The job's run (the worker polls every second) settles nothing more: it finds the payment paid.
      for (let i = 0; i < 50; i++) {
        const { rows } = await db.query(`select count(*)::int as n from jobs where kind = 'payment.check' and payload->>'paymentId' = $1 and run_at <= now()`, [String(link.id)]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await notify()).toBe(200);

      const paid = await db.query(`select purchase from payments where order_id = $1 and status = 'paid'`, [orderId]);
      expect(paid.rows.map((r) => r.purchase)).toEqual([price]);
      expect((await db.query(`select count(*)::int as n from order_logs where order_id = $1 and type = 'paid'`, [orderId])).rows[0].n).toBe(1);
      expect((await db.query(`select count(*)::int as n from activity_entries where kind = 'money.payment' and subject = $1`, [`#${orderId}`])).rows[0].n).toBe(1);
      expect((await call('GET', `/api/v2.2/orders/${orderId}/`)).body).toMatchObject({ paid: price, need_paid: '0.00' });
    } finally {
      await db.end();
    }
  });
});
