// CSV exports of whole filtered lists. PostgreSQL formats the rows itself: the list's query runs as
// `COPY (SELECT <columns> FROM (<list query>) ...) TO STDOUT (FORMAT csv)` and its output is piped
// to the client (pg-copy-streams), so the export runs near `psql \copy` speed; piping keeps
// back-pressure, so memory stays flat whatever the size. Node only writes the UTF-8 BOM (Excel then
// reads Cyrillic) and the header line in the user's language, and turns COPY's LF record ends into
// CRLF. Text cells starting with = + - @ (or tab/CR) get a leading ' in SQL so no spreadsheet runs
// them as formulas.
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';

/**
 * One column of an export: `key` names an output column of the list query; `sql` is an SQL
 * expression over those columns (unqualified names) for values that need their own text.
 */
export type CsvColumn = { header: string; /** Neutralised against formula injection; empty text reads as empty. */ text?: boolean }
  & ({ key: string; sql?: never } | { sql: string; key?: never });

/** A cell as papaparse wrote it before (the header line is the only one Node still writes). */
export function csvCell(value: string): string {
  return /[",\r\n\uFEFF]|^ | $/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: string[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

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

/** The SELECT list of the COPY: each column's value as COPY should print it. */
function selectList(columns: CsvColumn[], escapeIdentifier: (name: string) => string): string {
  return columns.map((c) => {
    const value = c.key !== undefined ? escapeIdentifier(c.key) : `(${c.sql})`;
    if (!c.text) return value;
    const v = `(${value})::text`;
    // COPY quotes an empty string ("") to tell it from NULL; the exports always printed both as nothing.
    return `CASE WHEN left(${v}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${v} ELSE NULLIF(${v}, '') END`;
  }).join(', ');
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * Writes `head` first, then the COPY output with CRLF record ends. COPY quotes a cell holding a
 * newline, so the quote state is tracked (a doubled "" just flips it twice) and an LF inside a cell
 * is left as it is, as papaparse left it. Only indexOf per line and per quote: cheap.
 */
class CrlfRecords extends Transform {
  private inQuotes = false;

  constructor(head: string) {
    super();
    this.push(Buffer.from(head, 'utf8'));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const ends: number[] = [];
    let pos = 0;
    let quote = chunk.indexOf(QUOTE, 0);
    while (pos < chunk.length) {
      if (this.inQuotes) {
        if (quote === -1) break;
        this.inQuotes = false;
        pos = quote + 1;
        quote = chunk.indexOf(QUOTE, pos);
        continue;
      }
      const lf = chunk.indexOf(LF, pos);
      if (lf !== -1 && (quote === -1 || lf < quote)) {
        ends.push(lf);
        pos = lf + 1;
      } else if (quote !== -1) {
        this.inQuotes = true;
        pos = quote + 1;
        quote = chunk.indexOf(QUOTE, pos);
      } else {
        break;
      }
    }
    if (ends.length === 0) {
      done(null, chunk);
      return;
    }
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let at = 0;
    for (const lf of ends) {
      at += chunk.copy(out, at, from, lf);
      out[at++] = CR;
      out[at++] = LF;
      from = lf + 1;
    }
    chunk.copy(out, at, from);
    done(null, out);
  }
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
 * Streams the rows of `query` (the list's SQL + params, as Drizzle's toSQL gives them) as a CSV
 * attachment with the given columns.
 */
export async function sendCsv(
  reply: FastifyReply,
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  columns: CsvColumn[],
  filename: string,
): Promise<FastifyReply> {
  const client = await pool.connect();
  let copy: CopyToStreamQuery;
  try {
    const inner = inlineParams(query.sql, query.params, (text) => client.escapeLiteral(text));
    const select = selectList(columns, (name) => client.escapeIdentifier(name));
    // The list query keeps its ORDER BY inside: PostgreSQL never flattens a sorted subquery, so
    // the outer SELECT only computes the cells, in the list's order.
    copy = client.query(copyTo(`COPY (SELECT ${select} FROM (${inner}) AS csv_rows) TO STDOUT (FORMAT csv)`));
    // pg-copy-streams emits the connection's errors on the stream directly, even once the export is
    // over (a dropped connection ends with one): never unhandled. started() and pipeline() see them too.
    copy.on('error', () => {});
    // An error before the first byte is still an ordinary JSON error reply.
    await started(copy);
  } catch (err) {
    // A connection that failed inside COPY may not be reusable: the pool drops it.
    client.release(err as Error);
    throw err;
  }
  const body = new CrlfRecords('\uFEFF' + csvLine(columns.map((c) => c.header)));
  pipeline(copy, body, (err) => {
    // A client that went away leaves the connection in COPY state: releasing with the error makes
    // the pool close it instead of handing it out again.
    client.release(err ?? undefined);
  });
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
}
