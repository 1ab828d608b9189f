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

/**
 * A day as a person types it — DD.MM.YYYY as shown (D.M.YYYY, with / or - too) — or the ISO day,
 * as the ISO day 'YYYY-MM-DD'; null when it is no real calendar day (31.02.2026 is none).
 */
export function parseDay(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const iso = m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/**
 * #40 A day as a customer types it on a phone, whose numeric keyboard may have no dot: what parseDay
 * reads, and digits alone — DDMMYYYY (30112026) and DDMMYY (301126, this century) — and a two-digit
 * year after separators (30.11.26, 30 11 26). With `today` ('YYYY-MM-DD') a day and month alone
 * (30.11, 3011) are that day on or after today. Null when it is no real calendar day.
 */
export function parseTypedDay(text: string | null | undefined, today?: string): string | null {
  const value = (text ?? '').trim();
  const whole = parseDay(value.replace(/\s+/g, '.'));
  if (whole) return whole;
  const real = (y: number, m: string, d: string) => parseDay(`${d}.${m}.${y}`);
  const digits = /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(value);
  const parts = digits ?? /^(\d{1,2})[./\s-]+(\d{1,2})[./\s-]+(\d{2})$/.exec(value);
  if (parts) return real(parts[3]!.length === 2 ? 2000 + Number(parts[3]) : Number(parts[3]), parts[2]!, parts[1]!);
  const short = /^(\d{2})(\d{2})$/.exec(value) ?? /^(\d{1,2})[./\s-]+(\d{1,2})\.?$/.exec(value);
  if (!short || !today) return null;
  const year = Number(today.slice(0, 4));
  const thisYear = real(year, short[2]!, short[1]!);
  if (thisYear && thisYear >= today) return thisYear;
  return real(year + 1, short[2]!, short[1]!) ?? thisYear;
}

/** A time of day as a person types it (14:05, 9:30, 14.05, 930, 1405, 14) as 'HH:mm' on a 24-hour clock; null when it is none. */
export function parseTime(text: string | null | undefined): string | null {
  // Three or four digits without a separator: 930 -> 09:30, 1400 -> 14:00.
  const m = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` : null;
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

/**
 * #39 How a time zone reads where it is shown, not chosen: its name in the screen's language and its
 * offset now ("Москва, стандартное время (GMT+3)"); the IANA id only when there is no name.
 */
export function timeZoneName(zone: string, language: string, now = new Date()): string {
  try {
    const part = (style: 'longGeneric' | 'shortOffset') => new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
      .formatToParts(now).find((p) => p.type === 'timeZoneName')?.value;
    const name = part('longGeneric');
    const offset = part('shortOffset');
    return name && name !== offset ? `${name} (${offset})` : offset ?? zone;
  } catch {
    return zone; // a zone this browser does not know: its id is all there is to show
  }
}

/**
 * How a time zone reads in a choice: its name in the screen's language and its offset now, then the
 * IANA id, which is what is stored and what tells apart zones the names share ("Москва, стандартное
 * время (GMT+3) · Europe/Moscow"). The name lets a Russian owner find the zone by typing "Москва".
 */
export function timeZoneLabel(zone: string, language: string, now = new Date()): string {
  const name = timeZoneName(zone, language, now);
  return name === zone ? zone : `${name} · ${zone}`;
}
