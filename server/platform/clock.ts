// Wall-clock "now" of a location's time zone, as 'YYYY-MM-DD HH:mm' (session times are wall clock).

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

export { addMinutesToWallClock as addMinutes } from '../../domain/businessDay';
