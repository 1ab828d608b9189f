// Issue #31: the day view's latency (one user) with the hot queries' named prepared statements off,
// directly and through PgBouncer in transaction mode (Debian's `pgbouncer`, started by
// tests/api/pgbouncer.ts), each through a server process of its own on the same data.
import { findPgbouncer, startPgbouncer } from '../../tests/api/pgbouncer';
import type { LoadResult } from './measure';
import { measureDayViewLatency } from './dayview';
import type { BenchDatabase } from './postgres';
import { startBenchServer } from './server';

export interface PoolerDayView {
  /** Direct to PostgreSQL, DATABASE_PREPARED_STATEMENTS=off. */
  directUnnamed: LoadResult;
  /** Through PgBouncer (transaction mode, default_pool_size 10), DATABASE_PREPARED_STATEMENTS=off; null without pgbouncer. */
  pgbouncer: LoadResult | null;
}

export async function measurePoolerDayView(database: BenchDatabase, opts: { playgroundIds: number[]; date: string; seconds: number }): Promise<PoolerDayView> {
  const measureVia = async (databaseUrl: string) => {
    const server = await startBenchServer({ databaseUrl, dataDir: database.dir, env: { DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_LISTEN_URL: database.url } });
    try {
      return await measureDayViewLatency({ base: server.base, token: server.token, ...opts });
    } finally {
      await server.stop();
    }
  };
  const directUnnamed = await measureVia(database.url);
  const bin = findPgbouncer();
  if (!bin) return { directUnnamed, pgbouncer: null };
  // As many server connections as the process's pool: the pooler's own cost, not a shortage of connections.
  const bouncer = await startPgbouncer(bin, database.url, { mode: 'transaction', poolSize: 10 });
  try {
    return { directUnnamed, pgbouncer: await measureVia(bouncer.url(database.url)) };
  } finally {
    await bouncer.stop();
  }
}
