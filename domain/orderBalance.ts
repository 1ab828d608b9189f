// What an order owes and what it owes back, from its status, price and what it holds (issue #25).
// One rule for the order API, the customer's page, the desk and the refund: a cancelled order owes
// nothing and everything it holds is to refund; a live order owes its price less what is paid, and
// what is paid beyond its price (a payment link settled after the order was paid another way) is
// to refund. Derived, never stored: a refund (a negative payment) lowers `paid` and so clears it.
import { fromCents, toCents } from './pricing';
import { isLiveOrder } from './slotFlags';

export interface BalanceOrder {
  status: number;
  purchase: string;
  paid: string;
}

export interface OrderBalance {
  /** What is left to pay ('0.00' when nothing). */
  toPay: string;
  /** What the order holds beyond what it owes, to give back ('0.00' when nothing). */
  toRefund: string;
}

export function orderBalance(o: BalanceOrder): OrderBalance {
  const paid = toCents(o.paid);
  if (!isLiveOrder(o)) return { toPay: '0.00', toRefund: fromCents(Math.max(0, paid)) };
  const purchase = toCents(o.purchase);
  return { toPay: fromCents(Math.max(0, purchase - paid)), toRefund: fromCents(Math.max(0, paid - purchase)) };
}

/** An order's open payment links (pending bills): how many and for how much, as the pay dialog warns (#25). */
export function openLinks(payments: readonly { payment_type: number; status: string; purchase: string }[]): { count: number; amount: string } {
  const open = payments.filter((p) => p.payment_type === 4 && p.status === 'processing');
  return { count: open.length, amount: fromCents(open.reduce((s, p) => s + toCents(p.purchase), 0)) };
}

/** A payment row read by people: a paid negative row is a refund (its own word, not "paid"). */
export type PaymentStatusCode = 'paid' | 'processing' | 'failed' | 'cancelled' | 'refunded';

export function paymentStatusCode(p: { status: string; purchase: string }): PaymentStatusCode {
  return p.status === 'paid' && toCents(p.purchase) < 0 ? 'refunded' : (p.status as PaymentStatusCode);
}

/**
 * #38 Two tenders: what a certificate pays of a debt once its balance is known. All it has, up to
 * the debt: a smaller balance pays part and leaves the rest to cash or card, a larger one pays all.
 */
export function certificatePart(owed: string, balance: string): string {
  return fromCents(Math.max(0, Math.min(toCents(balance), toCents(owed))));
}

/** #38 What is left of a debt for the second tender after the certificate's `part` (never below zero). */
export function restAfter(owed: string, part: string): string {
  return fromCents(Math.max(0, toCents(owed) - toCents(part)));
}

/** Why a payment of `amount` on an order is refused, or null when it may be taken (#41: one step). */
export type PaymentRefusal =
  | { field: 'certificate'; code: 'certificate_required' }
  | { field: 'non_field_errors'; code: 'order_not_payable' }
  | { field: 'purchase'; code: 'order_fully_paid' }
  | { field: 'purchase'; code: 'overpayment'; max: string };

/**
 * The pay call's checks in the order they speak: a certificate payment names its certificate; a
 * cancelled or closed order takes nothing; a paid one nothing more; and no payment goes beyond
 * what is left to pay (`max`, for the message). Read under the order's lock, so two cashiers
 * paying at once are checked one after the other.
 */
export function paymentRefusal(o: BalanceOrder, payment: { amount: string; byCertificate: boolean; certificate: string | null }): PaymentRefusal | null {
  if (payment.byCertificate && !payment.certificate) return { field: 'certificate', code: 'certificate_required' };
  if (!isLiveOrder(o)) return { field: 'non_field_errors', code: 'order_not_payable' };
  const owed = toCents(o.purchase) - toCents(o.paid);
  if (owed <= 0) return { field: 'purchase', code: 'order_fully_paid' };
  if (toCents(payment.amount) > owed) return { field: 'purchase', code: 'overpayment', max: fromCents(owed) };
  return null;
}
