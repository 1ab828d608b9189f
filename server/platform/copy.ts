// Streaming a list query out of PostgreSQL with COPY ... TO STDOUT: the CSV and XLSX exports both
// run their rows this way, near `psql \copy` speed and with back-pressure, so memory stays flat
// whatever the size.
//
// The reader is ours (CopyOutRows), not pg-copy-streams': the protocol sends each row as one CopyData
// message, so reading the messages ourselves gives every row's end for free. The CSV's CRLF record
// ends are then written in the same pass that drops the message headers, with no search for line
// feeds and no tracking of quotes (a cell may hold a line break), and one copy of the bytes instead
// of three (#49: 1,000,000 orders, the serving process's CPU ~1.5 -> ~1.1 s, docs/decisions.md).
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type pg from 'pg';

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

// Protocol message codes (https://www.postgresql.org/docs/current/protocol-message-formats.html).
const ERROR_RESPONSE = 0x45; // E
const COPY_DATA = 0x64; // d
const COPY_DONE = 0x63; // c
const LF = 0x0a;
const CR = 0x0d;
/**
 * Rows are handed on in batches of at least this many bytes (the last one smaller). PostgreSQL's
 * rows reach the socket a few kilobytes at a time, and handing on each read made a 1,000,000-row
 * CSV about 20,000 HTTP chunks of ~10 KB: a write for the server and an event for the client each
 * (#49; the rows' end-to-end time, not PostgreSQL's, is what the client waits for).
 */
const BATCH_BYTES = 64 * 1024;

/** The part of node-postgres' connection the reader takes over while the rows stream. */
interface PgConnection {
  stream: Socket;
  query(text: string): void;
}

/**
 * `COPY ... TO STDOUT` as a readable stream of its rows, each ended by `lineEnd`: a Submittable for
 * node-postgres (client.query(new CopyOutRows(...))). While the rows stream it reads the socket
 * itself, at the pace its reader takes them (back-pressure reaches PostgreSQL through TCP); at
 * CopyDone, or at an ErrorResponse, it hands the socket back to node-postgres, which reads the rest
 * (the error, CommandComplete, ReadyForQuery) and calls handleError / handleReadyForQuery.
 */
export class CopyOutRows extends Readable {
  /** Rows received so far. */
  rows = 0;
  private connection: PgConnection | null = null;
  private pgDataHandler: ((chunk: Buffer) => void) | null = null;
  /** An incomplete message at the end of the last chunk. */
  private pending: Buffer | null = null;
  private wanted = false;
  private forwarding = false;
  /** Rows read but not yet handed on (a batch under BATCH_BYTES). */
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private readonly onReadable = () => this.forward();

  constructor(private readonly text: string, private readonly lineEnd: 'lf' | 'crlf') {
    super();
  }

  submit(pgConnection: pg.Connection): void {
    const connection = pgConnection as unknown as PgConnection;
    this.connection = connection;
    const handlers = connection.stream.listeners('data');
    if (handlers.length !== 1) throw new Error('COPY: unexpected listeners on the connection');
    this.pgDataHandler = handlers[0] as (chunk: Buffer) => void;
    connection.stream.removeListener('data', this.pgDataHandler);
    connection.stream.pause();
    connection.stream.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  private forward(): void {
    if (this.forwarding || !this.wanted || !this.connection || !this.pgDataHandler) return;
    this.forwarding = true;
    let chunk: Buffer | null;
    while (this.wanted && this.pgDataHandler !== null && (chunk = this.connection.stream.read() as Buffer | null) !== null) this.parse(chunk);
    this.forwarding = false;
  }

  /** Takes the complete messages of `chunk` (after what was pending); their rows go out as one buffer. */
  private parse(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    // Each message loses its 5-byte header and gains at most one byte (the CR): the rows fit in buf's length.
    const out = Buffer.allocUnsafe(buf.length);
    let at = 0;
    let pos = 0;
    let handBack: Buffer | null = null;
    let done = false;
    while (buf.length - pos >= 5) {
      const code = buf[pos]!;
      if (code === ERROR_RESPONSE) {
        handBack = buf.subarray(pos);
        break;
      }
      const end = pos + 1 + buf.readUInt32BE(pos + 1);
      if (end > buf.length) break;
      if (code === COPY_DATA) {
        this.rows++;
        const start = pos + 5;
        if (this.lineEnd === 'crlf' && end > start && buf[end - 1] === LF) {
          at += buf.copy(out, at, start, end - 1);
          out[at++] = CR;
          out[at++] = LF;
        } else {
          at += buf.copy(out, at, start, end);
        }
      } else if (code === COPY_DONE) {
        handBack = buf.subarray(end);
        done = true;
        pos = end;
        break;
      }
      // CopyOutResponse, and the notices, parameter changes and notifications the protocol may put
      // between the rows: nothing for the file.
      pos = end;
    }
    if (handBack === null && pos < buf.length) this.pending = buf.subarray(pos);
    if (at > 0) {
      this.batch.push(out.subarray(0, at));
      this.batchBytes += at;
    }
    // At the end, or at an error (rows before it are not sent: the file fails either way).
    if (this.batchBytes >= BATCH_BYTES || done) this.handOn();
    if (handBack !== null) {
      this.detach(handBack);
      if (done) this.push(null);
    }
  }

  /** Hands the batch on as one buffer; a full reader stops the reading until it asks again. */
  private handOn(): void {
    if (this.batchBytes === 0) return;
    const rows = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch, this.batchBytes);
    this.batch = [];
    this.batchBytes = 0;
    if (!this.push(rows)) this.wanted = false;
  }

  /** Gives the socket back to node-postgres with what it has not read yet. */
  private detach(unread: Buffer): void {
    const { connection, pgDataHandler } = this;
    if (!connection || !pgDataHandler) return;
    this.pgDataHandler = null;
    connection.stream.removeListener('readable', this.onReadable);
    connection.stream.on('data', pgDataHandler);
    if (unread.length > 0) pgDataHandler(unread);
    // Resumed on the next tick: the handler may have paused the stream itself.
    process.nextTick(() => connection.stream.resume());
  }

  // node-postgres calls these once it reads the socket again.
  handleError(err: Error): void {
    this.destroy(err);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {}
}

/** Resolves once the COPY has produced its first bytes (or ended empty); rejects on an error before that. */
function started(copy: Readable): Promise<void> {
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
 * on and calls `finish` when the pipe ends, with the error if any: a connection left in COPY
 * state by a client that went away is then closed by the pool instead of reused.
 *
 * The COPY runs in its own transaction with `parallel_leader_participation` off (SET LOCAL, so it
 * stays with this COPY, also through a transaction pooler). A big export's plan is a Gather Merge
 * over parallel workers; by default the leader scans too whenever a worker's queue is empty, and it
 * is the one process that merges, formats and sends every row, so the others wait on it. Measured
 * (#49, 1,000,000 orders, 2 cores, docs/decisions.md): the CSV 6.6 -> 5.7 s.
 */
export async function startCopy(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  statement: (inner: string) => string,
  lineEnd: 'lf' | 'crlf',
): Promise<{ copy: CopyOutRows; finish: (err?: Error | null) => void }> {
  const client = await pool.connect();
  try {
    const inner = inlineParams(query.sql, query.params, (text) => client.escapeLiteral(text));
    await client.query('BEGIN READ ONLY; SET LOCAL parallel_leader_participation = off');
    const copy = client.query(new CopyOutRows(statement(inner), lineEnd));
    // node-postgres hands the connection's errors to the stream, even once the export is over (a
    // dropped connection ends with one): never unhandled. started() and pipeline() see them too.
    copy.on('error', () => {});
    await started(copy);
    const finish = (err?: Error | null) => {
      if (err) client.release(err);
      else client.query('COMMIT').then(() => client.release(), (e: Error) => client.release(e));
    };
    return { copy, finish };
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}
