// Opens the database the server runs on: DATABASE_URL if set, else the embedded PostgreSQL in
// DATA_DIR/postgres (started here and stopped on shutdown). Migrations, and the caller's `prepare`
// (the seeds), run on every open under a startup lock, so processes started together take turns.
import path from 'node:path';
import type { Config } from './config';
import { connect, runMigrations, withStartupLock, type Database, type Db } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';

export interface OpenDatabase extends Database {
  /** Closes the pool and, when embedded, stops PostgreSQL cleanly. */
  shutdown: () => Promise<void>;
  embedded: boolean;
}

/**
 * The connections one server process may open (issue #31): its pool, plus the live hub's LISTEN
 * connection (to DATABASE_LISTEN_URL when set). At start it also holds one for the startup lock.
 */
export function connectionBudget(config: Config): { pool: number; listen: number; listen_direct: boolean; prepared_statements: boolean } {
  const direct = !!config.databaseListenUrl && config.databaseListenUrl !== config.databaseUrl;
  return { pool: config.databasePoolSize, listen: 1, listen_direct: direct, prepared_statements: config.databasePreparedStatements };
}

export function connectionBudgetLine(config: Config): string {
  const b = connectionBudget(config);
  return `database connections: at most ${b.pool} (DATABASE_POOL_SIZE) + 1 ${b.listen_direct ? 'to DATABASE_LISTEN_URL ' : ''}for live events; `
    + `named prepared statements ${b.prepared_statements ? 'on' : 'off'} (DATABASE_PREPARED_STATEMENTS)`;
}

export async function openDatabase(config: Config, log: (msg: string) => void, prepare?: (db: Db) => Promise<void>): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const database = connect(url, config.databasePoolSize, config.databasePreparedStatements, config.dbTimeoutMs);
  await withStartupLock(database.pool, async () => {
    await runMigrations(database.db);
    if (prepare) await prepare(database.db);
  });
  return {
    ...database,
    embedded: !!stopEmbedded,
    shutdown: async () => {
      await database.close();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
