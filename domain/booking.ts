/**
 * Where an order came from (`orders.source`), a closed set (#25). A staff call (the booking and
 * multi-booking forms, the spec's "fixed business-site identifier") may name only the back-office;
 * `widget` is written by the server for the booking widget's own orders, never taken from a request
 * (staff marking an order as the widget's would give it the widget's letters and customer page).
 */
export const ORDER_SOURCE = { backoffice: 'backoffice', widget: 'widget' } as const;
export const STAFF_ORDER_SOURCES = [ORDER_SOURCE.backoffice] as const;

// The single-booking payload of the specs (POST /api/v2.1/booking/ and PUT /booking/{id}/), as the
// booking form sends it and the server reads it after validation.
export interface BookingPayload {
  playground_id: number;
  persons: number;
  /** 1 paid, 2 technical, 3 free, 4 event. */
  order_type: number;
  promocode: string | null;
  name: string;
  phone: string;
  email: string | null;
  /** Ask the payment provider for a payment link (paid orders only). */
  bill: boolean;
  /** Minutes an unpaid order with a link is kept before it is cancelled. */
  cancel_delay: number | null;
  comment: string;
  /** 'YYYY-MM-DD HH:mm', the location's wall clock. */
  session_dt: string;
  game_id: number | null;
  /** A user's uid; empty becomes null. */
  seller: string | null;
  source: string | null;
  /** #45 The customer's language ('ru' or 'en'): their messages are in it (none stored: the location's first language; the desk form sends that by default). */
  language?: 'ru' | 'en' | null;
}

/** #30 "Book and pay": the payment types a booking can be paid with in the same call (cash, card). */
export const BOOK_PAY_TYPES = [2, 6] as const;
export type BookPayType = (typeof BOOK_PAY_TYPES)[number];

/** POST /api/v2.1/booking/ only: `payment` books and takes the whole price in one transaction. */
export interface NewBookingPayload extends BookingPayload {
  payment?: { payment_type: BookPayType } | null;
  /** #43 The desk's till: the payment lands in its open shift (else the location's only open one). */
  till?: number | null;
}
