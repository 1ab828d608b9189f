// The one way dates and times are written for people (spec: DD.MM.YYYY, with HH:mm for timestamps;
// month MM.YYYY), on the screens, in the exports and in letters. Instants are written on the
// location's clock, never the browser's: a manager in Moscow reading Brooklyn's log sees Brooklyn time.

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})/;
const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** 'YYYY-MM-DD' (or the start of a longer ISO text) -> 'DD.MM.YYYY'; '—' when empty, the text itself when it is no date. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const m = DAY_RE.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

/** A wall-clock text 'YYYY-MM-DD HH:mm' (the location's local time) -> 'DD.MM.YYYY HH:mm'. */
export function formatWallClock(local: string | null | undefined, withSeconds = false): string {
  if (!local) return '—';
  const m = WALL_RE.exec(local);
  if (!m) return formatDay(local);
  return `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}${withSeconds ? `:${m[6] ?? '00'}` : ''}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timezone` at an instant, 'YYYY-MM-DD HH:mm:ss' (the browser's zone when none or unknown). */
export function wallClockOf(instant: string | number | Date, timezone: string | null | undefined): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const key = timezone ?? '';
  let f = zoneFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', {
        timeZone: timezone || undefined, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
      });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    }
    zoneFormatters.set(key, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** An instant (ISO with offset, or epoch ms) as 'DD.MM.YYYY HH:mm' on the location's clock. */
export function formatInstant(instant: string | number | Date | null | undefined, timezone: string | null | undefined, withSeconds = false): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return formatWallClock(wallClockOf(date, timezone), withSeconds);
}
