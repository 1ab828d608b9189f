// Who may call a route, declared on the route: `config: { access: { minRole: 40 } }` or
// `{ permissions: ['transactions.edit', 'transactions.all'] }`, the same shape as a screen's
// `access` in src/resources/*/index.ts, so a route answers what its screen shows. Permissions
// (global to the user) are checked here before the handler; the role is checked where the location
// becomes known: every location check (`requireRoleAt`, locations/service.ts) asks `requireDeclaredRole`,
// which reads the route's declaration from the request's async context. So a service never repeats
// the rule and a route cannot forget it once it looks at its location. The authorisation matrix
// (tests/api/authz-matrix.test.ts) reads the same declarations from the route table.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { permissionDenied } from './errors';

export interface RouteAccess {
  /** The caller's role value at the route's location is at least this (domain/roles.ts). */
  minRole?: number;
  /** Permission codenames (without `accounts.{product}.`), all needed. */
  permissions?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const declared = new AsyncLocalStorage<RouteAccess>();

export function installAccess(app: FastifyInstance): void {
  // After the token hook (onRequest) and the input's validation: a bad request is a 400 for anyone.
  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access) return done();
    const user = request.authUser;
    if (user && (access.permissions ?? []).some((p) => !user.permissions.has(p))) return done(permissionDenied());
    declared.run(access, done);
  });
}

/** The access the current route declares (undefined outside a request or on a route without one). */
export function declaredAccess(): RouteAccess | undefined {
  return declared.getStore();
}

/** After the location is known: 403 unless the caller's role there is the one the route declares. */
export function requireDeclaredRole(role: { value: number }, access: RouteAccess | undefined = declaredAccess()): void {
  if (access?.minRole !== undefined && role.value < access.minRole) throw permissionDenied();
}
