// Payment links ("bill") through the payment provider, and what happens when they are paid,
// declined, or left unpaid. The provider is the location's (#29: paymentProviders/provider.ts):
// YooKassa, or the built-in sandbox (server/modules/sandbox) in demo mode. With neither, making a
// link is refused with a 400 (payment_provider_off) rather than handing out a link that leads nowhere.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { locations, orderLogs, orderPlaysessions, orders, payments, playgrounds, playsessions } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { recordEffects, type Effects, type OrderLogEntry, type WriteRecords } from '../../platform/effects';
import { ORDER_STATUS, isLiveOrder } from '../../../domain/slotFlags';
import { orderBalance } from '../../../domain/orderBalance';
import { BY_CUSTOMER } from '../../../domain/orderLog';
import { bookRefill, REFILL_COMMENT } from '../transactions/refill';
import { ledgerEvent } from '../transactions/ledger';
import { fromCents, toCents } from '../../../domain/pricing';
import { ORDER_SOURCE } from '../../../domain/booking';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import { countOutcome, paymentsTotal } from '../../platform/metrics';
import { pickLanguage, translate, type Lang } from '../../platform/messages';
import { addRealMinutes } from '../../platform/clock';
import { readableLocal } from '../../../domain/zonedTime';
import { fieldError } from '../../platform/errors';
import { LINK_CLOSE_JOB, LINK_CLOSING_PROVIDERS, providerFor, type PaymentConfig } from '../paymentProviders/provider';
import { currencyOf, openLink } from '../paymentProviders/links';
import { orderReceipt } from '../paymentProviders/receipt';
import { orderPageUrl } from '../../platform/orderLinks';
import { queueLateRefund, sendRefunds } from './refunds';

/** What a provider's word on a payment may record (its callbacks, the sandbox's; the settle, and the late refund sent at once). */
export const PROVIDER_WORD_RECORDS: WriteRecords = {
  activity: ['money.payment', 'money.test_payment', 'money.provider_mismatch', 'money.refund'],
  orderLog: ['paid', 'payment_failed', 'links_closed', 'refund_due', 'late_refund', 'test_payment', 'payment_released', 'refunded', 'refund_pending', 'refund_failed'],
  webhooks: ['payment.settled', 'payment.failed', 'payment.created', 'order.paid'],
  live: ['transaction'],
  messages: ['booking_confirmed', 'refund'],
};

/** Who makes a link: `lang` (staff's language) when staff make it, so the customer is sent a letter; none in the widget, where the customer is on the page. */
export interface LinkContext {
  publicUrl: string; userId: number | null; lang?: Lang;
  /** What making a link needs of the configuration (the providers, demo mode). */
  payments: PaymentConfig;
}

/**
 * #40 What a payment is for, as the provider's page shows it: the order, its (first) session's day,
 * time and playground, and the guests; "and 2 more sessions" for a multi-session order.
 */
export async function paymentDescription(db: DbOrTx, orderId: number, lang: Lang): Promise<string> {
  const rows = await db.select({ start: playsessions.timeStart, duration: playsessions.duration, playground: playgrounds.name, tz: locations.timezone, persons: orders.persons })
    .from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .innerJoin(orders, eq(orders.id, orderPlaysessions.orderId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(playsessions.timeStart);
  const first = rows[0];
  if (!first) return lang === 'en' ? `Order #${orderId}` : `Заказ № ${orderId}`;
  return translate(lang, 'payment_description', {
    id: orderId,
    date: first.start.slice(0, 10).split('-').reverse().join('.'),
    begin: readableLocal(first.start),
    end: readableLocal(addRealMinutes(first.tz, first.start, first.duration)),
    playground: first.playground,
    persons: first.persons,
    more: rows.length > 1 ? translate(lang, 'payment_description_more', { smart_count: rows.length - 1 }) : '',
  });
}

/**
 * A pending payment of `amount` with its payment link (the order's `bill`): the order is paid only
 * when the provider's word settles it (settleBillPayment).
 */
export async function createPaymentLink(tx: Tx, ctx: LinkContext, orderId: number, locationId: number, amount: string, lifeMinutes?: number) {
  // A link of nothing (an edit asking for one on an order already paid in full) is no link (#25).
  if (toCents(amount) <= 0) throw fieldError('bill', 'order_fully_paid');
  const provider = await providerFor(tx, ctx.payments, locationId);
  const [payment] = await tx.insert(payments).values({
    orderId, locationId, paymentType: 4, status: 'processing', purchase: amount, userId: ctx.userId, provider: provider.name,
    // No comment: payment type 4 already says it is a bill, in the reader's language.
    comment: '',
  }).returning();
  const [order] = await tx.select({ language: orders.language, source: orders.source, email: orders.email }).from(orders).where(eq(orders.id, orderId));
  const lang = (order?.language ?? ctx.lang ?? 'ru') as Lang;
  const currency = await currencyOf(tx, locationId);
  // The customer comes back to their booking's page (signed link); only widget orders have one, so
  // a desk order's customer comes back to the location's booking page (#29: never to a 404).
  const returnUrl = order?.source === ORDER_SOURCE.widget
    ? orderPageUrl(ctx.payments.publicUrl, ctx.payments.widgetSecret, orderId, lang)
    : `${ctx.payments.publicUrl}/widget/?location=${locationId}&lang=${lang}`;
  const link = await openLink(tx, provider, payment!.id, {
    // #40 The provider's page names what is bought: the day, the time, the playground and the guests.
    amount, currency, description: await paymentDescription(tx, orderId, lang), returnUrl,
    metadata: { payment_id: String(payment!.id), order_id: String(orderId), location_id: String(locationId) },
    receipt: provider.receipts ? await orderReceipt(tx, provider, orderId, amount, currency) : null,
    lifeMinutes,
  });
  await tx.update(orders).set({ bill: link }).where(eq(orders.id, orderId));
  // Made by staff: the customer gets the link by e-mail when the order has one, in the order's language (the widget's customer's) or the staff's.
  const sentTo = ctx.lang && order?.email ? order.email : null;
  await recordEffects(tx, {
    // Without a user the customer asked for it in the widget (a booking, or paying again).
    orderLog: [{ orderId, type: 'bill', author: ctx.userId, data: { payment_id: payment!.id, purchase: amount, ...(ctx.userId === null ? { by: BY_CUSTOMER } : {}) } },
      ...(sentTo ? [{ orderId, type: 'bill_sent' as const, author: ctx.userId, data: { email: sentTo, purchase: amount } }] : [])],
    webhooks: { event: 'payment.created', paymentId: payment!.id },
    // Staff made it (#41: every change a person makes); the customer's own link is part of their booking.
    activity: ctx.userId !== null && { locationId, kind: 'money.payment_link', subject: `#${orderId}`,
      after: { payment_type: 4, payment_id: payment!.id, amount, ...(sentTo ? { email: sentTo } : {}) } },
    messages: sentTo !== null && { kind: 'payment_link', payload: { orderId, link, amount, lang: pickLanguage(order?.language ?? ctx.lang) } },
  });
  return { payment: payment!, link, sentTo };
}

/** A booking's payment link with its deadline: unpaid after `cancelDelayMinutes`, the order is cancelled. */
export async function createBillLink(tx: Tx, ctx: LinkContext, orderId: number, locationId: number, amount: string, cancelDelayMinutes: number): Promise<string> {
  // The link lives as long as the hold (#29: Stripe's session expires with it, 30 minutes at least).
  const { payment, link } = await createPaymentLink(tx, ctx, orderId, locationId, amount, cancelDelayMinutes);
  // Durable: the job row commits with the order, so a restart still cancels it on time.
  await enqueueJob(tx, 'order.auto_cancel', { orderId, paymentId: payment.id }, new Date(Date.now() + cancelDelayMinutes * 60_000));
  return link;
}

/**
 * Closes an order's open payment links (pending bills) but `exceptPaymentId`: the order is paid in
 * full another way (cash, card, a certificate, another link), so a link paid later would take the
 * money twice (#25). The sandbox provider then shows the link as closed; a settlement that still
 * arrives (a provider that cannot cancel, a page opened before) is recorded as a refund due
 * (settleLate). Caller holds the order lock, so no settle runs between the payment and this.
 */
export async function closeOpenLinks(tx: Tx, orderId: number, exceptPaymentId: number | null, authorUserId: number | null): Promise<OrderLogEntry | null> {
  const closed = await tx.update(payments).set({ status: 'cancelled' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'processing'), exceptPaymentId === null ? undefined : ne(payments.id, exceptPaymentId)))
    .returning({ id: payments.id, purchase: payments.purchase, provider: payments.provider });
  if (!closed.length) return null;
  await closeAtProvider(tx, closed);
  const amount = fromCents(closed.reduce((s, p) => s + toCents(p.purchase), 0));
  // The caller's change records it (a payment, an edit).
  return { orderId, type: 'links_closed', author: authorUserId, data: { payment_ids: closed.map((p) => p.id), amount } };
}

/**
 * #29 Links we closed are closed at their provider too, after the commit (a job in the same
 * transaction: a crash in between still closes them), where the provider can (Stripe's expire).
 */
export async function closeAtProvider(tx: Tx, closed: { id: number; provider: string | null }[]): Promise<void> {
  for (const p of closed) {
    if (p.provider && (LINK_CLOSING_PROVIDERS as readonly string[]).includes(p.provider)) await enqueueJob(tx, LINK_CLOSE_JOB, { paymentId: p.id });
  }
}

/**
 * Adds a paid amount to an order and sets its status from the new total (`live`: false for a
 * cancelled order, which holds the money and stays cancelled). Caller holds the order lock and
 * records the answer's effects with its payment's: the log's `paid`, one activity entry (#28: the
 * desk's payments, a settled link, also a multi-booking's, a late one), order.paid once (when this
 * payment completes the order), and the links it closes.
 */
export async function applyPayment(tx: Tx, orderId: number, amount: string, authorUserId: number | null, data: { payment_type: number; payment_id: number; late?: true }, live = true) {
  const [order] = await tx.update(orders).set({
    paid: sql`${orders.paid} + ${amount}::numeric`,
    ...(live ? { status: sql`case when ${orders.paid} + ${amount}::numeric >= ${orders.purchase} then ${ORDER_STATUS.paid}::int else ${ORDER_STATUS.pending}::int end` } : {}),
    updatedAt: new Date(),
  }).where(eq(orders.id, orderId)).returning();
  const paidNow = toCents(order!.paid);
  const purchase = toCents(order!.purchase);
  const complete = live && purchase > 0 && paidNow >= purchase;
  const effects: Effects = {
    orderLog: [{ orderId, type: 'paid', author: authorUserId, data: { ...data, purchase: amount, paid: order!.paid } },
      ...(complete ? [await closeOpenLinks(tx, orderId, data.payment_id, authorUserId)] : []).filter((e) => e !== null)],
    activity: { locationId: order!.locationId, kind: 'money.payment', subject: `#${orderId}`, after: { ...data, amount, paid: order!.paid } },
    webhooks: complete && paidNow - toCents(amount) < purchase && { event: 'order.paid', orderId },
  };
  return { order: order!, effects };
}

/**
 * What a provider's callback did: settled a pending link, recorded money on a closed link (`late`),
 * nothing (`already`), or named no payment; #38 `test`: a test-mode payment on a live install,
 * recorded and not counted; `released`: money the provider held was let go (no money moved).
 */
export type SettleResult = 'settled' | 'late' | 'already' | 'unknown' | 'test' | 'released';
/** #38 test: the provider made it in its test mode (a live install counts none); released: the provider held it and we cancelled it. */
export type SettleOutcome = 'paid' | 'declined' | 'test' | 'released';

/**
 * The provider's answer for a payment link. Idempotent: a payment that is already final stays as
 * it is, so a provider calling back twice changes nothing the second time. A link we closed (its
 * order was paid another way, or cancelled) that the provider still reports paid is money taken:
 * recorded, never dropped, and (#38) given back in full through its provider at once (settleLate):
 * with `config` the refund is sent right after the commit, else by its refund.check job.
 */
export async function settleBillPayment(db: Db, externalId: string, outcome: SettleOutcome, config?: PaymentConfig): Promise<SettleResult> {
  // Counted in /metrics: paid or declined once settled; late on a closed link; a repeated callback is a duplicate.
  const { result, refundIds } = await countOutcome(paymentsTotal, { kind: 'provider' }, () => settle(db, externalId, outcome),
    ({ result: r }) => (r === 'settled' ? outcome : r === 'already' ? 'duplicate' : r));
  // Its failure to send (no answer) is the refund.check job's to retry: the settle has committed.
  if (refundIds.length && config) await sendRefunds(db, config, refundIds);
  return result;
}

async function settle(db: Db, externalId: string, outcome: SettleOutcome): Promise<{ result: SettleResult; refundIds: number[] }> {
  const done = (result: SettleResult, refundIds: number[] = []) => ({ result, refundIds });
  return lockedTransaction(db, async (tx) => {
    // The order first, then the payment: the order the other writers (pay, cancel) lock them in.
    const [ref] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.externalId, externalId));
    if (!ref) return done('unknown');
    if (ref.orderId) await lockOrder(tx, ref.orderId);
    const locked = await tx.execute<{ id: number; order_id: number | null; status: string; purchase: string; location_id: number; user_id: number | null; comment: string; test: boolean }>(sql`
      SELECT id, order_id, status, purchase, location_id, user_id, comment, test FROM ${payments} WHERE external_id = ${externalId} FOR UPDATE`);
    const payment = locked.rows[0];
    if (!payment) return done('unknown');
    if (outcome === 'test') return done(await settleTest(tx, payment));
    if (outcome === 'released') return done(await settleReleased(tx, payment));
    // Under the order's lock: a cash payment that closed this link came before, or waits for us.
    if (payment.status === 'cancelled' && outcome === 'paid' && payment.order_id) {
      return done('late', await settleLate(tx, Number(payment.id), Number(payment.order_id), String(payment.purchase)));
    }
    if (payment.status !== 'processing') return done('already');
    const paymentId = Number(payment.id);
    if (outcome === 'declined') {
      await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
      if (payment.order_id) {
        await recordEffects(tx, { orderLog: { orderId: Number(payment.order_id), type: 'payment_failed', author: null, data: { payment_id: paymentId } },
          webhooks: { event: 'payment.failed', paymentId } });
      }
      return done('settled');
    }
    await tx.update(payments).set({ status: 'paid' }).where(eq(payments.id, payment.id));
    if (payment.order_id) {
      const { order, effects } = await applyPayment(tx, Number(payment.order_id), String(payment.purchase), null, { payment_type: 4, payment_id: paymentId });
      await recordEffects(tx, { webhooks: { event: 'payment.settled', paymentId } }, effects, {
        // A link left open from before links were closed (#25) may still pay beyond the price: owed back, said.
        orderLog: refundDue(order, paymentId),
        // A widget booking is confirmed by its online payment: the customer's letter goes out now.
        messages: order.source === ORDER_SOURCE.widget && { kind: 'booking_confirmed', payload: { orderId: order.id } },
      });
    } else if (payment.comment === REFILL_COMMENT) {
      const line = await bookRefill(tx, { id: paymentId, locationId: Number(payment.location_id), purchase: String(payment.purchase), userId: payment.user_id === null ? null : Number(payment.user_id) });
      await recordEffects(tx, {
        activity: { locationId: Number(payment.location_id), kind: 'money.payment', subject: `#${payment.id}`,
          after: { payment_type: 1, payment_id: paymentId, amount: String(payment.purchase), refill: true } },
        live: ledgerEvent(line.locationId, line.id),
      });
    }
    return done('settled');
  });
}

type LockedPayment = { id: number; order_id: number | null; status: string; purchase: string; location_id: number; test: boolean };

/**
 * #38 A payment the provider made in its test mode, on a live install: no money came, so it settles
 * nothing (the order still owes; a top-up credits nothing) and is final as `failed`, flagged `test`
 * so every screen badges it and no total counts it. Said on the order's log and in the activity log.
 * A closed link's stays cancelled (flagged). Caller holds the order and payment locks.
 */
async function settleTest(tx: Tx, payment: LockedPayment): Promise<SettleResult> {
  if (payment.test || (payment.status !== 'processing' && payment.status !== 'cancelled')) return 'already';
  await tx.update(payments).set({ test: true, status: payment.status === 'processing' ? 'failed' : payment.status }).where(eq(payments.id, payment.id));
  const data = { payment_id: Number(payment.id), purchase: String(payment.purchase) };
  await recordEffects(tx, {
    orderLog: payment.order_id ? { orderId: Number(payment.order_id), type: 'test_payment', author: null, data: { ...data, by: 'system' } } : null,
    activity: { locationId: Number(payment.location_id), kind: 'money.test_payment', subject: payment.order_id ? `#${payment.order_id}` : `#${payment.id}`,
      after: { payment_id: Number(payment.id), amount: String(payment.purchase), test: true } },
  });
  return 'test';
}

/**
 * #38 The provider held a customer's payment (two-stage) and we let it go, since its link was closed
 * or the order no longer owes its amount: no money moved. An open link is failed (as a declined
 * one); a closed one stays cancelled. Said once on the order's log. Caller holds the locks.
 */
async function settleReleased(tx: Tx, payment: LockedPayment): Promise<SettleResult> {
  if (payment.status !== 'processing' && payment.status !== 'cancelled') return 'already';
  const orderId = payment.order_id === null ? null : Number(payment.order_id);
  if (orderId !== null) {
    const [said] = await tx.select({ id: orderLogs.id }).from(orderLogs)
      .where(and(eq(orderLogs.orderId, orderId), eq(orderLogs.type, 'payment_released'), sql`${orderLogs.data}->>'payment_id' = ${String(payment.id)}`));
    if (said) return 'already';
  } else if (payment.status === 'cancelled') return 'already';
  if (payment.status === 'processing') await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
  if (orderId !== null) {
    await recordEffects(tx, {
      orderLog: { orderId, type: 'payment_released', author: null, data: { payment_id: Number(payment.id), purchase: String(payment.purchase), by: 'system', late: payment.status === 'cancelled' } },
      webhooks: payment.status === 'processing' && { event: 'payment.failed', paymentId: Number(payment.id) },
    });
  }
  return 'released';
}

/**
 * #38 Whether a payment its provider holds (two-stage) may be taken: its link is still open and its
 * order (a top-up has none) is live and still owes all of it. Read under the order's lock; the
 * capture then goes out without it (a slow provider holds no order), so a payment closing the link
 * in between makes the captured money a late one, refunded (settleLate).
 */
export async function mayCapture(db: Db, paymentId: number): Promise<boolean> {
  return lockedTransaction(db, async (tx) => {
    const [ref] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    if (!ref) return false;
    if (ref.orderId) await lockOrder(tx, ref.orderId);
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (p?.status !== 'processing') return false;
    if (!p.orderId) return true;
    const [order] = await tx.select().from(orders).where(eq(orders.id, p.orderId));
    return !!order && isLiveOrder(order) && toCents(orderBalance(order).toPay) >= toCents(p.purchase);
  });
}

/**
 * The provider took the money of a link we had closed: the payment is paid, the order holds it,
 * and what it now holds beyond its price (all of it on a cancelled order) is owed back. #38 A real
 * provider's payment goes back in full at once, by the product: its refund is queued here (the
 * refunds record and its job, in this transaction) and sent after the commit, and the log says so
 * (`late_refund`); one no provider can give back (the sandbox's) is a refund due for the staff, in
 * its log and on the order page and the desk (domain/orderBalance). A cancelled order stays cancelled.
 * Returns the refunds to send.
 */
async function settleLate(tx: Tx, paymentId: number, orderId: number, amount: string): Promise<number[]> {
  await tx.update(payments).set({ status: 'paid' }).where(eq(payments.id, paymentId));
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const { order: after, effects } = await applyPayment(tx, orderId, amount, null, { payment_type: 4, payment_id: paymentId, late: true }, isLiveOrder(order!));
  const refundIds = await queueLateRefund(tx, after, paymentId);
  await recordEffects(tx, { webhooks: { event: 'payment.settled', paymentId } }, effects, {
    orderLog: refundIds.length ? { orderId, type: 'late_refund', author: null, data: { payment_id: paymentId, amount, by: 'system' } } : refundDue(after, paymentId),
  });
  return refundIds;
}

/** A `refund_due` entry when an order now holds more than it owes (domain/orderBalance). */
function refundDue(order: typeof orders.$inferSelect, paymentId: number): OrderLogEntry | null {
  const { toRefund } = orderBalance(order);
  return toCents(toRefund) > 0 ? { orderId: order.id, type: 'refund_due', author: null, data: { amount: toRefund, by: 'system', payment_id: paymentId } } : null;
}

/** The auto-cancel job: an order still unpaid after its cancel delay is cancelled, places freed. */
export async function autoCancelIfUnpaid(db: Db, orderId: number, paymentId: number, cancel: (orderId: number) => Promise<void>): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== ORDER_STATUS.pending || Number(order.paid) > 0) return;
  await db.update(payments).set({ status: 'cancelled' }).where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')));
  await cancel(orderId);
}
