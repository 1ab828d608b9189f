// Issue #31, #49: the day view's latency (one user) with the hot queries' named prepared statements
// off, directly and through PgBouncer in transaction mode (Debian's `pgbouncer`, started by
// tests/api/pgbouncer.ts), next to the same with them on: a server process each on the same data,
// all three up together and asked in turn (measure.ts `alternating`), so their ratios are measured
// side by side, not minutes apart on a machine whose speed drifts.
import { findPgbouncer, startPgbouncer } from '../../tests/api/pgbouncer';
import { alternating, type LoadResult } from './measure';
import { apiDayOf, countDay } from './dayview';
import type { BenchDatabase } from './postgres';
import { startBenchServer, type BenchServer } from './server';

export interface PoolerDayView {
  /** Direct to PostgreSQL, DATABASE_PREPARED_STATEMENTS=on: what the other two are compared with. */
  named: LoadResult;
  /** Direct to PostgreSQL, DATABASE_PREPARED_STATEMENTS=off. */
  directUnnamed: LoadResult;
  /** Through PgBouncer (transaction mode, default_pool_size 10), DATABASE_PREPARED_STATEMENTS=off; null without pgbouncer. */
  pgbouncer: LoadResult | null;
}

export async function measurePoolerDayView(database: BenchDatabase, opts: { playgroundIds: number[]; date: string; seconds: number }): Promise<PoolerDayView> {
  const servers: BenchServer[] = [];
  const serve = async (databaseUrl: string, preparedStatements: 'on' | 'off') => {
    const server = await startBenchServer({ databaseUrl, dataDir: database.dir, env: { DATABASE_PREPARED_STATEMENTS: preparedStatements, DATABASE_LISTEN_URL: database.url } });
    servers.push(server);
    await countDay({ base: server.base, token: server.token, ...opts });
    return apiDayOf({ base: server.base, token: server.token, ...opts });
  };
  const bin = findPgbouncer();
  // As many server connections as the process's pool: the pooler's own cost, not a shortage of connections.
  const bouncer = bin ? await startPgbouncer(bin, database.url, { mode: 'transaction', poolSize: 10 }) : null;
  try {
    const named = await serve(database.url, 'on');
    const directUnnamed = await serve(database.url, 'off');
    const viaPooler = bouncer ? await serve(bouncer.url(database.url), 'off') : null;
    // Three rows of `seconds` each before; the same time in all, shared in turn.
    const seconds = opts.seconds * (viaPooler ? 3 : 2);
    const warmupSeconds = Math.min(3, seconds / 4);
    if (viaPooler) {
      const r = await alternating({ seconds, warmupSeconds }, { named, directUnnamed, pgbouncer: viaPooler });
      return { named: r.named, directUnnamed: r.directUnnamed, pgbouncer: r.pgbouncer };
    }
    const r = await alternating({ seconds, warmupSeconds }, { named, directUnnamed });
    return { named: r.named, directUnnamed: r.directUnnamed, pgbouncer: null };
  } finally {
    for (const server of servers) await server.stop();
    await bouncer?.stop();
  }
}
