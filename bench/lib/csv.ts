// CSV and XLSX exports of N orders through the API (GET /locations/{id}/orders/?format=csv|xlsx,
// PostgreSQL's COPY output streamed through the server; the XLSX deflated into a ZIP): rows per
// second and the serving process's memory, next to psql's `\copy (...) to stdout csv` of the same
// rows and cell text.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { Database } from '../../server/db/client';
import { sampleRss } from './measure';
import { authHeaders } from './http';
import { csvTextCell } from '../../server/platform/csv';

/** N orders of one location over the last year, in one statement (orders only: the export reads no sessions). */
export async function loadCsvOrders(database: Database, locationId: number, count: number): Promise<number> {
  const t = performance.now();
  await database.pool.query(`
    INSERT INTO orders (location_id, name, phone, persons, order_type, status, cost, discount, purchase, paid, promocode, staff_user_id, source, created_at)
    SELECT $1, 'Guest ' || g, '+7999' || lpad(g::text, 7, '0'), 1 + g % 4, 1 + g % 4, (ARRAY[2, 3, 4, 6])[1 + g % 4],
           (1000 + g % 5000)::numeric, 0, (1000 + g % 5000)::numeric, CASE WHEN g % 3 = 0 THEN 0 ELSE (1000 + g % 5000)::numeric END,
           CASE WHEN g % 10 = 0 THEN '=VR10' ELSE NULL END, 1, 'backoffice', now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    FROM generate_series(1, $2::int) AS g`, [locationId, count]);
  // VACUUM, not only ANALYZE: a year of production orders has long been vacuumed. Without it the first
  // export after the load paid for setting every row's hint bits and pruning its pages, and the API
  // ran first: ~1 s of 7 at 1,000,000 rows that \copy, run last, never paid (#49).
  await database.pool.query('VACUUM ANALYZE orders');
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

/**
 * The API export, read as a client would, with the serving process's memory sampled every 50 ms.
 * CSV rows are its lines; an XLSX is compressed, so its rows are the list's count (the API tests
 * check that the sheet holds exactly those).
 */
export async function apiExport(base: string, token: string, locationId: number, servingPid: number, format: 'csv' | 'xlsx'): Promise<CsvRun> {
  const rss = sampleRss(servingPid);
  const t = performance.now();
  // Read with node:http, as lean a reader as the pipe from psql below (#49): undici's fetch took
  // ~1.05 s of CPU for a 203 MB CSV where reading psql's pipe took ~0.2 s, on the same two cores
  // as the server and PostgreSQL, and so counted against the API.
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    const req = http.get(`${base}/api/v2.1/locations/${locationId}/orders/?format=${format}`, { headers: authHeaders(token) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${format} export: ${res.statusCode}`));
        return;
      }
      let size = 0;
      let count = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (format === 'csv') count += lineFeeds(chunk);
      });
      res.on('end', () => resolve({ bytes: size, lines: count }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const seconds = (performance.now() - t) / 1000;
  const peak = rss.stop();
  let rows = lines - 1;
  if (format === 'xlsx') {
    const list = await fetch(`${base}/api/v2.1/locations/${locationId}/orders/?limit=1`, { headers: authHeaders(token) });
    rows = ((await list.json()) as { count: number }).count;
  }
  return { rows, bytes, seconds, rssBefore: rss.first, rssPeak: peak };
}

/** psql's \copy of the same rows and columns the API exports. */
export async function psqlCopy(psql: string, databaseUrl: string, locationId: number): Promise<CsvRun> {
  // The cells as the API writes them (server/platform/lists.ts, csv.ts): text neutralised and quoted,
  // dates as DD.MM.YYYY HH:mm, codes as their English labels, so both give the same cells.
  const text = csvTextCell;
  const label = (v: string, labels: [number, string][]) => `(CASE ${labels.map(([c, l]) => `WHEN ${v}::text = '${c}' THEN '${l}'`).join(' ')} ELSE ${v}::text END)`;
  const copySql = `\\copy (select o.id, to_char(o.created_at at time zone 'Europe/Moscow', 'DD.MM.YYYY HH24:MI'), ${label('o.order_type', [[1, 'Paid'], [2, 'Technical'], [3, 'Free'], [4, 'Event']])}, ${label('o.status', [[1, 'Cart'], [2, 'Awaiting payment'], [3, 'Confirmed'], [4, 'Cancelled'], [5, 'Cart cancelled'], [6, 'Paid']])}, o.cost, o.paid, o.purchase, o.discount, ${text('o.promocode')} as p, ${text('u.email')} as e, ${text('o.source')} as s from orders o left join users u on u.id = o.staff_user_id where o.location_id = ${Number(locationId)} order by o.created_at desc, o.id desc) to stdout (format csv, header, force_quote (p, e, s))`;
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
