// Real instants of a location's wall clock, through the Intl API (no dependency): the zone's UTC
// offset at an instant, which local times exist, which happen twice (the hour the clocks fall back)
// and how a local time is written. See docs/decisions.md, "Daylight-saving time".
//
// A local time is 'YYYY-MM-DD HH:mm'. The second occurrence of a repeated local time carries its
// UTC offset ('2027-11-07 01:00-05:00'), so that every instant has one distinct local text and the
// texts of ordinary times stay as they always were.

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Modern zones change their offset only at multiples of 15 minutes: one Intl call per bucket. */
const BUCKET = 15 * MINUTE;

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?:([+-])(\d{2}):(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    // An unknown zone throws RangeError.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in minutes (New York in winter: -300). */
export function offsetAt(tz: string, ms: number): number {
  const bucket = Math.floor(ms / BUCKET) * BUCKET;
  const key = `${tz}|${bucket}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(bucket)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  const offset = Math.round((wall - bucket) / MINUTE);
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** '+03:00' / '-05:00' of an offset in minutes. */
export function offsetText(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** A wall clock as milliseconds of the same reading in UTC (the zone-free number of a local time). */
export function wallMs(local: string): number {
  const m = LOCAL_RE.exec(local);
  if (!m) throw new Error(`not a local time: ${local}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** 'YYYY-MM-DD HH:mm' of a wall-clock number (wallMs's inverse). */
export function wallText(wall: number): string {
  return new Date(wall).toISOString().slice(0, 16).replace('T', ' ');
}

/** Whether the zone keeps one offset over [from, to] (checked at both ends: zones change at most twice a year). */
export function steadyOffset(tz: string, from: number, to: number): number | null {
  const a = offsetAt(tz, from);
  return a === offsetAt(tz, to) ? a : null;
}

/**
 * The instants at which the zone's clock shows a wall-clock reading, ascending: none for a time
 * skipped when clocks spring forward, two for the repeated hour when they fall back, else one.
 */
export function instantsOfWall(tz: string, wall: number): number[] {
  const before = offsetAt(tz, wall - DAY);
  const after = offsetAt(tz, wall + DAY);
  const out: number[] = [];
  for (const o of before === after ? [before] : [before, after]) {
    const t = wall - o * MINUTE;
    if (offsetAt(tz, t) === o && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The first instant at which the clock shows the reading or a later one: the reading's (first)
 * instant, or for a skipped time the instant the clock jumps over it. Used for the edges of opening
 * hours and breaks: "until 02:30" on the night 02:00-03:00 is skipped ends when the clock jumps.
 */
export function firstInstantFrom(tz: string, wall: number): number {
  const exact = instantsOfWall(tz, wall);
  if (exact.length) return exact[0]!;
  // In a gap: the jump lies between the reading under the later offset and under the earlier one.
  let lo = wall - offsetAt(tz, wall + DAY) * MINUTE; // before the jump
  let hi = wall - offsetAt(tz, wall - DAY) * MINUTE; // after it
  if (lo > hi) [lo, hi] = [hi, lo];
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(tz, mid) === offsetAt(tz, lo)) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The last instant at which the clock shows the reading (the second occurrence of a repeated time), or for a skipped time the jump. */
export function lastInstantAt(tz: string, wall: number): number {
  const exact = instantsOfWall(tz, wall);
  return exact.length ? exact[exact.length - 1]! : firstInstantFrom(tz, wall);
}

/** The local text of an instant: 'YYYY-MM-DD HH:mm', with the offset appended for the second occurrence of a repeated time. */
export function formatLocal(tz: string, ms: number): string {
  const offset = offsetAt(tz, ms);
  const wall = ms + offset * MINUTE;
  const text = wallText(wall);
  // Only where the offset has just gone down can an earlier instant show the same reading.
  if (offsetAt(tz, ms - DAY) > offset && instantsOfWall(tz, wall)[0]! < ms) return `${text}${offsetText(offset)}`;
  return text;
}

/**
 * The instant of a local text. With an offset it is exact; without, the first occurrence of the
 * reading, and for a skipped time the instant the reading would have had without the jump (as
 * JavaScript's Temporal 'compatible' does: 02:30 on a spring-forward night is 03:30).
 */
export function instantOfLocal(tz: string, local: string): number {
  const m = LOCAL_RE.exec(local);
  if (!m) throw new Error(`not a local time: ${local}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (m[6]) return wall - (m[6] === '-' ? -1 : 1) * (Number(m[7]) * 60 + Number(m[8])) * MINUTE;
  const exact = instantsOfWall(tz, wall);
  return exact.length ? exact[0]! : wall - offsetAt(tz, wall - DAY) * MINUTE;
}

/**
 * The one text the server keeps for a local time a client sends: an offset that is the first (or
 * only) occurrence's is dropped, the second occurrence keeps it; null when the zone never shows
 * that reading at that offset. A text without offset is kept as it is.
 */
export function canonicalLocal(tz: string, local: string): string | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  if (!m[6]) return local;
  const ms = instantOfLocal(tz, local);
  const text = formatLocal(tz, ms);
  return text.slice(0, 16) === local.slice(0, 16) ? text : null;
}

/** The wall-clock part of a local text ('YYYY-MM-DD HH:mm', the offset dropped). */
export const wallPart = (local: string) => local.slice(0, 16);

/**
 * A local text as people read it: 'HH:mm', and for the second occurrence of a repeated time
 * (its text carries the offset) ' (UTC-05:00)' after it, so the two 01:00s of a fall-back night
 * differ on every screen and letter. `withDate`: 'DD.MM.YYYY HH:mm'.
 */
export function readableLocal(local: string, withDate = false): string {
  const m = LOCAL_RE.exec(local);
  if (!m) return local;
  const time = `${m[4]}:${m[5]}${m[6] ? ` (UTC${m[6]}${m[7]}:${m[8]})` : ''}`;
  return withDate ? `${m[3]}.${m[2]}.${m[1]} ${time}` : time;
}

/** A session's 'HH:mm' or 'HH:mm-05:00' (the second of a repeated time) as people read it: 'HH:mm (UTC-05:00)'. */
export function readableTime(time: string): string {
  const m = /^(\d{2}:\d{2})([+-]\d{2}:\d{2})?$/.exec(time);
  return m ? `${m[1]}${m[2] ? ` (UTC${m[2]})` : ''}` : time;
}
