// Stream tickets: an EventSource cannot send `Authorization`, and the token must not travel in a URL
// (logs, history). So the app asks for a ticket with its token (POST, like every other call) and
// opens the stream with it: single use, for one location, valid for TICKET_SECONDS. Only its hash is kept.
import { queryPrepared, type Db } from '../../db/client';
import { newSecret, secretHash } from '../../platform/tokens';

export const TICKET_SECONDS = 60;
const TICKET_RE = /^[0-9a-f]{48}$/;

export async function issueTicket(db: Db, userId: number, locationId: number): Promise<{ ticket: string; expires_in: number }> {
  const ticket = newSecret(24);
  await queryPrepared(db, 'live.ticket_issue', `INSERT INTO event_stream_tickets (hash, user_id, location_id, expires_at)
    VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [secretHash(ticket), userId, locationId, TICKET_SECONDS]);
  return { ticket, expires_in: TICKET_SECONDS };
}

export interface StreamGrant {
  userId: number;
  roleValue: number;
  permissions: Set<string>;
}

/**
 * Spends a ticket for a location: who it was given to, with their role and permissions as they are
 * now; null when it is unknown, spent, expired, of another location, or its user is inactive or no
 * longer has a role there.
 */
export async function redeemTicket(db: Db, ticket: string, locationId: number): Promise<StreamGrant | null> {
  if (!TICKET_RE.test(ticket)) return null;
  const [row] = await queryPrepared<{ user_id: number; role_value: number | null; is_active: boolean; permissions: string[] }>(db, 'live.ticket_redeem', `
    WITH spent AS (DELETE FROM event_stream_tickets WHERE hash = $1 RETURNING user_id, location_id, expires_at)
    SELECT s.user_id, u.is_active, r.value AS role_value,
           array(SELECT p.codename FROM user_permissions p WHERE p.user_id = s.user_id) AS permissions
    FROM spent s JOIN users u ON u.id = s.user_id
    LEFT JOIN user_location_roles ulr ON ulr.user_id = s.user_id AND ulr.location_id = s.location_id
    LEFT JOIN roles r ON r.id = ulr.role_id
    WHERE s.location_id = $2 AND s.expires_at > now()`, [secretHash(ticket), locationId]);
  if (!row || !row.is_active || row.role_value === null) return null;
  return { userId: row.user_id, roleValue: row.role_value, permissions: new Set(row.permissions) };
}
