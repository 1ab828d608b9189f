// Token authentication for every route. A route is public only when it says so with
// `config: { public: true }`; everything else needs `Authorization: Token <key>`. Decided from the
// route the router matched (its declared config), never from the URL's text: `/%61pi/...` matches
// the /api route it decodes to and needs its token like it (issue 16). An onRequest hook: it runs
// before the body is parsed and validated, so a caller without a token gets 401, never a 400.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queryPrepared, type Db } from '../db/client';
import { invalidToken, notAuthenticated, permissionDenied } from './errors';
import { secretHash } from './tokens';
import { LIVE_POSITION_HEADER } from '../../domain/liveEvents';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  tokenId: number;
  /** Permission codenames without the `accounts.{product}.` prefix, held at any location (the union). */
  permissions: Set<string>;
  /** The same, per location (#28): a right granted at A gives nothing at B. */
  permissionsAt: Map<number, Set<string>>;
  /** The installation's owner (users.is_owner). */
  isOwner: boolean;
  /** The highest role value the user has at any location (0: none); lets a route refuse before validation (access.ts). */
  highestRole: number;
  /**
   * The position of the live event log of each of the user's locations ("1:35,2:12"), read before
   * the route reads anything: sent as LIVE_POSITION_HEADER, it lets the browser open its event stream
   * from before the data it shows (src/live/readPositions.ts), so a change committed between a
   * page's reads and its stream's opening is not missed (issue #17).
   */
  livePosition: string;
}


declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    /**
     * #44 A public route that staff may call signed in too (the desk's tablet mode on the guests'
     * page): a token sent is checked like any route's (a bad one is a 401) and its user is known;
     * without one the route is the public one it is.
     */
    staffOptional?: boolean;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (!header) return undefined;
  const [scheme, key, extra] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'token' || !key || extra) return null;
  return key;
}

/** How long a token lives: unused for `idleDays`, or `maxAgeDays` after sign-in, it is refused (config.ts). */
export interface TokenLifetimes {
  idleDays: number;
  maxAgeDays: number;
}
export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = { idleDays: 14, maxAgeDays: 90 };

// `stale`: last_used_at is written at most once a minute, not on every request.
const TOKEN_USER_SQL = `
  SELECT t.id AS token_id, u.id, u.email, u.name, u.is_active, u.is_owner,
         (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale,
         array(SELECT p.location_id || ':' || p.codename FROM user_permissions p WHERE p.user_id = u.id) AS permissions,
         (SELECT coalesce(max(r.value), 0) FROM user_location_roles ul JOIN roles r ON r.id = ul.role_id
           WHERE ul.user_id = u.id) AS highest_role,
         (SELECT coalesce(string_agg(ul.location_id || ':' || coalesce(h.seq, 0), ',' ORDER BY ul.location_id), '')
           FROM (SELECT DISTINCT location_id FROM user_location_roles WHERE user_id = u.id) ul
           LEFT JOIN location_event_heads h ON h.location_id = ul.location_id) AS live_position
  FROM auth_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.key_hash = $1 AND t.revoked_at IS NULL
    AND t.created_at > now() - make_interval(days => $2)
    AND coalesce(t.last_used_at, t.created_at) > now() - make_interval(days => $3)
  LIMIT 1`;

const TOKEN_TOUCH_SQL = `
  UPDATE auth_tokens SET last_used_at = now()
  WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`;

export async function findUserByToken(db: Db, key: string, lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES): Promise<AuthUser | null> {
  // One prepared statement (with the permissions as an array): it runs before every request.
  const [row] = await queryPrepared<{ token_id: number; id: number; email: string; name: string; is_active: boolean; is_owner: boolean; stale: boolean; permissions: string[]; highest_role: number; live_position: string }>(
    db, 'auth.token_user', TOKEN_USER_SQL, [secretHash(key), lifetimes.maxAgeDays, lifetimes.idleDays]);
  if (!row || !row.is_active) return null;
  if (row.stale) await queryPrepared(db, 'auth.token_touch', TOKEN_TOUCH_SQL, [row.token_id]);
  const permissions = new Set<string>();
  const permissionsAt = new Map<number, Set<string>>();
  for (const entry of row.permissions) {
    const colon = entry.indexOf(':');
    const locationId = Number(entry.slice(0, colon));
    const codename = entry.slice(colon + 1);
    permissions.add(codename);
    if (!permissionsAt.has(locationId)) permissionsAt.set(locationId, new Set());
    permissionsAt.get(locationId)!.add(codename);
  }
  return { id: row.id, email: row.email, name: row.name, tokenId: row.token_id, permissions, permissionsAt, isOwner: row.is_owner,
    highestRole: Number(row.highest_role), livePosition: row.live_position };
}

export function installAuth(app: FastifyInstance, db: Db, lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // unknown route: the 404 handler answers
    const config = request.routeOptions.config;
    const key = tokenFromHeader(request.headers.authorization);
    if (config?.public === true && (config.staffOptional !== true || key === undefined)) return;
    if (key === undefined) throw notAuthenticated();
    if (key === null) throw invalidToken();
    const user = await findUserByToken(db, key, lifetimes);
    if (!user) throw invalidToken();
    request.authUser = user;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.authUser?.livePosition) reply.header(LIVE_POSITION_HEADER, request.authUser.livePosition);
    return payload;
  });
}

/** The signed-in user of a route that is not public (the hook guarantees one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw notAuthenticated();
  return request.authUser;
}

/** 403 unless the user holds the permission at that location (#28: permissions are per location). */
export function requirePermission(user: AuthUser, codename: string, locationId: number): void {
  if (!user.permissionsAt.get(locationId)?.has(codename)) throw permissionDenied();
}
