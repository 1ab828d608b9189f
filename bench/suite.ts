// `npm run bench`: the whole benchmark suite in one run, one table, written with the machine to
// bench/results.md. Slot engine; the chain generator (20 locations, 200 playgrounds, two years of
// schedules, N orders with payments, bulk-loaded in SQL); the day view of a location with 10
// playgrounds through the API next to the same SQL through `pg`; the day view in Chromium (JavaScript
// weight, render time after its data arrives, a live update) and a walk-in at the desk; the day view
// without named prepared statements, directly and through PgBouncer (issue #31); booking creation over
// distinct sessions and one hot session with 1 and 4 server processes; the live desk's events to 200
// SSE clients; customer messages under churn with a killed worker (#45); CSV and XLSX export of N orders next to psql's \copy.
// The steps are the list in bench/steps.ts, each run by its runner below. A step that throws, or whose
// load had failed requests, fails: the run goes on with the steps that do not need it, then names every
// step that did not pass and exits 1 without writing the table (a partial table never replaces the
// file). Everything runs in a temporary embedded PostgreSQL that is removed at the end; the web app is
// built into a temporary folder unless --web names a build.
// Usage: npm run bench [-- --orders 100000 --seconds 5 --concurrency 32 --out bench/results.md --web dist]
// `--smoke` (npm run bench:smoke, part of npm test): every step on tiny data and short loads (steps.ts
// SMOKE), under a minute; prints the table, writes nothing unless --out names a file.
// `--only browser`: just the chain and the day view in Chromium (the browser and walk-in steps), for
// front-end work; written to bench/results-browser.md unless --out says otherwise, so the full table in
// bench/results.md is never replaced by a partial one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessDateOf } from '../domain/businessDay';
import { wallClockNow } from '../server/platform/clock';
import { runEngine } from './engine';
import { runChurn } from './lib/churn';
import { measureBookings, unlimitedPlayers } from './lib/booking';
import { buildWeb, measureBrowser } from './lib/browser';
import { measureWalkIn } from './lib/walkin';
import { chainPlaygroundsOf, generateChain, sessionsAfter, type Chain } from './lib/chain';
import { apiExport, loadCsvOrders, psqlCopy, type CsvRun } from './lib/csv';
import { countDay, measureDayView, measureDayViewLatency, type DayViewResult } from './lib/dayview';
import { measureEvents } from './lib/events';
import { describeMachine, machineLine, type Machine } from './lib/machine';
import { arg, mb, round1, type LoadResult } from './lib/measure';
import { measurePoolerDayView } from './lib/pooler';
import { growVenue } from './lib/bigVenue';
import { startBenchDatabase, type BenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';
import { FULL, NEEDS, SMOKE, STEPS, stepsOf, type Mode, type StepId } from './steps';

/** The 1, 5 and 15 minute load averages (os.loadavg() reads /proc/loadavg), written beside the results. */
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const LOAD_BEFORE = loadavg();
const SMOKE_RUN = process.argv.includes('--smoke');
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const ONLY_MODES = ['browser', 'churn', 'dayview'] as const;
if (ONLY !== undefined && !(ONLY_MODES as readonly string[]).includes(ONLY)) throw new Error(`--only takes ${ONLY_MODES.join(', ')}, not ${ONLY}`);
if (SMOKE_RUN && ONLY) throw new Error(`--smoke runs every step: not with --only ${ONLY}`);
const MODE: Mode = SMOKE_RUN ? 'smoke' : (ONLY as Mode | undefined) ?? 'full';
const base = SMOKE_RUN ? SMOKE : FULL;
const scale = {
  ...base, orders: arg('orders', base.orders), seconds: arg('seconds', base.seconds), concurrency: arg('concurrency', base.concurrency),
  // The churn step at another size (finding where its time goes without the full 10,000).
  churnBookings: arg('churn-bookings', base.churnBookings), churnLeadMinutes: arg('churn-lead', base.churnLeadMinutes),
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const webIndex = process.argv.indexOf('--web');
/** Where the table goes: nowhere for a smoke run unless --out says so. */
const OUT = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]!)
  : SMOKE_RUN ? null : path.join(root, 'bench', ONLY ? `results-${ONLY}.md` : 'results.md');

interface Row { measurement: string; result: string; reference: string; target: string; met: string }
const rows: Row[] = [];
const notes: string[] = [];
const row = (measurement: string, result: string, reference = '', target = '', met: boolean | null = null) =>
  rows.push({ measurement, result, reference, target, met: met === null ? '' : met ? 'yes' : '**no**' });
const log = (s: string) => console.log(`[bench] ${s}`);
const lat = (r: LoadResult) => `p50 ${r.p50} ms, p95 ${r.p95} ms`;
const cpu = (r: LoadResult, what: string) => (r.cpuPerTask
  ? `CPU per ${what}: ${Object.entries(r.cpuPerTask).filter(([, v]) => v > 0.05).map(([k, v]) => `${k} ${v} ms`).join(', ')}` : '');
const kb = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
const processes = (n: number) => `${n} process${n > 1 ? 'es' : ''}`;

/** A load whose requests failed measured nothing: the step fails, naming the first failure. */
function passed(what: string, r: LoadResult): LoadResult {
  if (r.errors > 0) throw new Error(`${what}: ${r.errors} of ${r.count} requests failed, the first: ${r.firstError}`);
  return r;
}

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

// The web build and the database first, side by side: both are done before anything is timed. The
// slot engine then runs with PostgreSQL idle.
log(`${MODE} run: ${stepsOf(MODE).join(', ')}`);
log('building the web app and starting PostgreSQL...');
const [builtWeb, startedDatabase] = await Promise.allSettled([
  webIndex > 0 ? Promise.resolve(path.resolve(process.argv[webIndex + 1]!)) : buildWeb(root),
  startBenchDatabase(SMOKE_RUN ? 'smoke' : 'suite'),
]);
if (builtWeb.status === 'rejected' || startedDatabase.status === 'rejected') {
  if (startedDatabase.status === 'fulfilled') await startedDatabase.value.stop();
  if (builtWeb.status === 'fulfilled' && webIndex < 0) fs.rmSync(builtWeb.value, { recursive: true, force: true });
  console.error('[bench] FAILED before the first step:', builtWeb.status === 'rejected' ? builtWeb.reason : (startedDatabase as PromiseRejectedResult).reason);
  process.exit(1);
}
const webDir = builtWeb.value;
const database: BenchDatabase = startedDatabase.value;
const machine: Machine = describeMachine(database.version);
log(machineLine(machine));

// What the steps share: the chain and the day it shows, the day view's figures (the pooler step's
// reference) and the running server.
const today = businessDateOf(wallClockNow('Europe/Moscow'));
let chain: Chain | undefined;
let dayLocation = 0;
let dayPlaygrounds: number[] = [];
/** The ten-playground day view in Chromium (the browser step), beside which the big venue's rows read. */
let tenRender: { renderMedian: number; pageMedian: number } | null = null;
let date = '';
let day: DayViewResult | undefined;
let server: BenchServer | undefined;
let serverWorkers = 0;

async function stopServer(): Promise<void> {
  const s = server;
  server = undefined;
  await s?.stop();
}

/** The running server when it has `workers` processes (and `fresh` is not asked), else a new one; it serves the web build. */
async function serverWith(workers: number, fresh = false): Promise<BenchServer> {
  if (server && serverWorkers === workers && !fresh) return server;
  await stopServer();
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, webDir, workers });
  serverWorkers = workers;
  return server;
}

const needChain = (): Chain => {
  if (!chain) throw new Error('no chain');
  return chain;
};

/** One runner per step of bench/steps.ts; what one answers is said beside "passed". */
const runners: Record<StepId, () => Promise<string | void>> = {
  // The slot engine, before anything else shares the CPU.
  async engine() {
    const engine = runEngine(scale.engineRounds);
    row(`slot engine: a month of ${engine.playgrounds} playgrounds (${engine.sessions} sessions)`,
      `median ${round1(engine.median)} ms, p95 ${round1(engine.p95)} ms`);
  },

  async chain() {
    const d = database;
    log(`generating the chain with ${scale.orders} orders...`);
    chain = await generateChain(d, { orders: scale.orders, today, locations: scale.chainLocations, daysBack: scale.daysBack, daysAhead: scale.daysAhead });
    const { rows: [size] } = await d.pool.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`);
    row(`generator: ${chain.locationIds.length} locations, ${chain.playgrounds.length} playgrounds, schedules ${chain.from}..${chain.to}`,
      `${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions in ${round1(chain.seconds)} s (${size.s})`,
      '', 'well under 300 s', chain.seconds < 300);
    log(`chain: ${chain.orders} orders, ${chain.payments} payments, ${chain.playsessions} sessions in ${round1(chain.seconds)} s`);
    dayLocation = chain.locationIds[0]!;
    dayPlaygrounds = chainPlaygroundsOf(chain, dayLocation);
    date = dayViewDate(today);
    log(`day view: location ${dayLocation}, ${dayPlaygrounds.length} playgrounds, ${date}`);
  },

  // The day view through one server process (which also serves the web build for the browser steps).
  async dayview() {
    const d = database;
    const s = await serverWith(1);
    day = await measureDayView({
      databaseUrl: d.url, base: s.base, token: s.token, playgroundIds: dayPlaygrounds, date, seconds: scale.seconds,
      cpu: { server: s.servingPids, postgres: d.pids, 'load driver': () => [process.pid] },
    });
    for (const [what, r] of [['API, 1 user', day.apiLatency], ['SQL, 1 user', day.sqlLatency], ['API, users at once', day.apiThroughput], ['SQL, users at once', day.sqlThroughput]] as const) {
      passed(`day view ${what}`, r);
    }
    const what = `${dayPlaygrounds.length} calls, ${day.slots} slots, ${day.orders} orders`;
    row(`day view latency, 1 user (${what})`, lat(day.apiLatency), `SQL via pg: ${lat(day.sqlLatency)}`, 'p95 < 20 ms', day.apiLatency.p95 < 20);
    const ratio = day.apiThroughput.perSecond / day.sqlThroughput.perSecond;
    row(`day view throughput, ${day.clients} users at once`,
      `${round1(day.apiThroughput.perSecond)} day views/s (${Math.round(day.apiThroughput.perSecond * dayPlaygrounds.length)} calls/s), ${lat(day.apiThroughput)}`,
      `SQL via pg: ${round1(day.sqlThroughput.perSecond)}/s; ratio ${ratio.toFixed(2)}. API ${cpu(day.apiThroughput, 'day view')}; SQL ${cpu(day.sqlThroughput, 'day view')}`,
      'ratio >= 0.5', ratio >= 0.5);
    notes.push(`Day view: location ${dayLocation}, ${date}; each call runs ${day.statementsPerCall} SQL statements (token check included); the SQL reference replays exactly those statements (recorded from the service) on a pool of 10 connections, like the server's.`);
  },

  // The same day in Chromium, right after the API figures: same server, same data, before the
  // bookings add orders and before the other measurements' load (the browser shares the 2 cores).
  async browser() {
    const s = await serverWith(1);
    const slots = day?.slots ?? (await countDay({ base: s.base, token: s.token, playgroundIds: dayPlaygrounds, date })).slots;
    const b = await measureBrowser({
      base: s.base, locationId: dayLocation, playgrounds: dayPlaygrounds.length, date, slots, loads: scale.browserLoads, liveUpdates: scale.liveUpdates,
    });
    tenRender = b;
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
  },

  // A walk-in at the desk (#30): the open day view to a paid order, clicks and seconds.
  async walkin() {
    const s = await serverWith(1);
    const w = await measureWalkIn({ base: s.base, locationId: dayLocation, date, runs: scale.walkIns });
    row('desk: a walk-in from the open day view to a paid order (clicks, typed fields, time)',
      `${w.clicks} clicks, ${w.typed} typed fields; median ${w.median} s`, w.walkIns ? 'walk-ins without guest details on' : 'name and phone required',
      '<= 4 clicks, < 5 s', w.clicks <= 4 && w.median < 5);
    notes.push(`Walk-in (bench/lib/walkin.ts): ${w.seconds.length} walk-ins after one warm-up on free afternoon sessions of the same day, from the click on a slot's "+" until its card shows the order paid; a click into a text field counts. Times: ${w.seconds.join(', ')} s.`);
  },

  // #49 A big venue: a location of the chain grown to 30, then 60 playgrounds (bench/lib/bigVenue.ts), its day view
  // through the API (one user, every playground's call at once) and in Chromium, next to the ten playgrounds above.
  async bigvenue() {
    const c = needChain();
    const location = c.locationIds.at(-1)!;
    const sources = chainPlaygroundsOf(c, location);
    const s = await serverWith(1);
    for (const size of scale.bigVenues) {
      const ids = await growVenue(database, location, sources, date, size);
      const counted = await countDay({ base: s.base, token: s.token, playgroundIds: ids, date });
      const api = passed(`big venue, ${size} playgrounds`, await measureDayViewLatency({ base: s.base, token: s.token, playgroundIds: ids, date, seconds: scale.seconds }));
      const b = await measureBrowser({ base: s.base, locationId: location, playgrounds: ids.length, date, slots: counted.slots, loads: scale.browserLoads, liveUpdates: 1 });
      row(`big venue, ${size} playgrounds (${counted.slots} slots, ${counted.orders} orders): day view latency, 1 user (${size} calls)`, lat(api),
        day ? `${dayPlaygrounds.length} playgrounds: ${lat(day.apiLatency)}` : '');
      row(`big venue, ${size} playgrounds: render once the page holds its data (${b.cards} slot cards)`, `median ${b.renderMedian} ms, p95 ${b.renderP95} ms`,
        tenRender ? `${dayPlaygrounds.length} playgrounds: median ${tenRender.renderMedian} ms` : '');
      row(`big venue, ${size} playgrounds: whole page until every card is painted`, `median ${b.pageMedian} ms, p95 ${b.pageP95} ms`,
        tenRender ? `${dayPlaygrounds.length} playgrounds: median ${tenRender.pageMedian} ms` : '');
    }
    notes.push(`Big venue (bench/lib/bigVenue.ts): location ${location} grown to ${scale.bigVenues.join(', then ')} playgrounds, each new one a copy of one of its ${sources.length} with that playground's sessions and orders of ${date}; the day view timed as the ten-playground one above (API: every playground's call at once, one user; Chromium: the same render and whole-page marks).`);
  },

  // Issue #31: the same day view with named prepared statements off, directly and through PgBouncer
  // (transaction mode), each through a server of its own, before the bookings add orders. #49: next
  // to a server with them on, all asked in turn (bench/lib/pooler.ts), which the ratios compare with.
  async pooler() {
    const viaPooler = await measurePoolerDayView(database, { playgroundIds: dayPlaygrounds, date, seconds: scale.seconds });
    passed('day view, prepared statements on, asked in turn', viaPooler.named);
    passed('day view, prepared statements off, direct', viaPooler.directUnnamed);
    // #49 Without named statements the median within 1.3x of the median with them, measured in turn.
    const named = viaPooler.named.p50;
    const ratio = (r: LoadResult) => `; ${(r.p50 / named).toFixed(2)}x the median with them`;
    const within = (r: LoadResult) => r.p50 <= 1.3 * named;
    const inTurn = `on, asked in turn with these: ${lat(viaPooler.named)}${day ? `; the day view row above: ${lat(day.apiLatency)}` : ''}`;
    row('day view latency, 1 user, named prepared statements off (DATABASE_PREPARED_STATEMENTS=off, direct; hot reads through cached-plan functions)',
      `${lat(viaPooler.directUnnamed)}${ratio(viaPooler.directUnnamed)}`, inTurn, 'median <= 1.3x named', within(viaPooler.directUnnamed));
    if (viaPooler.pgbouncer) {
      passed('day view through PgBouncer', viaPooler.pgbouncer);
      row('day view through PgBouncer (transaction mode), 1 user, named prepared statements off',
        `${lat(viaPooler.pgbouncer)}${ratio(viaPooler.pgbouncer)}`, `${inTurn}; direct, off: ${lat(viaPooler.directUnnamed)}`, 'median <= 1.3x named', within(viaPooler.pgbouncer));
      return;
    }
    // As tests/api/pooler.test.ts: where CI asks for PgBouncer (.ci/run installs it), its absence fails.
    if (process.env.CI || process.env.PGBOUNCER_REQUIRED === '1') {
      throw new Error('pgbouncer is not installed, and this run requires it (CI or PGBOUNCER_REQUIRED=1): apt-get install pgbouncer');
    }
    row('day view through PgBouncer (transaction mode), 1 user', 'not measured: pgbouncer is not installed (apt-get install pgbouncer)');
    return 'without the PgBouncer part: pgbouncer is not installed';
  },

  // Bookings: free sessions after the loaded range (distinct), and a hot session per run.
  async bookings() {
    const d = database;
    const c = needChain();
    const hotPlayground = chainPlaygroundsOf(c, c.locationIds.at(-1)!)[4]!; // an arena
    await unlimitedPlayers(d, hotPlayground);
    const free = (await sessionsAfter(d, c, scale.bookingDays)).filter((s) => s.playgroundId !== hotPlayground);
    const hotSessions = (await sessionsAfter(d, c, 1, [hotPlayground])).slice(-2);
    const half = Math.floor(free.length / 2);
    for (const [i, workers] of [1, scale.workers].entries()) {
      const s = await serverWith(workers);
      log(`bookings with ${processes(workers)}...`);
      const b = await measureBookings({
        base: s.base, token: s.token, distinct: free.slice(i * half, (i + 1) * half), hot: hotSessions[i]!,
        seconds: scale.seconds, concurrency: scale.concurrency, offset: i * 10_000_000, cpu: { server: s.servingPids, postgres: d.pids },
      });
      const p = processes(workers);
      passed(`booking, distinct sessions, ${p}`, b.distinct);
      passed(`booking, one hot session, ${p}`, b.hot);
      const ranOut = b.distinct.firstError ? ` (${b.distinct.firstError})` : '';
      row(`booking, distinct sessions, ${p}`, `${Math.round(b.distinct.perSecond)}/s, ${lat(b.distinct)}${ranOut}`, cpu(b.distinct, 'booking'), '>= 500/s', b.distinct.perSecond >= 500);
      row(`booking, one hot session, ${p}`, `${Math.round(b.hot.perSecond)}/s, ${lat(b.hot)}`, `${cpu(b.hot, 'booking')}; ${b.hot.count} orders in the session at the end`);
    }
    notes.push(`Bookings: POST /api/v2.1/booking/ by ${scale.concurrency} concurrent clients for ${scale.seconds} s after a ${Math.min(1, scale.seconds)} s warm-up, 1 person each; distinct: free sessions after the loaded range, each booked once; hot: one session of a playground opened to any number of players, so every request waits for that session's row lock and none is refused for lack of places. ${processes(scale.workers)}: server/cluster.ts with CLUSTER_WORKERS=${scale.workers} on one port.`);
  },

  // The live desk on the cluster: SSE clients of location 1 (a desk user each), ledger entries at a steady rate.
  async events() {
    const d = database;
    const s = await serverWith(scale.workers);
    const ev = await measureEvents({
      database: d, base: s.base, token: s.token, clients: scale.eventClients, perSecond: scale.eventsPerSecond, seconds: scale.seconds * 2, serverPids: s.servingPids,
    });
    if (ev.changeErrors) throw new Error(`live events: ${ev.changeErrors} of ${ev.changes + ev.changeErrors} ledger entries failed, the first: ${ev.firstChangeError}`);
    if (!ev.delivered) throw new Error(`live events: none of ${ev.changes} changes reached any of ${ev.clients} clients`);
    row(`live events: ${ev.clients} SSE clients across ${processes(scale.workers)}, ${scale.eventsPerSecond} changes/s`,
      `commit to client p50 ${ev.p50} ms, p95 ${ev.p95} ms (max ${ev.max} ms); lost ${ev.lost}, duplicates ${ev.duplicates}`,
      `server CPU ${ev.serverCpu} % of a core, PostgreSQL ${ev.postgresCpu} %`, 'p95 < 1000 ms, none lost', ev.p95 < 1000 && ev.lost === 0 && ev.duplicates === 0);
    notes.push(`Live events (bench/lib/events.ts): ${ev.clients} desk users of location 1 (role 40), each signed in through POST /api/v2.1/login/ and holding one stream opened with a ticket asked with its own token (a user may hold only LIVE_STREAMS_PER_USER streams per process); ${ev.changes} ledger entries through the API, each one event, delivered ${ev.delivered} times; lag from the commit (the event's created_at, set by the numbering trigger) to the client having parsed it.`);
  },

  // #45 Customer messages under churn, on a cluster of 2 with the local SMS.ru (bench/lib/churn.ts).
  async churn() {
    await stopServer();
    const c = needChain();
    log(`churn: ${scale.churnBookings} bookings, reminder time ${scale.churnLeadMinutes} min ahead${SMOKE_RUN ? ' (brought forward)' : ''}...`);
    const r = await runChurn({ database, chain: c, today, bookings: scale.churnBookings, leadMinutes: scale.churnLeadMinutes, shift: SMOKE_RUN, concurrency: scale.concurrency });
    const figures = `${r.bookings} bookings (${r.moved} moved, ${r.cancelled} cancelled, ${r.insideWindow} inside the reminder window); expected ${r.expected} SMS (+ ${r.sentBeforeCancel} of cancelled orders sent before the cancel, ${r.cancelledBeforeSent} cancelled before sent), received ${r.received}; `
      + `missing ${r.missing}, unexpected ${r.unexpected}, duplicates ${r.duplicates}; in flight at the ${r.kills} kills ${r.inFlightAtKill}; ${r.busyRetries} calls tried again after a 409; `
      + `lateness p50 ${r.lateness.p50.toFixed(1)} s, p95 ${r.lateness.p95.toFixed(1)} s, max ${r.lateness.max.toFixed(1)} s`;
    log(`churn: ${figures}; ${r.reminders} reminders received, ${r.quietSkipped} skipped in quiet hours; ${round1(r.seconds)} s`);
    const ok = r.problems.length === 0;
    row('customer messages under churn (#45): 2 processes, a worker killed with SIGKILL twice, local SMS.ru', figures,
      `${r.reminders} reminders; ${r.quietSkipped} reminders of the quiet-hours location skipped${r.shifted ? '; reminder time brought forward (smoke)' : ''}`,
      'received = expected, each <= 60 s late', ok);
    if (!ok) throw new Error(`churn: ${r.problems.join('; ')}`);
    notes.push('Churn (bench/lib/churn.ts): desk bookings at two locations of the chain with SMS on (location B\'s quiet hours hold its reminder time: skipped); 20 % moved to another playground, 10 % cancelled, 5 % booked after the reminder time; one worker killed at a random moment of the changes and one as the reminders fall due (the cluster forks new ones). The expected set comes from the benchmark\'s own actions; each received SMS is matched to its message row by SMS.ru\'s id (in flight: by recipient and text); lateness = received at the gateway - the row\'s due time.');
  },

  // CSV export of N orders (the demo's location 1 gets them) through a new process, next to \copy.
  async csv() {
    const d = database;
    await stopServer();
    log(`loading ${scale.orders} orders for the CSV export...`);
    const csvLoad = await loadCsvOrders(d, 1, scale.orders);
    const s = await serverWith(1, true);
    // #49 \copy, the CSV and the XLSX one after another, in rounds: each ratio is of two runs a few
    // seconds apart (the machine's speed drifted by a fifth within the hour, and single runs put that
    // drift into the ratio), and each row reports the median round.
    const formats = ['csv', 'xlsx'] as const;
    const rounds: { copy: CsvRun; csv: CsvRun; xlsx: CsvRun }[] = [];
    for (let r = 0; r < scale.exportRounds; r++) {
      const copy = await psqlCopy(d.psql, d.url, 1);
      const csv = await apiExport(s.base, s.token, 1, s.pid, 'csv');
      const xlsx = await apiExport(s.base, s.token, 1, s.pid, 'xlsx');
      for (const [format, api] of [['csv', csv], ['xlsx', xlsx]] as const) {
        if (api.rows < scale.orders) throw new Error(`${format} export: ${api.rows} rows, fewer than the ${scale.orders} orders loaded`);
      }
      rounds.push({ copy, csv, xlsx });
    }
    const rate = (run: CsvRun) => run.rows / run.seconds;
    for (const format of formats) {
      const target = format === 'csv' ? 0.7 : 0.5;
      const byRatio = rounds.map((r) => ({ ...r, ratio: rate(r[format]) / rate(r.copy) })).sort((a, b) => a.ratio - b.ratio);
      const median = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
      const api = median[format];
      const growth = Math.max(...rounds.map((r) => (r[format].rssPeak ?? 0) - (r[format].rssBefore ?? 0)));
      row(`${format.toUpperCase()} export of ${api.rows} orders (one process)`,
        `${Math.round(rate(api))} rows/s (${round1(api.seconds)} s, ${mb(api.bytes)} MB); server RSS ${mb(api.rssBefore ?? 0)} MB -> peak ${mb(api.rssPeak ?? 0)} MB (+${mb(growth)} MB, the most of ${rounds.length} runs)`,
        `psql \\copy in the same round: ${Math.round(rate(median.copy))} rows/s (${round1(median.copy.seconds)} s); ratio ${median.ratio.toFixed(2)}, the median of ${rounds.length} rounds (${byRatio.map((r) => r.ratio.toFixed(2)).join(', ')})`,
        `>= ${target} x \\copy, memory flat`, median.ratio >= target && growth < 64 * 1048576);
    }
    notes.push(`Exports: ${scale.orders} orders of location 1 loaded in ${round1(csvLoad)} s; "memory flat" = the serving process grows by less than 64 MB during the export. The XLSX is the same rows as typed cells in a deflated sheet.`);
  },
};

class StepTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, seconds: number, id: StepId): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeout(`step ${id} took over ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

interface Outcome { id: StepId; status: 'passed' | 'FAILED' | 'not run'; seconds: number; detail?: string }
const outcomes: Outcome[] = [];
const plan = stepsOf(MODE);
const started = performance.now();
try {
  let timedOut: StepId | undefined;
  for (const id of plan) {
    const title = STEPS.find((s) => s.id === id)!.title;
    const missing = (NEEDS[id] ?? []).filter((n) => plan.includes(n) && outcomes.find((o) => o.id === n)?.status !== 'passed');
    if (timedOut || missing.length) {
      const detail = timedOut ? `step ${timedOut} timed out before it` : `needs ${missing.join(', ')}, which did not pass`;
      outcomes.push({ id, status: 'not run', seconds: 0, detail });
      log(`step ${id} (${title}): not run, ${detail}`);
      continue;
    }
    log(`step ${id}: ${title}...`);
    const t = performance.now();
    try {
      const said = await withTimeout(runners[id](), scale.stepTimeoutSeconds, id);
      outcomes.push({ id, status: 'passed', seconds: (performance.now() - t) / 1000, detail: said || undefined });
    } catch (e) {
      outcomes.push({ id, status: 'FAILED', seconds: (performance.now() - t) / 1000, detail: e instanceof Error ? e.message : String(e) });
      console.error(`[bench] step ${id} (${title}) FAILED:`, e);
      // A step still running in the background would share the database and servers with the next.
      if (e instanceof StepTimeout) timedOut = id;
    }
  }
} finally {
  await stopServer().catch((e) => console.error('[bench] stopping the server:', e));
  await database.stop();
  if (webIndex < 0) fs.rmSync(webDir, { recursive: true, force: true });
}

const text = table();
machine.loadAfter = os.loadavg()[0]!;
console.log(`\n${machineLine(machine)}\n\n${text}\n`);
for (const n of notes) console.log(`- ${n}`);
console.log('');
for (const o of outcomes) {
  log(`${o.status === 'passed' ? 'passed' : o.status}: ${o.id}${o.status === 'not run' ? '' : ` (${round1(o.seconds)} s)`}${o.detail ? `: ${o.detail}` : ''}`);
}
// Every step of the mode's list has an outcome, and all of them passed: nothing left out, nothing skipped.
const unaccounted = plan.filter((id) => !outcomes.some((o) => o.id === id));
const bad = outcomes.filter((o) => o.status !== 'passed');
if (bad.length || unaccounted.length) {
  const names = [...bad.map((o) => `${o.id} (${o.status})`), ...unaccounted.map((id) => `${id} (no outcome)`)];
  console.error(`[bench] ${MODE} run FAILED after ${Math.round((performance.now() - started) / 1000)} s: ${names.join(', ')}${OUT ? `; ${path.relative(process.cwd(), OUT)} left as it was` : ''}`);
  process.exit(1);
}
log(`${MODE} run: all ${plan.length} steps passed in ${Math.round((performance.now() - started) / 1000)} s; load average ${LOAD_BEFORE} before, ${loadavg()} after`);
if (OUT) {
  const flags = [
    scale.orders !== base.orders ? `--orders ${scale.orders}` : '', scale.seconds !== base.seconds ? `--seconds ${scale.seconds}` : '',
    scale.concurrency !== base.concurrency ? `--concurrency ${scale.concurrency}` : '', SMOKE_RUN ? '--smoke' : '', ONLY ? `--only ${ONLY}` : '',
  ].filter(Boolean).join(' ');
  fs.writeFileSync(OUT, `# Benchmark results

\`npm run bench${flags ? ` -- ${flags}` : ''}\` on ${machineLine(machine)}.
Load average (1, 5, 15 min) when the run began: ${LOAD_BEFORE}; when it ended: ${loadavg()}.
The machine may be shared: a load average above the CPU count means other work competed for it.
What the figures mean, the fixes they led to and why a target is missed: docs/decisions.md, "Benchmarks".

${text}

${notes.map((n) => `- ${n}`).join('\n')}
`);
  log(`written to ${path.relative(process.cwd(), OUT)}`);
}
process.exit(0);
