// Booking creation, POST /api/v2.1/booking/: bookings per second (a) over distinct sessions, each
// request a session nobody else books, and (b) all on one hot session, every request queueing on
// that session's row lock. The hot session is on a playground opened to any number of players
// for the run, so every booking succeeds and none is refused for lack of places.
import type { Database } from '../../server/db/client';
import { closedLoop, type CpuGroups, type LoadResult } from './measure';
import { authHeaders, request } from './http';

export interface BookingTarget {
  playgroundId: number;
  sessionDt: string;
}

function payload(t: BookingTarget, i: number) {
  return {
    playground_id: t.playgroundId, persons: 1, order_type: 1, name: `Гость ${i}`, phone: `+7900${String(i % 10_000_000).padStart(7, '0')}`,
    email: `bench${i}@example.com`, session_dt: t.sessionDt, comment: '', source: 'backoffice',
  };
}

export async function measureBookings(opts: {
  base: string; token: string; distinct: BookingTarget[]; hot: BookingTarget; seconds: number; concurrency: number; offset: number; cpu?: CpuGroups;
}): Promise<{ distinct: LoadResult; hot: LoadResult }> {
  const headers = authHeaders(opts.token);
  const book = (t: BookingTarget, i: number) => async () => {
    const res = await request(`${opts.base}/api/v2.1/booking/`, { method: 'POST', headers, body: payload(t, opts.offset + i) });
    return res.status === 201 || `${res.status} ${res.body.slice(0, 200)}`;
  };
  const distinct = await closedLoop({ concurrency: opts.concurrency, seconds: opts.seconds, warmupSeconds: Math.min(1, opts.seconds), limit: opts.distinct.length, cpu: opts.cpu },
    (i) => book(opts.distinct[i]!, i)());
  if (distinct.count >= opts.distinct.length) distinct.firstError ??= 'ran out of free sessions: the rate is a lower bound';
  const hot = await closedLoop({ concurrency: opts.concurrency, seconds: opts.seconds, warmupSeconds: Math.min(1, opts.seconds), cpu: opts.cpu }, (i) => book(opts.hot, 1_000_000 + i)());
  return { distinct, hot };
}

/** Opens a playground to any number of players (the hot-session run), as a venue's open floor would be. */
export async function unlimitedPlayers(database: Database, playgroundId: number): Promise<void> {
  await database.pool.query('UPDATE playgrounds SET max_players = 1000000 WHERE id = $1', [playgroundId]);
}
