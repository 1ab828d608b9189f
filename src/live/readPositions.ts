// Where the event log of each location stood when the data on screen was read. Every answer to a
// signed-in call names it (header X-Live-Position, server/platform/auth.ts), read before the call
// read its data. A stream opened for a location it did not follow yet starts from the earliest such
// position of the last moments, not from "now": a change committed between a page's reads and its
// stream's opening is then still delivered (issue #17). Kept apart from the stream (no React, a few
// lines) because the one HTTP client, in the login page's bundle too, notes every answer here.
import { parseStreamPosition } from '../../domain/liveEvents';

export { LIVE_POSITION_HEADER } from '../../domain/liveEvents';

/**
 * How far back a read may have been and still be what a screen shows: twice the longest time a
 * live screen's data is used without being read again (5 s: the day view and the location,
 * src/pages/booking/dayData.ts JUST_READ_MS), so a screen opened now shows nothing read earlier.
 */
export const READ_LOOKBACK_MS = 10_000;

interface Noted { at: number; seq: number }

/** Per location, the positions noted in the last READ_LOOKBACK_MS, oldest first. */
const noted = new Map<number, Noted[]>();

/** Notes the position an answer was read at (its header). */
export function noteReadPosition(header: string | null, now = Date.now()): void {
  if (!header) return;
  for (const [location, seq] of parseStreamPosition(header)) noteLocationPosition(location, seq, now);
}

/** Notes that what is cached of a location was current up to `seq` now. */
export function noteLocationPosition(location: number, seq: number, now = Date.now()): void {
  const list = noted.get(location) ?? [];
  list.push({ at: now, seq });
  while (list.length && list[0]!.at < now - READ_LOOKBACK_MS) list.shift();
  noted.set(location, list);
}

/** The earliest position of the location read in the last READ_LOOKBACK_MS, if any. */
export function earliestReadPosition(location: number, now = Date.now()): number | undefined {
  let earliest: number | undefined;
  for (const n of noted.get(location) ?? []) {
    if (n.at >= now - READ_LOOKBACK_MS && (earliest === undefined || n.seq < earliest)) earliest = n.seq;
  }
  return earliest;
}

/** Forgets every noted position (a test's fresh start). */
export function forgetReadPositions(): void {
  noted.clear();
}
