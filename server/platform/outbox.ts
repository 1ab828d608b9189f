// The webhook outbox (#41: the platform's, written only by recordEffects in effects.ts). For an
// event of a location: one webhook_deliveries row per active webhook and a 'webhook.deliver' job,
// in the transaction of the change, so the event is delivered exactly when the change commits, and
// a crash between the commit and the delivery only delays it (the job row is still there after a
// restart). The bodies are built from the rows as they are inside the transaction.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { certificates, currencies, orderPlaysessions, orders, payments, playsessions, webhookDeliveries, webhooks } from '../db/schema';
import { enqueueJob } from './jobs';
import type { WebhookEvent } from '../../domain/locationManagement';

export const DELIVER_JOB = 'webhook.deliver';

/** What a delivery job carries: the delivery and which attempt it is (stale jobs are recognised by it). */
export interface DeliverJob {
  deliveryId: number;
  attempt: number;
}

/** A change's webhook event, by what it is about (effects.ts reads the rows). */
export type WebhookRecord =
  | { event: Extract<WebhookEvent, `order.${string}`>; orderId: number }
  | { event: Extract<WebhookEvent, `payment.${string}`>; paymentId: number }
  | { event: 'certificate.activated'; certificateId: number; locationId: number };

/**
 * Writes the event for every active webhook of the location. `data(extra)` builds the payload's
 * `data`; webhooks with `extra` get the customer's contacts as well.
 */
async function emitWebhookEvent(tx: DbOrTx, locationId: number, event: WebhookEvent, data: (extra: boolean) => unknown): Promise<void> {
  const hooks = await tx.select({ id: webhooks.id, extra: webhooks.extra }).from(webhooks)
    .where(and(eq(webhooks.locationId, locationId), eq(webhooks.active, true)));
  if (!hooks.length) return;
  // One id per event: a receiver with two webhooks, or a resend, can recognise it.
  const eventId = crypto.randomUUID();
  const created = new Date().toISOString();
  for (const hook of hooks) {
    const body = JSON.stringify({ event_id: eventId, event, created, location_id: locationId, data: data(hook.extra) });
    const [row] = await tx.insert(webhookDeliveries).values({ webhookId: hook.id, event, body, nextAttemptAt: new Date() })
      .returning({ id: webhookDeliveries.id });
    await enqueueJob(tx, DELIVER_JOB, { deliveryId: row!.id, attempt: 0 } satisfies DeliverJob);
  }
}

/** Writes one webhook event of a change (its location known to listen, or looked up here). */
export async function writeWebhookEvent(tx: DbOrTx, record: WebhookRecord): Promise<void> {
  if ('orderId' in record) return orderEvent(tx, record.orderId, record.event);
  if ('paymentId' in record) return paymentEvent(tx, record.paymentId, record.event);
  return certificateActivated(tx, record.certificateId, record.locationId);
}

/** order.created, order.changed, order.paid, order.cancelled: the order as it is inside the transaction. */
async function orderEvent(tx: DbOrTx, orderId: number, event: WebhookEvent): Promise<void> {
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

/**
 * A payment's event: created (at the desk, standalone, a link when it is made, a refund), settled
 * (the provider took the money of a link: a prepayment too, not only the payment that completes the
 * order) or failed (the provider declined it).
 */
async function paymentEvent(tx: DbOrTx, paymentId: number, event: WebhookEvent): Promise<void> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) return;
  await emitWebhookEvent(tx, p.locationId, event, () => ({
    payment: {
      id: p.id, order_id: p.orderId, payment_type: p.paymentType, status: p.status, purchase: p.purchase,
      external_id: p.externalId, created: p.created.toISOString(),
    },
  }));
}

/** certificate.activated, sent to the webhooks of the location that activated it. */
async function certificateActivated(tx: DbOrTx, certificateId: number, locationId: number): Promise<void> {
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
