// #29 Asking the provider about a payment instead of trusting what reaches us: YooKassa's
// notifications are unsigned, so a notification only names a payment and we read its state from the
// provider with the account's own credentials; the same read settles links whose notification was
// lost (the payment.check job, 15 minutes after the link and then every 15 minutes for a day).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { settleBillPayment, type SettleResult } from '../orders/billing';
import { scheduleSettlement } from './settlement';
import { REFILL_COMMENT } from '../transactions/refill';
import { PAYMENT_CHECK_AFTER_MS, PAYMENT_CHECK_JOB, providerOfPayment, type PaymentConfig } from '../paymentProviders/provider';

/** A location's top-up is paid into the installation's account (null), every other payment into its location's. */
export const isTopUp = (p: { orderId: number | null; comment: string | null }) => p.orderId === null && p.comment === REFILL_COMMENT;
export const accountOf = (p: { orderId: number | null; comment: string | null; locationId: number }) => (isTopUp(p) ? null : p.locationId);

/** How many times the job asks about a link still pending (every 15 minutes: a day). */
const MAX_CHECKS = 96;

/** What the provider's word did to our payment: settled it, nothing yet (pending), or nothing (unknown to us or to it). */
export async function settleFromProvider(db: Db, config: PaymentConfig, where: { paymentId: number } | { provider: 'yookassa' | 'stripe'; externalId: string }): Promise<SettleResult | 'pending'> {
  const [p] = await db.select().from(payments)
    .where('paymentId' in where ? eq(payments.id, where.paymentId) : eq(payments.externalId, where.externalId));
  if (!p?.externalId || ('provider' in where && p.provider !== where.provider)) return 'unknown';
  const provider = await providerOfPayment(db, config, { provider: p.provider, locationId: p.locationId, isTopUp: isTopUp(p) });
  if (!provider) return 'unknown';
  const { state, receiptStatus } = await provider.fetchState(p.externalId);
  // #29 receipts: the receipt's registration as the provider reports it (kept only for a payment sent with one).
  if (receiptStatus && p.receiptStatus !== null && receiptStatus !== p.receiptStatus) {
    await db.update(payments).set({ receiptStatus }).where(eq(payments.id, p.id));
  }
  if (state === 'paid' || state === 'declined') {
    const result = await settleBillPayment(db, p.externalId, state);
    // A prepayment now paid owes its settlement receipt once its sessions have begun.
    if (state === 'paid' && result === 'settled' && p.settlementStatus === 'due') await scheduleSettlement(db, p.id);
    return result;
  }
  return state;
}

export interface PaymentCheckJob { paymentId: number; checks?: number }

/** The lost-notification job: settles what the provider settled; asks again later while the link is pending. */
export async function checkPendingPayment(db: Db, config: PaymentConfig, job: PaymentCheckJob): Promise<void> {
  const [p] = await db.select({ status: payments.status, receiptStatus: payments.receiptStatus }).from(payments).where(eq(payments.id, job.paymentId));
  // #29 receipts: a paid payment whose receipt YooKassa has not registered yet is read again too (no notification tells it).
  const receiptOpen = p?.status === 'paid' && p.receiptStatus === 'pending';
  if (p?.status !== 'processing' && !receiptOpen) return;
  const result = await settleFromProvider(db, config, { paymentId: job.paymentId });
  const checks = (job.checks ?? 0) + 1;
  const [now] = await db.select({ receiptStatus: payments.receiptStatus }).from(payments).where(eq(payments.id, job.paymentId));
  const again = result === 'pending' || (result !== 'unknown' && now?.receiptStatus === 'pending');
  if (again && checks < MAX_CHECKS) {
    await enqueueJob(db, PAYMENT_CHECK_JOB, { paymentId: job.paymentId, checks }, new Date(Date.now() + PAYMENT_CHECK_AFTER_MS));
  }
}

/** #29 A link we closed, closed at its provider (the payment.close job): a payment no longer `cancelled` (settled late meanwhile) is left alone. */
export async function closeLinkAtProvider(db: Db, config: PaymentConfig, job: { paymentId: number }): Promise<void> {
  const [p] = await db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (p?.status !== 'cancelled' || !p.externalId) return;
  const provider = await providerOfPayment(db, config, { provider: p.provider, locationId: p.locationId, isTopUp: isTopUp(p) });
  await provider?.closeLink?.(p.externalId);
}
