// Issue #4's benchmark: the booking day view of a busy location.
// Starts its own embedded PostgreSQL in a temporary folder with the demo data, gives location 1 ten
// bookable playgrounds, bulk-loads N orders (default 1,000,000) over ~3 years in SQL, then measures
// the day view's API calls (GET playgrounds/{id}/schedule/?orders=1 for the 10 playgrounds) and the
// time Chromium takes to render /locations/1/booking_admin for that day.
// Usage: node --import tsx bench/orders.ts [--orders 1000000] [--rounds 50] [--seconds 5]
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, runMigrations, type Database } from '../server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed/demo';
import { games, playgrounds, schedules, users } from '../server/db/schema';
import { addDays, businessDateOf } from '../domain/businessDay';
import { dayTypeOf, generateSessions } from '../domain/schedule/engine';
import { wallClockNow } from '../server/platform/clock';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const ORDERS = arg('orders', 1_000_000);
const ROUNDS = arg('rounds', 50);
const SECONDS = arg('seconds', 5);
const CONCURRENCY = 8;
const PAGE_LOADS = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Peak RSS of this Node process (app + load driver + Playwright client), sampled every 100 ms.
let peakRss = 0;
const rssTimer = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 100);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (v: number) => +v.toFixed(1);
function stats(name: string, latencies: number[], elapsedS: number, errors = 0) {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    scenario: name, samples: s.length, 'per s': Math.round(s.length / elapsedS),
    'p50 ms': ms(percentile(s, 50)), 'p95 ms': ms(percentile(s, 95)), 'p99 ms': ms(percentile(s, 99)), errors,
  };
}

/** The first Wednesday at least 30 days ahead: a weekday in the future, with orders. */
function benchDate(today: string): string {
  let d = addDays(today, 30);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

/** Location 1 gets 6 more 30-minute cubes in the demo cubes' group (shared schedule): 10 playgrounds. */
async function addPlaygrounds(database: Database): Promise<void> {
  const [cube] = await database.db.select().from(playgrounds).where(and(eq(playgrounds.locationId, 1), eq(playgrounds.name, 'Куб 1')));
  if (!cube?.groupId) throw new Error('demo data: no grouped "Куб 1" at location 1');
  await database.db.insert(playgrounds).values(Array.from({ length: 6 }, (_, i) => ({
    locationId: 1, name: `Куб ${i + 3}`, types: ['the_cube'], durationMinutes: 30, maxPlayers: 4,
    groupId: cube.groupId, uuidToken: crypto.randomUUID(),
  })));
}

/**
 * Bulk load in one transaction on one connection: for every playground, each session start of its
 * group's weekday schedule (computed by the domain engine, so times and prices match the schedule)
 * on every day of ~3 years gets a candidate slot; N orders are dealt over the slots (k per slot,
 * at most max_players, one person each or more), and each slot with k > 0 becomes one playsession.
 */
async function loadOrders(database: Database, today: string, total: number): Promise<{ playsessions: number; orders: number }> {
  const db = database.db;
  // The session starts of every playground (minutes from its business date's midnight).
  const rows = await db.select({ p: playgrounds, s: schedules }).from(playgrounds)
    .innerJoin(schedules, eq(schedules.playgroundGroupId, playgrounds.groupId)).where(isNotNull(playgrounds.groupId))
    .orderBy(asc(playgrounds.id));
  const refDate = benchDate(today); // a weekday: its starts are a subset of the weekend ones too
  const starts = rows.flatMap(({ p, s }) => generateSessions(s, refDate, dayTypeOf(refDate, new Map())).map((x) => ({
    playground_id: p.id, location_id: p.locationId, max_players: p.maxPlayers, schedule_id: s.id,
    start_min: x.start_minutes, duration: x.duration,
    session_price: x.pricing?.session_price ?? null, personal_price: x.pricing?.personal_price ?? null,
    prepayment: x.pricing?.prepayment ?? '1', currency_id: x.pricing?.currency_id ?? null,
  })));
  const gameIds = (await db.select({ id: games.id }).from(games)).map((g) => g.id);
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'));

  const client = await database.pool.connect();
  try {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    await q('BEGIN');
    // The rows are consistent by construction: skip the per-row FK triggers (we are superuser).
    await q(`SET LOCAL session_replication_role = replica`);
    await q(`SET LOCAL work_mem = '256MB'`);
    // Candidate slots: playground x session start x day, from ~1.5 years back to ~1.5 years ahead.
    // Timestamps without time zone: wall-clock arithmetic, no DST shifts. Demo playsessions are kept.
    await q(`
      CREATE TEMP TABLE bench_slots ON COMMIT DROP AS
      SELECT row_number() OVER () AS r, s.*, d::date AS business_date,
             to_char(d + make_interval(mins => s.start_min), 'YYYY-MM-DD HH24:MI') AS time_start
      FROM jsonb_to_recordset($1::jsonb) AS s(playground_id int, location_id int, max_players int, schedule_id int,
             start_min int, duration int, session_price numeric, personal_price numeric, prepayment numeric, currency_id int)
      CROSS JOIN generate_series($2::timestamp, $3::timestamp, interval '1 day') AS d
      WHERE NOT EXISTS (SELECT 1 FROM playsessions p WHERE p.playground_id = s.playground_id
                          AND p.time_start = to_char(d + make_interval(mins => s.start_min), 'YYYY-MM-DD HH24:MI'))`,
    [JSON.stringify(starts), addDays(today, -548), addDays(today, 547)]);
    const { rows: [{ n: slots }] } = await q('SELECT count(*)::int AS n FROM bench_slots');
    // k orders per slot: base + 1 for `extra` slots picked by a permutation (r * prime mod S), spread evenly.
    const base = Math.floor(total / slots);
    const extra = total % slots;
    const prime = [7919, 104_729, 1_299_709].find((p) => slots % p !== 0)!;
    if (base + (extra ? 1 : 0) > Math.min(...starts.map((s) => s.max_players))) throw new Error(`${total} orders do not fit in ${slots} slots`);
    await q(`
      CREATE TEMP TABLE bench_ps ON COMMIT DROP AS
      SELECT * FROM (SELECT s.*, least(max_players, $1 + CASE WHEN (r * $3) % $4 < $2 THEN 1 ELSE 0 END)::int AS k FROM bench_slots s) x
      WHERE k > 0`, [base, extra, prime, slots]);
    // One playsession per (playground, start): the unique index holds.
    const ps = await q(`
      INSERT INTO playsessions (playground_id, business_date, time_start, duration, session_price, personal_price,
                                prepayment, currency_id, game_id, schedule_id)
      SELECT playground_id, business_date, time_start, duration, session_price, personal_price, prepayment, currency_id,
             CASE WHEN personal_price IS NOT NULL THEN ($1::int[])[1 + r % cardinality($1::int[])] END, schedule_id
      FROM bench_ps`, [gameIds]);
    // The orders with their ids drawn up front, so order_playsessions can link them.
    await q(`
      CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
      SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id, p.id AS ps_id, p.game_id, b.location_id, b.business_date,
             b.session_price, b.personal_price, greatest(1, b.max_players / b.k) AS persons
      FROM bench_ps b JOIN playsessions p ON p.playground_id = b.playground_id AND p.time_start = b.time_start
      CROSS JOIN generate_series(1, b.k)`);
    // A mix like the demo's: 8% events, 6% free, 4% technical, the rest paid; ~6% cancelled;
    // past sessions paid, future ones unpaid, half paid or paid.
    const o = await q(`
      INSERT INTO orders (id, location_id, name, phone, email, persons, order_type, status, cost, purchase, paid,
                          staff_user_id, game_id, source, created_at, updated_at)
      SELECT id, location_id, (ARRAY['Иван Петров','Мария Смирнова','Алексей Козлов','Ольга Иванова','Дмитрий Соколов','Анна Кузнецова','John Smith','Emma Brown'])[1 + id % 8],
             '+7999' || lpad((id % 10000000)::text, 7, '0'), 'guest' || id || '@example.com', persons, order_type,
             CASE WHEN id % 17 = 0 THEN 4 WHEN cost > 0 AND paid >= cost THEN 6 WHEN cost = 0 THEN 3 ELSE 2 END,
             cost, cost, paid, $2, game_id, 'backoffice', created, created
      FROM (
        SELECT *, CASE WHEN cost = 0 THEN 0 WHEN business_date < $1::date OR id % 10 >= 4 THEN cost
                       WHEN id % 10 >= 1 THEN round(cost / 2) ELSE 0 END AS paid
        FROM (
          SELECT *, CASE WHEN order_type IN (1, 4) THEN coalesce(personal_price * persons, session_price, 0) ELSE 0 END AS cost,
                 least(now(), business_date - (1 + id % 6)::int + time '12:00') AS created
          FROM (SELECT *, CASE WHEN id % 50 < 4 THEN 4 WHEN id % 50 < 7 THEN 3 WHEN id % 50 < 9 THEN 2 ELSE 1 END AS order_type
                FROM bench_orders) a
        ) b
      ) c`, [today, staff?.id ?? null]);
    await q('INSERT INTO order_playsessions (order_id, playsession_id) SELECT id, ps_id FROM bench_orders');
    await q('COMMIT');
    await q('ANALYZE');
    return { playsessions: ps.rowCount ?? 0, orders: o.rowCount ?? 0 };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Array length of a schedule answer (an array, or the first array property), and its orders. */
function countSlots(body: unknown): { slots: number; orders: number } {
  const list = Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray) ?? [];
  const orders = (list as { orders?: unknown[] }[]).reduce((n, s) => n + (Array.isArray(s.orders) ? s.orders.length : 0), 0);
  return { slots: list.length, orders };
}

// Everything started, stopped in reverse order in `finally` whatever fails.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-orders-'));
fs.chmodSync(dir, 0o755);
let pg: EmbeddedDatabase | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let browser: Browser | undefined;
try {
  // 1. Database, demo data and the bulk load.
  pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
  database = connect(pg.url, 20);
  await runMigrations(database.db);
  await seedDemo(database.db);
  await addPlaygrounds(database);
  const today = businessDateOf(wallClockNow('Europe/Moscow'));
  const date = benchDate(today);
  let t = performance.now();
  const loaded = await loadOrders(database, today, ORDERS);
  const loadS = (performance.now() - t) / 1000;
  console.log(`load: ${loaded.orders} orders in ${loaded.playsessions} playsessions (${addDays(today, -548)}..${addDays(today, 547)}), with ANALYZE, in ${loadS.toFixed(1)} s`);

  // 2. The app on loopback (serving dist/ too), logged in as the admin.
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    console.log('building the web app (vite build)...');
    execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const config = { ...loadConfig({}), dataDir: dir, webDir: path.join(root, 'dist'), loginMaxFailures: 1_000_000, logLevel: 'warn' };
  app = await buildApp({ db: database.db, pool: database.pool, config, mailer: { send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const loginRes = await fetch(`${base}/api/v2.1/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const { token } = (await loginRes.json()) as { token: string };
  const auth = { authorization: `Token ${token}`, 'accept-language': 'ru' };

  const ids = (await database.db.select({ id: playgrounds.id }).from(playgrounds).where(eq(playgrounds.locationId, 1)).orderBy(asc(playgrounds.id))).map((p) => p.id);
  const schedule = (id: number) => fetch(`${base}/api/v2.1/playgrounds/${id}/schedule/?date=${date}&orders=1`, { headers: auth });

  // What the day holds (and a warm-up round).
  const first = await Promise.all(ids.map(async (id) => countSlots(await (await schedule(id)).json())));
  const slotsTotal = first.reduce((n, c) => n + c.slots, 0);
  console.log(`day ${date}: ${ids.length} playgrounds of location 1, ${slotsTotal} slots, ${first.reduce((n, c) => n + c.orders, 0)} orders shown`);

  // The whole day: the 10 calls in parallel as the calendar fires them, round after round.
  const dayLatencies: number[] = [];
  let dayErrors = 0;
  t = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const r0 = performance.now();
    await Promise.all(ids.map(async (id) => {
      const res = await schedule(id);
      await res.arrayBuffer();
      if (!res.ok) dayErrors++;
    }));
    dayLatencies.push(performance.now() - r0);
  }
  const dayRow = stats(`day: ${ids.length} schedule calls in parallel (rounds)`, dayLatencies, (performance.now() - t) / 1000, dayErrors);

  // One call (playground 1) at concurrency 8 for SECONDS.
  const single: number[] = [];
  let singleErrors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  t = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < deadline) {
      const r0 = performance.now();
      const res = await schedule(ids[0]!);
      await res.arrayBuffer();
      single.push(performance.now() - r0);
      if (!res.ok) singleErrors++;
    }
  }));
  const singleRow = stats(`playgrounds/${ids[0]}/schedule/?orders=1, concurrency ${CONCURRENCY}`, single, (performance.now() - t) / 1000, singleErrors);
  console.log(`API (${os.cpus().length} cores; "per s" = rounds/s for the day, req/s for the single call)`);
  console.table([dayRow, singleRow]);

  // 3. The day view in Chromium: sign in once, then time page loads until every slot card is shown.
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await (await browser.newContext({ baseURL: base, viewport: { width: 1600, height: 1000 } })).newPage();
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Пароль' }).fill('admin123');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const loads: number[] = [];
  let cards = 0;
  for (let i = 0; i < PAGE_LOADS + 1; i++) {
    const r0 = performance.now();
    await page.goto(`/locations/1/booking_admin?date=${date}`);
    // Every slot of the day's 10 playgrounds (day and night calendars) rendered as a card.
    await page.waitForFunction((n) => document.querySelectorAll('[data-start]').length >= n, slotsTotal, { timeout: 120_000, polling: 'raf' });
    const elapsed = performance.now() - r0;
    cards = await page.locator('[data-start]').count();
    if (i > 0) loads.push(elapsed); // the first load warms the browser cache
  }
  loads.sort((a, b) => a - b);
  console.log(`browser: /locations/1/booking_admin?date=${date} until ${cards} slot cards are shown: median ${ms(percentile(loads, 50))} ms of ${PAGE_LOADS} loads (${loads.map(ms).join(', ')} ms)`);
} finally {
  clearInterval(rssTimer);
  await browser?.close().catch(() => {});
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  await pg?.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`peak RSS of the Node process: ${Math.round(peakRss / 1048576)} MB`);
}
