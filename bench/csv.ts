// Issue #6's benchmark: CSV export of 1,000,000 orders through the API (streamed from a server-side
// cursor), time and the server's peak memory, next to psql's `\copy (...) to stdout csv` of the
// same rows. Usage: node --import tsx bench/csv.ts [--orders 1000000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed/demo';

const i = process.argv.indexOf('--orders');
const ORDERS = i > 0 ? Number(process.argv[i + 1]) : 1_000_000;

let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-csv-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
const database = connect(pg.url, 10);
try {
  await runMigrations(database.db);
  await seedDemo(database.db);
  let t = Date.now();
  // One million orders of location 1 over the last year, in one statement.
  await database.db.execute(sql`
    INSERT INTO orders (location_id, name, phone, persons, order_type, status, cost, discount, purchase, paid, promocode, staff_user_id, source, created_at)
    SELECT 1, 'Guest ' || g, '+7999' || lpad(g::text, 7, '0'), 1 + g % 4, 1 + g % 4, (ARRAY[2, 3, 4, 6])[1 + g % 4],
           (1000 + g % 5000)::numeric, 0, (1000 + g % 5000)::numeric, CASE WHEN g % 3 = 0 THEN 0 ELSE (1000 + g % 5000)::numeric END,
           CASE WHEN g % 10 = 0 THEN '=VR10' ELSE NULL END, 1, 'backoffice', now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    FROM generate_series(1, ${ORDERS}) AS g`);
  await database.db.execute(sql`ANALYZE orders`);
  console.log(`load: ${ORDERS} orders in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const config = { ...loadConfig({}), dataDir: dir, loginMaxFailures: 1_000_000 };
  const app = await buildApp({ db: database.db, pool: database.pool, config, mailer: { send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { token } = (await (await fetch(`${base}/api/v2.1/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  })).json()) as { token: string };

  // The API export, read as a client would and counted.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  t = Date.now();
  const res = await fetch(`${base}/api/v2.1/locations/1/orders/?format=csv`, { headers: { authorization: `Token ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const apiSeconds = (Date.now() - t) / 1000;
  console.log(`API CSV: ${lines - 1} rows, ${mb(bytes)} in ${apiSeconds.toFixed(1)} s; process RSS ${mb(rssBefore)} before, peak ${mb(peakRss)} (+${mb(peakRss - rssBefore)})`);
  await app.close();

  // psql's \copy of the same rows (the same columns the API exports).
  t = Date.now();
  const copySql = `\\copy (select o.id, to_char(o.created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD HH24:MI'), o.order_type, o.status, o.cost, o.paid, o.purchase, o.discount, o.promocode, u.email, o.source from orders o left join users u on u.id = o.staff_user_id where o.location_id = 1 order by o.created_at desc, o.id desc) to stdout csv header`;
  const copied = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    const child = spawn('psql', [pg.url, '-X', '-q', '-c', copySql], { stdio: ['ignore', 'pipe', 'inherit'] });
    let b = 0; let n = 0;
    child.stdout.on('data', (c: Buffer) => { b += c.length; for (const x of c) if (x === 10) n++; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ bytes: b, lines: n }) : reject(new Error(`psql exit ${code}`))));
  });
  console.log(`psql \\copy: ${copied.lines - 1} rows, ${mb(copied.bytes)} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
} finally {
  clearInterval(sampler);
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
