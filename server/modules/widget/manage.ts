// #46 The customer's own booking page beyond seeing, paying and cancelling (service.ts): moving the
// booking to another session of its playground group, and the booking as a calendar file.
//   GET  /api/public/orders/{key}/move_options/?date=  the sessions it may move to that day, with the price difference
//   POST /api/public/orders/{key}/move/                {session_dt, playground_id}: moved; a dearer session's
//                                                      difference as a payment link, a cheaper one's given back by tender
//   GET  /api/public/orders/{key}/calendar.ics         the booking in the location's time zone
// A move is the staff edit's change (orders/booking.ts updateBooking) made by the customer: the same
// lock on the session (two moves racing for the last place give one), the same after-effects (the
// order log and the activity log as the customer's, the desk's live event, the webhook, the change
// message), and the page's own rules checked again under the order's lock.
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { locations, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { hasBegun, wallClockNow, zoneNow } from '../../platform/clock';
import type { Effects } from '../../platform/effects';
import { orderPageUrl } from '../../platform/orderLinks';
import { addDays, businessDateOf } from '../../../domain/businessDay';
import { fromCents, toCents } from '../../../domain/pricing';
import { calendarFile } from '../../../domain/calendarFile';
import { locationDaySlots, playgroundDay } from '../slots/service';
import { priceAtSession, sameBookingAt, updateBooking, type CustomerMove } from '../orders/booking';
import { createPaymentLink } from '../orders/billing';
import { customerOverpaidRefunds, sendRefunds } from '../orders/refunds';
import { onlinePaymentsAt } from '../paymentProviders/provider';
import { MAX_DAYS_AHEAD, inCustomerWords, moveRefusal, orderByKey, orderView, publicLocation } from './service';

type OrderRow = typeof orders.$inferSelect;

/** The order with its sessions and location, as the move's rules read them. */
async function orderForMove(db: Db | Tx, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const [loc] = await db.select().from(locations).where(eq(locations.id, order.locationId));
  const sessions = await db.select({ playgroundId: playsessions.playgroundId, timeStart: playsessions.timeStart, duration: playsessions.duration, groupId: playgrounds.groupId })
    .from(orderPlaysessions).innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(asc(playsessions.timeStart));
  return { order, loc: loc!, sessions };
}

/** Refused unless the order may be moved now (moveRefusal: live, one session, not waiting for its first payment, before the cut-off). */
function assertMovable(facts: Awaited<ReturnType<typeof orderForMove>>) {
  const refusal = moveRefusal(facts.order, facts.sessions.length, facts.loc, zoneNow(facts.loc.timezone), facts.sessions[0]?.timeStart);
  if (refusal) throw refusal;
  return facts.sessions[0]!;
}

/** The playgrounds a booking may move to: those of its playground's group, or its own when it has none. */
const sameGroup = (current: { playgroundId: number; groupId: number | null }, pg: { id: number; groupId: number | null }) =>
  (current.groupId === null ? pg.id === current.playgroundId : pg.groupId === current.groupId);

export interface MoveOption { session_dt: string; playground_id: number; playground_name: string; begin: string; end: string; difference: string }

/**
 * GET move_options/?date=: the sessions of the order's group on the day that are on sale, not begun,
 * with room for its guests, priced by the edit's rules; `difference` is the new price less the
 * current one (negative: given back). The session it holds is not among them.
 */
export async function moveOptions(db: Db, config: Config, key: string, date: string, lang: Lang): Promise<MoveOption[]> {
  const ref = await orderByKey(db, config, key);
  const facts = await orderForMove(db, ref.id);
  const current = assertMovable(facts);
  const loc = await publicLocation(db, facts.loc.id, lang);
  const today = businessDateOf(loc.now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (date < today || date > last) throw fieldError('date', 'date_range', { min: today, max: last });
  const day = await locationDaySlots(db, facts.loc.id, date);
  // The location's discounts and clock for the prices, read once (they are the location's, not a playground's).
  const pricing = await playgroundDay(db, null, current.playgroundId, date);
  if (!pricing) throw notFound();
  const { order } = facts;
  const options: MoveOption[] = [];
  for (const pg of day.playgrounds.filter((p) => sameGroup(current, p))) {
    for (const slot of day.slots) {
      if (slot.playground !== pg.id || hasBegun(slot.time_start, day.clock) || slot.available_persons < order.persons || !slot.pricing) continue;
      if (pg.id === current.playgroundId && slot.time_start === current.timeStart) continue;
      const price = await priceAtSession(db, pricing, pg, slot, order);
      if (price === null) continue;
      options.push({ session_dt: slot.time_start, playground_id: pg.id, playground_name: pg.name, begin: slot.begin, end: slot.end,
        difference: fromCents(toCents(price) - toCents(order.purchase)) });
    }
  }
  return options.sort((a, b) => a.session_dt.localeCompare(b.session_dt) || a.playground_id - b.playground_id);
}

export interface MoveInput { session_dt: string; playground_id: number }

/**
 * POST move/: the customer moves the booking. Checked first without a lock (a clear refusal), then
 * again under the order's lock (updateBooking's CustomerMove.check). A dearer session's difference
 * becomes a payment link where the location takes money online (else it is owed at the venue); a
 * cheaper one's goes back by tender (provider and certificate money by themselves, cash and card
 * at the venue). Answers the order's page, whose payment_url is the difference's link.
 */
export async function moveOrder(db: Db, config: Config, key: string, input: MoveInput, lang: Lang) {
  const ref = await orderByKey(db, config, key);
  const first = await orderForMove(db, ref.id);
  const current = assertMovable(first);
  const [target] = await db.select({ id: playgrounds.id, groupId: playgrounds.groupId, locationId: playgrounds.locationId }).from(playgrounds)
    .where(eq(playgrounds.id, input.playground_id));
  if (!target || target.locationId !== first.loc.id) throw fieldError('playground_id', 'invalid_choice');
  if (!sameGroup(current, target)) throw fieldError('playground_id', 'widget_move_other_group');
  if (target.id === current.playgroundId && input.session_dt.slice(0, 16) === current.timeStart.slice(0, 16)) throw fieldError('session_dt', 'widget_move_same_session');
  const today = businessDateOf(wallClockNow(first.loc.timezone));
  // As far ahead as the widget sells.
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (businessDateOf(input.session_dt) > last) throw fieldError('session_dt', 'date_range', { min: today, max: last });
  const online = !!(await onlinePaymentsAt(db, config, first.loc.id)).provider;
  let refundIds: number[] = [];
  const move: CustomerMove = {
    userId: null,
    // Under the order's lock: the page's rules hold for the order as it is now (another tab may have moved or cancelled it).
    check: async (tx) => {
      const now = await orderForMove(tx, ref.id);
      const held = assertMovable(now);
      if (!sameGroup(held, target)) throw fieldError('playground_id', 'widget_move_other_group');
    },
    settle: async (tx, moved) => settleDifference(tx, config, moved, toCents(first.order.purchase), online, today, (ids) => { refundIds = ids; }),
  };
  await inCustomerWords(() => updateBooking(db, move, ref.id, sameBookingAt(first.order, input.playground_id, input.session_dt)), first.loc.phone);
  await sendRefunds(db, config, refundIds);
  return orderView(db, config, first.loc.id, ref.id, lang);
}

/** The move's difference in its transaction: a payment link for a dearer session's, the refunds of a cheaper one's. */
async function settleDifference(tx: Tx, config: Config, moved: OrderRow, oldCents: number, online: boolean, today: string,
  queued: (refundIds: number[]) => void): Promise<Effects[]> {
  const difference = toCents(moved.purchase) - oldCents;
  if (difference < 0) {
    const { refundIds, effects } = await customerOverpaidRefunds(tx, moved, today);
    queued(refundIds);
    return effects;
  }
  // Only the difference, and only what is owed (a booking paid at the venue may owe more): the rest is as it was.
  const owed = Math.min(difference, toCents(moved.purchase) - toCents(moved.paid));
  if (difference > 0 && owed > 0 && online) {
    await createPaymentLink(tx, { publicUrl: config.publicUrl, userId: null, payments: config }, moved.id, moved.locationId, fromCents(owed));
  }
  return [];
}

/** GET calendar.ics: the booking's session as an event in the location's zone (a cancelled one as cancelled). */
export async function orderCalendar(db: Db, config: Config, key: string, lang: Lang): Promise<{ file: string; name: string }> {
  const ref = await orderByKey(db, config, key);
  const view = await orderView(db, config, ref.locationId, ref.id, lang);
  const { order, loc, sessions } = await orderForMove(db, ref.id);
  const first = sessions[0];
  if (!first) throw notFound();
  const words = lang === 'en'
    ? { booking: `Booking no. ${order.id}`, guests: `Guests: ${order.persons}`, page: 'Your booking page' }
    : { booking: `Бронь №${order.id}`, guests: `Гостей: ${order.persons}`, page: 'Страница брони' };
  const page = orderPageUrl(config.publicUrl, config.widgetSecret, order.id, lang);
  const file = calendarFile({
    uid: `order-${order.id}@${new URL(config.publicUrl).host}`,
    timezone: loc.timezone,
    start: first.timeStart,
    minutes: first.duration,
    summary: `${view.playground ?? ''} — ${view.location.name}`,
    location: view.location.address,
    description: [words.booking, words.guests, `${words.page}: ${page}`].join('\n'),
    url: page,
    now: new Date(),
    cancelled: view.state === 'cancelled',
  });
  return { file, name: `booking-${order.id}.ics` };
}
