// Payment links ("bill") through the payment provider, and what happens when they are paid,
// declined, or left unpaid. The provider is the built-in sandbox (server/modules/sandbox): a page
// of ours where the customer pays or declines, which then calls back like a real provider would.
// With the sandbox off (PAYMENT_SANDBOX=off, the production default) there is no provider: making a
// link is refused with a 400 (payment_provider_off) rather than handing out a link that leads nowhere.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { writeLog } from './orderLog';
import { BY_CUSTOMER } from '../../../domain/orderLog';
import { bookRefill, REFILL_COMMENT } from '../transactions/refill';
import { emitOrderEvent, emitPaymentCreated, emitPaymentEvent } from '../webhooks/outbox';
import { toCents } from '../../../domain/pricing';
import { WIDGET_LETTER_JOB, WIDGET_SOURCE } from '../widget/links';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import { countOutcome, paymentsTotal } from '../../platform/metrics';
import type { Lang } from '../../platform/messages';
import { queueBillLetter } from './billLetter';
import { fieldError } from '../../platform/errors';

/** Who makes a link: `lang` (staff's language) when staff make it, so the customer is sent a letter; none in the widget, where the customer is on the page. */
export interface LinkContext {
  publicUrl: string; userId: number | null; lang?: Lang;
  /** A payment provider makes links (config.paymentSandbox); without one, asking for a link is a 400. */
  paymentLinks: boolean;
}

/** The refusal when no payment provider is configured (staff bills, top-ups, the widget's prepayment). */
export function requirePaymentProvider(paymentLinks: boolean): void {
  if (!paymentLinks) throw fieldError('non_field_errors', 'payment_provider_off');
}

/**
 * A pending payment of `amount` with its payment link (the order's `bill`): the order is paid only
 * when the provider's callback settles it (settleBillPayment).
 */
export async function createPaymentLink(tx: Tx, ctx: LinkContext, orderId: number, locationId: number, amount: string) {
  requirePaymentProvider(ctx.paymentLinks);
  const token = crypto.randomBytes(16).toString('hex');
  const [payment] = await tx.insert(payments).values({
    orderId, locationId, paymentType: 4, status: 'processing', externalId: `sandbox-${token}`, purchase: amount, userId: ctx.userId,
    // No comment: payment type 4 already says it is a bill, in the reader's language.
    comment: '',
  }).returning();
  const link = `${ctx.publicUrl}/sandbox/pay/${token}`;
  await tx.update(orders).set({ bill: link }).where(eq(orders.id, orderId));
  await emitPaymentCreated(tx, payment!.id);
  // Without a user the customer asked for it in the widget (a booking, or paying again).
  await writeLog(tx, orderId, 'bill', ctx.userId, '', { payment_id: payment!.id, purchase: amount, ...(ctx.userId === null ? { by: BY_CUSTOMER } : {}) });
  // Made by staff: the customer gets the link by e-mail when the order has one.
  const sentTo = ctx.lang ? await queueBillLetter(tx, orderId, link, amount, ctx.lang, ctx.userId) : null;
  return { payment: payment!, link, sentTo };
}

/** A booking's payment link with its deadline: unpaid after `cancelDelayMinutes`, the order is cancelled. */
export async function createBillLink(tx: Tx, ctx: LinkContext, orderId: number, locationId: number, amount: string, cancelDelayMinutes: number): Promise<string> {
  const { payment, link } = await createPaymentLink(tx, ctx, orderId, locationId, amount);
  // Durable: the job row commits with the order, so a restart still cancels it on time.
  await enqueueJob(tx, 'order.auto_cancel', { orderId, paymentId: payment.id }, new Date(Date.now() + cancelDelayMinutes * 60_000));
  return link;
}

/** Adds a paid amount to an order and sets its status from the new total. Caller holds the order lock. */
export async function applyPayment(tx: Tx, orderId: number, amount: string, authorUserId: number | null, data: Record<string, unknown>) {
  const [order] = await tx.update(orders).set({
    paid: sql`${orders.paid} + ${amount}::numeric`,
    status: sql`case when ${orders.paid} + ${amount}::numeric >= ${orders.purchase} then ${ORDER_STATUS.paid}::int else ${ORDER_STATUS.pending}::int end`,
    updatedAt: new Date(),
  }).where(eq(orders.id, orderId)).returning();
  await writeLog(tx, orderId, 'paid', authorUserId, '', { ...data, purchase: amount, paid: order!.paid });
  // order.paid once: when this payment is the one that makes the order fully paid.
  const paidNow = toCents(order!.paid);
  const purchase = toCents(order!.purchase);
  if (purchase > 0 && paidNow >= purchase && paidNow - toCents(amount) < purchase) await emitOrderEvent(tx, orderId, 'order.paid');
  return order!;
}

/**
 * The provider's answer for a payment link. Idempotent: a payment that is already final stays as
 * it is, so a provider calling back twice changes nothing the second time.
 */
export function settleBillPayment(db: Db, externalId: string, outcome: 'paid' | 'declined'): Promise<'settled' | 'already' | 'unknown'> {
  // Counted in /metrics: paid or declined once settled; a repeated callback is a duplicate.
  return countOutcome(paymentsTotal, { kind: 'provider' }, () => settle(db, externalId, outcome),
    (result) => (result === 'settled' ? outcome : result === 'already' ? 'duplicate' : 'unknown'));
}

async function settle(db: Db, externalId: string, outcome: 'paid' | 'declined'): Promise<'settled' | 'already' | 'unknown'> {
  return lockedTransaction(db, async (tx) => {
    // The order first, then the payment: the order the other writers (pay, cancel) lock them in.
    const [ref] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.externalId, externalId));
    if (!ref) return 'unknown';
    if (ref.orderId) await lockOrder(tx, ref.orderId);
    const locked = await tx.execute<{ id: number; order_id: number | null; status: string; purchase: string; location_id: number; user_id: number | null; comment: string }>(sql`
      SELECT id, order_id, status, purchase, location_id, user_id, comment FROM ${payments} WHERE external_id = ${externalId} FOR UPDATE`);
    const payment = locked.rows[0];
    if (!payment) return 'unknown';
    if (payment.status !== 'processing') return 'already';
    if (outcome === 'declined') {
      await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
      if (payment.order_id) await writeLog(tx, Number(payment.order_id), 'payment_failed', null, '', { payment_id: Number(payment.id) });
      if (payment.order_id) await emitPaymentEvent(tx, Number(payment.id), 'payment.failed');
      return 'settled';
    }
    await tx.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment.id));
    if (payment.order_id) {
      await emitPaymentEvent(tx, Number(payment.id), 'payment.settled');
      const order = await applyPayment(tx, Number(payment.order_id), String(payment.purchase), null, { payment_type: 4, payment_id: Number(payment.id) });
      // A widget booking is confirmed by its online payment: the customer's letter goes out now.
      if (order.source === WIDGET_SOURCE) await enqueueJob(tx, WIDGET_LETTER_JOB, { orderId: order.id });
    } else if (payment.comment === REFILL_COMMENT) {
      await bookRefill(tx, { id: Number(payment.id), locationId: Number(payment.location_id), purchase: String(payment.purchase), userId: payment.user_id === null ? null : Number(payment.user_id) });
    }
    return 'settled';
  });
}

/** The auto-cancel job: an order still unpaid after its cancel delay is cancelled, places freed. */
export async function autoCancelIfUnpaid(db: Db, orderId: number, paymentId: number, cancel: (orderId: number) => Promise<void>): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== ORDER_STATUS.pending || Number(order.paid) > 0) return;
  await db.update(payments).set({ status: 'cancelled' }).where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')));
  await cancel(orderId);
}
