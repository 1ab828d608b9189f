// Streaming a list query out of PostgreSQL with COPY ... TO STDOUT (pg-copy-streams): the CSV and
// XLSX exports both run their rows this way, near `psql \copy` speed and with back-pressure, so
// memory stays flat whatever the size.
import type pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';

/** A parameter of a node-postgres query as the text it is sent as, or null. */
function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    // The query text is sent NUL-terminated: a NUL would cut it, so refuse it (as a bound parameter is refused).
    if (value.includes('\0')) throw new Error('CSV export: a parameter contains a NUL character');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('CSV export: a parameter is not a finite number');
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new Error(`CSV export: cannot inline a parameter of type ${typeof value}`);
}

/**
 * COPY takes no bind parameters: replaces each $n of `sql` (outside quoted literals and identifiers)
 * by its value as an escaped literal. A quoted literal has no type of its own, like an untyped bind
 * parameter, so PostgreSQL resolves it the same way (`status IN ('2', '3')`, `day >= '2026-01-01'`).
 */
export function inlineParams(sql: string, params: unknown[], escapeLiteral: (text: string) => string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"') {
      // Skip the quoted part whole; a doubled quote inside it is part of it.
      let end = i + 1;
      for (;;) {
        end = sql.indexOf(ch, end);
        if (end === -1) throw new Error('CSV export: unterminated quote in the query');
        if (sql[end + 1] === ch) end += 2;
        else break;
      }
      out += sql.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const placeholder = ch === '$' ? /^\$(\d+)/.exec(sql.slice(i, i + 12)) : null;
    if (placeholder) {
      const n = Number(placeholder[1]);
      if (n < 1 || n > params.length) throw new Error(`CSV export: no parameter $${n}`);
      const text = parameterText(params[n - 1]);
      out += text === null ? 'NULL' : escapeLiteral(text);
      i += placeholder[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** Resolves once the COPY has produced its first bytes (or ended empty); rejects on an error before that. */
function started(copy: CopyToStreamQuery): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      copy.off('readable', onReadable);
      copy.off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    const onReadable = () => settle();
    copy.once('readable', onReadable);
    copy.once('error', settle);
  });
}

/**
 * Starts `COPY (...) TO STDOUT` around `query` (SQL + params as Drizzle gives them; COPY takes no
 * bind parameters, so they are inlined as escaped literals). Resolves once the first bytes are
 * there, so an error before them is still an ordinary JSON error reply. The caller pipes `copy`
 * on and must release `client` when the pipe ends, with the error if any: a connection left in
 * COPY state by a client that went away is then closed by the pool instead of reused.
 */
export async function startCopy(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  statement: (inner: string) => string,
): Promise<{ client: pg.PoolClient; copy: CopyToStreamQuery }> {
  const client = await pool.connect();
  try {
    const inner = inlineParams(query.sql, query.params, (text) => client.escapeLiteral(text));
    const copy = client.query(copyTo(statement(inner)));
    // pg-copy-streams emits the connection's errors on the stream directly, even once the export is
    // over (a dropped connection ends with one): never unhandled. started() and pipeline() see them too.
    copy.on('error', () => {});
    await started(copy);
    return { client, copy };
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}
