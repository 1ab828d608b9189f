// `npm run bench`: the whole benchmark suite in one run, one table, written with the machine to
// bench/results.md. Slot engine; the chain generator (20 locations, 200 playgrounds, two years of
// schedules, N orders with payments, bulk-loaded in SQL); the day view of a location with 10
// playgrounds through the API next to the same SQL through `pg`; booking creation over distinct
// sessions and one hot session with 1 and 4 server processes; CSV export of N orders next to
// psql's \copy; the day view in Chromium (JavaScript weight, render time after its data arrives);
// the day view without named prepared statements, directly and through PgBouncer (issue #31).
// Everything runs in a temporary embedded PostgreSQL that is removed at the end; the web app is
// built into a temporary folder unless --web names a build.
// Usage: npm run bench [-- --orders 100000 --seconds 5 --concurrency 32 --out bench/results.md --web dist]
// `--only browser`: just the chain and the day view in Chromium (steps 2, 3b and 3c), for front-end work;
// written to bench/results-browser.md unless --out says otherwise, so the full table in
// bench/results.md is never replaced by a partial one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessDateOf } from '../domain/businessDay';
import { wallClockNow } from '../server/platform/clock';
import { runEngine } from './engine';
import { measureBookings, unlimitedPlayers } from './lib/booking';
import { buildWeb, measureBrowser } from './lib/browser';
import { measureWalkIn } from './lib/walkin';
import { chainPlaygroundsOf, generateChain, sessionsAfter } from './lib/chain';
import { apiExport, loadCsvOrders, psqlCopy } from './lib/csv';
import { countDay, measureDayView } from './lib/dayview';
import { measureEvents } from './lib/events';
import { describeMachine, machineLine } from './lib/machine';
import { arg, mb, round1, type LoadResult } from './lib/measure';
import { measurePoolerDayView } from './lib/pooler';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';

const ORDERS = arg('orders', 1_000_000);
const SECONDS = arg('seconds', 5);
const CONCURRENCY = arg('concurrency', 32);
const outIndex = process.argv.indexOf('--out');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = process.argv.indexOf('--web');
const ONLY_BROWSER = process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'browser';
const OUT = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]!) : path.join(root, 'bench', ONLY_BROWSER ? 'results-browser.md' : 'results.md');

/** Ends the run after the browser figures under `--only browser`. */
class OnlyBrowserDone extends Error {}

interface Row { measurement: string; result: string; reference: string; target: string; met: string }
const rows: Row[] = [];
const notes: string[] = [];
const row = (measurement: string, result: string, reference = '', target = '', met: boolean | null = null) =>
  rows.push({ measurement, result, reference, target, met: met === null ? '' : met ? 'yes' : '**no**' });
const log = (s: string) => console.log(`[bench] ${s}`);
const lat = (r: LoadResult) => `p50 ${r.p50} ms, p95 ${r.p95} ms`;
const errs = (r: LoadResult) => (r.errors ? ` (${r.errors} errors: ${r.firstError})` : '');
const cpu = (r: LoadResult, what: string) => (r.cpuPerTask
  ? `CPU per ${what}: ${Object.entries(r.cpuPerTask).filter(([, v]) => v > 0.05).map(([k, v]) => `${k} ${v} ms`).join(', ')}` : '');

function table(): string {
  const head = ['measurement', 'result', 'reference, same run', 'target', 'met'];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) lines.push(`| ${[r.measurement, r.result, r.reference, r.target, r.met].join(' | ')} |`);
  return lines.join('\n');
}

/** The first Wednesday at least 30 days ahead: a future weekday inside the loaded range. */
function dayViewDate(today: string): string {
  let d = addDays(today, 30);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

// The web build first: vite is done before anything is timed.
log('building the web app...');
const webDir = webIndex > 0 ? path.resolve(process.argv[webIndex + 1]!) : buildWeb(root);
const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

// 1. The slot engine, before anything else shares the CPU.
if (!ONLY_BROWSER) {
  const engine = runEngine(50);
  row(`slot engine: a month of ${engine.playgrounds} playgrounds (${engine.sessions} sessions)`,
    `median ${round1(engine.median)} ms, p95 ${round1(engine.p95)} ms`);
}

const database = await startBenchDatabase('suite');
const machine = describeMachine(database.version);
log(machineLine(machine));
let server: BenchServer | undefined;
try {
  // 2. The chain.
  const today = businessDateOf(wallClockNow('Europe/Moscow'));
  log(`generating the chain with ${ORDERS} orders...`);
  const chain = await generateChain(database, { orders: ORDERS, today });
  const { rows: [size] } = await database.pool.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`);
  row(`generator: ${chain.locationIds.length} locations, ${chain.playgrounds.length} playgrounds, schedules ${chain.from}..${chain.to}`,
    `${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions in ${round1(chain.seconds)} s (${size.s})`,
    '', 'well under 300 s', chain.seconds < 300);
  log(`chain: ${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions in ${round1(chain.seconds)} s`);

  // 3. The day view through one server process (which also serves the web build for 3b).
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, webDir });
  const dayLocation = chain.locationIds[0]!;
  const dayPlaygrounds = chainPlaygroundsOf(chain, dayLocation);
  const date = dayViewDate(today);
  log(`day view: location ${dayLocation}, ${dayPlaygrounds.length} playgrounds, ${date}`);
  const day = ONLY_BROWSER ? null : await measureDayView({
    databaseUrl: database.url, base: server.base, token: server.token, playgroundIds: dayPlaygrounds, date, seconds: SECONDS,
    cpu: { server: server.servingPids, postgres: database.pids, 'load driver': () => [process.pid] },
  });
  const daySlots = day?.slots ?? (await countDay({ base: server.base, token: server.token, playgroundIds: dayPlaygrounds, date })).slots;
  if (day) {
    const what = `${dayPlaygrounds.length} calls, ${day.slots} slots, ${day.orders} orders`;
    row(`day view latency, 1 user (${what})`, lat(day.apiLatency) + errs(day.apiLatency), `SQL via pg: ${lat(day.sqlLatency)}`, 'p95 < 20 ms', day.apiLatency.p95 < 20);
    const ratio = day.apiThroughput.perSecond / day.sqlThroughput.perSecond;
    row(`day view throughput, ${day.clients} users at once`,
      `${round1(day.apiThroughput.perSecond)} day views/s (${Math.round(day.apiThroughput.perSecond * dayPlaygrounds.length)} calls/s), ${lat(day.apiThroughput)}${errs(day.apiThroughput)}`,
      `SQL via pg: ${round1(day.sqlThroughput.perSecond)}/s; ratio ${ratio.toFixed(2)}. API ${cpu(day.apiThroughput, 'day view')}; SQL ${cpu(day.sqlThroughput, 'day view')}`,
      'ratio >= 0.5', ratio >= 0.5);
    notes.push(`Day view: location ${dayLocation}, ${date}; each call runs ${day.statementsPerCall} SQL statements (token check included); the SQL reference replays exactly those statements (recorded from the service) on a pool of 10 connections, like the server's.`);
  }

  // 3b. The same day in Chromium, right after the API figures: same server, same data, before the
  // bookings add orders and before the other measurements' load (the browser shares the 2 cores).
  log('day view in Chromium...');
  const b = await measureBrowser({ base: server.base, locationId: dayLocation, playgrounds: dayPlaygrounds.length, date, slots: daySlots });
  const js = (w: { files: number; bytes: number; gzip: number }) => `${kb(w.gzip)} in ${w.files} files (${kb(w.bytes)} as served)`;
  row('JavaScript, login page (gzip)', js(b.loginJs));
  row('JavaScript, day view (gzip)', js(b.dayViewJs));
  row(`day view render once the page holds its data (${dayPlaygrounds.length} playgrounds, ${b.cards} slot cards)`,
    `median ${b.renderMedian} ms, p95 ${b.renderP95} ms`, `after the last data call: median ${b.afterLastCallMedian} ms`,
    '< 300 ms', b.renderMedian < 300);
  row(`day view, whole page from navigation start until every slot card is painted`,
    `median ${b.pageMedian} ms, p95 ${b.pageP95} ms`, '', '< 800 ms', b.pageMedian < 800);
  row(`day view, a live update of one card (another desk books a session): the event reaching the page until the card is painted`,
    `median ${b.liveMedian} ms, p95 ${b.liveP95} ms`, `of which the day's refetch: median ${b.liveRefetchMedian} ms`, '< 50 ms', b.liveMedian < 50);
  notes.push(`Browser: Chromium (headless, 1600x1000). JavaScript: every script the page loads in a fresh browser context (empty cache), gzip -9 of each summed; the day view opened signed in straight from its address. Render: measured inside the page over ${b.render.length} loads after one warm-up (warm cache): from the moment the page holds its data, the later of the responseEnd (resource timing) of the last of the view's ${b.dataCalls} data calls (the location and the ${dayPlaygrounds.length} schedules with orders) and the page's first render with them (the mark 'day-view:data': the app's first script starts these calls before the page's code is there, src/pages/booking/preload.ts), until all ${b.cards} slot cards are in the DOM and the frame that shows them is painted (a message posted from that animation frame); "met" is judged on the median. Loads: ${b.render.join(', ')} ms; whole page: ${b.page.join(', ')} ms. Live update (the card's day refetched, then painted; ${b.live.length} bookings through the API from the page itself, timed from the event mark src/live/connection.ts sets to the frame that paints the card): ${b.live.join(', ')} ms.`);

  // 3c. A walk-in at the desk (#30): the open day view to a paid order, clicks and seconds.
  log('a walk-in booked and paid in Chromium...');
  const w = await measureWalkIn({ base: server.base, locationId: dayLocation, date });
  row('desk: a walk-in from the open day view to a paid order (clicks, typed fields, time)',
    `${w.clicks} clicks, ${w.typed} typed fields; median ${w.median} s`, w.walkIns ? 'walk-ins without guest details on' : 'name and phone required',
    '<= 4 clicks, < 5 s', w.clicks <= 4 && w.median < 5);
  notes.push(`Walk-in (bench/lib/walkin.ts): ${w.seconds.length} walk-ins after one warm-up on free afternoon sessions of the same day, from the click on a slot's "+" until its card shows the order paid; a click into a text field counts. Times: ${w.seconds.join(', ')} s.`);

  if (ONLY_BROWSER) throw new OnlyBrowserDone();

  // 3c. Issue #31: the same day view with named prepared statements off, directly and through PgBouncer
  // (transaction mode), each through a server of its own, before the bookings add orders.
  if (day) {
    log('day view without named prepared statements, directly and through PgBouncer...');
    const viaPooler = await measurePoolerDayView(database, { playgroundIds: dayPlaygrounds, date, seconds: SECONDS });
    row('day view latency, 1 user, named prepared statements off (DATABASE_PREPARED_STATEMENTS=off, direct)',
      lat(viaPooler.directUnnamed) + errs(viaPooler.directUnnamed), `on (the day view row above): ${lat(day.apiLatency)}`, 'p95 < 20 ms', viaPooler.directUnnamed.p95 < 20);
    if (viaPooler.pgbouncer) {
      row('day view through PgBouncer (transaction mode), 1 user, named prepared statements off',
        lat(viaPooler.pgbouncer) + errs(viaPooler.pgbouncer), `direct, off: ${lat(viaPooler.directUnnamed)}`, 'p95 < 20 ms', viaPooler.pgbouncer.p95 < 20);
    } else {
      row('day view through PgBouncer (transaction mode), 1 user', 'not measured: pgbouncer is not installed (apt-get install pgbouncer)');
    }
  }

  // 4. Bookings: free sessions after the loaded range (distinct), and a hot session per run.
  const hotPlayground = chainPlaygroundsOf(chain, chain.locationIds.at(-1)!)[4]!; // an arena
  await unlimitedPlayers(database, hotPlayground);
  const free = (await sessionsAfter(database, chain, 20)).filter((s) => s.playgroundId !== hotPlayground);
  const hotSessions = (await sessionsAfter(database, chain, 1, [hotPlayground])).slice(-2);
  const half = Math.floor(free.length / 2);
  for (const [i, workers] of [1, 4].entries()) {
    if (workers > 1) {
      await server.stop();
      server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, workers });
    }
    log(`bookings with ${workers} process${workers > 1 ? 'es' : ''}...`);
    const b = await measureBookings({
      base: server.base, token: server.token, distinct: free.slice(i * half, (i + 1) * half), hot: hotSessions[i]!,
      seconds: SECONDS, concurrency: CONCURRENCY, offset: i * 10_000_000, cpu: { server: server.servingPids, postgres: database.pids },
    });
    const p = `${workers} process${workers > 1 ? 'es' : ''}`;
    row(`booking, distinct sessions, ${p}`, `${Math.round(b.distinct.perSecond)}/s, ${lat(b.distinct)}${errs(b.distinct)}`, cpu(b.distinct, 'booking'), '>= 500/s', b.distinct.perSecond >= 500);
    row(`booking, one hot session, ${p}`, `${Math.round(b.hot.perSecond)}/s, ${lat(b.hot)}${errs(b.hot)}`, `${cpu(b.hot, 'booking')}; ${b.hot.count} orders in the session at the end`);
  }
  // 4b. The live desk on the same 4 processes: SSE clients of location 1, ledger entries at a steady rate.
  log('live desk events with 4 processes...');
  const ev = await measureEvents({ database, base: server.base, token: server.token, clients: 200, perSecond: 20, seconds: SECONDS * 2, serverPids: server.servingPids });
  row(`live events: ${ev.clients} SSE clients across 4 processes, 20 changes/s`,
    `commit to client p50 ${ev.p50} ms, p95 ${ev.p95} ms (max ${ev.max} ms); lost ${ev.lost}, duplicates ${ev.duplicates}`,
    `server CPU ${ev.serverCpu} % of a core, PostgreSQL ${ev.postgresCpu} %`, 'p95 < 1000 ms, none lost', ev.p95 < 1000 && ev.lost === 0 && ev.duplicates === 0);
  notes.push(`Live events (bench/lib/events.ts): ${ev.changes} ledger entries through the API, each one event, delivered ${ev.delivered} times; lag from the commit (the event's created_at, set by the numbering trigger) to the client having parsed it.`);
  notes.push(`Bookings: POST /api/v2.1/booking/ by ${CONCURRENCY} concurrent clients for ${SECONDS} s after a 1 s warm-up, 1 person each; distinct: free sessions after the loaded range, each booked once; hot: one session of a playground opened to any number of players, so every request waits for that session's row lock and none is refused for lack of places. 4 processes: server/cluster.ts with CLUSTER_WORKERS=4 on one port.`);
  await server.stop();
  server = undefined;

  // 5. CSV export of N orders (the demo's location 1 gets them) through one process, next to \copy.
  log(`loading ${ORDERS} orders for the CSV export...`);
  const csvLoad = await loadCsvOrders(database, 1, ORDERS);
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir });
  const copy = await psqlCopy(database.psql, database.url, 1);
  const copyRate = copy.rows / copy.seconds;
  for (const format of ['csv', 'xlsx'] as const) {
    const api = await apiExport(server.base, server.token, 1, server.pid, format);
    const apiRate = api.rows / api.seconds;
    const growth = (api.rssPeak ?? 0) - (api.rssBefore ?? 0);
    row(`${format.toUpperCase()} export of ${api.rows} orders (one process)`,
      `${Math.round(apiRate)} rows/s (${round1(api.seconds)} s, ${mb(api.bytes)} MB); server RSS ${mb(api.rssBefore ?? 0)} MB -> peak ${mb(api.rssPeak ?? 0)} MB (+${mb(growth)} MB)`,
      `psql \\copy: ${Math.round(copyRate)} rows/s (${round1(copy.seconds)} s); ratio ${(apiRate / copyRate).toFixed(2)}`,
      '>= 0.5 x \\copy, memory flat', apiRate >= copyRate / 2 && growth < 64 * 1048576);
  }
  notes.push(`Exports: ${ORDERS} orders of location 1 loaded in ${round1(csvLoad)} s; "memory flat" = the serving process grows by less than 64 MB during the export. The XLSX is the same rows as typed cells in a deflated sheet.`);
} catch (e) {
  if (!(e instanceof OnlyBrowserDone)) throw e;
} finally {
  await server?.stop().catch(() => {});
  await database.stop();
  if (webIndex < 0) fs.rmSync(webDir, { recursive: true, force: true });
}

machine.loadAfter = os.loadavg()[0]!;
const text = table();
console.log(`\n${machineLine(machine)}\n\n${text}\n`);
for (const n of notes) console.log(`- ${n}`);
fs.writeFileSync(OUT, `# Benchmark results

\`npm run bench${ORDERS !== 1_000_000 || ONLY_BROWSER ? ' --' : ''}${ORDERS !== 1_000_000 ? ` --orders ${ORDERS}` : ''}${ONLY_BROWSER ? ' --only browser' : ''}\` on ${machineLine(machine)}.
The machine may be shared: a load average above the CPU count means other work competed for it.
What the figures mean, the fixes they led to and why a target is missed: docs/decisions.md, "Benchmarks".

${text}

${notes.map((n) => `- ${n}`).join('\n')}
`);
log(`written to ${path.relative(process.cwd(), OUT)}`);
