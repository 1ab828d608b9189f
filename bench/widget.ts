// The booking widget's weight and time to interactive in Chromium. Starts the real server
// (embedded PostgreSQL in a temporary folder, demo data) on a web build, opens the widget page in
// a fresh browser context several times (empty cache), and reports:
// - the JavaScript the page loads: bytes as served and gzip -9 of each file, summed;
// - time to interactive: from navigation start until the day's sessions are on screen and
//   clickable (the page has fetched the location and the slots and rendered them), median of runs.
// Usage: npx vite build && node --import tsx bench/widget.ts [--runs 7] [--web dist]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed/demo';
import { resolveSecrets } from '../server/platform/secrets';

const argValue = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const runs = Number(argValue('runs') ?? 7);
const webDir = path.resolve(argValue('web') ?? process.env.WEB_DIR ?? 'dist');
if (!fs.existsSync(path.join(webDir, 'widget.html'))) throw new Error(`no widget.html in ${webDir}: run npx vite build first`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-widget-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
const database = connect(pg.url, 10);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await runMigrations(database.db);
  await seedDemo(database.db);
  const config = await resolveSecrets(database.db, { ...loadConfig({}), dataDir: dir, webDir });
  const app = await buildApp({ db: database.db, pool: database.pool, config, mailer: { send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const times: number[] = [];
  let scripts: { url: string; bytes: number; gzip: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const loaded: Promise<{ url: string; bytes: number; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      loaded.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`${base}/widget/?location=1`);
    await page.locator('[data-testid="widget-session"]').first().waitFor({ state: 'visible' });
    times.push(await page.evaluate(() => performance.now()));
    scripts = await Promise.all(loaded);
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.table(scripts);
  console.log(`widget JS: ${scripts.reduce((n, s) => n + s.bytes, 0)} B, gzip ${scripts.reduce((n, s) => n + s.gzip, 0)} B in ${scripts.length} files`);
  console.log(`time to interactive (sessions clickable), ${runs} runs: median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (${os.cpus().length} cores)`);
  await app.close();
} finally {
  await browser.close();
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
