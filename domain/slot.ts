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
  /** 'YYYY-MM-DD HH:mm' */
  time_start: string;
  time_end: string;
  /** 'HH:mm' */
  begin: string;
  end: string;
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
