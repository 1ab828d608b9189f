// The slot engine: which schedule is in force, what day type a date has, and which sessions a
// schedule produces on a business day. Pure functions, no I/O; the server and the tests call them.
import { addDays, businessMinutes, isoWeekday, MINUTES_PER_DAY, DAY_START_MINUTES, minutesToTime } from '../businessDay';
import { firstInstantFrom, formatLocal, instantsOfWall, lastInstantAt, offsetAt, offsetText, steadyOffset, wallText } from '../zonedTime';
import { HOLIDAY, PRE_HOLIDAY, type GeneratedSession, type HolidayKind, type PricingRow, type Schedule, type ScheduleBreak, type ScheduleItem } from './types';

/** The end of the last session start a business day allows (06:00 of the next calendar day). */
export const BUSINESS_DAY_END_MINUTES = DAY_START_MINUTES + MINUTES_PER_DAY;

/** Day type of a business date: holiday (8) and pre-holiday (9) from the calendar, else 1-7. */
export function dayTypeOf(date: string, holidays: ReadonlyMap<string, HolidayKind>): number {
  const kind = holidays.get(date);
  if (kind === 'holiday') return HOLIDAY;
  if (kind === 'pre_holiday') return PRE_HOLIDAY;
  return isoWeekday(date);
}

/** The enabled schedule with the latest start_dt on or before the date (ties: the newest id). */
export function scheduleInForce<S extends Pick<Schedule, 'id' | 'start_dt' | 'disabled'>>(schedules: readonly S[], date: string): S | null {
  let best: S | null = null;
  for (const s of schedules) {
    if (s.disabled || s.start_dt > date) continue;
    if (!best || s.start_dt > best.start_dt || (s.start_dt === best.start_dt && s.id > best.id)) best = s;
  }
  return best;
}

/**
 * The items that apply on a day type. A holiday (8) or pre-holiday (9) uses the items marked for
 * it and replaces the weekday's; when the schedule has none for it, the weekday's items apply.
 */
export function itemsForDay(items: readonly ScheduleItem[], dayType: number, weekday: number): { item: ScheduleItem; index: number }[] {
  const withIndex = items.map((item, index) => ({ item, index }));
  if (dayType === HOLIDAY || dayType === PRE_HOLIDAY) {
    const special = withIndex.filter(({ item }) => item.day_types.includes(dayType));
    if (special.length) return special;
  }
  return withIndex.filter(({ item }) => item.day_types.includes(weekday));
}

/** An item's span within the business day: [begin, end) in business minutes. */
export function itemSpan(item: Pick<ScheduleItem, 'begin' | 'end'>): [number, number] {
  const begin = businessMinutes(item.begin);
  let end = businessMinutes(item.end);
  // An end at or before the begin runs into the next business day (e.g. 06:00 closes the night).
  if (end <= begin) end += MINUTES_PER_DAY;
  return [begin, end];
}

export function breakSpan(b: Pick<ScheduleBreak, 'start' | 'duration'>): [number, number] {
  const start = businessMinutes(b.start);
  return [start, start + b.duration];
}

/**
 * The spans a break blocks within one business day. A daily break happens at its wall-clock time
 * every day, so its occurrences on the previous and next business day count too: a daily 05:30
 * break of 60 minutes also blocks 06:00-06:30, and a daily 06:00 break blocks a 05:50-06:20 night
 * session. A dated break only blocks its own business day.
 */
export function breakSpans(b: Pick<ScheduleBreak, 'start' | 'duration' | 'date'>): [number, number][] {
  const [start, end] = breakSpan(b);
  if (b.date) return [[start, end]];
  return [[start - MINUTES_PER_DAY, end - MINUTES_PER_DAY], [start, end], [start + MINUTES_PER_DAY, end + MINUTES_PER_DAY]];
}

/** The pricing row with the latest start at or before the session's start, else none. */
export function pricingFor(rows: readonly PricingRow[], startMinutes: number): PricingRow | null {
  let best: PricingRow | null = null;
  let bestStart = -1;
  for (const row of rows) {
    const s = businessMinutes(row.start);
    if (s <= startMinutes && s > bestStart) {
      best = row;
      bestStart = s;
    }
  }
  return best;
}

/** Sessions of one item (without breaks): a start every `duration - overlap` minutes. */
export function itemStarts(item: Pick<ScheduleItem, 'begin' | 'end' | 'duration' | 'overlap'>): number[] {
  const [begin, end] = itemSpan(item);
  const step = item.duration - item.overlap;
  if (item.duration < 1 || step < 1) return [];
  const starts: number[] = [];
  for (let s = begin; s + item.duration <= end && s < BUSINESS_DAY_END_MINUTES; s += step) starts.push(s);
  return starts;
}

/**
 * The sessions a schedule produces on a business date of the given day type. With the location's
 * time zone they lie on its real timeline (see zonedSessions); without one, on a clock without
 * daylight saving (read as UTC).
 */
export function generateSessions(
  schedule: Pick<Schedule, 'items' | 'breaks'>,
  businessDate: string,
  dayType: number,
  timeZone?: string,
): GeneratedSession[] {
  if (timeZone) {
    // A day far from any change of the zone's offset is the plain wall-clock grid, shifted.
    const dayMs = Date.UTC(Number(businessDate.slice(0, 4)), Number(businessDate.slice(5, 7)) - 1, Number(businessDate.slice(8, 10)));
    const steady = steadyOffset(timeZone, dayMs - MS_PER_DAY, dayMs + 3 * MS_PER_DAY);
    if (steady === null) return zonedSessions(schedule, businessDate, dayType, timeZone);
    return wallSessions(schedule, businessDate, dayType, steady);
  }
  return wallSessions(schedule, businessDate, dayType, 0);
}

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

function wallSessions(schedule: Pick<Schedule, 'items' | 'breaks'>, businessDate: string, dayType: number, offset: number): GeneratedSession[] {
  const weekday = isoWeekday(businessDate);
  const dayBreaks = schedule.breaks.filter((b) => !b.date || b.date === businessDate);
  const sessions: GeneratedSession[] = [];
  // Calendar dates of this business day and the next two (a night session may end after 06:00).
  const dates = [businessDate, addDays(businessDate, 1), addDays(businessDate, 2)];
  const clock = (minutes: number) => `${dates[Math.floor(minutes / MINUTES_PER_DAY)]} ${minutesToTime(minutes)}`;
  const dayMs = Date.UTC(Number(businessDate.slice(0, 4)), Number(businessDate.slice(5, 7)) - 1, Number(businessDate.slice(8, 10)));
  const utcOffset = offsetText(offset);
  for (const { item, index } of itemsForDay(schedule.items, dayType, weekday)) {
    const breaks = [...dayBreaks, ...item.breaks.filter((b) => !b.date || b.date === businessDate)].flatMap(breakSpans);
    for (const start of itemStarts(item)) {
      const end = start + item.duration;
      if (breaks.some(([bs, be]) => start < be && bs < end)) continue;
      sessions.push({
        time_start: clock(start),
        time_end: clock(end),
        begin: minutesToTime(start),
        end: minutesToTime(end),
        start_minutes: start,
        duration: item.duration,
        item_index: index,
        pricing: pricingFor(item.pricing, start),
        instant: dayMs + (start - offset) * MS_PER_MINUTE,
        utc_offset: utcOffset,
      });
    }
  }
  // Items may overlap each other; one session per start time (the first item's wins).
  const seen = new Set<number>();
  return sessions
    .sort((a, b) => a.start_minutes - b.start_minutes || a.item_index - b.item_index)
    .filter((s) => (seen.has(s.start_minutes) ? false : (seen.add(s.start_minutes), true)));
}

/**
 * A business day near a change of the zone's offset, on the real timeline. The grid stays the
 * wall-clock grid managers wrote (a start every `duration - overlap` from begin); each grid start
 * becomes every instant at which the clock shows it: none when the clocks skip it, two in the
 * repeated hour. A session lasts its real duration (its end is start + duration, shown in local
 * time); it must end by the item's end, and breaks (at their wall-clock times, each occurrence
 * lasting its duration) remove the sessions they touch. A start closer than `duration - overlap`
 * to the previous one kept of its item is dropped, so the jump never makes sessions overlap more
 * than on an ordinary day.
 */
function zonedSessions(schedule: Pick<Schedule, 'items' | 'breaks'>, businessDate: string, dayType: number, tz: string): GeneratedSession[] {
  const weekday = isoWeekday(businessDate);
  const dayMs = Date.UTC(Number(businessDate.slice(0, 4)), Number(businessDate.slice(5, 7)) - 1, Number(businessDate.slice(8, 10)));
  const wallOf = (minutes: number) => dayMs + minutes * MS_PER_MINUTE;
  const dayBreaks = schedule.breaks.filter((b) => !b.date || b.date === businessDate);
  const sessions: GeneratedSession[] = [];
  for (const { item, index } of itemsForDay(schedule.items, dayType, weekday)) {
    const step = item.duration - item.overlap;
    if (item.duration < 1 || step < 1) continue;
    const [begin, end] = itemSpan(item);
    const open = firstInstantFrom(tz, wallOf(begin));
    const close = lastInstantAt(tz, wallOf(end));
    const breaks = [...dayBreaks, ...item.breaks.filter((b) => !b.date || b.date === businessDate)].flatMap(breakSpans)
      .flatMap(([bs, be]) => {
        const starts = instantsOfWall(tz, wallOf(bs));
        return (starts.length ? starts : [firstInstantFrom(tz, wallOf(bs))]).map((t) => [t, t + (be - bs) * MS_PER_MINUTE] as const);
      });
    const candidates: { start: number; instant: number; second: boolean }[] = [];
    for (let start = begin; start < end && start < BUSINESS_DAY_END_MINUTES; start += step) {
      instantsOfWall(tz, wallOf(start)).forEach((instant, i) => candidates.push({ start, instant, second: i > 0 }));
    }
    candidates.sort((a, b) => a.instant - b.instant);
    let last = -Infinity;
    for (const { start, instant, second } of candidates) {
      const endInstant = instant + item.duration * MS_PER_MINUTE;
      if (instant < open || endInstant > close || instant < last + step * MS_PER_MINUTE) continue;
      if (breaks.some(([bs, be]) => instant < be && bs < endInstant)) continue;
      last = instant;
      const offset = offsetAt(tz, instant);
      const timeEnd = formatLocal(tz, endInstant);
      sessions.push({
        time_start: second ? `${wallText(wallOf(start))}${offsetText(offset)}` : wallText(wallOf(start)),
        time_end: timeEnd,
        begin: minutesToTime(start),
        end: timeEnd.slice(11, 16),
        start_minutes: start,
        duration: item.duration,
        item_index: index,
        pricing: pricingFor(item.pricing, start),
        instant,
        utc_offset: offsetText(offset),
      });
    }
  }
  const seen = new Set<number>();
  return sessions
    .sort((a, b) => a.instant - b.instant || a.item_index - b.item_index)
    .filter((s) => (seen.has(s.instant) ? false : (seen.add(s.instant), true)));
}

/**
 * A check of a schedule's grid without a date: each item's session times (for the editor). The
 * daily breaks (the schedule's and the item's) apply; dated ones belong to their day only.
 */
export function itemGrid(item: ScheduleItem, scheduleBreaks: readonly ScheduleBreak[] = []): { time_start: string; time_end: string; pricing: PricingRow | null }[] {
  const breaks = [...scheduleBreaks, ...item.breaks].filter((b) => !b.date).flatMap(breakSpans);
  return itemStarts(item)
    .filter((s) => !breaks.some(([bs, be]) => s < be && bs < s + item.duration))
    .map((s) => ({ time_start: minutesToTime(s), time_end: minutesToTime(s + item.duration), pricing: pricingFor(item.pricing, s) }));
}
