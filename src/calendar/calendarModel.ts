// What the booking calendar shows, as pure functions of the slots: which day or night calendar a
// slot belongs to, which slots are hidden, a card's orders, the places taken per start time, and
// the location's wall clock. FullCalendar runs in UTC and is fed wall-clock strings as if they
// were UTC, so neither the browser's nor the location's time zone can shift a session.
import { addDays, businessDateOf, businessMinutes, wallClockAt } from '../../domain/businessDay';
import { slotColour, type SlotColour } from '../../domain/paymentLine';
import { isLiveOrder, personsTaken } from '../../domain/slotFlags';
import { startsAfterNow } from '../../domain/slot';
import type { Slot, SlotOrder } from './types';

export { wallClockAt } from '../../domain/businessDay';

/** The business day (06:00 to 05:59) a location is in at a moment. */
export const businessTodayAt = (timezone: string | undefined, now: Date = new Date()) => businessDateOf(wallClockAt(timezone, now));

/**
 * 'YYYY-MM-DD HH:mm' -> 'YYYY-MM-DDTHH:mm:00', which FullCalendar (timeZone UTC) reads as that wall
 * clock. The offset of a repeated hour's second occurrence is dropped: both occurrences stand side by
 * side at their wall-clock time, each card saying its offset.
 */
export const toCalendarIso = (wallClock: string) => `${wallClock.slice(0, 16).replace(' ', 'T')}:00`;

/** A slot's times as cards and forms show them; on a night the clocks change, with its UTC offset. */
export const slotTimes = (slot: Pick<Slot, 'begin' | 'end' | 'utc_offset'>, translate: (key: string, options?: object) => string) =>
  (slot.utc_offset ? translate('app.calendar.withOffset', { time: `${slot.begin}–${slot.end}`, offset: slot.utc_offset }) : `${slot.begin}–${slot.end}`);

/**
 * Slots of business day `date` split between the day calendar (06:00-23:59 of `date`) and the
 * night calendar (00:00-05:59 of the next calendar date, shown as the night of `date`).
 */
export function splitDayNight<T extends Pick<Slot, 'time_start'>>(slots: readonly T[], date: string): { day: T[]; night: T[] } {
  const day: T[] = [];
  const night: T[] = [];
  for (const s of slots) (s.time_start.slice(0, 10) === date ? day : night).push(s);
  return { day, night };
}

/** The calendar date the night calendar of business day `date` shows. */
export const nightDateOf = (date: string) => addDays(date, 1);

/** With the archive switch off, archived slots without orders are hidden; slots with orders always show. */
export function visibleSlots<T extends Pick<Slot, 'archived' | 'orders'>>(slots: readonly T[], showArchived: boolean): T[] {
  return showArchived ? [...slots] : slots.filter((s) => !s.archived || s.orders.length > 0);
}

export const liveOrders = (slot: Pick<Slot, 'orders'>): SlotOrder[] => slot.orders.filter(isLiveOrder);

/** A slot can take a booking: places left, not archived and not begun (the server refuses begun ones). */
export const canAddBooking = (slot: Pick<Slot, 'available_persons' | 'archived' | 'time_start' | 'utc_offset'>, now: string) =>
  slot.available_persons > 0 && !slot.archived && startsAfterNow(slot, now);

/** Orders of a session can be edited or cancelled until it begins (the server's rule). */
export const canChangeOrders = (slot: Pick<Slot, 'archived' | 'time_start' | 'utc_offset'>, now: string) => !slot.archived && startsAfterNow(slot, now);

/** The colour of a slot card (domain slotColour from the slot's flags). */
export const colourOf = (slot: Slot): SlotColour => slotColour(slot, liveOrders(slot).length > 0);

/**
 * #44 The card's "checked in x of y": participants checked in against the persons of the slot's live
 * orders; null where the location does not check guests in (its orders carry no count) or nobody is booked.
 */
export function slotArrivals(slot: Pick<Slot, 'orders'>): { checkedIn: number; persons: number } | null {
  const live = liveOrders(slot);
  if (!live.length || !live.some((o) => typeof o.checked_in === 'number')) return null;
  return { checkedIn: live.reduce((n, o) => n + Math.min(o.checked_in ?? 0, o.persons), 0), persons: live.reduce((n, o) => n + o.persons, 0) };
}

/** The live orders a card lists (at most `max`) and how many more there are. */
export function cardOrders(slot: Pick<Slot, 'orders'>, max = 3): { shown: SlotOrder[]; more: number } {
  const live = liveOrders(slot);
  return { shown: live.slice(0, max), more: Math.max(0, live.length - max) };
}

export interface Occupancy {
  /** 'HH:mm' */
  time: string;
  taken: number;
  total: number;
}

/**
 * Places taken and offered per session start time of the day, in business-day order (night
 * times last). `maxPlayers` gives each playground's capacity.
 */
export function occupancyByTime(slots: readonly Slot[], maxPlayers: ReadonlyMap<number, number>): Occupancy[] {
  const byTime = new Map<string, Occupancy>();
  for (const s of slots) {
    const taken = personsTaken(s.orders);
    const total = maxPlayers.get(s.playground) ?? taken + s.available_persons;
    const row = byTime.get(s.begin) ?? { time: s.begin, taken: 0, total: 0 };
    row.taken += taken;
    row.total += total;
    byTime.set(s.begin, row);
  }
  return [...byTime.values()].sort((a, b) => businessMinutes(a.time) - businessMinutes(b.time));
}

/** 'HH:mm' a quarter of an hour before a time, not before `min` (so the current session is in view). */
export function scrollTimeBefore(time: string, min = '06:00'): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = Math.max(h * 60 + m - 15, Number(min.slice(0, 2)) * 60 + Number(min.slice(3, 5)));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/**
 * Where the day calendar opens: at the current time on today's business day (or its end when
 * it is night already), else at the first session of the day.
 */
export function dayScrollTime(date: string, now: string, daySlots: readonly Pick<Slot, 'begin'>[]): string {
  if (businessDateOf(now) === date) {
    if (now.slice(0, 10) !== date) return '23:00:00';
    return scrollTimeBefore(now.slice(11, 16));
  }
  const first = daySlots.map((s) => s.begin).sort()[0];
  return first ? scrollTimeBefore(first) : '10:00:00';
}
