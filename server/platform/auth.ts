// Token authentication for every /api route. A route is public only when it says so with
// `config: { public: true }`; everything else needs `Authorization: Token <key>`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens, userPermissions, users } from '../db/schema';
import { invalidToken, notAuthenticated, permissionDenied } from './errors';
import { secretHash } from './tokens';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  tokenId: number;
  /** Permission codenames without the `accounts.{product}.` prefix. */
  permissions: Set<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
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

export async function findUserByToken(db: Db, key: string): Promise<AuthUser | null> {
  // One statement (with the permissions as an array): it runs before every request.
  const rows = await db
    .select({
      tokenId: authTokens.id, id: users.id, email: users.email, name: users.name, isActive: users.isActive,
      permissions: sql<string[]>`array(select ${userPermissions.codename} from ${userPermissions} where ${userPermissions.userId} = ${users.id})`,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.keyHash, secretHash(key)), isNull(authTokens.revokedAt)))
    .limit(1);
  const row = rows[0];
  if (!row || !row.isActive) return null;
  return { id: row.id, email: row.email, name: row.name, tokenId: row.tokenId, permissions: new Set(row.permissions) };
}

export function installAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.public) return;
    if (request.routeOptions.url === undefined) return; // unknown route: the 404 handler answers
    const key = tokenFromHeader(request.headers.authorization);
    if (key === undefined) throw notAuthenticated();
    if (key === null) throw invalidToken();
    const user = await findUserByToken(db, key);
    if (!user) throw invalidToken();
    request.authUser = user;
  });
}

/** The signed-in user of a route that is not public (the hook guarantees one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw notAuthenticated();
  return request.authUser;
}

export function requirePermission(user: AuthUser, codename: string): void {
  if (!user.permissions.has(codename)) throw permissionDenied();
}
