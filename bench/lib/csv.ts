// CSV export of N orders through the API (GET /locations/{id}/orders/?format=csv, PostgreSQL's COPY
// output streamed through the server): rows per second and the serving process's memory, next to
// psql's `\copy (...) to stdout csv` of the same rows, columns and cell text.
import { spawn } from 'node:child_process';
import type { Database } from '../../server/db/client';
import { sampleRss } from './measure';
import { authHeaders } from './http';

/** N orders of one location over the last year, in one statement (orders only: the export reads no sessions). */
export async function loadCsvOrders(database: Database, locationId: number, count: number): Promise<number> {
  const t = performance.now();
  await database.pool.query(`
    INSERT INTO orders (location_id, name, phone, persons, order_type, status, cost, discount, purchase, paid, promocode, staff_user_id, source, created_at)
    SELECT $1, 'Guest ' || g, '+7999' || lpad(g::text, 7, '0'), 1 + g % 4, 1 + g % 4, (ARRAY[2, 3, 4, 6])[1 + g % 4],
           (1000 + g % 5000)::numeric, 0, (1000 + g % 5000)::numeric, CASE WHEN g % 3 = 0 THEN 0 ELSE (1000 + g % 5000)::numeric END,
           CASE WHEN g % 10 = 0 THEN '=VR10' ELSE NULL END, 1, 'backoffice', now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    FROM generate_series(1, $2::int) AS g`, [locationId, count]);
  await database.pool.query('ANALYZE orders');
  return (performance.now() - t) / 1000;
}

export interface CsvRun {
  rows: number;
  bytes: number;
  seconds: number;
  /** RSS of the serving process before and at its peak during the export (bytes). */
  rssBefore?: number;
  rssPeak?: number;
}

/** Line feeds in a chunk; indexOf rather than a loop over every byte, so the measuring client takes little CPU from the server. */
function lineFeeds(chunk: Uint8Array): number {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** The API export, read as a client would, with the serving process's memory sampled every 50 ms. */
export async function apiCsv(base: string, token: string, locationId: number, servingPid: number): Promise<CsvRun> {
  const rss = sampleRss(servingPid);
  const t = performance.now();
  const res = await fetch(`${base}/api/v2.1/locations/${locationId}/orders/?format=csv`, { headers: authHeaders(token) });
  if (!res.ok) throw new Error(`CSV export: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    lines += lineFeeds(chunk);
  }
  const seconds = (performance.now() - t) / 1000;
  return { rows: lines - 1, bytes, seconds, rssBefore: rss.first, rssPeak: rss.stop() };
}

/** psql's \copy of the same rows and columns the API exports. */
export async function psqlCopy(psql: string, databaseUrl: string, locationId: number): Promise<CsvRun> {
  // The text cells neutralised as the API does it (server/platform/csv.ts), so both give the same cells.
  const text = (v: string) => `CASE WHEN left(${v}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${v} ELSE NULLIF(${v}, '') END`;
  const copySql = `\\copy (select o.id, to_char(o.created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD HH24:MI'), o.order_type, o.status, o.cost, o.paid, o.purchase, o.discount, ${text('o.promocode')}, ${text('u.email')}, ${text('o.source')} from orders o left join users u on u.id = o.staff_user_id where o.location_id = ${Number(locationId)} order by o.created_at desc, o.id desc) to stdout csv header`;
  const t = performance.now();
  const copied = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    const child = spawn(psql, [databaseUrl, '-X', '-q', '-c', copySql], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    let lines = 0;
    child.stdout.on('data', (c: Buffer) => { bytes += c.length; lines += lineFeeds(c); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ bytes, lines }) : reject(new Error(`psql exit ${code}`))));
  });
  return { rows: copied.lines - 1, bytes: copied.bytes, seconds: (performance.now() - t) / 1000 };
}
