// `npm run bench`: starts the real server (embedded PostgreSQL in a temporary folder, demo data)
// and measures throughput and latency of the hot calls with bounded loops on loopback.
// Usage: npm run bench [-- --seconds 5 --concurrency 16]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, runMigrations } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed/demo';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const seconds = arg('seconds', 5);
const concurrency = arg('concurrency', 16);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(name: string, request: () => Promise<Response>, runSeconds = seconds) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + runSeconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await request();
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!res.ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p95 ms': +percentile(latencies, 95).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    errors,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
const database = connect(pg.url, 20);
try {
  await runMigrations(database.db);
  await seedDemo(database.db);
  const config = { ...loadConfig({}), dataDir: dir, loginMaxFailures: 1_000_000 };
  const app = await buildApp({ db: database.db, pool: database.pool, config, mailer: { send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = () => fetch(`${base}/api/v2.1/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const { token } = (await (await login()).json()) as { token: string };
  const auth = { authorization: `Token ${token}`, 'accept-language': 'ru' };

  const today = new Date().toISOString().slice(0, 10);
  const results = [
    await measure('GET /healthz', () => fetch(`${base}/healthz`)),
    await measure('GET /api/v2.1/users/am/', () => fetch(`${base}/api/v2.1/users/am/`, { headers: auth })),
    await measure('GET /api/v2.1/locations/my/', () => fetch(`${base}/api/v2.1/locations/my/`, { headers: auth })),
    await measure('GET /api/v2.1/loginjwt/permissions/', () => fetch(`${base}/api/v2.1/loginjwt/permissions/`, { headers: auth })),
    await measure('GET playgrounds/1/schedule/?orders=1 (a day)', () => fetch(`${base}/api/v2.1/playgrounds/1/schedule/?date=${today}&orders=1`, { headers: auth })),
    await measure('GET v2.2 locations/1/schedule_multi/ (a day)', () => fetch(`${base}/api/v2.2/locations/1/schedule_multi/?date=${today}`, { headers: auth })),
    await measure('GET locations/1/summary/ (a month)', () => fetch(`${base}/api/v2.1/locations/1/summary/?date=${today}`, { headers: auth })),
    // Login is deliberately slow (scrypt); measured briefly.
    await measure('POST /api/v2.1/login/ (scrypt)', login, Math.min(seconds, 3)),
  ];
  console.log(`concurrency ${concurrency}, ${seconds} s per scenario, ${os.cpus().length} cores`);
  console.table(results);
  await app.close();
} finally {
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
