// The live desk's delivery under load, alone: 200 SSE clients of one location across 4 server
// processes (server/cluster.ts), 20 changes a second for 10 s: delivery p50/p95 from commit to
// client, events lost, server CPU. Also part of `npm run bench` (bench/suite.ts).
// Usage: node --import tsx bench/events.ts [--clients 200 --workers 4 --rate 20 --seconds 10]
import { measureEvents } from './lib/events';
import { arg } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';
import { startBenchServer } from './lib/server';

const clients = arg('clients', 200);
const workers = arg('workers', 4);
const rate = arg('rate', 20);
const seconds = arg('seconds', 10);

const database = await startBenchDatabase('events');
try {
  const server = await startBenchServer({ databaseUrl: database.url, dataDir: database.dir, workers });
  try {
    const r = await measureEvents({ database, base: server.base, token: server.token, clients, perSecond: rate, seconds, serverPids: server.servingPids });
    console.log(JSON.stringify(r, null, 2));
    console.log(`${r.clients} clients, ${workers} processes, ${rate} changes/s for ${seconds} s: ${r.changes} changes (${r.changeErrors} failed), `
      + `${r.delivered} deliveries, p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms, lost ${r.lost}, duplicates ${r.duplicates}; `
      + `server CPU ${r.serverCpu} % of a core, PostgreSQL ${r.postgresCpu} %`);
  } finally {
    await server.stop();
  }
} finally {
  await database.stop();
}
