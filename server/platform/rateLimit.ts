// Rate limits of public calls, counted in PostgreSQL so that every server process shares them
// (an in-memory limiter would give each process its own allowance). A fixed window per bucket:
// one upsert adds the hit and returns the count, atomically, so racing requests cannot all pass.
import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { throttled } from './errors';

export interface RateLimit {
  /** Name of the call, e.g. 'widget.booking'. */
  name: string;
  /** Requests allowed per window and client (an address, an e-mail, a pair of them). */
  max: number;
  windowSeconds: number;
}

/**
 * Counts a request of `client` against `limit` without refusing it: whether it is over, and how long
 * until its window ends (for a caller that slows down, or drops work, rather than answering 429).
 */
export async function countHit(db: DbOrTx, limit: RateLimit, client: string, now = new Date()): Promise<{ over: boolean; retryAfter: number }> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.execute<{ count: number }>(sql`
    INSERT INTO ${rateLimitHits} (bucket, window_start, count) VALUES (${`${limit.name}|${client}`}, ${start.toISOString()}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = ${rateLimitHits.count} + 1
    RETURNING count`);
  const count = Number(rows.rows[0]!.count);
  // The first hit of a window tidies up windows that ended over a day ago (cheap, by index).
  if (count === 1) await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 86_400_000)));
  return { over: count > limit.max, retryAfter: Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000)) };
}

/** Counts a request of `client` against `limit`; over the limit throws 429 with Retry-After. */
export async function hitRateLimit(db: DbOrTx, limit: RateLimit, client: string, now = new Date()): Promise<void> {
  const { over, retryAfter } = await countHit(db, limit, client, now);
  if (over) throw throttled(retryAfter);
}
