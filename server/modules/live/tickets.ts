// Stream tickets: an EventSource cannot send `Authorization`, and the token must not travel in a URL
// (logs, history). So the app asks for a ticket with its token (POST, like every other call) and
// opens the stream with it: single use, for one location, valid for TICKET_SECONDS. Only its hash is
// kept, with the token it was asked with (the stream lasts only as long as that token: access.ts).
import { sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client';
import { ApiError } from '../../platform/errors';
import { LIVE_STREAM_MAX_LOCATIONS } from '../../../domain/liveEvents';
import type { TokenLifetimes } from '../../platform/auth';
import { newSecret, secretHash } from '../../platform/tokens';

export const TICKET_SECONDS = 60;
const TICKET_RE = /^[0-9a-f]{48}$/;

/**
 * Unspent tickets one user may hold at once (every process): one stream of the most locations spends
 * LIVE_STREAM_MAX_LOCATIONS at once, and two tabs reopening together after a restart twice that.
 */
export const TICKETS_PER_USER = 2 * LIVE_STREAM_MAX_LOCATIONS;

/**
 * A ticket for the user, unless they hold TICKETS_PER_USER unspent ones already: then 429, saying
 * when the oldest expires. Counted and written under a per-user lock, so racing asks cannot pass it.
 */
export async function issueTicket(db: Db, user: { id: number; tokenId: number }, locationId: number): Promise<{ ticket: string; expires_in: number }> {
  const ticket = newSecret(24);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('live.tickets'), ${user.id})`);
    const [held] = await queryPrepared<{ n: number; free_in: number | null }>(tx, 'live.ticket_count', `
      SELECT count(*)::int AS n, ceil(extract(epoch FROM min(expires_at) - now()))::int AS free_in
      FROM event_stream_tickets WHERE user_id = $1 AND expires_at > now()`, [user.id]);
    if (held && held.n >= TICKETS_PER_USER) {
      const seconds = String(Math.max(1, held.free_in ?? 1));
      throw new ApiError(429, { key: 'live_tickets_limit', params: { max: TICKETS_PER_USER, seconds } }, undefined, { 'Retry-After': seconds });
    }
    // Tickets nobody used: gone with their minute, so the table stays as small as the tickets in flight.
    await queryPrepared(tx, 'live.ticket_tidy', 'DELETE FROM event_stream_tickets WHERE user_id = $1 AND expires_at <= now()', [user.id]);
    await queryPrepared(tx, 'live.ticket_issue', `INSERT INTO event_stream_tickets (hash, user_id, token_id, location_id, expires_at)
      VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [secretHash(ticket), user.id, user.tokenId, locationId, TICKET_SECONDS]);
  });
  return { ticket, expires_in: TICKET_SECONDS };
}

/** What a stream may receive: changed in place when access.ts reads it again. */
export interface StreamGrant {
  userId: number;
  tokenId: number;
  locationId: number;
  roleValue: number;
  permissions: Set<string>;
}

export interface GrantRow { user_id: number; token_id: number; location_id: number; role_value: number; permissions: string[] }

/**
 * The grant of `s` (token_id, location_id) as it is now, one row per pair that still holds: the token
 * is live (not revoked, within its lifetimes, as platform/auth.ts accepts it), its user active and with
 * a role at the location. $3 and $4 are the token's absolute and idle lifetimes in days.
 */
export const GRANT_FROM = `
  SELECT t.user_id, s.token_id, s.location_id, r.value AS role_value,
         array(SELECT p.codename FROM user_permissions p WHERE p.user_id = t.user_id AND p.location_id = s.location_id) AS permissions
  FROM s
  JOIN auth_tokens t ON t.id = s.token_id
  JOIN users u ON u.id = t.user_id
  JOIN user_location_roles ulr ON ulr.user_id = t.user_id AND ulr.location_id = s.location_id
  JOIN roles r ON r.id = ulr.role_id
  WHERE t.revoked_at IS NULL AND u.is_active
    AND t.created_at > now() - make_interval(days => $3)
    AND coalesce(t.last_used_at, t.created_at) > now() - make_interval(days => $4)`;

export const grantOf = (row: GrantRow): StreamGrant => ({
  userId: row.user_id, tokenId: row.token_id, locationId: row.location_id, roleValue: row.role_value, permissions: new Set(row.permissions),
});

/**
 * Spends a ticket for a location (null: whichever it was given for): who it was given to, with their role and permissions as they are
 * now; null when it is unknown, spent, expired, of another location, its token was revoked (logout)
 * or has expired, or its user is inactive or no longer has a role there.
 */
export async function redeemTicket(db: Db, ticket: string, locationId: number | null, lifetimes: TokenLifetimes): Promise<StreamGrant | null> {
  if (!TICKET_RE.test(ticket)) return null;
  const [row] = await queryPrepared<GrantRow>(db, 'live.ticket_redeem', `
    WITH spent AS (DELETE FROM event_stream_tickets WHERE hash = $1 RETURNING token_id, location_id, expires_at),
    s AS (SELECT token_id, location_id FROM spent WHERE ($2::int IS NULL OR location_id = $2) AND expires_at > now())
    ${GRANT_FROM}`, [secretHash(ticket), locationId, lifetimes.maxAgeDays, lifetimes.idleDays]);
  return row ? grantOf(row) : null;
}
