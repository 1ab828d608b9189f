// CSV exports of whole filtered lists. PostgreSQL formats the rows itself: the list's query runs as
// `COPY (SELECT <columns> FROM (<list query>) ...) TO STDOUT (FORMAT csv)` and its output is piped
// to the client (pg-copy-streams), so the export runs near `psql \copy` speed; piping keeps
// back-pressure, so memory stays flat whatever the size. Node only writes the UTF-8 BOM (Excel then
// reads Cyrillic) and the header line in the user's language, and turns COPY's LF record ends into
// CRLF. Text cells are always quoted and get a ' before anything a spreadsheet could run as a
// formula (csvTextCell), in SQL.
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { startCopy } from './copy';

const { escapeIdentifier } = pg;

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

/**
 * Neutralises formulas in a text cell: a ' before = + - @ at the start, or after any character a
 * spreadsheet may split cells on (, ; tab | line breaks, spaces allowed between), and before a
 * leading tab or CR. `x;=1+1` opened in Russian-locale Excel (split on ;) stays text.
 */
const FORMULA_STARTS = String.raw`'(^|[,;\t|\r\n] *)([=+\-@])|^([\t\r])'`;

/** A text cell's SQL: neutralised; empty text reads as nothing, as NULL does. */
export function csvTextCell(value: string): string {
  return `NULLIF(regexp_replace((${value})::text, ${FORMULA_STARTS}, '\\1''\\2\\3', 'g'), '')`;
}

/** The SELECT list of the COPY: each column's value as COPY should print it, named c1, c2, ... */
function selectList(columns: CsvColumn[]): string {
  return columns.map((c, i) => {
    const value = c.key !== undefined ? escapeIdentifier(c.key) : `(${c.sql})`;
    return `${c.text ? csvTextCell(value) : value} AS c${i + 1}`;
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
  const select = selectList(columns);
  const forceQuote = columns.map((c, i) => (c.text ? `c${i + 1}` : null)).filter(Boolean);
  // The list query keeps its ORDER BY inside: PostgreSQL never flattens a sorted subquery, so
  // the outer SELECT only computes the cells, in the list's order. Every text cell is quoted, so a
  // separator inside it never splits it, whatever separator the spreadsheet splits on.
  const { client, copy } = await startCopy(pool, query,
    (inner) => `COPY (SELECT ${select} FROM (${inner}) AS csv_rows) TO STDOUT (FORMAT csv${forceQuote.length ? `, FORCE_QUOTE (${forceQuote.join(', ')})` : ''})`);
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
