// Shapes of the calls the booking screens make (server/modules/{slots,orders}).
import type { Currency } from '../../../domain/money';
import type { SlotBase } from '../../../domain/slot';

export type { SlotPricing } from '../../../domain/slot';

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
  created?: string;
}

/** A session of a playground on a business day, with its orders (the call's orders=1). */
export interface Slot extends SlotBase {
  orders: SlotOrder[];
}

export interface Game {
  id: number;
  name: string;
}

export interface CouponResult {
  valid: boolean;
  type: 'fraction' | 'flat' | null;
  discount: string | null;
  reason?: string;
}

export interface OrderPayment {
  id: number;
  order: number | null;
  payment_type: number;
  created: string;
  status: string;
  external_id: string | null;
  purchase: string;
  comment: string;
  user: { id: number; name: string; email?: string } | null;
}

/** GET /api/v2.2/orders/{id}/ */
export interface OrderDetail extends SlotOrder {
  order_id: number;
  location_id: number;
  game: Game | null;
  session_date: string | null;
  session_time: string | null;
  playsessions: { playground_id: number; playground_name: string; session_dt: string; duration: number }[];
  currency: Currency | null;
  payments: OrderPayment[];
}

/** GET /api/v2.1/booking/{id}/comments/ */
export interface OrderLogEntry {
  id: number;
  created: string;
  type: string;
  text: string;
  data: Record<string, unknown> | null;
  author: { name: string } | null;
}

export interface SearchResult {
  order_id: number;
  session_date: string | null;
  session_time: string | null;
  cost: string;
  location_id: number;
  name?: string;
  phone?: string;
  status?: number;
}

export interface SearchPage {
  count: number;
  results: SearchResult[];
}

export interface UserSummary {
  id: number;
  uid: string;
  name: string;
  email: string;
}
