// #29 receipts: the settlement receipt (54-FZ). A session paid ahead was receipted as a prepayment
// (full_prepayment); once it has been played the seller owes a second receipt that offsets the
// prepayment against the service rendered: YooKassa's POST /receipts (type payment, the payment,
// items with full_payment, settlements: prepayment). A payment marked `due` when its link was made
// gets the receipt.settle job when it is paid, run at its order's last session start; the job sends
// the receipt with a key stable per payment (a retry is the same receipt) and reads it while pending.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { locations, orderPlaysessions, orders, payments, playsessions, refunds } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { instantOfLocal } from '../../../domain/zonedTime';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { fromCents, toCents } from '../../../domain/pricing';
import { ProviderHttpError } from '../paymentProviders/errors';
import { currencyOf } from '../paymentProviders/links';
import { orderReceipt } from '../paymentProviders/receipt';
import { providerOfPayment, SETTLEMENT_RECEIPT_JOB, type PaymentConfig } from '../paymentProviders/provider';

export interface SettlementJob { paymentId: number; checks?: number }

/** How long a pending settlement receipt waits before it is read again, and how often (a day). */
const RECHECK_MS = 15 * 60_000;
const MAX_CHECKS = 96;

/** The instant the order's last session begins (null: no session). */
async function lastSessionStart(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db.select({ start: sql<string | null>`max(${playsessions.timeStart})`, tz: locations.timezone }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(orders, eq(orders.id, orderPlaysessions.orderId)).innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orderPlaysessions.orderId, orderId)).groupBy(locations.timezone);
  return row?.start ? instantOfLocal(row.tz ?? 'UTC', row.start) : null;
}

/** Books the settlement job of a paid prepayment at its order's last session start. */
export async function scheduleSettlement(db: DbOrTx, paymentId: number): Promise<void> {
  const [p] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
  const start = p?.orderId ? await lastSessionStart(db, p.orderId) : null;
  await enqueueJob(db, SETTLEMENT_RECEIPT_JOB, { paymentId } satisfies SettlementJob, new Date(Math.max(Date.now(), start ?? Date.now())));
}

const setStatus = (db: Db, paymentId: number, set: { settlementStatus: string | null; settlementReceiptId?: string }) =>
  db.update(payments).set(set).where(eq(payments.id, paymentId));

/** The receipt.settle job: sends a due settlement receipt once the sessions have begun; reads a pending one. */
export async function settleReceipt(db: Db, config: PaymentConfig, job: SettlementJob): Promise<void> {
  const [p] = await db.select().from(payments).where(eq(payments.id, job.paymentId));
  if (!p || !p.externalId || !p.orderId || (p.settlementStatus !== 'due' && p.settlementStatus !== 'pending')) return;
  const checks = (job.checks ?? 0) + 1;
  const later = (ms: number) => (checks < MAX_CHECKS
    ? enqueueJob(db, SETTLEMENT_RECEIPT_JOB, { paymentId: p.id, checks } satisfies SettlementJob, new Date(Date.now() + ms)) : undefined);
  // An order's payment (never a top-up). Only YooKassa writes receipts, and only for an account that still asks for them.
  const provider = await providerOfPayment(db, config, { provider: p.provider, locationId: p.locationId, isTopUp: false });
  if (!provider?.sendSettlementReceipt || !provider.fetchReceipt || !provider.receipts) {
    // A due one is not owed by this product any more (receipts off, another provider); a sent one keeps its last state.
    if (p.settlementStatus === 'due') await setStatus(db, p.id, { settlementStatus: null });
    return;
  }

  if (p.settlementStatus === 'pending') {
    const got = await provider.fetchReceipt(p.settlementReceiptId!);
    if (got && got.status !== 'pending') await setStatus(db, p.id, { settlementStatus: got.status });
    else await later(RECHECK_MS);
    return;
  }
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, p.orderId));
  // A cancelled order's service was never rendered: nothing to settle.
  if (!order || order.status === ORDER_STATUS.cancelled || order.status === ORDER_STATUS.cartCancelled || p.status !== 'paid') {
    await setStatus(db, p.id, { settlementStatus: null });
    return;
  }
  // Not played yet (the session may have been moved later since the job was booked): at its start.
  const start = await lastSessionStart(db, p.orderId);
  if (start !== null && start > Date.now()) {
    await enqueueJob(db, SETTLEMENT_RECEIPT_JOB, { paymentId: p.id } satisfies SettlementJob, new Date(start));
    return;
  }
  // What is settled is what the customer still paid: the prepayment less what went back through the provider.
  const [back] = await db.select({ cents: sql<string>`coalesce(sum(${refunds.amount}), 0)` }).from(refunds)
    .where(and(eq(refunds.paymentId, p.id), eq(refunds.status, 'succeeded')));
  const cents = toCents(p.purchase) - toCents(back?.cents ?? '0');
  if (cents <= 0) {
    await setStatus(db, p.id, { settlementStatus: null });
    return;
  }
  const amount = fromCents(cents);
  const receipt = await orderReceipt(db, provider, p.orderId, amount, await currencyOf(db, p.locationId));
  if (!receipt) {
    await setStatus(db, p.id, { settlementStatus: null });
    return;
  }
  try {
    const sent = await provider.sendSettlementReceipt({
      paymentExternalId: p.externalId, amount, idempotenceKey: `settlement-${p.externalId}`.slice(0, 64),
      // The service is rendered: every item is a full payment now.
      receipt: { ...receipt, items: receipt.items.map((i) => ({ ...i, paymentMode: 'full_payment' as const })) },
    });
    await setStatus(db, p.id, { settlementStatus: sent.status, settlementReceiptId: sent.externalId });
    if (sent.status === 'pending') await later(RECHECK_MS);
  } catch (err) {
    // A refusal (4xx) is final: canceled, for the staff to see; no answer is asked again with the same key.
    if (err instanceof ProviderHttpError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      await setStatus(db, p.id, { settlementStatus: 'canceled' });
      return;
    }
    throw err;
  }
}
