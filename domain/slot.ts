// A slot as the slot calls answer it (GET /playgrounds/{id}/schedule/, schedule_multi): one shape
// for the server that builds it and the screens that read it. Times are the location's wall clock.
import type { Currency } from './money';
import type { SlotFlags } from './slotFlags';

export interface SlotPricing {
  session_price: string | null;
  personal_price: string | null;
  /** Fraction 0-1 due in advance. */
  prepayment: string | null;
  discount: string;
  currency: (Currency & { unicode?: string }) | null;
}

export interface SlotBase extends SlotFlags {
  /** 'YYYY-MM-DD HH:mm' ('YYYY-MM-DD HH:mm+hh:mm' for the second occurrence of a repeated local time) */
  time_start: string;
  time_end: string;
  /** 'HH:mm' */
  begin: string;
  end: string;
  /**
   * The location's UTC offset at the start ('-04:00'), only on the slots of a business day whose
   * sessions are not all at one offset (the nights clocks change), so staff can tell the two
   * occurrences of a repeated hour apart. time_start and time_end of the second occurrence carry it too.
   */
  utc_offset?: string;
  duration: number;
  available_persons: number;
  playground: number;
  playground_name: string;
  /** The stored playsession once booked, else null. */
  session_id: number | null;
  game: { id: number; name: string } | null;
  pricing: SlotPricing | null;
  /** True for a booked session the schedule in force no longer generates. */
  outside_schedule: boolean;
}

/** A slot's start as a real instant when it says its UTC offset (a day the clocks change), else null. */
export function slotInstant(slot: Pick<SlotBase, 'time_start' | 'utc_offset'>): number | null {
  if (!slot.utc_offset) return null;
  return Date.parse(`${slot.time_start.slice(0, 10)}T${slot.time_start.slice(11, 16)}:00${slot.utc_offset}`);
}

/**
 * Whether a slot has not begun: against the location's wall clock `now` ('YYYY-MM-DD HH:mm'), and on
 * a day the clocks change (the slot says its offset) against the real current minute, as the server does.
 */
export function startsAfterNow(slot: Pick<SlotBase, 'time_start' | 'utc_offset'>, now: string, nowMs: number = Date.now()): boolean {
  const instant = slotInstant(slot);
  return instant === null ? slot.time_start > now : instant > Math.floor(nowMs / 60_000) * 60_000;
}
