// react-admin authProvider: login stores the token and then loads the user, the permissions and
// the locations; logout revokes the token and clears all of it.
import type { AuthProvider } from 'react-admin';
import { api, ApiError } from '../dataProvider/http';
import { session, type SessionUser } from './session';

export async function loadSessionData(): Promise<SessionUser> {
  const [user, permissions, locations] = await Promise.all([
    api<SessionUser>('/api/v2.1/users/am/'),
    api<string[]>('/api/v2.1/loginjwt/permissions/'),
    api<unknown[]>('/api/v2.1/locations/my/'),
  ]);
  session.setUser(user);
  session.setPermissions(permissions);
  session.setLocations(locations);
  return user;
}

/** This tab's session has ended (logout, or a 401) and nobody has signed in since: 401s only redirect. */
let sessionOver = false;

export const authProvider: AuthProvider = {
  // `{token}`: a token another call already gave (an accepted invitation signs in, #28).
  async login(params: { email: string; password: string } | { token: string }) {
    const { token } = 'token' in params ? params : await api<{ token: string }>('/api/v2.1/login/', {
      method: 'POST', body: { email: params.email, password: params.password }, anonymous: true,
    });
    session.setToken(token);
    sessionOver = false;
    await loadSessionData();
    return { redirectTo: '/locations' };
  },

  async logout() {
    sessionOver = true;
    if (session.token()) {
      await api('/api/v2.1/logout/', { method: 'POST' }).catch(() => undefined);
    }
    session.clear();
    return '/login';
  },

  async checkAuth() {
    if (!session.token()) throw { redirectTo: '/login', message: false };
  },

  // A 401 ends the session once (the HTTP client has already dropped the token): react-admin logs
  // out then, which clears the query cache. Any later 401 (a screen still mounted, or brought back
  // by the browser's Back button) only goes to the login page: logging out again would clear the
  // cache again, and the mounted queries would refetch, fail and log out again, in a loop (#18).
  async checkError(error: unknown) {
    const status = error instanceof ApiError ? error.status : (error as { status?: number })?.status;
    if (status !== 401) return;
    const alreadyEnded = sessionOver;
    sessionOver = true;
    session.clear();
    throw { redirectTo: '/login', message: false, logoutUser: !alreadyEnded };
  },

  async getIdentity() {
    const user = session.user() ?? (session.token() ? await loadSessionData() : null);
    if (!user) throw new Error('not signed in');
    return { ...user, fullName: user.name || user.email, avatar: user.avatar ?? undefined };
  },

  async getPermissions() {
    if (!session.token()) return [];
    return session.permissions() ?? (await api<string[]>('/api/v2.1/loginjwt/permissions/'));
  },
};
