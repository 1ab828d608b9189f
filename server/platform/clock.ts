// Wall-clock "now" of a location's time zone, as 'YYYY-MM-DD HH:mm' (session times are wall clock),
// and the real-instant comparisons of session times with now.
import { formatLocal, instantOfLocal } from '../../domain/zonedTime';

// One formatter per zone, made once: dayjs().tz() builds one per call, about 0.35 ms, several
// times in every slot read and booking (bench/results.md); this takes about 0.01 ms.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallClockNow(tz: string, now: Date = new Date()): string {
  let f = formatters.get(tz);
  if (!f) {
    // An unknown zone throws RangeError, as dayjs did.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(now)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * A location's "now" for comparing with session times on real instants (daylight saving makes
 * wall-clock texts compare wrongly around the change): its zone and the current minute.
 */
export interface ZoneNow {
  timezone: string;
  /** The current minute's start, ms since the epoch (wall-clock texts compared at minute precision too). */
  nowMs: number;
}

export function zoneNow(timezone: string, now: Date = new Date()): ZoneNow {
  return { timezone, nowMs: Math.floor(now.getTime() / 60_000) * 60_000 };
}

/** Whether a session starting at a local time (a slot's or playsession's time_start) has begun by now. */
export function hasBegun(timeStart: string, now: ZoneNow): boolean {
  return instantOfLocal(now.timezone, timeStart) <= now.nowMs;
}

/** A local time moved by real minutes ('YYYY-MM-DD HH:mm', the offset added for a repeated hour's second occurrence). */
export function addRealMinutes(timezone: string, local: string, minutes: number): string {
  return formatLocal(timezone, instantOfLocal(timezone, local) + minutes * 60_000);
}
