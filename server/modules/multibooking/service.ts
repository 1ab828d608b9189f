// Multi-bookings: one order over several fully free sessions, possibly on several playgrounds.
// All or nothing: the sessions' playsession rows are locked in one fixed order (playground,
// start) inside one transaction, so two staff racing for overlapping sets cannot deadlock, and the
// second finds a taken session and gets "time slot busy" with nothing booked.
import type { PaymentConfig } from '../paymentProviders/provider';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { eventPackages, locations, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requirePermission, type AuthUser } from '../../platform/auth';
import { businessDateOf } from '../../../domain/businessDay';
import { multiBookingPrice } from '../../../domain/pricing';
import { ORDER_SOURCE } from '../../../domain/booking';
import { BOOKABLE_PLAYGROUND_TYPES, ORDER_STATUS, ORDER_TYPE, isLiveOrder } from '../../../domain/slotFlags';
import { requireRoleAt } from '../locations/service';
import { hasBegun, locationClock, slotAt, takesNewBookings } from '../slots/service';
import type { ZoneNow } from '../../platform/clock';
import { lockPlaysession, personsHeld } from '../orders/booking';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import { bookingsTotal, countOutcome } from '../../platform/metrics';
import { loggedSessions } from '../orders/orderLog';
import { bookingCreated, bookingEdited, sessionsText } from '../orders/activity';
import { closeOpenLinks, createBillLink } from '../orders/billing';
import { bookedMessages } from '../orders/booking';
import { checkCoupon, releaseCoupon, useCoupon } from '../orders/coupons';
import { recordEffects } from '../../platform/effects';
import type { Lang } from '../../platform/messages';

export interface MultiInput {
  date: string | null;
  cost: string;
  persons: number;
  name: string;
  email: string;
  phone: string;
  promocode: string | null;
  bill: boolean;
  cancel_delay: number | null;
  order_type: number;
  event_type_id: number | null;
  comment: string;
  location_id: number;
  playsessions: { playground_id: number; session_dt: string }[];
  amo_id: string | null;
  source: string | null;
  /** #45 The customer's language for their messages (absent: none; an edit keeps the order's). */
  language?: 'ru' | 'en' | null;
}

async function checkEventRules(tx: Tx | Db, input: MultiInput): Promise<void> {
  if (input.order_type !== ORDER_TYPE.event) return;
  const [loc] = await tx.select().from(locations).where(eq(locations.id, input.location_id));
  if (!loc || !(loc.isPark || loc.isEventsAvailable)) throw fieldError('order_type', 'event_not_available');
  if (input.event_type_id === null) throw fieldError('event_type_id', 'event_package_required');
  const [pkg] = await tx.select().from(eventPackages)
    .where(and(eq(eventPackages.id, input.event_type_id), eq(eventPackages.locationId, input.location_id), eq(eventPackages.active, true)));
  if (!pkg) throw fieldError('event_type_id', 'invalid_choice');
}

/** Locks every chosen session (fixed order) and checks each is bookable and free of other orders. */
async function takeSessions(tx: Tx, input: MultiInput, now: ZoneNow, ownOrderId: number | null): Promise<number[]> {
  const pgIds = [...new Set(input.playsessions.map((s) => s.playground_id))];
  const pgs = await tx.select().from(playgrounds).where(inArray(playgrounds.id, pgIds));
  const byId = new Map(pgs.map((p) => [p.id, p]));
  const wanted = [...input.playsessions]
    .filter((s, i, all) => all.findIndex((o) => o.playground_id === s.playground_id && o.session_dt === s.session_dt) === i)
    .sort((a, b) => a.playground_id - b.playground_id || a.session_dt.localeCompare(b.session_dt));
  const ids: number[] = [];
  for (const s of wanted) {
    const pg = byId.get(s.playground_id);
    if (!pg || !pg.isActive || pg.locationId !== input.location_id || !pg.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t))) {
      throw fieldError('playsessions', 'invalid_choice');
    }
    // On the transaction's own connection: asking the pool for a second one while holding the
    // first would starve it under load.
    const slot = await slotAt(tx as unknown as Db, pg, s.session_dt);
    if (!slot || hasBegun(slot.time_start, now)) throw fieldError('datetime_start', 'free_sessions_not_found');
    const psId = await lockPlaysession(tx, pg.id, { ...slot, currencyId: null, gameId: null });
    // One session written two ways (with and without its offset) is taken once.
    if (ids.includes(psId)) continue;
    // Only fully free sessions: any live order of someone else makes it busy.
    if ((await personsHeld(tx, psId, ownOrderId)) > 0) throw fieldError('datetime_start', 'free_sessions_not_found');
    if (input.persons > pg.maxPlayers) throw fieldError('persons', 'wrong_persons');
    ids.push(psId);
  }
  return ids;
}

async function purchaseOf(tx: Tx, input: MultiInput, sessionDate: string, promoAlreadyUsed: boolean) {
  let promoDiscount: string | null = null;
  let promocodeId: number | null = null;
  if (input.promocode) {
    const check = await checkCoupon(tx, input.location_id, input.promocode, sessionDate, { alreadyUsed: promoAlreadyUsed });
    if (!check.valid) throw fieldError('promocode', check.reason, check.params);
    promoDiscount = check.discount;
    promocodeId = check.id;
  }
  // The domain's rule, the one the multi-booking form previews.
  return { ...multiBookingPrice({ orderType: input.order_type, cost: input.cost, promoDiscount }), promocodeId };
}

function assertBill(input: MultiInput, purchase: string) {
  if (!input.bill) return;
  if ((input.order_type !== ORDER_TYPE.paid && input.order_type !== ORDER_TYPE.event) || Number(purchase) <= 0) throw fieldError('bill', 'null_payment');
  if (!input.cancel_delay) throw fieldError('cancel_delay', 'cancel_delay_required');
}

/** POST /multibooking/, counted in /metrics (bookings by outcome). */
export function createMultiBooking(db: Db, user: AuthUser, link: { publicUrl: string; lang: Lang; payments: PaymentConfig }, input: MultiInput): Promise<{ order_id: number }> {
  return countOutcome(bookingsTotal, { channel: 'multi' }, () => placeMultiBooking(db, user, link, input));
}

async function placeMultiBooking(db: Db, user: AuthUser, link: { publicUrl: string; lang: Lang; payments: PaymentConfig }, input: MultiInput): Promise<{ order_id: number }> {
  await requireRoleAt(db, user.id, input.location_id);
  requirePermission(user, 'multibooking', input.location_id);
  if (!input.date) throw fieldError('date', 'required');
  await checkEventRules(db, input);
  const now = await locationClock(db, input.location_id);
  takesNewBookings(now);
  return lockedTransaction(db, async (tx) => {
    const psIds = await takeSessions(tx, input, now, null);
    const firstDate = businessDateOf([...input.playsessions].sort((a, b) => a.session_dt.localeCompare(b.session_dt))[0]!.session_dt);
    const price = await purchaseOf(tx, input, firstDate, false);
    assertBill(input, price.purchase);
    if (price.promocodeId !== null && !(await useCoupon(tx, price.promocodeId))) throw fieldError('promocode', 'promocode_exhausted');
    const [order] = await tx.insert(orders).values({
      locationId: input.location_id, name: input.name, phone: input.phone, email: input.email, persons: input.persons,
      orderType: input.order_type, status: Number(price.purchase) > 0 ? ORDER_STATUS.pending : ORDER_STATUS.confirmed,
      cost: price.cost, discount: price.discount, purchase: price.purchase, paid: '0', promocode: input.promocode,
      cancelDelay: input.bill ? input.cancel_delay : null, comment: input.comment, staffUserId: user.id, multisession: true,
      source: input.source ?? ORDER_SOURCE.backoffice, amoId: input.amo_id, eventTypeId: input.event_type_id, language: input.language ?? null,
    }).returning();
    await tx.insert(orderPlaysessions).values(psIds.map((playsessionId) => ({ orderId: order!.id, playsessionId })));
    // Each session by time and playground name: the log reads without looking anything up.
    const sessions = await loggedSessions(tx, psIds);
    await recordEffects(tx, {
      orderLog: { orderId: order!.id, type: 'created', author: user.id, data: { sessions, persons: input.persons, order_type: input.order_type, purchase: price.purchase, multisession: true } },
      activity: bookingCreated(order!, sessionsText(sessions), false),
      webhooks: { event: 'order.created', orderId: order!.id },
      messages: bookedMessages(order!.id), // #45
    });
    if (input.bill) await createBillLink(tx, { ...link, userId: user.id }, order!.id, input.location_id, price.purchase, input.cancel_delay!);
    return { order_id: order!.id };
  }, 'slot_locked');
}

export async function getMultiBooking(db: Db, userId: number, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  await requireRoleAt(db, userId, order.locationId);
  const sessions = await db.select({ ps: playsessions }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(playsessions.timeStart, playsessions.playgroundId);
  return {
    order_id: order.id, location_id: order.locationId, date: sessions[0] ? sessions[0].ps.businessDate : null,
    name: order.name, phone: order.phone, email: order.email, persons: order.persons, order_type: order.orderType, status: order.status,
    cost: order.cost, discount: order.discount, purchase: order.purchase, paid: order.paid, promocode: order.promocode, bill: order.bill,
    cancel_delay: order.cancelDelay, comment: order.comment, event_type_id: order.eventTypeId, amo_id: order.amoId, multisession: order.multisession,
    language: order.language === 'ru' || order.language === 'en' ? order.language : null,
    playsessions: sessions.map(({ ps }) => ({ id: ps.id, playground_id: ps.playgroundId, session_dt: ps.timeStart, duration: ps.duration })),
  };
}

/** What an edit changed, each as {from, to}, as a single booking's edit logs it. */
function multiChanges(order: typeof orders.$inferSelect, input: MultiInput, purchase: string): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, before, after] of [
    ['persons', order.persons, input.persons], ['name', order.name, input.name], ['phone', order.phone, input.phone],
    ['email', order.email, input.email], ['order_type', order.orderType, input.order_type], ['purchase', order.purchase, purchase],
    ['promocode', order.promocode, input.promocode], ['comment', order.comment, input.comment],
  ] as const) if (String(before ?? '') !== String(after ?? '')) changes[key] = { from: before, to: after };
  return changes;
}

/** update_part: new fields and/or a new set of sessions; sessions the order keeps need no check. */
export async function updateMultiBooking(db: Db, user: AuthUser, link: { publicUrl: string; lang: Lang; payments: PaymentConfig }, orderId: number, input: MultiInput): Promise<{ order_id: number }> {
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!existing) throw notFound();
  await requireRoleAt(db, user.id, existing.locationId);
  requirePermission(user, 'multibooking', existing.locationId);
  if (!existing.multisession) throw fieldError('non_field_errors', 'not_multisession');
  if (input.location_id !== existing.locationId) throw fieldError('location_id', 'invalid_choice');
  await checkEventRules(db, input);
  const now = await locationClock(db, existing.locationId);
  return lockedTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!isLiveOrder(order!)) throw fieldError('non_field_errors', 'order_closed');
    const psIds = await takeSessions(tx, input, now, orderId);
    const firstDate = businessDateOf([...input.playsessions].sort((a, b) => a.session_dt.localeCompare(b.session_dt))[0]!.session_dt);
    const samePromo = !!input.promocode && input.promocode.toUpperCase() === (order!.promocode ?? '').toUpperCase();
    const price = await purchaseOf(tx, input, firstDate, samePromo);
    assertBill(input, price.purchase);
    if (!samePromo && price.promocodeId !== null && !(await useCoupon(tx, price.promocodeId))) throw fieldError('promocode', 'promocode_exhausted');
    if (!samePromo) await releaseCoupon(tx, order!.locationId, order!.promocode);
    const paid = Number(order!.paid);
    await tx.update(orders).set({
      name: input.name, phone: input.phone, email: input.email, persons: input.persons, orderType: input.order_type,
      status: Number(price.purchase) <= 0 ? ORDER_STATUS.confirmed : paid >= Number(price.purchase) ? ORDER_STATUS.paid : ORDER_STATUS.pending,
      cost: price.cost, discount: price.discount, purchase: price.purchase, promocode: input.promocode, comment: input.comment,
      eventTypeId: input.event_type_id, amoId: input.amo_id ?? order!.amoId, ...(input.language ? { language: input.language } : {}), updatedAt: new Date(),
    }).where(eq(orders.id, orderId));
    const before = (await tx.select({ id: orderPlaysessions.playsessionId }).from(orderPlaysessions).where(eq(orderPlaysessions.orderId, orderId))).map((r) => r.id);
    const removed = before.filter((id) => !psIds.includes(id));
    const added = psIds.filter((id) => !before.includes(id));
    const [removedSessions, addedSessions] = [await loggedSessions(tx, removed), await loggedSessions(tx, added)];
    if (removed.length) await tx.delete(orderPlaysessions).where(and(eq(orderPlaysessions.orderId, orderId), inArray(orderPlaysessions.playsessionId, removed)));
    if (added.length) await tx.insert(orderPlaysessions).values(added.map((playsessionId) => ({ orderId, playsessionId })));
    // A lower price the order already holds makes it paid: its open links close too (#25).
    const closed = Number(price.purchase) > 0 && paid >= Number(price.purchase) ? await closeOpenLinks(tx, orderId, null, user.id) : null;
    const changes = multiChanges(order!, input, price.purchase);
    const moved = removed.length > 0 || added.length > 0;
    await recordEffects(tx, {
      orderLog: [{ orderId, type: 'edited', author: user.id, data: { ...changes, sessions_added: addedSessions, sessions_removed: removedSessions } }, ...(closed ? [closed] : [])],
      activity: bookingEdited(order!, changes, moved ? { before: sessionsText(await loggedSessions(tx, before)), after: sessionsText(await loggedSessions(tx, psIds)) } : undefined),
      webhooks: { event: 'order.changed', orderId },
      // #45 Other sessions: the customer hears of it, and the reminders and thank-you are planned again.
      messages: moved && [{ kind: 'change', payload: { orderId, changes: ['session'] } }, { kind: 'reminder', payload: { orderId } }, { kind: 'thank_you', payload: { orderId } }],
    });
    if (input.bill && !order!.bill) await createBillLink(tx, { ...link, userId: user.id }, orderId, existing.locationId, (Number(price.purchase) - paid).toFixed(2), input.cancel_delay!);
    return { order_id: orderId };
  }, 'slot_locked');
}

/** GET /locations/{id}/events_packages/?date=: the packages on sale that day. */
export async function eventPackagesOn(db: Db, userId: number, locationId: number, date: string) {
  await requireRoleAt(db, userId, locationId);
  const rows = await db.select().from(eventPackages).where(and(eq(eventPackages.locationId, locationId), eq(eventPackages.active, true))).orderBy(eventPackages.id);
  return rows.filter((p) => (!p.validFrom || p.validFrom <= date) && (!p.validTo || p.validTo >= date))
    .map((p) => ({ id: p.id, name: p.name, price: p.price }));
}
