// What just changed, for a brief mark on its card or row: keys like 'location_orders:12', 'slot:3|2030-04-01 12:00',
// 'location_payments:7'. A tiny store outside React: a card subscribes to its own keys only, so a change
// re-renders the cards it concerns, not the calendar.
import { useSyncExternalStore } from 'react';

/** How long a change stays marked. */
export const MARK_MS = 2500;

const marked = new Map<string, number>();
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

export function markChanged(keys: string[]): void {
  if (!keys.length) return;
  const until = Date.now() + MARK_MS;
  for (const k of keys) marked.set(k, until);
  notify();
  setTimeout(() => {
    const now = Date.now();
    for (const [k, t] of marked) if (t <= now) marked.delete(k);
    notify();
  }, MARK_MS + 50);
}

export function isMarked(key: string): boolean {
  const until = marked.get(key);
  return until !== undefined && until > Date.now();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => { listeners.delete(l); };
};

/** Called on every change of what is marked; answers the unsubscribe. */
export const subscribeMarks = subscribe;

/** Whether any of the keys changed a moment ago (re-renders only when that answer changes). */
export function useMarked(keys: readonly string[]): boolean {
  return useSyncExternalStore(subscribe, () => keys.some(isMarked));
}

export const slotKey = (playgroundId: number, timeStart: string) => `slot:${playgroundId}|${timeStart}`;
export const rowKey = (resource: string, id: unknown) => `${resource}:${String(id)}`;
