// #45 Demo data of the messages list: a few messages of the first orders of the demo location, as a
// location that had SMS and e-mail on would have them (sent, delivered, one failed, one skipped in
// quiet hours). Its messaging stays off: a demo server sends nothing to anyone.
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { messages, orders } from '../schema';

export async function seedMessages(tx: Tx): Promise<void> {
  const first = await tx.select({ id: orders.id, email: orders.email, phone: orders.phone }).from(orders).where(eq(orders.locationId, 1)).orderBy(asc(orders.id)).limit(2);
  if (first.length < 2) return;
  const [a, b] = first as [typeof first[0], typeof first[0]];
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await tx.insert(messages).values([
    { orderId: a.id, locationId: 1, kind: 'confirmation', channel: 'email', language: 'ru', dueAt: ago(50), state: 'sent', attempts: 1,
      recipient: a.email ?? 'guest@example.com', subject: 'Бронирование подтверждено', body: 'Ждём вас!', sendingAt: ago(50), sentAt: ago(50) },
    { orderId: a.id, locationId: 1, kind: 'reminder', channel: 'sms', language: 'ru', dueAt: ago(26), state: 'delivered', attempts: 1,
      recipient: a.phone, body: 'Напоминаем о брони', gatewayId: '201711-1000001', sendingAt: ago(26), sentAt: ago(26), deliveredAt: ago(26) },
    { orderId: b.id, locationId: 1, kind: 'confirmation', channel: 'sms', language: 'ru', dueAt: ago(30), state: 'failed', attempts: 4,
      recipient: b.phone, body: 'Бронь подтверждена', error: '201 Не хватает средств на лицевом счету', sendingAt: ago(29) },
    { orderId: b.id, locationId: 1, kind: 'reminder', channel: 'sms', language: 'ru', dueAt: ago(5), state: 'skipped', attempts: 0, error: 'quiet_hours' },
  ]);
}
