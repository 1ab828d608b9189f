// Demo data of the tools and control pages: a webhook the target switched off (410) with its
// delivery log, and a past technical session. No active webhook is seeded: a demo server would
// otherwise post every booking to an outside address.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { playgrounds, techSessions, webhookAttempts, webhookDeliveries, webhooks } from '../schema';

export async function seedTools(tx: Tx, adminId: number): Promise<void> {
  const [hook] = await tx.insert(webhooks).values({
    locationId: 1, url: 'https://crm.example.com/hooks/vr-arena', extra: true, secret: crypto.randomBytes(32).toString('hex'),
    active: false, disabledReason: 'HTTP 410 Gone',
  }).returning();
  // Days back, at an hour of their own (not the seeding's minute).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - (2 + ((daysAgo * 5) % 7)) * 3_600_000 - daysAgo * 11 * 60_000);
  const body = (event: string, data: unknown, at: Date) =>
    JSON.stringify({ event_id: crypto.randomUUID(), event, created: at.toISOString(), location_id: 1, data });
  const delivered = day(3);
  const [ok] = await tx.insert(webhookDeliveries).values({
    webhookId: hook!.id, event: 'payment.created', status: 'delivered', attempts: 2, deliveredAt: delivered, createdAt: delivered,
    body: body('payment.created', { payment: { id: 1, order_id: null, payment_type: 7, status: 'paid', purchase: '500.00', external_id: null, created: delivered.toISOString() } }, delivered),
  }).returning();
  await tx.insert(webhookAttempts).values([
    { deliveryId: ok!.id, at: delivered, statusCode: 503, responseExcerpt: 'Service Unavailable', durationMs: 412 },
    { deliveryId: ok!.id, at: new Date(delivered.getTime() + 60_000), statusCode: 200, responseExcerpt: '{"ok":true}', durationMs: 87 },
  ]);
  const goneAt = day(1);
  const [gone] = await tx.insert(webhookDeliveries).values({
    webhookId: hook!.id, event: 'order.cancelled', status: 'gone', attempts: 1, createdAt: goneAt,
    body: body('order.cancelled', { order: { id: 1, status: 4 } }, goneAt),
  }).returning();
  await tx.insert(webhookAttempts).values({ deliveryId: gone!.id, at: goneAt, statusCode: 410, responseExcerpt: 'This endpoint was removed', durationMs: 95 });

  const [arena] = await tx.select().from(playgrounds).where(and(eq(playgrounds.locationId, 1), eq(playgrounds.name, 'Арена')));
  if (arena) {
    const started = day(2);
    await tx.insert(techSessions).values({
      playgroundId: arena.id, minutes: 30, comment: 'Калибровка трекеров', userId: adminId, startedAt: started,
      expiresAt: new Date(started.getTime() + 30 * 60_000),
    });
  }
}
