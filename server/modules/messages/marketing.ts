// #45 The marketing thank-you: a thank-you that offers the location's promo code is an advertisement
// (38-FZ "On advertising", art. 18: only with the recipient's prior consent). It goes only to an order
// whose lead guest signed the location's marketing consent (#44, on the arrival page) and whose contact
// has not unsubscribed; every one carries the unsubscribe link. The customer's page behind the link
// (/unsubscribe/<order key>, the widget's script) asks for one click: GET only reads, POST unsubscribes
// the order's e-mail and phone from that location's offers, once each.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { locations, marketingUnsubscribes, orders } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { orderIdOfKey } from '../../platform/orderLinks';
import { recordEffects } from '../../platform/effects';
import { BY_CUSTOMER } from '../../../domain/orderLog';
import { locationNameIn } from '../locations/service';

/** Why a marketing thank-you is not sent (the message row's `error`, the order log's reason). */
export type MarketingRefusal = 'no_marketing_consent' | 'unsubscribed';

/** The contacts of an order as unsubscribes keep them: the e-mail in lower case, the phone's digits. */
export function contactsOf(order: { email: string | null; phone: string }): string[] {
  const out: string[] = [];
  if (order.email?.trim()) out.push(order.email.trim().toLowerCase());
  const digits = order.phone.replace(/\D/g, '');
  if (digits.length >= 10) out.push(digits);
  return out;
}

/** Whether the marketing thank-you may go to this order's contact; else why not. */
export async function marketingRefusal(db: DbOrTx, order: { id: number; locationId: number; email: string | null; phone: string }): Promise<MarketingRefusal | null> {
  const consent = await db.execute(sql`
    SELECT 1 FROM consent_signatures cs
      JOIN order_participants p ON p.id = cs.participant_id
      JOIN consent_texts ct ON ct.id = cs.consent_text_id
      JOIN consent_documents d ON d.id = ct.document_id
    WHERE cs.order_id = ${order.id} AND p.position = 1 AND d.kind = 'marketing' LIMIT 1`);
  if (!consent.rows.length) return 'no_marketing_consent';
  const contacts = contactsOf(order);
  if (!contacts.length) return null;
  const gone = await db.select({ id: marketingUnsubscribes.id }).from(marketingUnsubscribes)
    .where(and(eq(marketingUnsubscribes.locationId, order.locationId), inArray(marketingUnsubscribes.contact, contacts))).limit(1);
  return gone.length ? 'unsubscribed' : null;
}

async function orderOfKey(db: Db, secret: string, key: string) {
  const id = orderIdOfKey(secret, key);
  if (id === null) throw notFound();
  const [row] = await db.select({ id: orders.id, locationId: orders.locationId, email: orders.email, phone: orders.phone })
    .from(orders).innerJoin(locations, eq(locations.id, orders.locationId)).where(eq(orders.id, id));
  if (!row) throw notFound();
  return row;
}

/** Whether the order's contacts are unsubscribed from the location's offers. */
async function unsubscribed(db: DbOrTx, locationId: number, contacts: string[]): Promise<boolean> {
  if (!contacts.length) return false;
  const rows = await db.select({ contact: marketingUnsubscribes.contact }).from(marketingUnsubscribes)
    .where(and(eq(marketingUnsubscribes.locationId, locationId), inArray(marketingUnsubscribes.contact, contacts)));
  return rows.length === contacts.length;
}

/** GET /api/public/unsubscribe/{key}/: the location's name and whether the order's contacts are already off its offers. */
export async function unsubscribePage(db: Db, secret: string, key: string, lang: Lang) {
  const o = await orderOfKey(db, secret, key);
  return { location: await locationNameIn(db, o.locationId, lang), unsubscribed: await unsubscribed(db, o.locationId, contactsOf(o)) };
}

/**
 * POST /api/public/unsubscribe/{key}/: the order's e-mail and phone get no more offers from the
 * location; the order's log says so once (by the customer; no contact in it: they are the order's).
 * Again: nothing new, no entry.
 */
export async function unsubscribe(db: Db, secret: string, key: string, lang: Lang) {
  const o = await orderOfKey(db, secret, key);
  const contacts = contactsOf(o);
  if (contacts.length) {
    await db.transaction(async (tx) => {
      const added = await tx.insert(marketingUnsubscribes).values(contacts.map((contact) => ({ locationId: o.locationId, contact, orderId: o.id })))
        .onConflictDoNothing({ target: [marketingUnsubscribes.locationId, marketingUnsubscribes.contact] }).returning({ id: marketingUnsubscribes.id });
      if (added.length) await recordEffects(tx, { orderLog: { orderId: o.id, type: 'unsubscribed', author: null, data: { by: BY_CUSTOMER } } });
    });
  }
  return { location: await locationNameIn(db, o.locationId, lang), unsubscribed: true };
}
