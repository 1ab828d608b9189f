// `npm run bench:calls`: the hot calls of the screens on the demo data (a server process, embedded
// PostgreSQL in a temporary folder), throughput and latency with bounded closed loops on loopback.
// Usage: npm run bench:calls [-- --seconds 5 --concurrency 16]
import os from 'node:os';
import { authHeaders, request } from './lib/http';
import { arg, closedLoop } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';

const seconds = arg('seconds', 5);
const concurrency = arg('concurrency', 16);

const database = await startBenchDatabase('calls');
let server: BenchServer | undefined;
try {
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir });
  const { base } = server;
  const headers = authHeaders(server.token);
  const get = (path: string, auth = true) => async () => (await request(`${base}${path}`, auth ? { headers } : {})).status === 200;
  const today = new Date().toISOString().slice(0, 10);
  const scenarios: [string, () => Promise<boolean>, number?][] = [
    ['GET /healthz', get('/healthz', false)],
    ['GET /api/v2.1/users/am/', get('/api/v2.1/users/am/')],
    ['GET /api/v2.1/locations/my/', get('/api/v2.1/locations/my/')],
    ['GET /api/v2.1/loginjwt/permissions/', get('/api/v2.1/loginjwt/permissions/')],
    ['GET playgrounds/1/schedule/?orders=1 (a day)', get(`/api/v2.1/playgrounds/1/schedule/?date=${today}&orders=1`)],
    ['GET v2.2 locations/1/schedule_multi/ (a day)', get(`/api/v2.2/locations/1/schedule_multi/?date=${today}`)],
    ['GET locations/1/summary/ (a month)', get(`/api/v2.1/locations/1/summary/?date=${today}`)],
    // Login is deliberately slow (scrypt); measured briefly.
    ['POST /api/v2.1/login/ (scrypt)', async () => (await request(`${base}/api/v2.1/login/`, {
      method: 'POST', body: { email: 'admin@example.com', password: 'admin123' },
    })).status === 200, Math.min(seconds, 3)],
  ];
  const results = [];
  for (const [scenario, task, s] of scenarios) {
    const r = await closedLoop({ concurrency, seconds: s ?? seconds, warmupSeconds: 0.5 }, task);
    results.push({ scenario, requests: r.count, 'req/s': Math.round(r.perSecond), 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, errors: r.errors });
  }
  console.log(`concurrency ${concurrency}, ${seconds} s per scenario, ${os.cpus().length} cores, one server process`);
  console.table(results);
} finally {
  await server?.stop();
  await database.stop();
}
