// Issue #4's benchmark: the booking day view of a busy location, in the browser. Generates the
// chain (bench/lib/chain.ts: 20 locations of 10 playgrounds, N orders over two years), measures the
// day view's API calls next to the same SQL (bench/lib/dayview.ts), then the time Chromium takes to
// render /locations/{id}/booking_admin for that day until every slot card is shown.
// Usage: node --import tsx bench/orders.ts [--orders 1000000] [--seconds 5]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { addDays, businessDateOf } from '../domain/businessDay';
import { wallClockNow } from '../server/platform/clock';
import { chainPlaygroundsOf, generateChain } from './lib/chain';
import { measureDayView } from './lib/dayview';
import { arg, percentile, round1 } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';

const ORDERS = arg('orders', 1_000_000);
const SECONDS = arg('seconds', 5);
const PAGE_LOADS = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first Wednesday at least 30 days ahead: a weekday in the future, with orders. */
function benchDate(today: string): string {
  let d = addDays(today, 30);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('building the web app (vite build)...');
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
}
const database = await startBenchDatabase('orders');
let server: BenchServer | undefined;
let browser: Browser | undefined;
try {
  const today = businessDateOf(wallClockNow('Europe/Moscow'));
  const chain = await generateChain(database, { orders: ORDERS, today });
  console.log(`chain: ${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions (${chain.from}..${chain.to}) in ${round1(chain.seconds)} s`);
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, webDir: path.join(root, 'dist') });
  const locationId = chain.locationIds[0]!;
  const ids = chainPlaygroundsOf(chain, locationId);
  const date = benchDate(today);

  const day = await measureDayView({ databaseUrl: database.url, base: server.base, token: server.token, playgroundIds: ids, date, seconds: SECONDS });
  console.log(`day ${date} of location ${locationId}: ${ids.length} playgrounds, ${day.slots} slots, ${day.orders} orders`);
  console.table([
    { scenario: 'API, 1 user', 'day views/s': round1(day.apiLatency.perSecond), 'p50 ms': day.apiLatency.p50, 'p95 ms': day.apiLatency.p95 },
    { scenario: 'SQL via pg, 1 user', 'day views/s': round1(day.sqlLatency.perSecond), 'p50 ms': day.sqlLatency.p50, 'p95 ms': day.sqlLatency.p95 },
    { scenario: `API, ${day.clients} users`, 'day views/s': round1(day.apiThroughput.perSecond), 'p50 ms': day.apiThroughput.p50, 'p95 ms': day.apiThroughput.p95 },
    { scenario: `SQL via pg, ${day.clients} users`, 'day views/s': round1(day.sqlThroughput.perSecond), 'p50 ms': day.sqlThroughput.p50, 'p95 ms': day.sqlThroughput.p95 },
  ]);

  // The day view in Chromium: sign in once, then time page loads until every slot card is shown.
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await (await browser.newContext({ baseURL: server.base, viewport: { width: 1600, height: 1000 } })).newPage();
  await page.goto('/login');
  await page.getByLabel('Электронная почта').fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Пароль' }).fill('admin123');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const loads: number[] = [];
  let cards = 0;
  for (let i = 0; i < PAGE_LOADS + 1; i++) {
    const r0 = performance.now();
    await page.goto(`/locations/${locationId}/booking_admin?date=${date}`);
    // Every slot of the day's playgrounds (day and night calendars) rendered as a card.
    await page.waitForFunction((n) => document.querySelectorAll('[data-start]').length >= n, day.slots, { timeout: 120_000, polling: 'raf' });
    const elapsed = performance.now() - r0;
    cards = await page.locator('[data-start]').count();
    if (i > 0) loads.push(elapsed); // the first load warms the browser cache
  }
  loads.sort((a, b) => a - b);
  console.log(`browser: /locations/${locationId}/booking_admin?date=${date} until ${cards} slot cards are shown: median ${round1(percentile(loads, 50))} ms of ${PAGE_LOADS} loads (${loads.map(round1).join(', ')} ms)`);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  await database.stop();
}
