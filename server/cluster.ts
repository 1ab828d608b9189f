// `npm run start:cluster`: N server processes (server/main.ts) sharing one port through Node's
// cluster module, against one PostgreSQL. Without DATABASE_URL the primary starts the embedded
// PostgreSQL and hands its URL to the workers. A worker that dies unasked is replaced; SIGTERM or
// SIGINT stops the workers (each finishes its requests and jobs), then the database.
// CLUSTER_WORKERS sets N (default: the number of CPUs).
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfigOrExit } from './config';
import { connect, runMigrations, withStartupLock } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { installClusterMetrics } from './platform/metrics';
import { setupLinkIfEmpty, setupLogLine } from './modules/setup/service';

const config = loadConfigOrExit();
const log = pino({ level: config.logLevel });
const count = Math.max(1, Number(process.env.CLUSTER_WORKERS) || os.availableParallelism());

async function primary() {
  let databaseUrl = config.databaseUrl;
  let stopDatabase: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), (m) => log.debug({ postgres: m }));
    databaseUrl = embedded.url;
    stopDatabase = embedded.stop;
  }
  // Migrate once here, so the workers start on an up-to-date schema (they re-check under the lock).
  const database = connect(databaseUrl, 2, config.databasePreparedStatements);
  // The setup link of a database without accounts is printed once, here; with SEED_DEMO the workers
  // seed the demo, so there is no link to give.
  const link = await withStartupLock(database.pool, async () => {
    await runMigrations(database.db);
    return config.seedDemo ? null : setupLinkIfEmpty(database.db, config.publicUrl);
  });
  if (link) log.info(setupLogLine(link));
  await database.close();

  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'main.ts'), execArgv: ['--import', 'tsx'] });
  let stopping = false;
  // The workers see DATABASE_URL even for the embedded database: they get the primary's prepared
  // statements setting, not their own default for a DATABASE_URL (#31). They inherit PAYMENT_SANDBOX;
  // unset, each decides by the one database (demo data or not, #29).
  const fork = () => cluster.fork({
    DATABASE_URL: databaseUrl, CLUSTER_WORKER: '1', DATABASE_PREPARED_STATEMENTS: config.databasePreparedStatements ? 'on' : 'off',
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.warn({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  // A worker's GET /metrics is answered with every worker's metrics, gathered here.
  installClusterMetrics();
  for (let i = 0; i < count; i++) fork();
  // Issue #31: the cluster's share of the database's connections (each worker logs its own too).
  const budget = count * (config.databasePoolSize + 1);
  log.info({ workers: count, port: config.port, database_connections: budget }, `cluster started; its workers may open ${budget} database connections (${count} × (DATABASE_POOL_SIZE ${config.databasePoolSize} + 1 for live events))`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the cluster');
    const workers = Object.values(cluster.workers ?? {}).filter((w) => !!w);
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => {
      if (w.isDead()) return resolve();
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    })));
    if (stopDatabase) await stopDatabase();
    log.info('cluster stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

primary().catch((err) => {
  log.fatal({ err }, 'cluster failed to start');
  process.exit(1);
});
