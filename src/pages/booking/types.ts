// Shapes of the calls only the booking screens make (server/modules/orders); the slot and its
// orders, which the calendar draws too, are in src/calendar/types.ts.
import type { Currency } from '../../../domain/money';
import type { SlotOrder } from '../../calendar/types';

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

/** GET /api/v2.2/orders/{id}/certificate_balance/ (#38): what a certificate has left to pay the order with. */
export interface CertificateBalance {
  unique_number: string;
  remaining: string;
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
  /** #29 receipts: the payment's receipt and a prepayment's settlement receipt (null: none due). */
  receipt_status?: string | null;
  settlement_status?: string | null;
  /** #38 A test-mode payment on a live install (counted nowhere), and what a provider reported that differed from the link. */
  test?: boolean;
  provider_mismatch?: { amount: string | null; currency: string | null };
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
  // #29 refunds through the payment provider.
  refunds?: OrderRefund[];
  refund_pending?: string;
  online_refundable?: string;
  online_paid?: string;
  // #38 refunds by tender.
  refund_tenders?: RefundTender[];
  refund_split?: RefundTender[];
  /** #40 What the customer agreed to when booking in the widget; null: none recorded (the desk's orders, widget orders before #40). */
  personal_data_consent?: PersonalDataConsent | null;
  /** #44 Arrival: how many participants are checked in, the no-show flag, the guests' page. */
  checked_in?: number;
  no_show?: boolean;
  arrival_url?: string;
  /** #47 When the guest's personal data were erased; null: never. */
  personal_data_erased_at?: string | null;
}

/** #40 An order's personal-data consent record (GET /api/v2.2/orders/{id}/). */
export interface PersonalDataConsent {
  version: number;
  /** SHA-256 (hex) of the exact text. */
  text_hash: string;
  accepted_at: string;
  ip: string;
  user_agent: string;
  /** The text of that version, word for word. */
  text: string;
}

/** #38 One tender's money on an order, or its part of a refund (GET /api/v2.2/orders/{id}/). */
export interface RefundTender {
  tender: 'cash' | 'card' | 'certificate' | 'provider' | 'online';
  payment_type: number;
  payment_id: number;
  provider: string | null;
  certificate_id: number | null;
  certificate_number: string | null;
  certificate_expired: boolean;
  amount: string;
}

/** #29 A refund through the payment provider (GET /api/v2.2/orders/{id}/). */
export interface OrderRefund {
  id: number;
  payment_id: number;
  provider: string;
  amount: string;
  status: 'pending' | 'succeeded' | 'failed';
  external_id: string | null;
  external: boolean;
  /** Asked by the customer's own cancel in the widget. */
  by_customer: boolean;
  /** #38 made by the product (a late payment given back in full). */
  automatic?: boolean;
  error: string | null;
  receipt_status: string | null;
  created: string;
  user: { name: string } | null;
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
  /** #44 How many of the orders found are no-shows. */
  no_shows?: number;
  results: SearchResult[];
}

export interface UserSummary {
  id: number;
  uid: string;
  name: string;
  email: string;
}

/** #45 One of an order's messages to its customer (GET /api/v2.2/orders/{id}/messages/). */
export interface OrderMessage {
  id: number; kind: string; channel: string; language: string; state: string; due_at: string; attempts: number; recipient: string;
  subject: string | null; body: string | null; gateway_id: string | null; error: string | null; sent_at: string | null; delivered_at: string | null; created: string;
}
