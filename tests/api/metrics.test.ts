// GET /metrics (server/platform/metrics.ts): Prometheus text for the addresses METRICS_ALLOW names,
// 404 for everyone else and for anything that came through a proxy (TRUST_PROXY or not); the
// counters an operator alerts on move with bookings, lock timeouts and payments; request latency
// is labelled by route pattern, never by the raw URL; the job queue is read at scrape time.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobs, webhooks } from '../../server/db/schema';
import { ConfigError, loadConfig } from '../../server/config';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, getOrder, makeWorld, pay, type World } from './bookingFixture';
import { freePort } from '../../server/db/embedded';
import { emptyDatabase, exited, removeTempDirs, spawnCluster, tempDir, waitHealthy } from './serverProcess';

/** The value of one sample: `name{...}` with at least these labels; 0 when there is none yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (m[2] ?? '').split(/,(?=\w+=)/).includes(`${k}="${v}"`));
    if (has) return Number(m[3]);
  }
  return 0;
}

const scrape = (h: Harness, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('who may scrape', () => {
  let h: Harness;
  let proxied: Harness;
  let narrowed: Harness;
  beforeAll(async () => {
    h = await createHarness({ demo: false });
    proxied = await createHarness({ demo: false, config: { trustProxy: true } });
    narrowed = await createHarness({ demo: false, config: { metricsAllow: '10.0.0.0/8' } });
  });
  afterAll(async () => { await Promise.all([h.close(), proxied.close(), narrowed.close()]); });

  it('answers loopback (IPv4 and IPv6) with Prometheus text and no token', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(h, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE backoffice_http_request_duration_seconds histogram');
      expect(res.body).toContain('# TYPE backoffice_bookings_total counter');
    }
  });

  it('refuses any other address with the DRF 404 an unknown path gets', async () => {
    const res = await scrape(h, '203.0.113.7');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(res.body).not.toContain('backoffice_');
  });

  it('refuses a request that came through a proxy, even when the forwarded address is loopback (TRUST_PROXY on or off)', async () => {
    for (const app of [h, proxied]) {
      expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
      expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
      expect((await scrape(app, '127.0.0.1', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
    }
    // With TRUST_PROXY a forged header from outside must not open it either.
    expect((await scrape(proxied, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await scrape(proxied, '127.0.0.1')).statusCode).toBe(200);
  });

  // Every header by which a proxy or CDN says it forwarded a request (nginx's `proxy_set_header
  // X-Real-IP` alone is a common one), with a loopback value, an outside one and empty: all 404.
  const FORWARDING_HEADERS = [
    'X-Forwarded-For', 'X-Real-IP', 'Forwarded', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'X-Forwarded-Port', 'X-Forwarded-Server',
    'X-Forwarded', 'Forwarded-For', 'X-Client-IP', 'Client-IP', 'True-Client-IP', 'CF-Connecting-IP', 'Fastly-Client-IP',
    'X-Cluster-Client-IP', 'X-Original-Forwarded-For', 'X-ProxyUser-IP', 'X-Originating-IP', 'X-Remote-IP', 'X-Remote-Addr',
    'X-Envoy-External-Address', 'Via',
  ];
  it.each(FORWARDING_HEADERS)('refuses a loopback request carrying %s (any value, even empty), TRUST_PROXY on or off', async (name) => {
    for (const app of [h, proxied]) {
      for (const value of ['127.0.0.1', '203.0.113.7', '']) {
        const res = await scrape(app, '127.0.0.1', { [name]: value });
        expect(res.statusCode, `${name}: ${JSON.stringify(value)}`).toBe(404);
        expect(res.body).not.toContain('backoffice_');
      }
    }
  });

  it('refuses forwarding headers sent over a real connection too, an empty X-Forwarded-For and a lone X-Real-IP included', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    // Raw HTTP: fetch and most clients drop a header whose value is empty.
    const raw = (headers: string) => new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`));
      let out = '';
      socket.on('data', (d) => { out += d; });
      socket.on('end', () => resolve(out.split('\r\n')[0]!));
      socket.on('error', reject);
    });
    expect(await raw('')).toBe('HTTP/1.1 200 OK');
    expect(await raw('X-Forwarded-For:\r\n')).toBe('HTTP/1.1 404 Not Found');
    expect(await raw('X-Forwarded-For: \r\n')).toBe('HTTP/1.1 404 Not Found');
    expect(await raw('X-Real-IP: 127.0.0.1\r\n')).toBe('HTTP/1.1 404 Not Found');
    expect(await raw('X-Forwarded-Proto: https\r\n')).toBe('HTTP/1.1 404 Not Found');
  });

  it('lets through headers that are not about forwarding', async () => {
    expect((await scrape(h, '127.0.0.1', { 'x-request-id': 'abc', 'user-agent': 'Prometheus/2.53', accept: 'text/plain' })).statusCode).toBe(200);
  });

  it('follows METRICS_ALLOW: a range admits its addresses and shuts out loopback', async () => {
    expect((await scrape(narrowed, '10.1.2.3')).statusCode).toBe(200);
    expect((await scrape(narrowed, '127.0.0.1')).statusCode).toBe(404);
    expect((await scrape(narrowed, '11.0.0.1')).statusCode).toBe(404);
  });

  it('refuses to start with a METRICS_ALLOW it cannot read; `none` shuts everyone out', () => {
    expect(loadConfig({}).metricsAllow).toBe('127.0.0.0/8,::1');
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_ALLOW: 'localhost' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_ALLOW: '192.168.0.0/16, ::1' }).metricsAllow).toBe('192.168.0.0/16, ::1');
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toBe('none');
  });
});

describe('what it counts', () => {
  let h: Harness;
  let w: World;
  beforeAll(async () => {
    h = await createHarness();
    w = await makeWorld(h);
  });
  afterAll(async () => { await h.close(); });

  const metrics = async () => {
    const res = await scrape(h);
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('counts a booking made, a booking refused, and a booking that hit a held session lock (409)', async () => {
    const before = await metrics();
    const created = () => sample(before, 'backoffice_bookings_total', { channel: 'staff', outcome: 'created' });
    const dt = '2030-05-06 11:00';
    await book(w, bookingBody(w.pg.cube2, dt, { persons: 1 }));
    // Five persons in a four-place session: refused.
    const full = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, dt, { persons: 5 }) });
    expect(full.statusCode).toBe(400);

    // Another connection holds the session's row lock: the booking waits LOCK_TIMEOUT and gets 409.
    const holder = new pg.Client({ connectionString: h.database.pool.options.connectionString });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      const held = await holder.query(`SELECT id FROM playsessions WHERE playground_id = $1 AND time_start = $2 FOR UPDATE`, [w.pg.cube2, dt]);
      expect(held.rows).toHaveLength(1);
      const locked = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, dt, { persons: 1 }) });
      expect(locked.statusCode, locked.body).toBe(409);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }

    const after = await metrics();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(sample(after, 'backoffice_bookings_total', { channel: 'staff', outcome: 'created' })).toBe(created() + 1);
    expect(delta('backoffice_bookings_total', { channel: 'staff', outcome: 'refused' })).toBe(1);
    expect(delta('backoffice_bookings_total', { channel: 'staff', outcome: 'lock_timeout' })).toBe(1);
    expect(delta('backoffice_lock_conflicts_total', { reason: 'timeout' })).toBe(1);
  }, 20_000);

  it('counts a payment recorded at the desk, and one refused', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-05-07 11:00', { persons: 1 }));
    const owed = (await getOrder(w, id)).purchase as string;
    const before = await metrics();
    expect((await pay(w, id, { payment_type: 2, purchase: owed })).statusCode).toBe(201);
    // Nothing left to pay: refused.
    expect((await pay(w, id, { payment_type: 2, purchase: '1' })).statusCode).toBe(400);
    const after = await metrics();
    const delta = (outcome: string) => sample(after, 'backoffice_payments_total', { kind: 'desk', outcome }) - sample(before, 'backoffice_payments_total', { kind: 'desk', outcome });
    expect(delta('recorded')).toBe(1);
    expect(delta('refused')).toBe(1);
  });

  it('labels latency by route pattern and status class, never by the raw URL', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-05-08 11:00', { persons: 1 }));
    await getOrder(w, id);
    await h.call('GET', `/api/v2.2/orders/987654321/`, { token: w.tokens.staff });
    await h.call('GET', '/api/v2.1/no/such/424242/'); // an /api/ path: the JSON 404 whether or not the web app is built
    const text = await metrics();
    const ok = { route: '/api/v2.2/orders/:id/', method: 'GET', status: '2xx' };
    expect(sample(text, 'backoffice_http_request_duration_seconds_count', ok)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'backoffice_http_request_duration_seconds_count', { ...ok, status: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'backoffice_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '4xx' })).toBeGreaterThanOrEqual(1);
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => /\d{3,}|424242/.test(r) || r.includes(String(id)))).toEqual([]);
  });

  it('reads the job queue when scraped: the backlog, how long its oldest job has waited, and the dead ones, by kind', async () => {
    await h.database.db.insert(jobs).values([
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 600_000) },
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 60_000) },
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() + 3_600_000) }, // not due yet
      // #41 Failed ten times: dead, not in the backlog; a finished one is in none of them.
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 7_200_000), attempts: 10 },
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 7_200_000), doneAt: new Date() },
    ]);
    const text = await metrics();
    expect(sample(text, 'backoffice_job_queue_depth', { kind: 'metrics.test' })).toBe(2);
    const age = sample(text, 'backoffice_job_oldest_due_age_seconds', { kind: 'metrics.test' });
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);
    expect(sample(text, 'backoffice_jobs_dead', { kind: 'metrics.test' })).toBe(1);
    expect(text).toMatch(/^# HELP backoffice_job_oldest_due_age_seconds /m);
    expect(text).toMatch(/^# HELP backoffice_jobs_dead /m);
  });
});

describe('webhook deliveries', () => {
  let h: Harness;
  let w: World;
  let status = 200;
  const receiver = http.createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(status); res.end(); }); });
  beforeAll(async () => {
    h = await createHarness({ config: { webhookAllowPrivate: true } });
    w = await makeWorld(h);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await h.database.db.update(webhooks).set({ active: false }).where(eq(webhooks.locationId, 1));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const res = await h.call('POST', '/api/v2.1/locations/1/webhooks/', { token: w.tokens.admin, body: { url, extra: false } });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await h.close();
  });

  it('counts an attempt the receiver took as delivered, and one it refused as retrying', async () => {
    const count = async (result: string) => sample((await scrape(h)).body, 'backoffice_webhook_deliveries_total', { result });
    const [delivered, retrying] = [await count('delivered'), await count('retrying')];
    await book(w, bookingBody(w.pg.cube2, '2030-05-09 11:00', { persons: 1 }));
    await h.runJobs();
    expect(await count('delivered')).toBe(delivered + 1);
    status = 503;
    await book(w, bookingBody(w.pg.cube2, '2030-05-09 12:00', { persons: 1 }));
    await h.runJobs();
    expect(await count('retrying')).toBe(retrying + 1);
    expect(await count('delivered')).toBe(delivered + 1);
  });
});

describe('a cluster of workers (server/cluster.ts)', () => {
  afterAll(removeTempDirs);

  it('answers GET /metrics on the cluster\'s port with the requests of both workers summed', async () => {
    const url = await emptyDatabase(inject('adminDatabaseUrl'));
    const port = await freePort();
    const primary = spawnCluster({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir(), CLUSTER_WORKERS: '2', SEED_DEMO: 'false' });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitHealthy(port, primary);
      // #29: no demo data, no PAYMENT_SANDBOX: the workers say they take real money only (the sandbox is off).
      expect(primary.output()).toContain('payments: LIVE mode');
      // A fresh connection per request, so the cluster hands each to either worker in turn.
      const health = async () => {
        const res = await fetch(`${base}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) });
        expect(res.status).toBe(200);
        return ((await res.json()) as { pid: number }).pid;
      };
      const served = (text: string) => sample(text, 'backoffice_http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status: '2xx' });
      const metrics = async () => {
        const res = await fetch(`${base}/metrics`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(15_000) });
        expect(res.status).toBe(200);
        return res.text();
      };
      // Both workers up (the first to listen answered waitHealthy).
      const up = new Set<number>();
      for (let i = 0; i < 200 && up.size < 2; i++) up.add(await health());
      expect(up.size, primary.output().slice(-3000)).toBe(2);

      const before = served(await metrics());
      const SENT = 40;
      const byWorker = new Map<number, number>();
      for (let i = 0; i < SENT; i++) {
        const pid = await health();
        byWorker.set(pid, (byWorker.get(pid) ?? 0) + 1);
      }
      // Both served some; one worker's own figures would show only its share.
      expect(byWorker.size).toBe(2);
      expect(Math.max(...byWorker.values())).toBeLessThan(SENT);

      // Each scrape reaches one worker or the other; every one reports the sum. (A request's figure is
      // counted just after its answer is sent, so the last one may take a moment.)
      const seen: number[] = [];
      for (let i = 0; i < 4; i++) {
        let delta = served(await metrics()) - before;
        for (let wait = 0; wait < 20 && delta < SENT; wait++) {
          await new Promise((r) => setTimeout(r, 100));
          delta = served(await metrics()) - before;
        }
        seen.push(delta);
      }
      expect(seen).toEqual([SENT, SENT, SENT, SENT]);
    } finally {
      const code = exited(primary);
      primary.kill('SIGTERM');
      expect(await code).toBe(0);
    }
  }, 180_000);
});
