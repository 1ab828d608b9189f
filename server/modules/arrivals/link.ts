// #44 "Send link": the guests' arrival page (/arrival/<the order's key>) by e-mail to the order's
// address, for a booking made at the desk (a widget booking's confirmation letter carries it already,
// and may be sent it again). The letter is a customer message of the one outbox: its job is queued with
// the order-log entry and the activity entry in one transaction (recordEffects), so a restart still
// sends it, once. In the order's language (a widget customer's), else the staff member's. The letter
// itself is written with the order's other letters (widget/letter.ts sendArrivalLinkLetter).
// Locks: none (nothing of the order changes; the letter reads the order when it is sent).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, orders } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { fieldError, notFound } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { arrivalPageUrl } from '../../platform/orderLinks';
import { isLiveOrder } from '../../../domain/slotFlags';
import { requireRoleAt } from '../locations/service';

/** POST /api/v2.2/orders/{id}/arrival_link/: any role at the order's location (as a check-in). */
export async function sendArrivalLink(db: Db, links: { publicUrl: string; widgetSecret: string }, userId: number, orderId: number, lang: Lang) {
  const [row] = await db.select({ o: orders, arrivals: locations.arrivalsEnabled }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).where(eq(orders.id, orderId));
  if (!row) throw notFound();
  await requireRoleAt(db, userId, row.o.locationId);
  const { o } = row;
  if (!row.arrivals) throw fieldError('non_field_errors', 'arrivals_off');
  if (!isLiveOrder(o)) throw fieldError('non_field_errors', 'arrival_order_cancelled');
  if (!o.email) throw fieldError('non_field_errors', 'arrival_link_no_email');
  const letterLang: Lang = o.language === 'en' || o.language === 'ru' ? o.language : lang;
  await db.transaction(async (tx) => {
    await recordEffects(tx, {
      activity: { locationId: o.locationId, kind: 'order.arrival_link_sent', subject: `#${orderId}`, before: { sent_to: o.email }, after: { sent_to: o.email } },
      orderLog: { orderId, type: 'arrival_link_sent', author: userId, data: { email: o.email } },
      messages: { kind: 'arrival_link', payload: { orderId, lang: letterLang } },
    });
  });
  return { order_id: orderId, email: o.email, arrival_url: arrivalPageUrl(links.publicUrl, links.widgetSecret, orderId) };
}
