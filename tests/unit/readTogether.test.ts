// server/db/client.ts readTogether: independent reads at once on a pool, one after another inside a
// transaction, whose one connection runs a statement at a time (node-postgres queued them and warned
// that pg 9 will not: a cancel's refund read the order's holdings that way).
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readTogether, type DbOrTx } from '../../server/db/client';

const pool = new pg.Pool({ max: 1 });
afterAll(async () => { await pool.end(); });

/** A Drizzle-like handle: its session's client is the pool, or a transaction's one connection. */
const handle = (client: unknown) => ({ session: { client } }) as unknown as DbOrTx;

function reads(log: string[]) {
  const read = (name: string, ms: number) => async () => {
    log.push(`${name} start`);
    await new Promise((r) => setTimeout(r, ms));
    log.push(`${name} end`);
    return name;
  };
  return [read('a', 20), read('b', 5)] as const;
}

describe('readTogether', () => {
  it('on a pool starts every read at once, and answers them in their order', async () => {
    const log: string[] = [];
    expect(await readTogether(handle(pool), reads(log))).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'b start', 'b end', 'a end']);
  });

  it('in a transaction runs them one after another, each started only when the one before has ended', async () => {
    const log: string[] = [];
    const transactionClient = new pg.Client();
    expect(await readTogether(handle(transactionClient), reads(log))).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
