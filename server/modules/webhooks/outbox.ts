// The webhook outbox. Services call these inside the transaction of their change: one
// webhook_deliveries row per active webhook of the location and a 'webhook.deliver' job are
// written with the change, so the event is delivered exactly when the change commits, and a crash
// between the commit and the delivery only delays it (the job row is still there after a restart).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  certificates, currencies, orderPlaysessions, orders, payments, playsessions, webhookDeliveries, webhooks,
} from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import type { WebhookEvent } from '../../../domain/locationManagement';
import { recordEvent } from '../live/record';

export const DELIVER_JOB = 'webhook.deliver';

/** What a delivery job carries: the delivery and which attempt it is (stale jobs are recognised by it). */
export interface DeliverJob {
  deliveryId: number;
  attempt: number;
}

/**
 * Writes the event for every active webhook of the location. `data(extra)` builds the payload's
 * `data`; webhooks with `extra` get the customer's contacts as well.
 */
export async function emitWebhookEvent(tx: DbOrTx, locationId: number, event: WebhookEvent, data: (extra: boolean) => unknown): Promise<number> {
  const hooks = await tx.select({ id: webhooks.id, extra: webhooks.extra }).from(webhooks)
    .where(and(eq(webhooks.locationId, locationId), eq(webhooks.active, true)));
  if (!hooks.length) return 0;
  // One id per event: a receiver with two webhooks, or a resend, can recognise it.
  const eventId = crypto.randomUUID();
  const created = new Date().toISOString();
  for (const hook of hooks) {
    const body = JSON.stringify({ event_id: eventId, event, created, location_id: locationId, data: data(hook.extra) });
    const [row] = await tx.insert(webhookDeliveries).values({ webhookId: hook.id, event, body, nextAttemptAt: new Date() })
      .returning({ id: webhookDeliveries.id });
    await enqueueJob(tx, DELIVER_JOB, { deliveryId: row!.id, attempt: 0 } satisfies DeliverJob);
  }
  return hooks.length;
}

/** order.created, order.changed, order.paid, order.cancelled: the order as it is inside the transaction. */
export async function emitOrderEvent(tx: DbOrTx, orderId: number, event: Extract<WebhookEvent, `order.${string}`>): Promise<void> {
  // Most locations have no webhook: one look first (every booking passes here), the rest only when someone listens.
  const listening = await tx.select({ id: webhooks.id }).from(webhooks)
    .innerJoin(orders, eq(orders.locationId, webhooks.locationId))
    .where(and(eq(orders.id, orderId), eq(webhooks.active, true))).limit(1);
  if (!listening.length) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const sessions = await tx.select({ playground_id: playsessions.playgroundId, session_dt: playsessions.timeStart, duration: playsessions.duration })
    .from(orderPlaysessions).innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(playsessions.timeStart);
  await emitWebhookEvent(tx, order.locationId, event, (extra) => ({
    order: {
      id: order.id, status: order.status, order_type: order.orderType, persons: order.persons, cost: order.cost,
      discount: order.discount, purchase: order.purchase, paid: order.paid, promocode: order.promocode, source: order.source,
      created: order.createdAt.toISOString(), playsessions: sessions,
      ...(extra ? { name: order.name, phone: order.phone, email: order.email, comment: order.comment } : {}),
    },
  }));
}

/** payment.created: a payment on an order, a payment link, or a standalone payment. */
export async function emitPaymentCreated(tx: DbOrTx, paymentId: number): Promise<void> {
  await emitPaymentEvent(tx, paymentId, 'payment.created');
}

/**
 * A payment's event: created (at the desk, standalone, a link when it is made), settled (the
 * provider took the money of a link: a prepayment too, not only the payment that completes the
 * order) or failed (the provider declined it).
 */
export async function emitPaymentEvent(tx: DbOrTx, paymentId: number, event: Extract<WebhookEvent, `payment.${string}`>): Promise<void> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) return;
  // Every payment event of a webhook is one of the live desk's too (the payments list, the balance).
  await recordEvent(tx, p.locationId, 'payment', { payment_id: p.id, order_id: p.orderId });
  await emitWebhookEvent(tx, p.locationId, event, () => ({
    payment: {
      id: p.id, order_id: p.orderId, payment_type: p.paymentType, status: p.status, purchase: p.purchase,
      external_id: p.externalId, created: p.created.toISOString(),
    },
  }));
}

/** certificate.activated, sent to the webhooks of the location that activated it. */
export async function emitCertificateActivated(tx: DbOrTx, certificateId: number, locationId: number): Promise<void> {
  const [row] = await tx.select({ c: certificates, code: currencies.code }).from(certificates)
    .leftJoin(currencies, eq(currencies.id, certificates.currencyId)).where(eq(certificates.id, certificateId));
  if (!row) return;
  const c = row.c;
  await emitWebhookEvent(tx, locationId, 'certificate.activated', (extra) => ({
    certificate: {
      unique_number: c.uniqueNumber, rate: c.rate, currency: row.code, type: c.type, status: c.status,
      datetime_activated: c.datetimeActivated?.toISOString() ?? null, expires_at: c.expiresAt,
      ...(extra ? { booked_by: c.bookedBy } : {}),
    },
  }));
}
