// Whether the session a booking form has chosen is still there for it, judged on the playground's
// day as the live desk keeps it fresh: gone (no such session any more), full, or with fewer places
// than the form wants; and the nearest sessions that would take the form's persons instead.
import type { SlotBase } from '../../domain/slot';

export type SessionTrouble = { kind: 'gone' | 'full' } | { kind: 'fewer'; left: number };

type WatchedSlot = Pick<SlotBase, 'time_start' | 'available_persons'>;

const minutesOf = (timeStart: string) => Date.parse(`${timeStart.replace(' ', 'T')}:00Z`) / 60_000;

/**
 * `slots`: all sessions of the day; `offered`: the ones the form offers (timeChoices); `ownPersons`:
 * places the edited order holds in the chosen session itself.
 */
export function sessionTrouble(chosen: string, wanted: number | null, slots: readonly WatchedSlot[], offered: readonly WatchedSlot[], ownPersons = 0): SessionTrouble | null {
  if (!chosen) return null;
  const slot = slots.find((s) => s.time_start === chosen);
  if (!slot) return { kind: 'gone' };
  const left = slot.available_persons + ownPersons;
  if (!offered.some((s) => s.time_start === chosen)) return left > 0 ? { kind: 'gone' } : { kind: 'full' };
  if (left <= 0) return { kind: 'full' };
  if (wanted !== null && left < wanted) return { kind: 'fewer', left };
  return null;
}

/** Up to `count` offered sessions with room for `wanted` persons, nearest to the chosen time first, then shown in time order. */
export function nearestFree<T extends WatchedSlot>(chosen: string, wanted: number | null, offered: readonly T[], count = 3): T[] {
  const at = minutesOf(chosen);
  return offered
    .filter((s) => s.time_start !== chosen && s.available_persons >= Math.max(1, wanted ?? 1))
    .sort((a, b) => Math.abs(minutesOf(a.time_start) - at) - Math.abs(minutesOf(b.time_start) - at))
    .slice(0, count)
    .sort((a, b) => a.time_start.localeCompare(b.time_start));
}
