// #46 "Add to calendar": one booking as an iCalendar file (RFC 5545), in the location's time zone.
// The event's times are the location's wall clock with its TZID, and the file carries that zone's
// VTIMEZONE for the event's year, built from the same Intl data as every other local time here
// (domain/zonedTime.ts): a phone in another zone shows the session at its real instant, and one in
// the venue's zone shows the venue's clock. The second occurrence of a repeated hour (the night the
// clocks fall back) has no TZID form of its own (RFC 5545 takes the first), so it is written in UTC.
import { formatLocal, instantOfLocal, offsetAt, wallText } from './zonedTime';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface CalendarEvent {
  /** Unique and stable for the booking: a second download updates the same event. */
  uid: string;
  /** The location's IANA zone. */
  timezone: string;
  /** The session's start as the server writes local times ('YYYY-MM-DD HH:mm', an offset for a repeated hour's second). */
  start: string;
  minutes: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** When the file is made (DTSTAMP). */
  now: Date;
  /** A cancelled booking: the event says so (a calendar that imports it again marks it). */
  cancelled?: boolean;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded (a CRLF and a space), never inside a UTF-8 character. */
const encoder = new TextEncoder();
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 'YYYYMMDDTHHmmss' of a wall-clock number. */
const stamp = (wall: number) => wallText(wall).replace(/[-:]/g, '').replace(' ', 'T') + '00';
const utcStamp = (ms: number) => `${stamp(ms)}Z`;
/** '+0300' / '-0500'. */
const offsetField = (minutes: number) => {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
};

/** The instants in [from, to) at which the zone's offset changes, found day by day and then to the minute. */
export function offsetChanges(tz: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const out: { at: number; before: number; after: number }[] = [];
  for (let day = from; day < to; day += DAY) {
    const before = offsetAt(tz, day);
    const after = offsetAt(tz, day + DAY);
    if (before === after) continue;
    let lo = day;
    let hi = day + DAY;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(tz, mid) === before) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, before, after });
  }
  return out;
}

/** The zone's VTIMEZONE for the year of `ms`: the offset at its start, and each change within it. */
function timezoneLines(tz: string, ms: number): string[] {
  const year = new Date(ms).getUTCFullYear();
  const from = Date.UTC(year, 0, 1) - DAY;
  const to = Date.UTC(year + 1, 0, 1) + DAY;
  const changes = offsetChanges(tz, from, to);
  const first = offsetAt(tz, from);
  const standard = Math.min(first, ...changes.map((c) => c.after));
  const observance = (start: number, before: number, after: number) => [
    `BEGIN:${after > standard ? 'DAYLIGHT' : 'STANDARD'}`,
    // An onset is the local time before it (in the offset it leaves), as RFC 5545 writes it.
    `DTSTART:${stamp(start + before * MINUTE)}`,
    `TZOFFSETFROM:${offsetField(before)}`,
    `TZOFFSETTO:${offsetField(after)}`,
    `END:${after > standard ? 'DAYLIGHT' : 'STANDARD'}`,
  ];
  return [
    'BEGIN:VTIMEZONE', `TZID:${tz}`,
    // What holds before the year's first change: said from 1970 so every client finds an onset before the event.
    ...observance(Date.UTC(1970, 0, 1) - first * MINUTE, first, first),
    ...changes.flatMap((c) => observance(c.at, c.before, c.after)),
    'END:VTIMEZONE',
  ];
}

/** A date-time field: the location's wall clock with its TZID, or UTC for a repeated hour's second occurrence. */
function timeField(name: string, tz: string, ms: number): string {
  const local = formatLocal(tz, ms);
  if (local.length > 16) return `${name}:${utcStamp(ms)}`;
  return `${name};TZID=${tz}:${stamp(ms + offsetAt(tz, ms) * MINUTE)}`;
}

/** The .ics text of one event (CRLF lines, as RFC 5545 asks). */
export function calendarFile(event: CalendarEvent): string {
  const start = instantOfLocal(event.timezone, event.start);
  const end = start + event.minutes * MINUTE;
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//VR Arena Back Office//Booking//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    ...timezoneLines(event.timezone, start),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.now.getTime())}`,
    timeField('DTSTART', event.timezone, start),
    timeField('DTEND', event.timezone, end),
    `SUMMARY:${text(event.summary)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
