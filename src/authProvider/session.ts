// What the browser keeps between visits: the token, the user, the permissions and the
// locations. Logout clears all four.
const KEYS = { token: 'token', user: 'user', permissions: 'permissions', locations: 'locations' } as const;

export interface SessionUser {
  id: number;
  uid: string;
  name: string;
  email: string;
  phone: string;
  avatar: string | null;
  role: { id: number; value: number } | null;
  /** #28 SETUP: the installation's owner (creates locations). */
  is_owner?: boolean;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Told when the token is dropped by a 401 (the session ended under an open screen), see http.ts. */
const endedListeners = new Set<() => void>();

export const session = {
  token: (): string | null => localStorage.getItem(KEYS.token),
  setToken: (token: string) => localStorage.setItem(KEYS.token, token),
  user: () => readJson<SessionUser>(KEYS.user),
  setUser: (user: SessionUser) => localStorage.setItem(KEYS.user, JSON.stringify(user)),
  permissions: () => readJson<string[]>(KEYS.permissions),
  setPermissions: (p: string[]) => localStorage.setItem(KEYS.permissions, JSON.stringify(p)),
  locations: () => readJson<unknown[]>(KEYS.locations),
  setLocations: (l: unknown[]) => localStorage.setItem(KEYS.locations, JSON.stringify(l)),
  clear: () => Object.values(KEYS).forEach((k) => localStorage.removeItem(k)),
  /** The server refused the token (revoked, expired): cleared, and the screens told (SessionEndWatch). */
  ended: () => {
    session.clear();
    endedListeners.forEach((listener) => listener());
  },
  onEnded: (listener: () => void) => {
    endedListeners.add(listener);
    return () => { endedListeners.delete(listener); };
  },
};
