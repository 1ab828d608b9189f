// A schedule as managers edit it and the engine reads it (the API speaks the same shape).

/** Day types: 1 Monday ... 7 Sunday, 8 holiday, 9 pre-holiday. */
export const DAY_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const HOLIDAY = 8;
export const PRE_HOLIDAY = 9;

export interface ScheduleBreak {
  /** 'HH:mm' wall clock. */
  start: string;
  /** Minutes, at least 1. */
  duration: number;
  /** 'YYYY-MM-DD' for a one-off break on that business day; null for every day. */
  date?: string | null;
}

export interface PricingRow {
  id?: number;
  currency_id: number | null;
  /** Decimal strings; exactly one kind is set per row: per-session or per-person. */
  session_price: string | null;
  personal_price: string | null;
  /** Fraction 0-1 of the price due in advance (shown as 0-100 %). */
  prepayment: string;
  /** 'HH:mm': the row applies to sessions starting at or after this time (until the next row). */
  start: string;
}

export interface ScheduleItem {
  id?: number;
  begin: string;
  end: string;
  /** Session length in minutes. */
  duration: number;
  /** Minutes a session may overlap the next one: sessions start every `duration - overlap`. */
  overlap: number;
  day_types: number[];
  breaks: ScheduleBreak[];
  pricing: PricingRow[];
}

export interface Schedule {
  id: number;
  name: string;
  /** 'YYYY-MM-DD': the schedule is in force from this business day on. */
  start_dt: string;
  disabled: boolean;
  playground_group: number | null;
  breaks: ScheduleBreak[];
  items: ScheduleItem[];
}

export type HolidayKind = 'holiday' | 'pre_holiday';

/** A session the schedule produces for one business day. */
export interface GeneratedSession {
  /**
   * 'YYYY-MM-DD HH:mm' wall clock (the calendar date may be the next day for night sessions); the
   * second occurrence of a repeated local time carries its offset: '2027-11-07 01:00-05:00'.
   */
  time_start: string;
  time_end: string;
  /** 'HH:mm'. */
  begin: string;
  end: string;
  /** Position within the business day in minutes (06:00 = 360; 01:00 = 1500). */
  start_minutes: number;
  duration: number;
  item_index: number;
  pricing: PricingRow | null;
  /** The start as a real instant (ms since the epoch); wall clock read as UTC when no zone is given. */
  instant: number;
  /** The location's UTC offset at the start ('-04:00'); '+00:00' when no zone is given. */
  utc_offset: string;
}
