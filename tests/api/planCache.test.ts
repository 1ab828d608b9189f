// #49 Hot reads keep their plans without named statements (server/db/planCache.ts): with
// DATABASE_PREPARED_STATEMENTS off a read of queryPrepared becomes a PL/pgSQL function, made once from
// its first run, whose answers are the same rows with the same JavaScript types; a write never does;
// a function that went away is made again; two processes making one at once both end up calling it.
// (The day view through PgBouncer in transaction mode calls it too: tests/api/pooler.test.ts. What it
// saves is measured in `npm run bench`, not here.)
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, queryPrepared, type Database } from '../../server/db/client';
import { emptyDatabase } from './serverProcess';

let a: Database;
let b: Database;

beforeAll(async () => {
  const url = await emptyDatabase(inject('adminDatabaseUrl'));
  a = connect(url, 2, false);
  b = connect(url, 2, false);
  await a.pool.query(`CREATE TABLE visits (id bigserial PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL, paid numeric(12, 2) NOT NULL,
    tags text[] NOT NULL, facts jsonb NOT NULL, day date NOT NULL)`);
  await a.pool.query(`INSERT INTO visits (name, at, paid, tags, facts, day) VALUES
    ('Анна', '2030-01-02 10:00+03', 1500.50, '{vr,arena}', '{"persons": 4}', '2030-01-02'),
    ('Boris', '2030-01-03 11:30+03', 0, '{}', '{"persons": 1}', '2030-01-03')`);
});
afterAll(async () => { await a?.close(); await b?.close(); });

const functions = async (like: string) => (await a.pool.query<{ proname: string }>('SELECT proname FROM pg_proc WHERE proname LIKE $1 ORDER BY proname', [like])).rows.map((r) => r.proname);

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const READ = `SELECT v.id, v.name, v.at, v.paid, v.tags, v.facts, v.day, count(*) OVER () AS n
  FROM visits v WHERE v.id = ANY($1::bigint[]) AND v.at >= $2 ORDER BY v.id`;

describe('cached plans without named statements', () => {
  it('a read becomes a function after its first run, answering the same rows with the same types', async () => {
    const args = [[1, 2], '2029-12-31T00:00:00Z'];
    const first = await queryPrepared<Record<string, unknown>>(a.pool, 'test.visits_read', READ, args);
    expect(first).toEqual([
      { id: 1, name: 'Анна', at: new Date('2030-01-02T07:00:00Z'), paid: '1500.50', tags: ['vr', 'arena'], facts: { persons: 4 }, day: first[0]!.day, n: 2 },
      { id: 2, name: 'Boris', at: new Date('2030-01-03T08:30:00Z'), paid: '0.00', tags: [], facts: { persons: 1 }, day: first[1]!.day, n: 2 },
    ]);
    const [fn] = await until(async () => { const f = await functions('pq_test_visits_read_%'); return f.length ? f : undefined; });
    expect(fn).toMatch(/^pq_test_visits_read_[0-9a-f]{10}$/);
    // Through the function now (inside a transaction too), the same answer.
    expect(await queryPrepared(a.pool, 'test.visits_read', READ, args)).toEqual(first);
    expect(await a.db.transaction((tx) => queryPrepared(tx, 'test.visits_read', READ, args))).toEqual(first);
    const calls = await a.pool.query<{ calls: number }>('SELECT calls::int FROM pg_stat_user_functions WHERE funcname = $1', [fn]);
    // pg_stat_user_functions counts only where track_functions is on; where it does, the function ran.
    if (calls.rows.length) expect(calls.rows[0]!.calls).toBeGreaterThan(0);
  });

  it('a write never becomes a function', async () => {
    await queryPrepared(a.pool, 'test.visits_write', 'UPDATE visits SET name = name WHERE id = $1 RETURNING id', [1]);
    await queryPrepared(a.pool, 'test.visits_write_cte', "WITH x AS (INSERT INTO visits (name, at, paid, tags, facts, day) VALUES ($1, now(), 0, '{}', '{}', current_date) RETURNING id) SELECT id FROM x", ['Вера']);
    await new Promise((r) => setTimeout(r, 300));
    expect(await functions('pq_test_visits_write%')).toEqual([]);
  });

  it('a function that went away (a database reset) is made again; the calls meanwhile answer as before', async () => {
    const text = 'SELECT name FROM visits WHERE id = $1';
    expect(await queryPrepared(a.pool, 'test.visit_name', text, [2])).toEqual([{ name: 'Boris' }]);
    const [fn] = await until(async () => { const f = await functions('pq_test_visit_name_%'); return f.length ? f : undefined; });
    await a.pool.query(`DROP FUNCTION ${fn}`);
    expect(await queryPrepared(a.pool, 'test.visit_name', text, [2])).toEqual([{ name: 'Boris' }]);
    await until(async () => ((await functions('pq_test_visit_name_%')).length ? true : undefined));
    expect(await queryPrepared(a.pool, 'test.visit_name', text, [1])).toEqual([{ name: 'Анна' }]);
  });

  it('two processes making one function at once both end up calling it', async () => {
    const text = 'SELECT id, day::text FROM visits WHERE day = $1';
    const runs = await Promise.all([a, b].map((d) => queryPrepared(d.pool, 'test.visits_on', text, ['2030-01-03'])));
    expect(runs).toEqual([[{ id: 2, day: '2030-01-03' }], [{ id: 2, day: '2030-01-03' }]]);
    await until(async () => ((await functions('pq_test_visits_on_%')).length ? true : undefined));
    await new Promise((r) => setTimeout(r, 200));
    for (const d of [a, b]) expect(await queryPrepared(d.pool, 'test.visits_on', text, ['2030-01-03'])).toEqual([{ id: 2, day: '2030-01-03' }]);
    expect(await functions('pq_test_visits_on_%')).toHaveLength(1);
  });
});
