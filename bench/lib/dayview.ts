// The booking day view of a location with 10 playgrounds: GET playgrounds/{id}/schedule/?date=&orders=1
// for each of them in parallel, as the calendar fires them. Next to it, in the same run, the same SQL
// straight through `pg`: the statements the endpoint runs for one call (token check included) are
// recorded once by running the service on a recording pool, then replayed in the same order, ten
// replays in parallel per day view. The ratio is what the HTTP server, validation, the slot engine and
// JSON cost on top of the database work.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { findUserByToken } from '../../server/platform/auth';
import { playgroundSchedule } from '../../server/modules/slots/service';
import { closedLoop, type CpuGroups, type LoadResult } from './measure';
import { authHeaders, request } from './http';

type Recorded = unknown[];

/** The statements (query config and parameters, exactly as node-postgres receives them) of one call. */
async function recordCall(pool: pg.Pool, token: string, playgroundId: number, date: string): Promise<Recorded[]> {
  const calls: Recorded[] = [];
  const recording = new Proxy(pool, {
    get(target, key) {
      if (key === 'query') return (...args: unknown[]) => { calls.push(args); return (target.query as (...a: unknown[]) => unknown)(...args); };
      const v = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const db = drizzle(recording, { schema }) as unknown as Db;
  const user = await findUserByToken(db, token);
  if (!user) throw new Error('token not accepted');
  await playgroundSchedule(db, user.id, playgroundId, date, true);
  return calls;
}

export interface DayViewResult {
  slots: number;
  orders: number;
  statementsPerCall: number;
  /** One user: day views back to back (latency of the whole day view). */
  apiLatency: LoadResult;
  sqlLatency: LoadResult;
  /** `clients` users at once: day views per second. */
  apiThroughput: LoadResult;
  sqlThroughput: LoadResult;
  clients: number;
}

/** What the day holds (slots and their orders), through the API; throws unless every call answers. */
export async function countDay(opts: { base: string; token: string; playgroundIds: number[]; date: string }): Promise<{ slots: number; orders: number }> {
  let slots = 0;
  let orders = 0;
  for (const id of opts.playgroundIds) {
    const res = await request(`${opts.base}/api/v2.1/playgrounds/${id}/schedule/?date=${opts.date}&orders=1`, { headers: authHeaders(opts.token) });
    if (res.status !== 200) throw new Error(`schedule ${id}: ${res.status} ${res.body.slice(0, 300)}`);
    const list = JSON.parse(res.body) as { orders?: unknown[] }[];
    slots += list.length;
    orders += list.reduce((n, s) => n + (s.orders?.length ?? 0), 0);
  }
  return { slots, orders };
}

/** One day view through the API: the calendar's calls for every playground, in parallel; true when all answer 200. */
export function apiDayOf(opts: { base: string; token: string; playgroundIds: number[]; date: string }): () => Promise<true | string> {
  const headers = authHeaders(opts.token);
  const url = (id: number) => `${opts.base}/api/v2.1/playgrounds/${id}/schedule/?date=${opts.date}&orders=1`;
  return async () => {
    const answers = await Promise.all(opts.playgroundIds.map((id) => request(url(id), { headers })));
    return answers.every((a) => a.status === 200) || `status ${answers.find((a) => a.status !== 200)!.status}`;
  };
}

/** The day view's latency for one user through another server (the big venue rows). */
export async function measureDayViewLatency(opts: { base: string; token: string; playgroundIds: number[]; date: string; seconds: number }): Promise<LoadResult> {
  await countDay(opts);
  return closedLoop({ concurrency: 1, seconds: opts.seconds, warmupSeconds: Math.min(2, opts.seconds / 2) }, apiDayOf(opts));
}

export async function measureDayView(opts: {
  databaseUrl: string; base: string; token: string; playgroundIds: number[]; date: string; seconds: number; clients?: number; cpu?: CpuGroups;
}): Promise<DayViewResult> {
  const { base, token, playgroundIds, date, seconds } = opts;
  // The size of the server's own pool (server/db/client.ts), so both sides get the same connections.
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }

  async function run(pool: pg.Pool): Promise<DayViewResult> {
  const clients = opts.clients ?? 4;

  // What the day holds, and that every call answers.
  const { slots, orders } = await countDay({ base, token, playgroundIds, date });
  const recorded = await Promise.all(playgroundIds.map((id) => recordCall(pool, token, id, date)));

  const apiDay = apiDayOf({ base, token, playgroundIds, date });
  const sqlDay = async () => {
    await Promise.all(recorded.map(async (statements) => {
      for (const args of statements) await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }));
    return true;
  };
  const warmupSeconds = Math.min(2, seconds / 2);
  // Alternating API and SQL so that a change in the machine's load hits both alike.
  const apiLatency = await closedLoop({ concurrency: 1, seconds, warmupSeconds }, apiDay);
  const sqlLatency = await closedLoop({ concurrency: 1, seconds, warmupSeconds }, sqlDay);
  const apiThroughput = await closedLoop({ concurrency: clients, seconds, warmupSeconds, cpu: opts.cpu }, apiDay);
  const sqlThroughput = await closedLoop({ concurrency: clients, seconds, warmupSeconds, cpu: opts.cpu }, sqlDay);
  return { slots, orders, statementsPerCall: recorded[0]!.length, apiLatency, sqlLatency, apiThroughput, sqlThroughput, clients };
  }
}
