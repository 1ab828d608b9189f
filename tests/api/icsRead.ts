// #46 A small reader of the .ics files the customer's page gives out, written from RFC 5545 and not
// from the server's own time code: a DTSTART or DTEND with a TZID is turned into an instant by the
// file's own VTIMEZONE (the observance in force is the last one whose onset has passed), so a test
// reads the file back as a calendar application would.

/** The file's lines, unfolded (a line that starts with a space continues the one before). */
export const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);

const wallOf = (stamp: string) => Date.UTC(+stamp.slice(0, 4), +stamp.slice(4, 6) - 1, +stamp.slice(6, 8), +stamp.slice(9, 11), +stamp.slice(11, 13), +stamp.slice(13, 15));
const minutesOf = (offset: string) => (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));

/** The instant (ISO, UTC) of a field of the file's VEVENT: DTSTART, DTEND. */
export function icsInstant(ics: string, field: 'DTSTART' | 'DTEND'): string {
  const lines = icsLines(ics);
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'));
  const line = event.find((l) => l.startsWith(`${field}:`) || l.startsWith(`${field};`));
  if (!line) throw new Error(`no ${field}`);
  const value = line.slice(line.indexOf(':') + 1);
  if (value.endsWith('Z')) return new Date(wallOf(value)).toISOString();
  const tzid = /TZID=([^;:]+)/.exec(line)?.[1];
  const start = lines.indexOf(`TZID:${tzid}`);
  if (start < 0) throw new Error(`no VTIMEZONE for ${tzid}`);
  const observances: { onset: number; to: number }[] = [];
  let current: { stamp?: string; from?: number; to?: number } = {};
  for (const l of lines.slice(start, lines.indexOf('END:VTIMEZONE', start))) {
    if (l === 'BEGIN:STANDARD' || l === 'BEGIN:DAYLIGHT') current = {};
    else if (l.startsWith('DTSTART:')) current.stamp = l.slice(8);
    else if (l.startsWith('TZOFFSETFROM:')) current.from = minutesOf(l.slice(13));
    else if (l.startsWith('TZOFFSETTO:')) current.to = minutesOf(l.slice(11));
    else if (l === 'END:STANDARD' || l === 'END:DAYLIGHT') observances.push({ onset: wallOf(current.stamp!) - current.from! * 60_000, to: current.to! });
  }
  observances.sort((a, b) => a.onset - b.onset);
  const wall = wallOf(value);
  // The offset in force at the instant the wall time names: the last onset not after it (the first occurrence wins).
  for (const o of observances) {
    const instant = wall - o.to * 60_000;
    const inForce = observances.filter((x) => x.onset <= instant).at(-1);
    if (inForce === o) return new Date(instant).toISOString();
  }
  throw new Error(`${value} is not a time of ${tzid}`);
}
