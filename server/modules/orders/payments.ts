// Payments on orders (POST /booking/{id}/pay/) and standalone payments of a location.
// Paying locks the order row (and for certificates the certificate row), so two cashiers paying
// at once are counted one after the other, never beyond the price, and a certificate is never
// spent twice. A bill is a pending payment with a link, paid when the provider settles it.
import type { PaymentConfig } from '../paymentProviders/provider';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { certificateRedemptions, certificates, currencies, locations, orders, payments, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import type { IdempotentCall } from '../../platform/idempotency';
import { lockCertificate, idempotentTransaction, lockOrder } from '../../platform/locks';
import { countOutcome, paymentsTotal } from '../../platform/metrics';
import { fromCents, toCents } from '../../../domain/pricing';
import { paymentRefusal, paymentStatusCode } from '../../../domain/orderBalance';
import { requireRoleAt } from '../locations/service';
import { locationNow } from '../slots/service';
import { applyPayment, createPaymentLink } from './billing';
import { moneyParam, type Lang } from '../../platform/messages';
import { currencyJson } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { deskShift } from '../till/landing';

/** Payment type 4: a bill, paid through a payment link. */
const BILL = 4;

export interface PayInput {
  payment_type: 2 | 3 | 4 | 6;
  purchase: string;
  external_id: string | null;
  certificate: string | null;
  /** #43 The desk's till (cash and card land in its open shift); null: the location's only open shift. */
  till: number | null;
}

/** A certificate's remaining balance: its rate less every redemption (a ledger, never overwritten). */
export async function certificateRemaining(tx: Tx | Db, certificateId: number, rate: string): Promise<number> {
  const [row] = await tx.select({ spent: sql<string>`coalesce(sum(${certificateRedemptions.amount}), 0)::text` })
    .from(certificateRedemptions).where(eq(certificateRedemptions.certificateId, certificateId));
  return toCents(rate) - toCents(row?.spent ?? '0');
}

/**
 * Whether a certificate can pay an order in `orderCurrencyId` on `today`, and what is left on it; the
 * pay call's own refusals otherwise (not found, used, expired, inactive, another currency). One rule
 * for spending it and for the pay dialog's look at its balance, so the two never disagree.
 */
async function usableCertificate(tx: Tx | Db, id: number | null, today: string, orderCurrencyId: number | null): Promise<{ id: number; remaining: number; currency: typeof currencies.$inferSelect | null }> {
  if (!id) throw fieldError('certificate', 'certificate_not_found');
  const [cert] = await tx.select({ c: certificates, currency: currencies }).from(certificates)
    .leftJoin(currencies, eq(currencies.id, certificates.currencyId)).where(eq(certificates.id, id));
  const c = cert!.c;
  if (c.status === 'USED') throw fieldError('certificate', 'certificate_used');
  if (c.status === 'EXPIRED' || (c.expiresAt && c.expiresAt < today)) throw fieldError('certificate', 'certificate_expired');
  if (c.status !== 'ACTIVE') throw fieldError('certificate', 'certificate_inactive');
  // A certificate stored without a currency is in its creating location's.
  const [creator] = c.currencyId === null
    ? await tx.select({ currencyId: locations.currencyId }).from(locations).where(eq(locations.id, c.creatingLocationId)) : [];
  const certificateCurrencyId = c.currencyId ?? creator?.currencyId ?? null;
  if (certificateCurrencyId !== orderCurrencyId) {
    const [theirs] = orderCurrencyId === null ? [] : await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, orderCurrencyId));
    const [mine] = certificateCurrencyId === null ? [] : await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, certificateCurrencyId));
    throw fieldError('certificate', 'certificate_currency', { currency: mine?.code ?? '—', order_currency: theirs?.code ?? '—' });
  }
  const remaining = await certificateRemaining(tx, c.id, c.rate);
  if (remaining <= 0) throw fieldError('certificate', 'certificate_used');
  return { id: c.id, remaining, currency: cert!.currency };
}

/**
 * Spends `amount` of a certificate on an order, under the certificate's lock. A certificate pays
 * only in its own currency: any location of the network with that currency takes it (a gift card
 * of the chain), none in another (its face value means nothing there).
 */
async function redeemCertificate(tx: Tx, code: string, amount: string, today: string, orderCurrencyId: number | null): Promise<{ id: number; used: boolean }> {
  const { id, remaining, currency } = await usableCertificate(tx, await lockCertificate(tx, code), today, orderCurrencyId);
  if (toCents(amount) > remaining) {
    throw fieldError('certificate', 'certificate_insufficient', { remaining: moneyParam(fromCents(remaining), currencyJson(currency)) });
  }
  const used = toCents(amount) === remaining;
  if (used) await tx.update(certificates).set({ status: 'USED' }).where(eq(certificates.id, id));
  return { id, used };
}

/**
 * GET /orders/{id}/certificate_balance/?code= (#38): what a certificate has left to pay this order
 * with, for the pay dialog to split the debt before it takes anything. Anyone who may pay the order
 * may ask (the pay call's refusal already names the balance); the same refusals as paying. A read:
 * no lock, so the answer can be stale by the time of the payment, which re-checks under the lock.
 */
export async function certificateBalance(db: Db, userId: number, orderId: number, code: string): Promise<{ unique_number: string; remaining: string }> {
  const [order] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  await requireRoleAt(db, userId, order.locationId);
  const now = await locationNow(db, order.locationId);
  const [location] = await db.select({ currencyId: locations.currencyId }).from(locations).where(eq(locations.id, order.locationId));
  const [found] = await db.select({ id: certificates.id, number: certificates.uniqueNumber }).from(certificates)
    .where(sql`upper(${certificates.uniqueNumber}) = upper(${code.trim()})`);
  const { remaining } = await usableCertificate(db, found?.id ?? null, now.slice(0, 10), location?.currencyId ?? null);
  return { unique_number: found!.number, remaining: fromCents(remaining) };
}

/**
 * POST /booking/{id}/pay/. Under the order's lock: a payment of a cancelled order is refused, and so
 * is one above what is left to pay (need_paid), so ten cashiers pressing "pay" at once record one
 * payment. A retry is answered with the first payment: by its Idempotency-Key, or by the same
 * external id on the same order. Paying stays open after the session is over (customers pay at the
 * desk after playing); editing and cancelling do not.
 */
export function payOrder(db: Db, ctx: { userId: number; publicUrl: string; lang?: Lang; payments: PaymentConfig }, orderId: number, input: PayInput, call?: IdempotentCall) {
  // Counted in /metrics: a payment recorded, or a payment link made (or why not).
  return countOutcome(paymentsTotal, { kind: 'desk' }, () => recordOrderPayment(db, ctx, orderId, input, call),
    (payment) => ('payment_url' in payment ? 'link' : 'recorded'));
}

async function recordOrderPayment(db: Db, ctx: { userId: number; publicUrl: string; lang?: Lang; payments: PaymentConfig }, orderId: number, input: PayInput, call?: IdempotentCall) {
  const { userId } = ctx;
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!existing) throw notFound();
  await requireRoleAt(db, userId, existing.locationId);
  const now = await locationNow(db, existing.locationId);
  return idempotentTransaction(db, call, async (tx) => {
    await lockOrder(tx, orderId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    // A retry with the same external id on the same order is answered with the first payment.
    const [same] = input.external_id ? await tx.select().from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.externalId, input.external_id), eq(payments.purchase, input.purchase))) : [];
    const [currency] = await tx.select({ id: locations.currencyId, c: currencies }).from(locations)
      .leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, existing.locationId));
    if (same) return paymentJson(same, await userJson(tx, same.userId));
    // Every check of the payment in one step (domain/orderBalance.ts), under the order's lock.
    const refused = paymentRefusal(order!, { amount: input.purchase, byCertificate: input.payment_type === 3, certificate: input.certificate });
    if (refused) {
      throw fieldError(refused.field, refused.code, 'max' in refused ? { max: moneyParam(refused.max, currencyJson(currency?.c ?? null)) } : undefined);
    }
    // A bill is a payment link: pending until the customer pays it on the provider's page.
    if (input.payment_type === BILL) {
      const { payment, link, sentTo } = await createPaymentLink(tx, ctx, orderId, order!.locationId, input.purchase);
      return { ...paymentJson(payment, await userJson(tx, userId)), payment_url: link, sent_to: sentTo };
    }
    const certificateId = input.payment_type === 3
      ? (await redeemCertificate(tx, input.certificate!, input.purchase, now.slice(0, 10), currency?.id ?? null)).id : null;
    return recordPaidPayment(tx, { orderId, locationId: order!.locationId, paymentType: input.payment_type, purchase: input.purchase,
      externalId: input.external_id, userId, certificateId, till: input.till });
  });
}

/**
 * Money taken at the desk on an order, inside the caller's transaction (the order locked or just
 * made): the payment row, a certificate's redemption, and the order's paid and status (applyPayment);
 * then its after-effects at once: payment.created, the order's log, the activity entry, the links it
 * closes, the certificate's live event. The pay dialog and "Book and pay" (#30) both. #43 Cash and
 * card land in the open shift of `till` (or the location's only one), which the answer names.
 */
export async function recordPaidPayment(tx: Tx, p: {
  orderId: number; locationId: number; paymentType: number; purchase: string; externalId: string | null; userId: number; certificateId?: number | null;
  till?: number | null;
}) {
  const certificateId = p.certificateId ?? null;
  const shift = await deskShift(tx, p.locationId, p.paymentType, p.till);
  const [payment] = await tx.insert(payments).values({
    orderId: p.orderId, locationId: p.locationId, paymentType: p.paymentType, status: 'paid', externalId: p.externalId,
    purchase: p.purchase, userId: p.userId, certificateId, shiftId: shift?.id ?? null,
  }).returning();
  if (certificateId !== null) await tx.insert(certificateRedemptions).values({ certificateId, paymentId: payment!.id, amount: p.purchase });
  const { effects } = await applyPayment(tx, p.orderId, p.purchase, p.userId, { payment_type: p.paymentType, payment_id: payment!.id });
  await recordEffects(tx, { webhooks: { event: 'payment.created', paymentId: payment!.id } }, effects, {
    live: certificateId !== null && { location: p.locationId, kind: 'certificate', payload: { certificate_ids: [certificateId] } },
  });
  return { ...paymentJson(payment!, await userJson(tx, p.userId)), ...(shift ? { shift } : {}) };
}

async function userJson(tx: Tx, userId: number | null) {
  if (userId === null) return null;
  const [user] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user ?? null;
}

export function paymentJson(p: typeof payments.$inferSelect, user: { id: number; name: string; email: string } | null) {
  return {
    // A refund row (paid, negative) is 'refunded', so no screen reads it as paid (#25).
    id: p.id, order: p.orderId, payment_type: p.paymentType, created: p.created.toISOString(), status: paymentStatusCode(p),
    external_id: p.externalId, purchase: p.purchase, comment: p.comment, user, actual: p.actual,
    receipt_status: p.receiptStatus, settlement_status: p.settlementStatus,
    // #38 Only when so, so an ordinary payment keeps the specs' shape: a test-mode payment (counted
    // nowhere), and what the provider reported when it differed from the link (not settled).
    ...(p.test ? { test: true as const } : {}),
    ...(p.providerMismatch ? { provider_mismatch: p.providerMismatch } : {}),
  };
}

/** POST /locations/{id}/payments/: a manual payment (type 7) not tied to an order. */
export function standalonePayment(db: Db, userId: number, locationId: number, input: { purchase: string; external_id: string | null; comment: string }, call?: IdempotentCall) {
  // Counted in /metrics (payments by outcome).
  return countOutcome(paymentsTotal, { kind: 'standalone' }, () => recordStandalonePayment(db, userId, locationId, input, call), () => 'recorded');
}

async function recordStandalonePayment(db: Db, userId: number, locationId: number, input: { purchase: string; external_id: string | null; comment: string }, call?: IdempotentCall) {
  await requireRoleAt(db, userId, locationId);
  return idempotentTransaction(db, call, async (tx) => {
    const [payment] = await tx.insert(payments).values({
      locationId, paymentType: 7, status: 'paid', externalId: input.external_id, purchase: input.purchase, comment: input.comment, userId,
    }).returning();
    await recordEffects(tx, {
      webhooks: { event: 'payment.created', paymentId: payment!.id },
      activity: { locationId, kind: 'money.payment', subject: input.external_id ?? `#${payment!.id}`,
        after: { payment_type: 7, payment_id: payment!.id, amount: input.purchase, comment: input.comment } },
    });
    return paymentJson(payment!, await userJson(tx, userId));
  });
}
