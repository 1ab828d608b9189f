// Webhooks of a location (the tools page, role id 40 there): list, create (the secret is shown
// once), change, delete, the delivery log and resending a delivery.
import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lockedTransaction, lockWebhooks } from '../../platform/locks';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { requireManagerAt } from '../locations/service';
import { targetProblem } from './address';
import { DELIVER_JOB, type DeliverJob } from '../../platform/outbox';
import { postOnce, signature } from './delivery';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

export interface WebhookInput {
  url: string;
  extra: boolean;
  /** Only on change: switch a webhook on again (after a 410) or off. */
  active?: boolean;
}

type Row = typeof webhooks.$inferSelect;

/** What the activity log keeps of a webhook: never the secret's value, only that one is set. */
const logged = (w: Row) => ({ url: w.url, extra: w.extra, active: w.active });

const json = (w: Row) => ({
  id: w.id, url: w.url, extra: w.extra, active: w.active, disabled_reason: w.disabledReason, created: w.createdAt.toISOString(),
});

async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  const problem = await targetProblem(url, allowPrivate);
  if (problem) throw fieldError('url', problem);
}

/** The URL as compared for duplicates: what the parser makes of it (host case, default port, an empty path). */
const sameUrl = (url: string) => { try { return new URL(url.trim()).href; } catch { return url.trim(); } };

/** One webhook per URL at a location (#25: a second one sent every event twice); under the location's webhook lock. */
async function refuseDuplicate(tx: Tx, locationId: number, url: string, exceptId?: number): Promise<void> {
  await lockWebhooks(tx, locationId);
  const others = await tx.select({ id: webhooks.id, url: webhooks.url }).from(webhooks).where(eq(webhooks.locationId, locationId));
  if (others.some((w) => w.id !== exceptId && sameUrl(w.url) === sameUrl(url))) throw fieldError('url', 'webhook_url_taken');
}

export async function listWebhooks(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  const rows = await db.select().from(webhooks).where(eq(webhooks.locationId, locationId)).orderBy(webhooks.id);
  return rows.map(json);
}

export async function createWebhook(db: Db, allowPrivate: boolean, userId: number, locationId: number, input: WebhookInput) {
  await requireManagerAt(db, userId, locationId);
  await checkUrl(input.url, allowPrivate);
  const secret = crypto.randomBytes(32).toString('hex');
  const [row] = await lockedTransaction(db, async (tx) => {
    await refuseDuplicate(tx, locationId, input.url);
    const rows = await tx.insert(webhooks).values({ locationId, url: input.url, extra: input.extra, secret }).returning();
    await recordEffects(tx, { activity: activityChange(locationId, 'webhook.created', input.url, null, { ...logged(rows[0]!), secret: 'set' }) });
    return rows;
  });
  // The only time the secret leaves the server: the receiver needs it to check signatures.
  return { ...json(row!), secret };
}

async function ownWebhook(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound();
  await requireManagerAt(db, userId, row.locationId);
  return row;
}

export async function updateWebhook(db: Db, allowPrivate: boolean, userId: number, id: number, input: WebhookInput) {
  const existing = await ownWebhook(db, userId, id);
  await checkUrl(input.url, allowPrivate);
  const active = input.active ?? existing.active;
  const [row] = await lockedTransaction(db, async (tx) => {
    await refuseDuplicate(tx, existing.locationId, input.url, id);
    const rows = await tx.update(webhooks).set({
      url: input.url, extra: input.extra, active, disabledReason: active ? null : existing.disabledReason ?? 'switched off',
    }).where(eq(webhooks.id, id)).returning();
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'webhook.changed', input.url, logged(existing), logged(rows[0]!)) });
    return rows;
  });
  return json(row!);
}

export async function deleteWebhook(db: Db, userId: number, id: number): Promise<void> {
  const existing = await ownWebhook(db, userId, id);
  // Its deliveries and their log go with it (cascade); jobs left behind find no delivery and end.
  await db.transaction(async (tx) => {
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'webhook.deleted', existing.url, logged(existing), null) });
  });
}

type Delivery = typeof webhookDeliveries.$inferSelect;

async function deliveriesJson(db: Db, rows: Delivery[]) {
  const attempts = rows.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(webhookAttempts.id)
    : [];
  return rows.map((d) => ({
    id: d.id, event: d.event, status: d.status, attempts: d.attempts, created: d.createdAt.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null, next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    resent_from: d.resentFromId, body: d.body,
    log: attempts.filter((a) => a.deliveryId === d.id).map((a) => ({
      at: a.at.toISOString(), status_code: a.statusCode, duration_ms: a.durationMs, response_excerpt: a.responseExcerpt, error: a.error,
    })),
  }));
}

/** The delivery log of a webhook, newest first: each delivery with its attempts. */
export async function listDeliveries(db: Db, userId: number, webhookId: number, limit: number, offset: number) {
  await ownWebhook(db, userId, webhookId);
  const where = eq(webhookDeliveries.webhookId, webhookId);
  const [[{ count } = { count: 0 }], rows] = await Promise.all([
    db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(webhookDeliveries).where(where),
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset),
  ]);
  return { count, results: await deliveriesJson(db, rows) };
}

/** Sends a delivery's body again as a new delivery (same event_id), with its own attempts. */
export async function resendDelivery(db: Db, userId: number, webhookId: number, deliveryId: number) {
  const hook = await ownWebhook(db, userId, webhookId);
  if (!hook.active) throw fieldError('non_field_errors', 'webhook_disabled');
  const [original] = await db.select().from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  if (!original) throw notFound();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookDeliveries).values({
      webhookId, event: original.event, body: original.body, resentFromId: original.id, nextAttemptAt: new Date(),
    }).returning();
    await enqueueJob(tx, DELIVER_JOB, { deliveryId: row!.id, attempt: 0 } satisfies DeliverJob);
    return row!;
  });
  return (await deliveriesJson(db, [created]))[0]!;
}

/** The event a test delivery carries: no business data, so a receiver can tell it from real ones. */
export const TEST_EVENT = 'webhook.test';

/**
 * Sends a signed test event to a webhook now (the tools page's "send a test event"), as a real
 * delivery would be sent (the same headers and signature), and logs it as a delivery with its
 * attempt. No retries: the answer is what the person sees.
 */
export async function testWebhook(db: Db, allowPrivate: boolean, userId: number, webhookId: number) {
  const hook = await ownWebhook(db, userId, webhookId);
  const body = JSON.stringify({ event_id: crypto.randomUUID(), event: TEST_EVENT, created: new Date().toISOString(), location_id: hook.locationId, data: { webhook_id: hook.id } });
  const [delivery] = await db.insert(webhookDeliveries).values({ webhookId: hook.id, event: TEST_EVENT, body, nextAttemptAt: null }).returning();
  const result = await postOnce(hook.url, body, {
    'user-agent': 'venue-backoffice-webhooks/1',
    'x-webhook-event': TEST_EVENT,
    'x-webhook-delivery': String(delivery!.id),
    'x-webhook-signature': signature(hook.secret, body),
  }, allowPrivate);
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery!.id, statusCode: result.statusCode, responseExcerpt: result.excerpt, error: result.error, durationMs: result.durationMs,
    });
    await tx.update(webhookDeliveries).set({ status: ok ? 'delivered' : 'failed', attempts: 1, deliveredAt: ok ? new Date() : null })
      .where(eq(webhookDeliveries.id, delivery!.id));
  });
  return { delivery_id: delivery!.id, ok, status_code: result.statusCode, error: result.error, duration_ms: result.durationMs };
}
