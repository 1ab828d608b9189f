// The database handle every service receives: a node-postgres pool wrapped by Drizzle.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or an open transaction: services accept either so callers can compose them. */
export type DbOrTx = Db | Tx;

// numeric stays a string (money is never a float); bigint ids fit in a JS number here.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server (restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Any fixed number: the advisory lock that lets one process at a time migrate and seed. */
const STARTUP_LOCK_KEY = 7_240_501;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so several server processes started
 * together against one database migrate and seed one after the other instead of racing.
 */
export async function withStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The node-postgres pool (or, inside a transaction, its client) behind a Drizzle handle. */
function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  return (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
}

/**
 * Runs one of the hot statements (every request's token check, every calendar call, every
 * booking) as a named prepared statement: each connection parses and plans it once, and no query
 * builder runs per call. On this kind of machine a round trip and a plan cost more than the work
 * itself (bench/results.md). `name` must be unique per `text`.
 */
export async function queryPrepared<Row>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const result = await clientOf(db).query({ name, text, values });
  return result.rows as Row[];
}
