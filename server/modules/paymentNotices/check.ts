// #29 Asking the provider about a payment instead of trusting what reaches us: YooKassa's
// notifications are unsigned, so a notification only names a payment and we read its state from the
// provider with the account's own credentials; the same read settles links whose notification was
// lost (the payment.check job, 15 minutes after the link and then every 15 minutes for a day).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { mayCapture, settleBillPayment, type SettleResult } from '../orders/billing';
import { currencyOf } from '../paymentProviders/links';
import { fromCents, toCents } from '../../../domain/pricing';
import { recordEffects } from '../../platform/effects';
import { providerMismatchTotal } from '../../platform/metrics';
import { scheduleSettlement } from './settlement';
import { REFILL_COMMENT } from '../transactions/refill';
import { PAYMENT_CHECK_AFTER_MS, PAYMENT_CHECK_JOB, providerOfPayment, TWO_STAGE_PROVIDERS, type PaymentConfig, type PaymentProvider, type ProviderPayment } from '../paymentProviders/provider';

/** A location's top-up is paid into the installation's account (null), every other payment into its location's. */
export const isTopUp = (p: { orderId: number | null; comment: string | null }) => p.orderId === null && p.comment === REFILL_COMMENT;
export const accountOf = (p: { orderId: number | null; comment: string | null; locationId: number }) => (isTopUp(p) ? null : p.locationId);

/** How many times the job asks about a link still pending (every 15 minutes: a day). */
const MAX_CHECKS = 96;

/**
 * What the provider's word did to our payment: settled it, nothing yet (pending), or nothing (unknown
 * to us or to it); #38 `mismatch`: the provider reports another amount or currency than the link's
 * (not settled, said on the payment, in the activity log and /metrics).
 */
export type ProviderWordResult = SettleResult | 'pending' | 'mismatch';

export async function settleFromProvider(db: Db, config: PaymentConfig, where: { paymentId: number } | { provider: 'yookassa' | 'stripe'; externalId: string }): Promise<ProviderWordResult> {
  const [p] = await db.select().from(payments)
    .where('paymentId' in where ? eq(payments.id, where.paymentId) : eq(payments.externalId, where.externalId));
  if (!p?.externalId || ('provider' in where && p.provider !== where.provider)) return 'unknown';
  const provider = await providerOfPayment(db, config, { provider: p.provider, locationId: p.locationId, isTopUp: isTopUp(p) });
  if (!provider) return 'unknown';
  const word = await provider.fetchState(p.externalId);
  // #29 receipts: the receipt's registration as the provider reports it (kept only for a payment sent with one).
  if (word.receiptStatus && p.receiptStatus !== null && word.receiptStatus !== p.receiptStatus) {
    await db.update(payments).set({ receiptStatus: word.receiptStatus }).where(eq(payments.id, p.id));
  }
  return actOn(db, config, provider, { ...p, externalId: p.externalId }, word);
}

type PaymentRow = typeof payments.$inferSelect & { externalId: string };

/**
 * #38 The provider's word on money taken or held is checked before it settles anything: the amount
 * and currency must be the link's (else `mismatch`); a test-mode payment counts only on the demo
 * (PAYMENT_SANDBOX on: the sandbox's install), on a live install it is recorded and settles nothing;
 * money held (two-stage) is captured while the order still owes it, else let go.
 */
async function actOn(db: Db, config: PaymentConfig, provider: PaymentProvider, p: PaymentRow, word: ProviderPayment): Promise<ProviderWordResult> {
  if (word.state === 'paid' || word.state === 'held') {
    const currency = await currencyOf(db, p.locationId, isTopUp(p));
    if (await recordMismatch(db, provider.name, p, currency, word)) return 'mismatch';
    if (word.test && !config.paymentSandbox) {
      // Even pretend money held is let go: nothing of a test stays open at the provider.
      if (word.state === 'held' && provider.release) await provider.release({ externalId: p.externalId, idempotenceKey: heldKey('release', p.externalId) });
      return settleBillPayment(db, p.externalId, 'test', config);
    }
    if (word.state === 'held') return captureOrRelease(db, config, provider, p, currency);
  }
  if (word.state === 'paid' || word.state === 'declined') {
    const result = await settleBillPayment(db, p.externalId, word.state, config);
    // A prepayment now paid owes its settlement receipt once its sessions have begun.
    if (word.state === 'paid' && result === 'settled' && p.settlementStatus === 'due') await scheduleSettlement(db, p.id);
    return result;
  }
  // Held (unreachable here: acted on above), pending, unknown: nothing settled yet.
  return word.state === 'unknown' ? 'unknown' : 'pending';
}

/** One Idempotence-Key per payment and action (YooKassa takes up to 64 characters): a retry is the same capture or cancel. */
const heldKey = (action: 'capture' | 'release', externalId: string) => `${action}-${externalId}`.slice(0, 64);

/** #38 Money held for a payment: taken while its link is open and its order still owes it all (mayCapture), else let go: no money moves. */
async function captureOrRelease(db: Db, config: PaymentConfig, provider: PaymentProvider, p: PaymentRow, currency: string): Promise<ProviderWordResult> {
  if (provider.capture && await mayCapture(db, p.id)) {
    const after = await provider.capture({ externalId: p.externalId, amount: fromCents(toCents(p.purchase)), currency, idempotenceKey: heldKey('capture', p.externalId) });
    // Still held (the provider has not finished): its next notification or the job settles it.
    return after.state === 'held' ? 'pending' : actOn(db, config, provider, p, after);
  }
  if (!provider.release) return 'pending';
  const after = await provider.release({ externalId: p.externalId, idempotenceKey: heldKey('release', p.externalId) });
  if (after.state === 'declined') return settleBillPayment(db, p.externalId, 'released', config);
  // Taken after all (captured meanwhile): settled, or refunded as a late one.
  return after.state === 'paid' ? actOn(db, config, provider, p, after) : 'pending';
}

/**
 * #38 Records what the provider reported when it is not the link's amount and currency (to the
 * kopeck): on the payment (the order page shows it), once in the activity log (the link's as before,
 * the provider's as after) and in /metrics. True when they differ (nothing is settled then).
 */
async function recordMismatch(db: Db, providerName: string, p: PaymentRow, currency: string, word: ProviderPayment): Promise<boolean> {
  const same = word.amount !== null && word.currency !== null && toCents(word.amount) === toCents(p.purchase) && word.currency.toUpperCase() === currency.toUpperCase();
  if (same) return false;
  const reported = { amount: word.amount === null ? null : fromCents(toCents(word.amount)), currency: word.currency };
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.update(payments).set({ providerMismatch: reported })
      .where(and(eq(payments.id, p.id), sql`${payments.providerMismatch} IS DISTINCT FROM ${JSON.stringify(reported)}::jsonb`)).returning({ id: payments.id });
    if (!row) return false;
    await recordEffects(tx, { activity: { locationId: p.locationId, kind: 'money.provider_mismatch', subject: p.orderId ? `#${p.orderId}` : `#${p.id}`,
      before: { payment_id: p.id, amount: fromCents(toCents(p.purchase)), currency }, after: { payment_id: p.id, provider: providerName, ...reported } } });
    return true;
  });
  if (changed) providerMismatchTotal.inc({ provider: providerName });
  return true;
}

export interface PaymentCheckJob { paymentId: number; checks?: number }

/** The lost-notification job: settles what the provider settled; asks again later while the link is pending. */
export async function checkPendingPayment(db: Db, config: PaymentConfig, job: PaymentCheckJob): Promise<void> {
  const [p] = await db.select({ status: payments.status, receiptStatus: payments.receiptStatus, provider: payments.provider }).from(payments).where(eq(payments.id, job.paymentId));
  // #29 receipts: a paid payment whose receipt YooKassa has not registered yet is read again too (no notification tells it).
  const receiptOpen = p?.status === 'paid' && p.receiptStatus === 'pending';
  // #38 A link we closed is still payable at a provider that cannot close it (YooKassa): read on, so a
  // payment held on it is let go even when its notification is lost.
  const closedButPayable = p?.status === 'cancelled' && (TWO_STAGE_PROVIDERS as readonly string[]).includes(p.provider ?? '');
  if (p?.status !== 'processing' && !receiptOpen && !closedButPayable) return;
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
