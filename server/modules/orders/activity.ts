// #41 Bookings in the activity log: a booking, an edit, a move and a cancel each write one entry
// (with their other after-effects, recordEffects). An entry names the order `#id` and says what it
// held in words a manager reads without opening it: guests, the session(s) by playground and time,
// the price and, for a cancel, what was paid by which tender (an administrator answers "who
// cancelled order 1234, and what did it hold?" from the activity log alone).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import type { ActivityEntry } from '../../platform/activity';
import { fromCents } from '../../../domain/pricing';
import { BY_CUSTOMER } from '../../../domain/orderLog';
import type { TenderHolding } from '../../../domain/refundTenders';

type Order = typeof orders.$inferSelect;

/** Sessions as the entry names them: "Куб 2 2031-03-03 11:00", several joined by "; ". */
export const sessionsText = (sessions: readonly { playground_name?: string | null; session_dt: string }[]): string =>
  sessions.map((s) => [s.playground_name, s.session_dt].filter(Boolean).join(' ')).join('; ');

/** The sessions an order holds now, as sessionsText. */
export async function heldSessions(tx: DbOrTx, orderId: number): Promise<string> {
  const rows = await tx.select({ playground_name: playgrounds.name, session_dt: playsessions.timeStart }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(playsessions.timeStart, playgrounds.id);
  return sessionsText(rows);
}

/** What a booking holds, as its entries show it. */
export function heldFields(order: Pick<Order, 'persons' | 'purchase' | 'orderType' | 'name'>, session: string): Record<string, unknown> {
  return { customer: order.name, guests: order.persons, session, order_type: order.orderType, price: order.purchase };
}

/** A booking made: staff's, or the customer's in the widget (no user: `by` says so). */
export function bookingCreated(order: Pick<Order, 'id' | 'locationId' | 'persons' | 'purchase' | 'orderType' | 'name'>, session: string, byCustomer: boolean): ActivityEntry {
  return { locationId: order.locationId, kind: 'order.created', subject: `#${order.id}`, after: { ...heldFields(order, session), ...(byCustomer ? { by: BY_CUSTOMER } : {}) } };
}

/** The order log's changes ({key: {from, to}}) as an entry's two sides, with the entry's names for the order's fields. */
const ENTRY_KEY: Record<string, string> = { persons: 'guests', purchase: 'price', name: 'customer', session_dt: 'session' };

/** An edit: a move when its session(s) changed (`session` among the changes), else a change of the booking's details. */
export function bookingEdited(order: Pick<Order, 'id' | 'locationId'>, changes: Record<string, unknown>, sessions?: { before: string; after: string }, byCustomer = false): ActivityEntry {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, change] of Object.entries(changes)) {
    if (!change || typeof change !== 'object' || !('from' in change)) continue;
    const { from, to } = change as { from: unknown; to: unknown };
    before[ENTRY_KEY[key] ?? key] = from;
    after[ENTRY_KEY[key] ?? key] = to;
  }
  if (sessions && sessions.before !== sessions.after) {
    before.session = sessions.before;
    after.session = sessions.after;
  }
  // #46 The customer's own move (no user): the entry says so, as a booking in the widget does.
  if (byCustomer) after.by = BY_CUSTOMER;
  return { locationId: order.locationId, kind: 'session' in after ? 'order.moved' : 'order.updated', subject: `#${order.id}`, before, after };
}

const TENDER_FIELD: Record<TenderHolding['kind'], string> = { cash: 'paid_cash', card: 'paid_card', certificate: 'paid_certificate', provider: 'paid_online', online: 'paid_online' };

/**
 * A cancel: what the order held as it was (guests, sessions, price, paid and by which tender) and
 * who cancelled it (`by`: staff, the customer, the system when its payment hold expired), and how its
 * money goes back (`refund`).
 */
export function bookingCancelled(order: Order, session: string, holdings: readonly TenderHolding[], how: { by: string; refund: string }): ActivityEntry {
  const byTender: Record<string, number> = {};
  for (const h of holdings) byTender[TENDER_FIELD[h.kind]] = (byTender[TENDER_FIELD[h.kind]] ?? 0) + h.cents;
  const tenders = Object.fromEntries(Object.entries(byTender).filter(([, cents]) => cents > 0).map(([key, cents]) => [key, fromCents(cents)]));
  return {
    locationId: order.locationId, kind: 'order.cancelled', subject: `#${order.id}`,
    before: { ...heldFields(order, session), paid: order.paid, ...tenders },
    after: { by: how.by, ...(Number(order.paid) > 0 ? { refund: how.refund } : {}) },
  };
}
