// The database handle every service receives: a node-postgres pool wrapped by Drizzle.
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import { cachePlansIn, queryCached } from './planCache';

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

/** Pools and clients that may keep named prepared statements (issue #31: not behind a transaction pooler). */
const namedStatements = new WeakSet<pg.Pool | pg.ClientBase>();

/**
 * #48 Errors after which a connection is not used again: the server went away or is going
 * (SQLSTATE class 08, 57P01-57P03), or it is now a read-only former primary after a failover (25006:
 * its next transaction would fail the same way, while a new connection reaches the new primary).
 */
export const FAILOVER_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|25006)$/;

/** The SQLSTATE of an error (or of its cause, as drizzle wraps it), when it has one. */
export function sqlstateOf(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** Whether a query's text (a string or a query config) is a BEGIN. */
const isBegin = (query: unknown): boolean => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * A client checked out for a transaction (drizzle's `transaction`, pool.connect) is released with an
 * error after a failover error, so the pool closes it instead of handing it out again. (pool.query
 * already closes a client after any error.)
 * A BEGIN that fails releases its client at once: drizzle-orm's `transaction` sends BEGIN before its
 * `try`, so when BEGIN fails (PgBouncer answers it with an error while PostgreSQL restarts) drizzle
 * never releases the client. Six such failures emptied a pool of six for good in the #48 fault test:
 * every later request waited DB_TIMEOUT_MS for a connection and answered 503 until a restart.
 * A release is done once per checkout (drizzle's, if a later version makes one, is then a no-op).
 */
function dropAfterFailoverErrors(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
  const wrapped = new WeakSet<pg.PoolClient>();
  const broken = new WeakSet<pg.PoolClient>();
  const released = new WeakSet<pg.PoolClient>();
  (pool as { connect: unknown }).connect = (cb?: unknown) => {
    if (typeof cb === 'function') return connect(cb);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      broken.delete(client);
      released.delete(client);
      if (!wrapped.has(client)) {
        wrapped.add(client);
        // The class's query, looked up at each call (so a wrapper of pg.Client's prototype, as a test's, still sees it).
        const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
        (client as { query: unknown }).query = (...args: unknown[]) => {
          const result = proto.query.apply(client, args);
          if (result && typeof (result as Promise<unknown>).catch === 'function') {
            (result as Promise<unknown>).catch((err: unknown) => {
              if (FAILOVER_SQLSTATE.test(sqlstateOf(err) ?? '')) broken.add(client);
              if (isBegin(args[0])) client.release(err instanceof Error ? err : new Error('BEGIN failed'));
            });
          }
          return result;
        };
      }
      // pg-pool gives the client a new `release` at every checkout: wrapped at every checkout.
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        if (released.has(client)) return;
        released.add(client);
        release(err ?? (broken.has(client) ? new Error('connection dropped after a failover error') : undefined));
      };
      return client;
    });
  };
}

/**
 * `max`: the pool's connections (DATABASE_POOL_SIZE). `prepared`: whether queryPrepared may name its
 * statements (DATABASE_PREPARED_STATEMENTS): a named statement lives on one server connection, and a
 * transaction pooler gives the next transaction another one. `timeoutMs` (#48, DB_TIMEOUT_MS): how
 * long a request waits for a connection before it answers 503; TCP keepalive finds a dead server's
 * idle connections.
 */
export function connect(url: string, max = 10, prepared = true, timeoutMs = 5000): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: timeoutMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  // An idle client that loses its server (restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one checked out (a transaction between two statements) when its server goes away or the pooler
  // drops it: node-postgres then emits 'error' on the client, which the pool listens to only while it
  // is idle, and an 'error' nobody listens to ends the process (the #48 fault test saw it behind
  // PgBouncer). Its queries fail anyway, and the pool drops it at release: it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  dropAfterFailoverErrors(pool);
  if (prepared) {
    namedStatements.add(pool);
    pool.on('connect', (client) => namedStatements.add(client));
  } else {
    cachePlansIn(pool);
  }
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Any fixed number: the advisory lock that lets one process at a time migrate and seed. */
const STARTUP_LOCK_KEY = 7_240_501;
/** How often a process that lost the race asks for the startup lock again. */
const STARTUP_LOCK_RETRY_MS = 200;

/**
 * Runs `fn` while holding the startup lock, so several server processes started together against one
 * database migrate and seed one after the other instead of racing. The lock is transaction-scoped and
 * held by an open transaction on a connection of its own (issue #31): a pooler never gives a connection
 * in a transaction to anyone else, in any mode, while a session-level lock taken through a transaction
 * pooler stays on a server connection the next client may get (both held it, both seeded). A process
 * that finds it taken ends its transaction and asks again, so waiting holds no server connection the
 * winner's pool may need.
 */
export async function withStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client(pool.options);
  await client.connect();
  try {
    for (;;) {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [STARTUP_LOCK_KEY]);
      if (rows[0]?.locked) break;
      await client.query('ROLLBACK');
      await new Promise((resolve) => setTimeout(resolve, STARTUP_LOCK_RETRY_MS));
    }
    try {
      return await fn();
    } finally {
      // Ending the transaction releases the lock; a failed connection released it already.
      await client.query('COMMIT').catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The node-postgres pool (or, inside a transaction, its client) behind a Drizzle handle. */
function clientOf(db: DbOrTx | pg.Pool): pg.Pool | pg.PoolClient {
  if (db instanceof pg.Pool) return db;
  return (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
}

/**
 * Independent reads: at once on a pool (each borrows its own connection), one after another in a
 * transaction, whose one connection runs a statement at a time. Given to Promise.all there,
 * node-postgres queues them itself and warns that pg 9 will not (the e2e server logged it for a
 * cancel's refund, which reads the order's holdings inside its transaction). Each read is a
 * function, so that nothing starts before its turn (a Drizzle query runs when awaited).
 */
export async function readTogether<T extends readonly unknown[]>(db: DbOrTx, reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (clientOf(db) instanceof pg.Pool) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/**
 * Runs one of the hot statements (every request's token check, every calendar call, every
 * booking) as a named prepared statement: each connection parses and plans it once, and no query
 * builder runs per call. On this kind of machine a round trip and a plan cost more than the work
 * itself (bench/results.md). `name` must be unique per `text`. With DATABASE_PREPARED_STATEMENTS off
 * (connect's `prepared`) a read runs through a PL/pgSQL function that keeps its plan on whichever
 * server connection a pooler gives (planCache.ts); a write runs unnamed.
 */
export async function queryPrepared<Row>(db: DbOrTx | pg.Pool, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const target = clientOf(db);
  const result = namedStatements.has(target) ? await target.query({ name, text, values }) : await queryCached(target, name, text, values);
  return result.rows as Row[];
}
