// #49 The exports' COPY reader (server/platform/copy.ts, CopyOutRows) reads PostgreSQL's protocol
// itself: each row is one CopyData message, so the CSV's CRLF record ends are written at the
// messages' ends. What a user of an export would notice if it read them wrong: a row split or
// joined at a socket chunk's edge, a line break inside a cell taken for a record end, a notice
// between the rows written into the file, an error half-way through taken for a complete file, or
// a connection left unusable for the next call.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connect, type Database } from '../../server/db/client';
import { startCopy } from '../../server/platform/copy';
import { emptyDatabase } from './serverProcess';

let db: Database;

beforeAll(async () => {
  db = connect(await emptyDatabase(inject('adminDatabaseUrl')), 1, false);
  await db.pool.query(`CREATE FUNCTION noisy(n int) RETURNS int LANGUAGE plpgsql AS $$
    BEGIN IF n % 1000 = 0 THEN RAISE NOTICE 'row %', n; END IF; RETURN n; END $$`);
});
afterAll(async () => { await db?.close(); });

async function copyOut(sql: string, lineEnd: 'lf' | 'crlf'): Promise<{ text: string; rows: number; sizes: number[] }> {
  const { copy, finish } = await startCopy(db.pool, { sql, params: [] }, (inner) => `COPY (${inner}) TO STDOUT (FORMAT csv)`, lineEnd);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of copy) chunks.push(chunk as Buffer);
    finish();
  } catch (err) {
    finish(err as Error);
    throw err;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), rows: copy.rows, sizes: chunks.map((c) => c.length) };
}

it('ends every record with CRLF, keeps a line break inside a quoted cell, and counts the rows', async () => {
  const { text, rows } = await copyOut(`SELECT g, CASE WHEN g = 2 THEN E'two\\nlines' ELSE 'Иван' END FROM generate_series(1, 3) g`, 'crlf');
  expect(text).toBe('1,Иван\r\n2,"two\nlines"\r\n3,Иван\r\n');
  expect(rows).toBe(3);
  expect((await copyOut('SELECT 1 WHERE false', 'crlf')).text).toBe('');
});

it('reassembles rows across socket chunks, long rows too, and leaves notices between rows out of the file', async () => {
  const { text, rows } = await copyOut(`SELECT noisy(g), repeat(chr(1040 + g % 32), CASE WHEN g % 997 = 0 THEN 200000 ELSE 50 END) FROM generate_series(1, 20000) g`, 'lf');
  const lines = text.split('\n');
  expect(lines.pop()).toBe('');
  expect(rows).toBe(20000);
  expect(lines).toHaveLength(20000);
  lines.forEach((line, i) => {
    const g = i + 1;
    expect(line).toBe(`${g},${String.fromCharCode(1040 + (g % 32)).repeat(g % 997 === 0 ? 200000 : 50)}`);
  });
});

it('hands the rows on in batches of at least 64 KB (the last one smaller), not a small one per socket read', async () => {
  // About 1.2 MB of short rows, which PostgreSQL sends a few kilobytes at a time.
  const { sizes, rows } = await copyOut(`SELECT g, 'Иван Петров' FROM generate_series(1, 50000) g`, 'crlf');
  expect(rows).toBe(50000);
  expect(sizes.length).toBeGreaterThan(1);
  expect(sizes.slice(0, -1).every((n) => n >= 64 * 1024)).toBe(true);
});

it('an error after the first rows fails the stream (no file that looks whole), and the connection serves the next call', async () => {
  await expect(copyOut('SELECT g, 1 / (g - 5000) FROM generate_series(1, 10000) g', 'crlf')).rejects.toThrow(/division by zero/);
  // The pool's one connection: either reused cleanly or replaced; the next COPY and query work.
  expect((await copyOut('SELECT 7', 'crlf')).text).toBe('7\r\n');
  expect((await db.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});
