// Wall-clock times of a location and its business day. A business day runs from 06:00 to 05:59
// of the next calendar day: sessions starting 00:00-05:59 belong to the previous business day.
// Everything here works on wall-clock strings; time zones are applied at the edges.

export const DAY_START_MINUTES = 6 * 60;
export const MINUTES_PER_DAY = 24 * 60;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isTime(value: string): boolean {
  return TIME_RE.test(value);
}

export function isDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** 'HH:mm' -> minutes after midnight. */
export function timeToMinutes(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new Error(`not a time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes after midnight (any day offset) -> 'HH:mm'. */
export function minutesToTime(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Position of a wall-clock time within the business day, in minutes after the business day's
 * midnight: 06:00 -> 360 ... 23:59 -> 1439, 00:00 -> 1440 ... 05:59 -> 1799.
 */
export function businessMinutes(time: string): number {
  const m = timeToMinutes(time);
  return m < DAY_START_MINUTES ? m + MINUTES_PER_DAY : m;
}

export function addDays(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The calendar date and time of a business-day position ('YYYY-MM-DD HH:mm'). */
export function wallClock(businessDate: string, minutes: number): string {
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  return `${addDays(businessDate, days)} ${minutesToTime(minutes)}`;
}

/** The business day a wall-clock moment ('YYYY-MM-DD HH:mm', perhaps with a UTC offset after it) belongs to. */
export function businessDateOf(dateTime: string): string {
  const [date, time] = dateTime.split(' ');
  return timeToMinutes(time!.slice(0, 5)) < DAY_START_MINUTES ? addDays(date!, -1) : date!;
}

/** Every date of the month of `date`. */
export function monthDates(date: string): string[] {
  const first = `${date.slice(0, 7)}-01`;
  const out: string[] = [];
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) out.push(d);
  return out;
}

/** Adds minutes to a wall-clock 'YYYY-MM-DD HH:mm' (calendar arithmetic, no time zone). */
export function addMinutesToWallClock(dateTime: string, minutes: number): string {
  const total = timeToMinutes(dateTime.slice(11, 16)) + minutes;
  const days = Math.floor(total / MINUTES_PER_DAY);
  return `${days ? addDays(dateTime.slice(0, 10), days) : dateTime.slice(0, 10)} ${minutesToTime(total)}`;
}

/** Whole days from one date to another ('YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The wall clock of a time zone at a moment: 'YYYY-MM-DD HH:mm'. */
export function wallClockAt(timezone: string | undefined, now: Date = new Date()): string {
  try {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(now).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  } catch {
    // An unknown zone: the browser's own clock is the best guess.
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  }
}
