// CSV exports of whole filtered lists. PostgreSQL formats the rows itself: the list's query runs as
// `COPY (SELECT <columns> FROM (<list query>) ...) TO STDOUT (FORMAT csv)` and its output is piped
// to the client (copy.ts), so the export runs near `psql \copy` speed; piping keeps back-pressure,
// so memory stays flat whatever the size. Node only writes the UTF-8 BOM (Excel then reads
// Cyrillic) and the header line in the user's language, and ends each record with CRLF (the COPY's
// reader, at each row's end: an LF inside a quoted cell stays as it is). Text cells are always
// quoted and get a ' before anything a spreadsheet could run as a formula (csvTextCell), in SQL.
import { PassThrough, pipeline } from 'node:stream';
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
  // Rows end in CRLF (RFC 4180), written by the COPY's reader at each row's end.
  const { copy, finish } = await startCopy(pool, query,
    (inner) => `COPY (SELECT ${select} FROM (${inner}) AS csv_rows) TO STDOUT (FORMAT csv${forceQuote.length ? `, FORCE_QUOTE (${forceQuote.join(', ')})` : ''})`, 'crlf');
  const body = new PassThrough();
  body.write('\uFEFF' + csvLine(columns.map((c) => c.header)));
  pipeline(copy, body, (err) => {
    // A client that went away leaves the connection in COPY state: releasing with the error makes
    // the pool close it instead of handing it out again.
    finish(err);
  });
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return reply.send(body);
}
