// The widget's calls: the public API only (no token), in the widget's language.
import type { WidgetLang } from './texts';
import type { Currency } from '../../domain/money';

/** A refused call: DRF field messages ({field: [text]}) or a detail. */
export class CallError extends Error {
  constructor(readonly status: number, readonly fields: Record<string, string[]>) {
    super(Object.values(fields)[0]?.[0] ?? String(status));
  }
}

/** `staffToken`: #44 the desk's tablet mode only, whose signatures name the staff user (the guests' page's sign call). */
export function client(lang: WidgetLang, staffToken: string | null = null) {
  const auth: Record<string, string> = staffToken ? { authorization: `Token ${staffToken}` } : {};
  return async function call<T>(path: string, body?: unknown): Promise<T> {
    const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
    const res = await fetch(url, body === undefined ? { headers: auth } : {
      method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) {
      const fields: Record<string, string[]> = {};
      for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
        fields[key === 'detail' ? 'non_field_errors' : key] = Array.isArray(value) ? value.map(String) : [String(value)];
      }
      throw new CallError(res.status, fields);
    }
    return json as T;
  };
}
export type Call = ReturnType<typeof client>;

export interface PublicLocation {
  id: number;
  name: string;
  address: string;
  currency: Currency | null;
  today: string;
  last_date: string;
  payment_minutes: number;
  cancel_hours: number;
  /** #40 The venue's phone, its privacy policy and the consent text the customer ticks (absent from an older server). */
  phone?: string | null;
  privacy_policy_url?: string | null;
  personal_data_consent?: { version: number; text: string } | null;
}

export interface PublicSession {
  time_start: string;
  begin: string;
  end: string;
  available_persons: number;
  personal_price: string | null;
  session_price: string | null;
  prepayment: string;
}

export interface PublicSlots {
  date: string;
  currency: Currency | null;
  playgrounds: { id: number; name: string; max_players: number; sessions: PublicSession[] }[];
}

export interface Price {
  cost: string;
  discount: string;
  purchase: string;
  prepayment: string;
  due_now: string;
  pay_at_venue: string;
  currency: Currency | null;
  game_required: boolean;
}

export interface PublicOrder {
  id: number;
  state: 'awaiting_payment' | 'payment_declined' | 'booked' | 'paid' | 'cancelled';
  name: string;
  persons: number;
  location: { id: number; name: string; address: string; phone: string | null };
  playground: string | null;
  time_start: string | null;
  date: string | null;
  begin: string | null;
  end: string | null;
  game: { id: number; name: string } | null;
  currency: Currency | null;
  cost: string;
  discount: string;
  purchase: string;
  paid: string;
  /** Nothing on a cancelled or fully paid order. */
  to_pay: string;
  /** What the venue owes back: a cancelled order's money, or what was paid beyond the price. */
  to_refund: string;
  payment_url: string | null;
  /** What the pay (or pay again) button charges: the link's amount (the prepayment), not the price. */
  pay_amount: string | null;
  /** While a payment is awaited or was declined: when the places are released (location time). */
  hold_until: string | null;
  /** A cancelled booking: by the customer, by the venue, or because the payment did not arrive in time. */
  cancelled_by: 'customer' | 'staff' | 'expired' | null;
  cancel_until: string | null;
  can_cancel: boolean;
  /** While it may be cancelled: seconds until it no longer may (counted on this page's clock). */
  cancel_closes_in: number | null;
  /** #46 The customer's own page (absent from an older server). */
  can_pay?: boolean;
  refund_preview?: RefundPreview | null;
  late_cancel_keep_percent?: number;
  move_until?: string | null;
  can_move?: boolean;
  move_closes_in?: number | null;
  calendar_url?: string | null;
  map_url?: string | null;
  arrival_url?: string | null;
  language?: WidgetLang | null;
}

/** #46 What a cancel gives back, by tender: `automatic` parts go back by themselves, the others at the venue. */
export interface RefundPreview {
  amount: string;
  keeps: string;
  parts: { tender: 'cash' | 'card' | 'certificate' | 'provider' | 'online'; amount: string; certificate_number: string | null; automatic: boolean }[];
}

/** #46 A session the booking may move to, with the price difference (negative: given back). */
export interface MoveOption {
  session_dt: string;
  playground_id: number;
  playground_name: string;
  begin: string;
  end: string;
  difference: string;
}

export interface Booked {
  key: string;
  payment_url: string | null;
  /** What the payment link asks for (the prepayment); '0.00' when nothing is due now. */
  due_now: string;
  order: PublicOrder;
}
