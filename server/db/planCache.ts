// #49 Cached plans without named statements. Behind a transaction pooler (DATABASE_POOLER=transaction)
// a named statement cannot be kept: the next transaction may run on another server connection. Then
// each hot read of queryPrepared would be parsed and planned on every call (the day view's statement
// plans for longer than it runs). PL/pgSQL keeps the plans of a function's queries for the life of the
// server connection, whichever client borrows it; so each hot read becomes a function
// `pq_<name>_<hash of its text>` whose body is exactly that text, created once per database and called
// as `SELECT * FROM pq_...($1, ...)`, a statement that plans in microseconds.
// - The hash names the text: two versions of the server during an upgrade call their own functions.
// - Only reads (SELECT ... [FOR UPDATE]): a write keeps running as it is.
// - The function is made in the background from what the first, unnamed, run told: the parameters'
//   types (PREPARE inside one transaction, where a pooler keeps one server connection) and the result's
//   columns and types. Until it exists, and if making it fails, the statement runs unnamed as before.
import crypto from 'node:crypto';
import pg from 'pg';

type Target = pg.Pool | pg.ClientBase;

interface Cache {
  pool: pg.Pool;
  /** name -> the call's SQL once its function exists; null: it cannot be made (runs unnamed). */
  calls: Map<string, string | null>;
  making: Set<string>;
}

const caches = new WeakMap<Target, Cache>();

/** Turns the cache on for a pool (and the clients it hands out): connect() does when named statements are off. */
export function cachePlansIn(pool: pg.Pool): void {
  const cache: Cache = { pool, calls: new Map(), making: new Set() };
  caches.set(pool, cache);
  pool.on('connect', (client) => caches.set(client, cache));
}

const READ = /^\s*(SELECT|WITH)\b/i;
const WRITE = /\b(INSERT|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i;
const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

function functionName(name: string, text: string): string {
  const hash = crypto.createHash('sha1').update(text).digest('hex').slice(0, 10);
  return `pq_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`.slice(0, 48) + `_${hash}`;
}

/**
 * Runs `text` through its function when it exists; else unnamed, and then (a read, the first time)
 * starts making the function from that run's result. Answers the rows.
 */
export async function queryCached(target: Target, name: string, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const cache = caches.get(target);
  let call = cache?.calls.get(name);
  if (cache && call) {
    try {
      return await target.query(call, values);
    } catch (err) {
      // The function went (a database reset under a running server): unnamed now, and made again.
      if ((err as { code?: string }).code !== '42883') throw err;
      cache.calls.delete(name);
      call = undefined;
    }
  }
  const result = await target.query({ text, values });
  if (cache && call === undefined && !cache.making.has(name) && READ.test(text) && !WRITE.test(text)) {
    cache.making.add(name);
    void makeFunction(cache.pool, name, text, result.fields).then((made) => cache.calls.set(name, made), (err: Error & { code?: string }) => {
      // The server refused the function itself (no CREATE on the schema, a statement it cannot wrap): unnamed
      // for good, said once. Anything else (the database away for a moment) is tried again at the next call.
      if (!/^(42|0A)/.test(err.code ?? '')) return;
      cache.calls.set(name, null);
      process.emitWarning(`${name} runs unnamed, planned on every call: its cached-plan function could not be made (${err.message})`, 'PlanCacheWarning');
    })
      .finally(() => cache.making.delete(name));
  }
  return result;
}

/** Creates the statement's function (if another process has not); answers the SQL that calls it, null when it cannot. */
async function makeFunction(pool: pg.Pool, name: string, text: string, fields: pg.FieldDef[]): Promise<string | null> {
  if (text.includes('$pq$') || !fields.length || new Set(fields.map((f) => f.name)).size !== fields.length) return null;
  const fn = functionName(name, text);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      // The parameters' types as the server infers them for this text.
      await client.query(`PREPARE pq_probe AS ${text}`);
      const [{ params }] = (await client.query<{ params: string[] }>("SELECT parameter_types::text[] AS params FROM pg_prepared_statements WHERE name = 'pq_probe'")).rows as [{ params: string[] }];
      await client.query('DEALLOCATE pq_probe');
      const types = (await client.query<{ t: string }>('SELECT format_type(oid, NULL) AS t FROM unnest($1::oid[]) WITH ORDINALITY u(oid, n) ORDER BY n', [fields.map((f) => f.dataTypeID)])).rows.map((r) => r.t);
      const exists = (await client.query("SELECT 1 FROM pg_proc WHERE proname = $1 AND pronamespace = current_schema()::regnamespace", [fn])).rows.length > 0;
      if (!exists) {
        await client.query(`CREATE FUNCTION ${fn}(${params.join(', ')}) RETURNS TABLE(${fields.map((f, i) => `${quoteIdent(f.name)} ${types[i]}`).join(', ')})
          LANGUAGE plpgsql AS $pq$
          #variable_conflict use_column
          BEGIN RETURN QUERY ${text}
          ; END $pq$`);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      // Another process made it at the same moment: it is there.
      if ((err as { code?: string }).code === '23505' || (err as { code?: string }).code === '42723') return callOf(fn, text);
      throw err;
    }
    return callOf(fn, text);
  } finally {
    client.release();
  }
}

function callOf(fn: string, text: string): string {
  const count = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return `SELECT * FROM ${fn}(${Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')})`;
}
