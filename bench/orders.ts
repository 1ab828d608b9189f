// Issue #4's benchmark: the booking day view of a busy location, in the browser. Generates the
// chain (bench/lib/chain.ts: 20 locations of 10 playgrounds, N orders over two years), measures the
// day view's API calls next to the same SQL (bench/lib/dayview.ts), then /locations/{id}/booking_admin
// for that day in Chromium (bench/lib/browser.ts): JavaScript weight and time to every slot card.
// Usage: node --import tsx bench/orders.ts [--orders 1000000] [--seconds 5] [--web <a vite build>]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessDateOf } from '../domain/businessDay';
import { wallClockNow } from '../server/platform/clock';
import { buildWeb, measureBrowser } from './lib/browser';
import { chainPlaygroundsOf, generateChain } from './lib/chain';
import { measureDayView } from './lib/dayview';
import { arg, round1 } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';

const ORDERS = arg('orders', 1_000_000);
const SECONDS = arg('seconds', 5);
const PAGE_LOADS = arg('loads', 7);
const webIndex = process.argv.indexOf('--web');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first Wednesday at least 30 days ahead: a weekday in the future, with orders. */
function benchDate(today: string): string {
  let d = addDays(today, 30);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

// A given build, or a fresh one in a temporary folder (removed at the end).
const webDir = webIndex > 0 ? path.resolve(process.argv[webIndex + 1]!) : await buildWeb(root);
const database = await startBenchDatabase('orders');
let server: BenchServer | undefined;
try {
  const today = businessDateOf(wallClockNow('Europe/Moscow'));
  const chain = await generateChain(database, { orders: ORDERS, today });
  console.log(`chain: ${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions (${chain.from}..${chain.to}) in ${round1(chain.seconds)} s`);
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, webDir });
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

  const b = await measureBrowser({ base: server.base, locationId, playgrounds: ids.length, date, slots: day.slots, loads: PAGE_LOADS });
  console.log(`browser JS (gzip -9): login page ${b.loginJs.gzip} B in ${b.loginJs.files} files, day view ${b.dayViewJs.gzip} B in ${b.dayViewJs.files} files`);
  console.log(`browser: ${b.cards} slot cards painted after the last of ${b.dataCalls} data calls: median ${b.renderMedian} ms, p95 ${b.renderP95} ms `
    + `(${b.render.join(', ')}); from navigation start: median ${b.pageMedian} ms, p95 ${b.pageP95} ms, ${PAGE_LOADS} loads`);
} finally {
  await server?.stop().catch(() => {});
  await database.stop();
  if (webIndex < 0) fs.rmSync(webDir, { recursive: true, force: true });
}
