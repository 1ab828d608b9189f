// Which location the live desk follows when the address names none (an order page, the control
// page): the last one a screen showed, remembered across reloads. A screen outside
// /locations/:id says which location it shows, so an order opened by its link follows its own.
import { useEffect, useSyncExternalStore } from 'react';

const REMEMBERED = 'live.locationId';
const listeners = new Set<() => void>();

export const rememberedLocation = (): number | null => Number(localStorage.getItem(REMEMBERED)) || null;

export function rememberLocation(locationId: number): void {
  if (rememberedLocation() === locationId) return;
  localStorage.setItem(REMEMBERED, String(locationId));
  for (const l of listeners) l();
}

/** The remembered location, re-rendering when a screen names another. */
export function useRememberedLocation(): number | null {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => { listeners.delete(l); };
  }, rememberedLocation);
}

/** For screens whose address names no location: the one they show (none yet: nothing changes). */
export function useShownLocation(locationId: number | null | undefined): void {
  useEffect(() => {
    if (locationId) rememberLocation(locationId);
  }, [locationId]);
}
