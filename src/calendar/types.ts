// A slot as the slot calls answer it with its orders (GET /playgrounds/{id}/schedule/?orders=1):
// here, the lowest layer that reads it, so the calendar and the booking pages above it share it
// without an import that climbs back up to src/pages/.
import type { SlotBase } from '../../domain/slot';

/** An order as a slot lists it (GET /playgrounds/{id}/schedule/?orders=1). */
export interface SlotOrder {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  persons: number;
  order_type: number;
  status: number;
  cost: string;
  discount: string;
  purchase: string;
  paid: string;
  need_paid: string;
  /** What the order owes back (domain/orderBalance): a cancelled order's money, an overpayment; 0 otherwise. */
  to_refund?: string;
  promocode: string | null;
  bill: string | null;
  cancel_delay: number | null;
  comment: string;
  seller_user_id: number | null;
  staff_user_id: number | null;
  game_id: number | null;
  multisession: boolean;
  source?: string;
  /** #45 The customer's language for their messages, when one is stored. */
  language?: string | null;
  created?: string;
  /** #44 Participants checked in; null or absent where the location does not check guests in. */
  checked_in?: number | null;
}

/** A session of a playground on a business day, with its orders (the call's orders=1). */
export interface Slot extends SlotBase {
  orders: SlotOrder[];
}
