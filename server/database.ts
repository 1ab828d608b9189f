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

export async function openDatabase(config: Config, log: (msg: string) => void, prepare?: (db: Db) => Promise<void>): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const database = connect(url);
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
