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

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const { token } = await api<{ token: string }>('/api/v2.1/login/', {
      method: 'POST', body: { email, password }, anonymous: true,
    });
    session.setToken(token);
    await loadSessionData();
    return { redirectTo: '/locations' };
  },

  async logout() {
    if (session.token()) {
      await api('/api/v2.1/logout/', { method: 'POST' }).catch(() => undefined);
    }
    session.clear();
    return '/login';
  },

  async checkAuth() {
    if (!session.token()) throw { redirectTo: '/login', message: false };
  },

  async checkError(error: unknown) {
    const status = error instanceof ApiError ? error.status : (error as { status?: number })?.status;
    if (status === 401) {
      session.clear();
      throw { redirectTo: '/login', message: false };
    }
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
