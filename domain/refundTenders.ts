// Refunds go back the way their money came (#38): what an order holds is read per tender (cash,
// card, each certificate, each provider payment, online money recorded without a provider), and a
// refund is split over those tenders in the reverse order of payment, never more from a tender than
// it paid in. Pure: the server plans its refunds with it and the desk shows the same split.
import { fromCents, toCents } from './pricing';

/** Paying out in cash what came by another tender is a manager's decision (role value 20 or more), with a reason. */
export const CASH_INSTEAD_MIN_ROLE = 20;

/** The tender classes a refund can go back by, with the payment type its refund row is recorded with. */
export type TenderKind = 'cash' | 'card' | 'certificate' | 'provider' | 'online';

export const TENDER_PAYMENT_TYPE: Record<TenderKind, number> = { cash: 2, card: 6, certificate: 3, provider: 1, online: 1 };

/** Payment types 1 (online), 4 (bill) and 5 (third party) are money that came from outside the desk. */
const OUTSIDE_TYPES = new Set([1, 4, 5]);

/** One payment row of an order as the split reads it. */
export interface TenderPayment {
  id: number;
  /** When its money came in (ms): a link's payment is paid when it settles, long after its row was made. */
  paid_at: number;
  payment_type: number;
  status: string;
  purchase: string;
  certificate_id: number | null;
  /** A real provider (yookassa, stripe) with the provider's payment id: refunded through the provider. */
  provider: string | null;
  provider_refundable: boolean;
  /** Set on a refund row written for a provider refund record: counted through `provider_taken`, not again. */
  provider_refund_row: boolean;
}

/** One tender's money on the order, latest paid first (by when the money came in). */
export interface TenderHolding {
  key: string;
  kind: TenderKind;
  payment_type: number;
  /** The payment it came by: the provider's payment (kind provider), else the latest payment of the tender. */
  payment_id: number;
  certificate_id: number | null;
  provider: string | null;
  /** What it still holds, in kopecks. */
  cents: number;
}

function tenderOf(p: TenderPayment): { key: string; kind: TenderKind } {
  if (p.payment_type === 3 && p.certificate_id !== null) return { key: `certificate:${p.certificate_id}`, kind: 'certificate' };
  if (p.payment_type === 6) return { key: 'card', kind: 'card' };
  if (OUTSIDE_TYPES.has(p.payment_type)) {
    return p.provider_refundable ? { key: `provider:${p.id}`, kind: 'provider' } : { key: 'online', kind: 'online' };
  }
  return { key: 'cash', kind: 'cash' };
}

/** The key a refund row (a negative paid payment) takes money from. */
function refundKeyOf(p: TenderPayment): string {
  if (p.payment_type === 3 && p.certificate_id !== null) return `certificate:${p.certificate_id}`;
  if (p.payment_type === 6) return 'card';
  if (OUTSIDE_TYPES.has(p.payment_type)) return 'online';
  return 'cash';
}

/**
 * What each tender still holds. `providerTaken`: kopecks of each provider payment already given
 * back or on its way (pending and succeeded refund records). `heldCents`: what the order holds now
 * (its paid less pending refunds); the holdings never add up to more (older refunds recorded in one
 * tender for another's money are taken from the latest payments).
 */
export function tenderHoldings(rows: readonly TenderPayment[], providerTaken: ReadonlyMap<number, number>, heldCents: number): TenderHolding[] {
  const units = rows
    .filter((p) => p.status === 'paid' && toCents(p.purchase) > 0)
    .map((p) => ({ ...tenderOf(p), p, cents: toCents(p.purchase) - (providerTaken.get(p.id) ?? 0) }));
  const latestFirst = [...units].sort((a, b) => b.p.paid_at - a.p.paid_at || b.p.id - a.p.id);
  const take = (cents: number, from: typeof units) => {
    let rest = cents;
    for (const u of from) {
      const part = Math.min(rest, Math.max(0, u.cents));
      u.cents -= part;
      rest -= part;
    }
    return rest;
  };
  // Refund rows not counted through a provider record: from their own tender first, the rest from the latest.
  for (const r of rows) {
    if (r.status !== 'paid' || toCents(r.purchase) >= 0 || r.provider_refund_row) continue;
    const key = refundKeyOf(r);
    const rest = take(-toCents(r.purchase), latestFirst.filter((u) => u.key === key || (key === 'online' && u.kind === 'provider')));
    if (rest > 0) take(rest, latestFirst);
  }
  const total = latestFirst.reduce((s, u) => s + Math.max(0, u.cents), 0);
  if (total > heldCents) take(total - Math.max(0, heldCents), latestFirst);
  const byKey = new Map<string, TenderHolding>();
  for (const u of latestFirst) {
    if (u.cents <= 0) continue;
    const had = byKey.get(u.key);
    if (had) had.cents += u.cents;
    else {
      byKey.set(u.key, {
        key: u.key, kind: u.kind, payment_type: TENDER_PAYMENT_TYPE[u.kind], payment_id: u.p.id,
        certificate_id: u.p.payment_type === 3 ? u.p.certificate_id : null, provider: u.kind === 'provider' ? u.p.provider : null, cents: u.cents,
      });
    }
  }
  return [...byKey.values()];
}

/** The refund payment types of the API (2 cash, 1 online, 6 card, 3 certificate) and the tender kinds each takes from. */
export function kindsOfPaymentType(paymentType: number): TenderKind[] {
  if (paymentType === 2) return ['cash'];
  if (paymentType === 6) return ['card'];
  if (paymentType === 3) return ['certificate'];
  return ['provider', 'online'];
}

/** `cents` split over the holdings in their order (latest paid first), never more from one than it holds. */
export function splitRefund(holdings: readonly TenderHolding[], cents: number): TenderHolding[] {
  const parts: TenderHolding[] = [];
  let rest = cents;
  for (const h of holdings) {
    if (rest <= 0) break;
    const part = Math.min(rest, h.cents);
    if (part <= 0) continue;
    parts.push({ ...h, cents: part });
    rest -= part;
  }
  return parts;
}

export const heldOf = (holdings: readonly TenderHolding[]) => holdings.reduce((s, h) => s + h.cents, 0);

/** A holding as the API shows it (amount a decimal string). */
export const holdingJson = (h: TenderHolding, extra: { certificate_number?: string | null; certificate_expired?: boolean } = {}) => ({
  tender: h.kind, payment_type: h.payment_type, payment_id: h.payment_id, provider: h.provider, certificate_id: h.certificate_id,
  certificate_number: extra.certificate_number ?? null, certificate_expired: extra.certificate_expired ?? false, amount: fromCents(h.cents),
});
