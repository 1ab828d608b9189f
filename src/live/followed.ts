// Which locations a tab's event stream follows: the one the user works at (LiveDesk: the address's,
// else the last one a screen showed, remembered across reloads) and every location a screen on show
// lists (the transactions of several locations, the control page, an order page's own location).
// A screen declares its locations while it is mounted; the live desk follows the union.
import { useEffect, useSyncExternalStore } from 'react';

const requests = new Map<symbol, readonly number[]>();
const listeners = new Set<() => void>();
let current: readonly (readonly number[])[] = [];

function changed(): void {
  current = [...requests.values()];
  for (const listener of listeners) listener();
}

/** The working location and the screens' locations, each once, ascending. */
export function locationsToFollow(working: number | null, requested: Iterable<readonly number[]>): number[] {
  const all = new Set<number>(working ? [working] : []);
  for (const ids of requested) for (const id of ids) if (Number.isSafeInteger(id) && id > 0) all.add(id);
  return [...all].sort((a, b) => a - b);
}

/**
 * The locations a list shows from its location filter's value: those chosen, or, with none chosen
 * (no filter: the list spans every location of the user), all of the filter's choices.
 */
export function listedLocations(filterValue: unknown, choices: readonly (string | number)[]): number[] {
  const chosen = (Array.isArray(filterValue) ? filterValue : filterValue == null || filterValue === '' ? [] : [filterValue]).map(Number);
  return (chosen.length ? chosen : choices.map(Number)).filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** While the calling screen is mounted, the live desk follows these locations too. */
export function useFollowLocations(ids: readonly number[]): void {
  const key = [...ids].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return undefined;
    const token = Symbol('follow');
    requests.set(token, key.split(',').map(Number));
    changed();
    return () => {
      requests.delete(token);
      changed();
    };
  }, [key]);
}

/** What the screens on show ask to follow (one list per screen). */
export function useRequestedLocations(): readonly (readonly number[])[] {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => current);
}

// The working location, remembered.
const REMEMBERED = 'live.locationId';
const rememberedListeners = new Set<() => void>();

export const rememberedLocation = (): number | null => Number(localStorage.getItem(REMEMBERED)) || null;

export function rememberLocation(locationId: number): void {
  if (rememberedLocation() === locationId) return;
  localStorage.setItem(REMEMBERED, String(locationId));
  for (const l of rememberedListeners) l();
}

/** The remembered location, re-rendering when a screen names another. */
export function useRememberedLocation(): number | null {
  return useSyncExternalStore((l) => {
    rememberedListeners.add(l);
    return () => { rememberedListeners.delete(l); };
  }, rememberedLocation);
}

/** The working location shown (none yet: nothing changes), remembered for addresses that name none. */
export function useShownLocation(locationId: number | null | undefined): void {
  useEffect(() => {
    if (locationId) rememberLocation(locationId);
  }, [locationId]);
}
