// Who may call a route, declared on the route: `config: { access: { minRole: 40 } }` or
// `{ permissions: ['transactions.edit', 'transactions.all'] }`, the same shape as a screen's
// `access` in src/resources/*/index.ts, so a route answers what its screen shows. Permissions
// (global to the user) are checked here before the handler; the role is checked where the location
// becomes known: every location check (`requireRoleAt`, locations/service.ts) asks `requireDeclaredRole`,
// which reads the route's declaration from the request's async context. So a service never repeats
// the rule and a route cannot forget it once it looks at its location. The authorisation matrix
// (tests/api/authz-matrix.test.ts) reads the same declarations from the route table.
//
// Order, as DRF's: authentication (onRequest, auth.ts), then what can be decided without the input
// (preParsing, before the body is even parsed: the permissions, and a role of the declared value at some location, since a caller
// with none anywhere may call the route nowhere), then the input's validation (400), then the role at
// the very location the handler finds (404 when the caller has none there, 403 when it is too low).
// So a caller without the right learns 403, never a 400 that describes the schema (issue 16).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { permissionDenied } from './errors';

export interface RouteAccess {
  /** The caller's role value at the route's location is at least this (domain/roles.ts). */
  minRole?: number;
  /** Permission codenames (without `accounts.{product}.`), all needed. */
  permissions?: string[];
  /** #28 SETUP: only the installation's owner (users.is_owner), e.g. creating a location; 403 to anyone else. */
  owner?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const declared = new AsyncLocalStorage<RouteAccess>();

export function installAccess(app: FastifyInstance): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const access = request.routeOptions.config?.access;
    const user = request.authUser;
    if (!access || !user) return done(null, payload);
    if ((access.permissions ?? []).some((p) => !user.permissions.has(p))) return done(permissionDenied());
    if (access.minRole !== undefined && user.highestRole < access.minRole) return done(permissionDenied());
    if (access.owner && !user.isOwner) return done(permissionDenied());
    done(null, payload);
  });
  // The handler runs inside the declaration's context, where requireDeclaredRole finds it.
  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done();
    declared.run(access, done);
  });
}

/** The access the current route declares (undefined outside a request or on a route without one). */
export function declaredAccess(): RouteAccess | undefined {
  return declared.getStore();
}

/**
 * After the location is known: 403 unless the caller's role there is the one the route declares and
 * they hold the declared permissions at that very location (#28: permissions are per location; the
 * preParsing check above only knows they hold them somewhere).
 */
export function requireDeclaredRole(role: { value: number; permissions?: readonly string[] }, access: RouteAccess | undefined = declaredAccess()): void {
  if (access?.minRole !== undefined && role.value < access.minRole) throw permissionDenied();
  if (access?.permissions?.some((p) => !role.permissions?.includes(p))) throw permissionDenied();
}
