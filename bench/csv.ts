// Issue #6's benchmark on its own (`npm run bench:csv`; the suite runs the same steps): CSV and XLSX export
// of N orders through the API (a server process streaming from a server-side cursor), rows per
// second and the server's memory, next to psql's `\copy (...) to stdout csv` of the same rows.
// Usage: node --import tsx bench/csv.ts [--orders 1000000]
import { apiExport, loadCsvOrders, psqlCopy } from './lib/csv';
import { arg, mb } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './lib/server';

const ORDERS = arg('orders', 1_000_000);

const database = await startBenchDatabase('csv');
let server: BenchServer | undefined;
try {
  const loadSeconds = await loadCsvOrders(database, 1, ORDERS);
  console.log(`load: ${ORDERS} orders in ${loadSeconds.toFixed(1)} s`);
  server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir });
  for (const format of ['csv', 'xlsx'] as const) {
    const api = await apiExport(server.base, server.token, 1, server.pid, format);
    console.log(`API ${format}: ${api.rows} rows, ${mb(api.bytes)} MB in ${api.seconds.toFixed(1)} s (${Math.round(api.rows / api.seconds)} rows/s); server RSS ${mb(api.rssBefore ?? 0)} MB before, peak ${mb(api.rssPeak ?? 0)} MB`);
  }
  const copy = await psqlCopy(database.psql, database.url, 1);
  console.log(`psql \\copy: ${copy.rows} rows, ${mb(copy.bytes)} MB in ${copy.seconds.toFixed(1)} s (${Math.round(copy.rows / copy.seconds)} rows/s)`);
} finally {
  await server?.stop();
  await database.stop();
}
