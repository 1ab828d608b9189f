// Reading orders: the order page (GET /api/v2.2/orders/{id}/), its log (GET /booking/{id}/comments/),
// search by phone or name (GET /api/v2.2/orders/search/) and games for booking. Read-only.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  consentTexts, currencies, games, locationGames, locations, orderConsents, orderLogs, orderPlaysessions, orders, payments, playgrounds, playsessions,
  userLocationRoles, users,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { businessDateOf } from '../../../domain/businessDay';
import { isLiveOrder } from '../../../domain/slotFlags';
import { orderBalance } from '../../../domain/orderBalance';
import { nameSearchPattern, PHONE_KEY_DIGITS, phoneMatch } from '../../../domain/orderSearch';
import { fromCents, toCents } from '../../../domain/pricing';
import { locationToday, requireRoleAt } from '../locations/service';
import { paymentJson } from './payments';
import { withPlaygroundNames } from './orderLog';
import { orderRefunds } from './refunds';
import { arrivalOf } from '../arrivals/service';
import { arrivalPageUrl } from '../../platform/orderLinks';

type OrderRow = typeof orders.$inferSelect;

/** What is left to pay (negative when overpaid, as the spec's need_paid); nothing on a cancelled order. */
const needPaid = (o: OrderRow) => (isLiveOrder(o) ? fromCents(toCents(o.purchase) - toCents(o.paid)) : '0.00');

async function sessionsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, { playground_id: number; playground_name: string; session_dt: string; duration: number }[]>();
  const rows = await db.select({ orderId: orderPlaysessions.orderId, ps: playsessions, name: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(inArray(orderPlaysessions.orderId, orderIds)).orderBy(playsessions.timeStart);
  const out = new Map<number, { playground_id: number; playground_name: string; session_dt: string; duration: number }[]>();
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({ playground_id: r.ps.playgroundId, playground_name: r.name, session_dt: r.ps.timeStart, duration: r.ps.duration });
    out.set(r.orderId, list);
  }
  return out;
}

export async function getOrder(db: Db, userId: number, orderId: number, links: { publicUrl: string; widgetSecret: string }) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  await requireRoleAt(db, userId, order.locationId);
  const [sessions, paymentRows, game, loc, refundFacts, consent] = await Promise.all([
    sessionsOf(db, [orderId]),
    db.select({ p: payments, user: { id: users.id, name: users.name, email: users.email } }).from(payments)
      .leftJoin(users, eq(users.id, payments.userId)).where(eq(payments.orderId, orderId)).orderBy(payments.id),
    order.gameId ? db.select({ id: games.id, name: games.name }).from(games).where(eq(games.id, order.gameId)) : Promise.resolve([]),
    db.select({ c: currencies }).from(locations).leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, order.locationId)),
    orderRefunds(db, order, await locationToday(db, order.locationId)),
    // #40 The customer's personal-data consent (a widget booking's), with the text they agreed to.
    db.select({ c: orderConsents, t: consentTexts }).from(orderConsents).innerJoin(consentTexts, eq(consentTexts.id, orderConsents.consentTextId))
      .where(eq(orderConsents.orderId, orderId)),
  ]);
  // #44 Its participants (the lead first), how many are checked in, and the no-show flag.
  const arrival = await arrivalOf(db, orderId);
  const ps = sessions.get(orderId) ?? [];
  const first = ps[0];
  const currency = loc[0]?.c;
  return {
    id: order.id,
    order_id: order.id,
    location_id: order.locationId,
    name: order.name,
    phone: order.phone,
    email: order.email,
    persons: order.persons,
    order_type: order.orderType,
    status: order.status,
    cost: order.cost,
    discount: order.discount,
    purchase: order.purchase,
    paid: order.paid,
    need_paid: needPaid(order),
    // What it owes back: a cancelled order's money, a live order's overpayment (domain/orderBalance).
    to_refund: orderBalance(order).toRefund,
    promocode: order.promocode,
    bill: order.bill,
    cancel_delay: order.cancelDelay,
    comment: order.comment,
    seller_user_id: order.sellerUserId,
    staff_user_id: order.staffUserId,
    game: game[0] ?? null,
    multisession: order.multisession,
    source: order.source,
    amo_id: order.amoId,
    created: order.createdAt.toISOString(),
    session_date: first ? businessDateOf(first.session_dt) : null,
    session_time: first ? first.session_dt.slice(11) : null,
    playsessions: ps,
    currency: currency ? { code: currency.code, is_before: currency.isBefore, blank_place: currency.blankPlace, unicode: currency.unicode } : null,
    payments: paymentRows.map((r) => paymentJson(r.p, r.user?.id ? r.user : null)),
    ...refundFacts,
    personal_data_consent: consent[0] ? {
      version: consent[0].t.version, text_hash: consent[0].t.textHash, accepted_at: consent[0].c.acceptedAt.toISOString(),
      ip: consent[0].c.ip, user_agent: consent[0].c.userAgent, text: consent[0].t.text,
    } : null,
    participants: arrival.participants,
    checked_in: arrival.checked_in,
    no_show: arrival.no_show,
    // #44 The guests' arrival page: the link to send them and what the QR code shows.
    arrival_url: arrivalPageUrl(links.publicUrl, links.widgetSecret, order.id),
    // #47 Erased: the page says so instead of offering the guest's data.
    personal_data_erased_at: order.personalDataErasedAt ? order.personalDataErasedAt.toISOString() : null,
  };
}

export async function orderComments(db: Db, userId: number, orderId: number) {
  const [order] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  await requireRoleAt(db, userId, order.locationId);
  const rows = await db.select({ log: orderLogs, author: users.name, authorEmail: users.email }).from(orderLogs)
    .leftJoin(users, eq(users.id, orderLogs.authorUserId)).where(eq(orderLogs.orderId, orderId)).orderBy(orderLogs.created, orderLogs.id);
  return withPlaygroundNames(db, rows.map((r) => ({
    id: r.log.id, created: r.log.created.toISOString(), type: r.log.type, text: r.log.text, data: r.log.data,
    author: r.log.authorUserId ? { name: r.author || r.authorEmail } : null,
  })));
}

/**
 * #39 Orders of the user's locations, newest first, by a phone as typed or a part of the customer's name.
 * A whole phone matches on its last 10 digits (domain/orderSearch.ts phoneMatch), whatever the stored
 * number's country code or 8-prefix; a part of one anywhere in the stored number. Stored phones are
 * already digits with an optional leading plus (every write checks PHONE_PATTERN), so their last 10
 * characters are their last 10 digits and LIKE reads their digits, without a per-row regexp_replace. A name is matched by the
 * domain's case- and ё-blind pattern. No index serves either (a leading wildcard): the caller's
 * locations are read first so that PostgreSQL narrows by the location index, and the page and its
 * count come from one scan. Measured on the 1,000,000-order bench chain: docs/decisions.md (#39).
 */
export async function searchOrders(db: Db, userId: number, query: { phone?: string; name?: string; locationId?: number }, limit: number, offset: number) {
  // #44 One location (the booking form's: its no-shows of a phone): the caller's role there, else 404.
  if (query.locationId !== undefined) await requireRoleAt(db, userId, query.locationId);
  const mine = query.locationId !== undefined ? [query.locationId]
    : (await db.select({ id: userLocationRoles.locationId }).from(userLocationRoles).where(eq(userLocationRoles.userId, userId))).map((r) => r.id);
  if (!mine.length) return { count: 0, no_shows: 0, results: [] };
  const phone = query.phone === undefined ? null : phoneMatch(query.phone);
  const where = and(
    phone === null ? undefined : 'whole' in phone ? sql`right(${orders.phone}, ${PHONE_KEY_DIGITS}) = ${phone.whole}` : sql`${orders.phone} like ${`%${phone.part}%`}`,
    query.name === undefined ? undefined : sql`${orders.name} ~ ${nameSearchPattern(query.name)}`,
    inArray(orders.locationId, mine),
  );
  // Narrow rows through the window count, then the page's orders by id.
  // #44 and how many of them are no-shows, from the same scan.
  const noShows = sql<number>`count(*) FILTER (WHERE ${orders.noShow})`;
  const page = await db.select({ id: orders.id, total: sql<number>`count(*) OVER ()`.mapWith(Number), noShows: sql<number>`${noShows} OVER ()`.mapWith(Number) })
    .from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
  // A page past the end has no row to carry the count.
  const whole = page[0] ? { n: page[0].total, noShows: page[0].noShows } : offset > 0
    ? (await db.select({ n: sql<number>`count(*)`.mapWith(Number), noShows: noShows.mapWith(Number) }).from(orders).where(where))[0]! : { n: 0, noShows: 0 };
  const count = whole.n;
  const byId = new Map((page.length ? await db.select().from(orders).where(inArray(orders.id, page.map((r) => r.id))) : []).map((o) => [o.id, o]));
  const rows = page.map((r) => byId.get(r.id)!);
  const sessions = await sessionsOf(db, rows.map((r) => r.id));
  return {
    count,
    no_shows: whole.noShows,
    results: rows.map((o) => {
      const first = sessions.get(o.id)?.[0];
      return {
        order_id: o.id, location_id: o.locationId, name: o.name, phone: o.phone, status: o.status, cost: o.cost, purchase: o.purchase,
        session_date: first ? businessDateOf(first.session_dt) : null, session_time: first ? first.session_dt.slice(11) : null,
      };
    }),
  };
}

export async function gamesForBooking(db: Db, userId: number, playgroundId: number) {
  const [pg] = await db.select().from(playgrounds).where(eq(playgrounds.id, playgroundId));
  if (!pg) throw notFound();
  await requireRoleAt(db, userId, pg.locationId);
  // A game limited to some playgrounds (#28) is not offered on the others.
  return db.select({ id: games.id, name: games.name }).from(locationGames).innerJoin(games, eq(games.id, locationGames.gameId))
    .where(and(eq(locationGames.locationId, pg.locationId), sql`(${locationGames.playgroundIds} IS NULL OR ${pg.id} = ANY(${locationGames.playgroundIds}))`)).orderBy(games.name);
}
