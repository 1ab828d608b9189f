// The booking day view in Chromium, against a server that serves a web build (startBenchServer's
// `webDir`; `buildWeb` makes one in a temporary folder). Measures:
// - the JavaScript the login page and the day view load, each in a fresh browser context (empty
//   cache): bytes as served and gzip -9 of every script, summed (as bench/widget.ts does);
// - the time the day view takes to render after its data arrives, inside the page: from the
//   `responseEnd` (resource timing) of the last of its data calls (the location, whose playgrounds
//   are the calendar's columns, and GET playgrounds/{id}/schedule/?date=&orders=1 of every
//   playground) to the moment every slot card is in the DOM and painted; and the whole page, from
//   navigation start to the same moment. One warm-up load, then `loads` timed loads (warm cache).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { percentile, round1 } from './measure';

export interface ScriptWeight { files: number; bytes: number; gzip: number }

export interface BrowserResult {
  loginJs: ScriptWeight;
  dayViewJs: ScriptWeight;
  /** Slot cards shown, and data calls the page made, per load. */
  cards: number;
  dataCalls: number;
  /**
   * The page holding its data -> every card painted, ms, per timed load (sorted): from the later of
   * the last data call's responseEnd and the page's first render with the data (its mark
   * 'day-view:data'; the preload reads the data before the page's code can use it).
   */
  render: number[];
  /** Last data call's responseEnd -> every card painted (the measure before the preload). */
  afterLastCall: number[];
  afterLastCallMedian: number;
  renderMedian: number;
  renderP95: number;
  /** Navigation start -> every card painted, ms, per timed load (sorted). */
  page: number[];
  pageMedian: number;
  pageP95: number;
  /** A live update of one card: the event reaching the page -> the card with the new order painted, ms (sorted). */
  live: number[];
  liveMedian: number;
  liveP95: number;
  /** Of which: the event reaching the page -> the refetched day received, median. */
  liveRefetchMedian: number;
}

/**
 * `npx vite build` into a new temporary folder; answers the folder (the caller removes it). A child
 * process the caller may overlap with other work (the suite starts its database meanwhile).
 */
export async function buildWeb(root: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-web-'));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('error', reject);
      child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build: exit ${code ?? signal}`))));
    });
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}

/** What watchCards leaves on `window` (not declared globally: src shares this tsconfig). */
type Shown = { dom: number; painted: number };
const shownIn = () => (window as unknown as { __benchCards?: Shown }).__benchCards;

/**
 * Runs in the day view before its own scripts: every animation frame counts the slot cards; the
 * frame in which all `want` are in the DOM posts a message, and that message runs once the frame's
 * style, layout and paint are done: its time is "painted". Measured in the page, so the driver's
 * own polling is not part of it. A string: tsx would wrap a function's inner closures in a helper
 * that does not exist in the page.
 */
const watchCards = (want: number) => `(() => {
  performance.setResourceTimingBufferSize(5000);
  const frame = () => {
    if (document.querySelectorAll('[data-start]').length < ${want}) return requestAnimationFrame(frame);
    const dom = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__benchCards = { dom, painted: performance.now() }; };
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(frame);
})();`;

/** The day view's data calls that the page has received: [url, responseEnd]. */
function dataCallsOf(arg: { locationId: number; date: string }): [string, number][] {
  const schedule = new RegExp(`/api/v2\\.1/playgrounds/\\d+/schedule/\\?(?=.*date=${arg.date})(?=.*orders=1)`);
  const location = new RegExp(`/api/v2\\.1/locations/${arg.locationId}/(\\?.*)?$`);
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((e) => schedule.test(e.name) || location.test(e.name))
    .map((e) => [e.name, e.responseEnd]);
}

/** The scripts a page loads until `ready` resolves and the network is idle, in this context. */
async function scriptsOf(context: BrowserContext, url: string, ready: (page: import('@playwright/test').Page) => Promise<unknown>): Promise<ScriptWeight> {
  const page = await context.newPage();
  const loaded = new Map<string, Promise<{ bytes: number; gzip: number }>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || loaded.has(res.url())) return;
    loaded.set(res.url(), res.body().then((body) => ({ bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(loaded.values());
  await page.close();
  return { files: all.length, bytes: all.reduce((n, s) => n + s.bytes, 0), gzip: all.reduce((n, s) => n + s.gzip, 0) };
}

/**
 * Live updates on the open day view: another desk books a free session of the day (a fetch from the
 * page itself, which the page's cache does not see: only the event tells it), `count` times. Timed
 * in the page, from the event reaching it (the mark src/live/connection.ts sets) to the frame that
 * paints the card with the new order (a mutation observer, then a message posted from that frame).
 */
async function measureLiveUpdates(page: import('@playwright/test').Page, date: string, count: number): Promise<{ total: number[]; refetched: number[] }> {
  const times: number[] = [];
  const refetched: number[] = [];
  for (let i = 0; i < count; i++) {
    const took = await page.evaluate(async ({ date, skip }) => {
      const headers = { Authorization: `Token ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' };
      const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="slot-card"]')]
        .filter((c) => !c.querySelector('[data-testid="slot-order"]') && c.dataset.start?.startsWith(date) && c.dataset.start >= `${date} 12:00`);
      const target = cards[skip * 7 % cards.length]!;
      const playground = Number(target.dataset.playground);
      const start = target.dataset.start!;
      const games = await (await fetch(`/api/v2.2/playgrounds/${playground}/games_for_booking/`, { headers })).json() as { id: number }[];
      const selector = `[data-testid="slot-card"][data-playground="${playground}"][data-start="${start}"] [data-testid="slot-order"]`;
      const painted = new Promise<{ dom: number; painted: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the card ${playground} ${start} did not show its order in 15 s`)), 15_000);
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          clearTimeout(timer);
          const dom = performance.now();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ dom, painted: performance.now() });
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { subtree: true, childList: true });
      });
      const sent = performance.now();
      const res = await fetch('/api/v2.1/booking/', {
        method: 'POST', headers,
        body: JSON.stringify({ playground_id: playground, persons: 1, order_type: 1, name: 'Bench Guest', phone: '+79990001234', session_dt: start, game_id: games[0]?.id }),
      });
      if (!res.ok) throw new Error(`booking ${playground} ${start}: ${res.status} ${await res.text()}`);
      const shown = await painted;
      const event = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('live:event:') && m.startTime >= sent).at(-1);
      if (!event) throw new Error('no event mark before the card changed');
      const refetch = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .find((r) => r.name.includes(`/playgrounds/${playground}/schedule/`) && r.startTime >= event.startTime);
      return { total: shown.painted - event.startTime, refetched: refetch ? refetch.responseEnd - event.startTime : NaN };
    }, { date, skip: i });
    times.push(took.total);
    refetched.push(took.refetched);
    await page.waitForTimeout(300);
  }
  return { total: times.sort((a, b) => a - b), refetched: refetched.sort((a, b) => a - b) };
}

export async function measureBrowser(opts: {
  /** A server that serves a web build. */
  base: string; locationId: number; playgrounds: number; date: string;
  /** Slot cards the day shows (day and night calendars). */
  slots: number;
  loads?: number;
  /** Live updates of a card (5 unless given). */
  liveUpdates?: number;
}): Promise<BrowserResult> {
  const { base, locationId, date, slots } = opts;
  const loads = opts.loads ?? 7;
  const dayUrl = `${base}/locations/${locationId}/booking_admin?date=${date}`;
  const contextOptions = { baseURL: base, locale: 'ru-RU', viewport: { width: 1600, height: 1000 } };
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // The login page, cache empty; then sign in through it to get a session for the day view.
    let context = await browser.newContext(contextOptions);
    const loginJs = await scriptsOf(context, `${base}/login`, (p) => p.getByRole('button', { name: 'Войти' }).waitFor());
    const login = await context.newPage();
    await login.goto('/login');
    await login.getByLabel('Электронная почта').fill('admin@example.com');
    await login.getByRole('textbox', { name: 'Пароль' }).fill('admin123');
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.waitForURL((url) => !url.pathname.startsWith('/login'));
    const storageState = await context.storageState();
    await context.close();

    // The day view straight from its address, signed in, cache empty.
    context = await browser.newContext({ ...contextOptions, storageState });
    await context.addInitScript({ content: watchCards(slots) });
    const dayViewJs = await scriptsOf(context, dayUrl, (p) => p.waitForFunction(shownIn, null, { timeout: 120_000, polling: 100 }));
    await context.close();

    // Timed loads in one signed-in context (warm cache, as a venue's staff reloads the day).
    context = await browser.newContext({ ...contextOptions, storageState });
    await context.addInitScript({ content: watchCards(slots) });
    const page = await context.newPage();
    const render: number[] = [];
    const afterLastCall: number[] = [];
    const whole: number[] = [];
    let cards = 0;
    let dataCalls = 0;
    for (let i = 0; i <= loads; i++) {
      await page.goto(dayUrl, { waitUntil: 'commit' });
      // Polled from here at a slow interval: the figures come from the page, not from this wait.
      const shown = await (await page.waitForFunction(shownIn, null, { timeout: 120_000, polling: 100 })).jsonValue();
      const calls = await page.evaluate(dataCallsOf, { locationId, date });
      const schedules = calls.filter(([url]) => url.includes('/schedule/')).length;
      if (schedules < opts.playgrounds) throw new Error(`the day view made ${schedules} schedule calls for ${opts.playgrounds} playgrounds`);
      const dataEnd = Math.max(...calls.map(([, end]) => end));
      if (dataEnd > shown!.dom) throw new Error(`every card was shown before the last data call ended (${dataEnd} > ${shown!.dom})`);
      cards = await page.locator('[data-start]').count();
      dataCalls = calls.length;
      if (i === 0) continue; // the warm-up fills the browser cache
      // BENCH_TRACE=1 prints where the last load's time went: every request by start and end.
      if (process.env.BENCH_TRACE && i === loads) {
        const entries = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .map((e) => `${e.startTime.toFixed(0).padStart(5)} ${e.responseEnd.toFixed(0).padStart(5)} ${e.initiatorType} ${e.name.replace(location.origin, '')}`));
        const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return `responseEnd ${n.responseEnd.toFixed(0)} domInteractive ${n.domInteractive.toFixed(0)} domContentLoaded ${n.domContentLoadedEventEnd.toFixed(0)}`; });
        console.log(`[bench] trace: ${nav}; cards in the DOM ${shown!.dom.toFixed(0)}, painted ${shown!.painted.toFixed(0)}\n${entries.join('\n')}`);
      }
      const inPage = await page.evaluate(() => performance.getEntriesByName('day-view:data')[0]?.startTime ?? 0);
      render.push(shown!.painted - Math.max(dataEnd, inPage));
      afterLastCall.push(shown!.painted - dataEnd);
      whole.push(shown!.painted);
    }
    const live = await measureLiveUpdates(page, date, opts.liveUpdates ?? 5);
    await context.close();
    render.sort((a, b) => a - b);
    afterLastCall.sort((a, b) => a - b);
    whole.sort((a, b) => a - b);
    return {
      loginJs, dayViewJs, cards, dataCalls,
      render: render.map(round1),
      afterLastCall: afterLastCall.map(round1), afterLastCallMedian: round1(percentile(afterLastCall, 50)), renderMedian: round1(percentile(render, 50)), renderP95: round1(percentile(render, 95)),
      page: whole.map(round1), pageMedian: round1(percentile(whole, 50)), pageP95: round1(percentile(whole, 95)),
      live: live.total.map(round1), liveMedian: round1(percentile(live.total, 50)), liveP95: round1(percentile(live.total, 95)),
      liveRefetchMedian: round1(percentile(live.refetched, 50)),
    };
  } finally {
    await browser.close();
  }
}
