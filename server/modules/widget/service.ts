// The customer booking widget's rules: what anyone may see and do without an account, scoped by
// location (and optionally a playground group). Answers hold only what a customer needs: no other
// customer's data, no staff, no order lists. Bookings go through the staff booking core
// (placeBooking), so one lock on the session guards its places from both sides.
// Transactions: only inside placeBooking and cancelBooking; everything else here reads. #40: a
// booking records the customer's personal-data consent (order_consents) and releases their earlier
// hold (release_key) inside placeBooking's transaction.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  currencies, games, locationGames, locationTranslations, locations, orderConsents, orderLogs, orderPlaysessions, orders, payments, playgroundGroups,
  playgrounds, playsessions,
} from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../platform/errors';
import { recordEffects } from '../../platform/effects';
import type { Lang } from '../../platform/messages';
import { addRealMinutes, hasBegun, wallClockNow, zoneNow, type ZoneNow } from '../../platform/clock';
import { instantOfLocal } from '../../../domain/zonedTime';
import { addDays, businessDateOf } from '../../../domain/businessDay';
import { fromCents, percentOf, toCents } from '../../../domain/pricing';
import { BOOKABLE_PLAYGROUND_TYPES, ORDER_STATUS, ORDER_TYPE, isLiveOrder } from '../../../domain/slotFlags';
import { orderBalance } from '../../../domain/orderBalance';
import { ORDER_SOURCE } from '../../../domain/booking';
import { createBillLink, createPaymentLink } from '../orders/billing';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import { bookingsTotal, countOutcome } from '../../platform/metrics';
import { bookingDay, cancelBooking, placeBooking, quoteBooking, releaseWidgetHold } from '../orders/booking';
import { currentConsent } from '../locations/consent';
import { textIn } from '../arrivals/documents';
import { signForLead } from '../arrivals/guest';
import { customerRefundPreview, sendRefunds } from '../orders/refunds';
import { locationDaySlots } from '../slots/service';
import { arrivalPageUrl, orderIdOfKey, orderKey } from '../../platform/orderLinks';
import { onlinePaymentsAt, type PaymentConfig } from '../paymentProviders/provider';

/** How far ahead the widget sells. */
export const MAX_DAYS_AHEAD = 90;

function currencyJson(c: typeof currencies.$inferSelect | null | undefined) {
  return c ? { code: c.code, is_before: c.isBefore, blank_place: c.blankPlace, unicode: c.unicode } : null;
}

/** An active location with its name and address in the customer's language (else its first). */
export async function publicLocation(db: Db, locationId: number, lang: Lang) {
  const [row] = await db.select({ l: locations, c: currencies }).from(locations)
    .leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, locationId));
  if (!row || !row.l.isActive) throw notFound();
  const texts = await db.select().from(locationTranslations).where(eq(locationTranslations.locationId, locationId));
  const text = texts.find((t) => t.language === lang) ?? texts.find((t) => t.language === row.l.languages[0]) ?? texts[0];
  return {
    row: row.l,
    name: text?.name || row.l.name,
    address: text?.address ?? '',
    currency: currencyJson(row.c),
    now: wallClockNow(row.l.timezone),
  };
}

async function checkGroup(db: Db, locationId: number, groupId: number | null) {
  if (groupId === null) return null;
  const [group] = await db.select().from(playgroundGroups).where(and(eq(playgroundGroups.id, groupId), eq(playgroundGroups.locationId, locationId)));
  if (!group) throw notFound();
  return { id: group.id, name: group.name };
}

/** GET /api/public/locations/{id}/: what the widget needs to start. */
export async function widgetLocation(db: Db, locationId: number, groupId: number | null, lang: Lang) {
  const loc = await publicLocation(db, locationId, lang);
  const today = businessDateOf(loc.now);
  return {
    id: loc.row.id,
    name: loc.name,
    address: loc.address,
    currency: loc.currency,
    group: await checkGroup(db, locationId, groupId),
    today,
    last_date: addDays(today, MAX_DAYS_AHEAD),
    payment_minutes: loc.row.widgetPaymentMinutes,
    cancel_hours: loc.row.customerCancelHours,
    // #39/#40 The venue's phone, its privacy policy and the consent the booking asks for (152-FZ).
    phone: loc.row.phone || null,
    privacy_policy_url: loc.row.privacyPolicyUrl || null,
    personal_data_consent: await consentShown(db, locationId, lang),
  };
}

/** #40 The consent text the widget shows, with the version the booking sends back; #44 in the customer's language where it has one. */
async function consentShown(db: Db, locationId: number, lang: Lang) {
  const consent = await currentConsent(db, locationId);
  return { version: consent.version, text: textIn(consent, lang).text };
}

/** GET /api/public/locations/{id}/slots/?date=: sessions still on sale, per playground, with prices. */
export async function widgetSlots(db: Db, locationId: number, date: string, groupId: number | null, lang: Lang) {
  const loc = await publicLocation(db, locationId, lang);
  await checkGroup(db, locationId, groupId);
  const today = businessDateOf(loc.now);
  const last = addDays(today, MAX_DAYS_AHEAD);
  if (date < today || date > last) throw fieldError('date', 'date_range', { min: today, max: last });
  const day = await locationDaySlots(db, locationId, date);
  return {
    date,
    currency: loc.currency,
    playgrounds: day.playgrounds.filter((p) => groupId === null || p.groupId === groupId).map((p) => ({
      id: p.id,
      name: p.name,
      max_players: p.maxPlayers,
      // Not begun, places left, and priced: a session without a price is not sold online.
      sessions: day.slots.filter((s) => s.playground === p.id && !hasBegun(s.time_start, day.clock) && s.available_persons > 0 && s.pricing
        && (s.pricing.personal_price !== null || s.pricing.session_price !== null)).map((s) => ({
        time_start: s.time_start,
        begin: s.begin,
        end: s.end,
        // The night clocks fall back: the two occurrences of an hour, told apart.
        ...(s.utc_offset ? { utc_offset: s.utc_offset } : {}),
        available_persons: s.available_persons,
        personal_price: s.pricing!.personal_price,
        session_price: s.pricing!.session_price,
        prepayment: s.pricing!.prepayment ?? '1.00',
      })),
    })),
  };
}

/** GET /api/public/locations/{id}/games/ */
export async function widgetGames(db: Db, locationId: number, lang: Lang) {
  await publicLocation(db, locationId, lang);
  return db.select({ id: games.id, name: games.name }).from(locationGames).innerJoin(games, eq(games.id, locationGames.gameId))
    .where(eq(locationGames.locationId, locationId)).orderBy(games.name);
}

/** A playground of the location that the widget sells, or a field error. */
async function sellablePlayground(db: Db, locationId: number, playgroundId: number) {
  const [pg] = await db.select().from(playgrounds).where(and(eq(playgrounds.id, playgroundId), eq(playgrounds.locationId, locationId)));
  if (!pg || !pg.isActive || !pg.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t))) throw fieldError('playground_id', 'invalid_choice');
  return pg;
}

/** The venue's phone for its customers ('' when none). */
async function venuePhone(db: DbOrTx, locationId: number): Promise<string> {
  const [loc] = await db.select({ phone: locations.phone }).from(locations).where(eq(locations.id, locationId));
  return loc?.phone ?? '';
}

/**
 * #42 A prepayment is due but the location takes no money online: the customer is told to call the
 * venue (with its phone when it has one), never the staff's "no payment provider is configured".
 */
const onlineUnavailable = (phone: string) =>
  (phone ? fieldError('non_field_errors', 'widget_online_unavailable_phone', { phone }) : fieldError('non_field_errors', 'widget_online_unavailable'));

/** The staff wording of "taken", "not on sale" and "no provider" is not the customer's; customers get theirs. */
export async function inCustomerWords<T>(work: () => Promise<T>, phone = ''): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.fields) {
      const first = (field: string) => { const t = err.fields![field]?.[0]; return t && 'key' in t ? t.key : null; };
      if (first('persons') === 'wrong_persons') throw fieldError('persons', 'widget_places_gone');
      if (first('datetime_start') === 'free_sessions_not_found') throw fieldError('session_dt', 'widget_session_gone');
      if (first('non_field_errors') === 'payment_provider_off') throw onlineUnavailable(phone);
    }
    throw err;
  }
}

/** The part of the price paid when booking: the price times the session's prepayment fraction. */
export function dueNow(purchase: string, prepayment: string): string {
  return fromCents(Math.min(toCents(purchase), percentOf(toCents(purchase), toCents(prepayment))));
}

export interface PriceQuery {
  playground_id: number;
  session_dt: string;
  persons: number;
  promocode: string | null;
}

/**
 * POST /api/public/locations/{id}/price/: every discount the staff form would give, and what is due now.
 * #42 Something due now where the location takes no money online: refused as the booking would be, so
 * the customer reads "call the venue" before filling in the form.
 */
export async function widgetPrice(db: Db, payments: PaymentConfig, locationId: number, q: PriceQuery, lang: Lang) {
  const loc = await publicLocation(db, locationId, lang);
  const pg = await sellablePlayground(db, locationId, q.playground_id);
  const quote = await inCustomerWords(() => quoteBooking(db, pg, { ...q, order_type: ORDER_TYPE.paid }));
  const due = dueNow(quote.purchase, quote.prepayment);
  if (toCents(due) > 0 && !(await onlinePaymentsAt(db, payments, locationId)).provider) throw onlineUnavailable(loc.row.phone);
  return {
    cost: quote.cost,
    discount: quote.discount,
    purchase: quote.purchase,
    prepayment: quote.prepayment,
    due_now: due,
    pay_at_venue: fromCents(toCents(quote.purchase) - toCents(due)),
    currency: loc.currency,
    game_required: quote.slot.pricing?.personal_price != null,
  };
}

export interface WidgetBookingInput extends PriceQuery {
  game_id: number | null;
  name: string;
  phone: string;
  email: string;
  /** #40 Must be true (the route refuses anything else). */
  personal_data_consent: boolean;
  /** #40 The consent version the customer was shown; not the current one: refused. */
  personal_data_consent_version?: number;
  /** #40 The key of this browser's earlier held order, released by this booking. */
  release_key?: string | null;
}

/** #40 Who sent the booking: recorded with the consent. */
export interface BookingClient {
  ip: string;
  userAgent: string;
}

/**
 * POST /api/public/locations/{id}/bookings/. With something due now the order gets a payment link
 * for that amount and holds its places for the location's payment minutes (then the auto-cancel job
 * frees them), and the held booking's letter goes out at once (#40); with nothing due it is booked
 * at once and the confirmation goes out. #40: the customer's consent to the processing of their
 * personal data is required and recorded with the order; `release_key` gives back their earlier hold.
 */
export function widgetBook(db: Db, config: Config, locationId: number, input: WidgetBookingInput, lang: Lang, client: BookingClient) {
  // Counted in /metrics (bookings by outcome).
  return countOutcome(bookingsTotal, { channel: 'widget' }, () => placeWidgetBooking(db, config, locationId, input, lang, client));
}

async function placeWidgetBooking(db: Db, config: Config, locationId: number, input: WidgetBookingInput, lang: Lang, client: BookingClient) {
  const loc = await publicLocation(db, locationId, lang);
  // The route refuses a missing or false consent; here, the text it was given to must be the current one.
  if (input.personal_data_consent !== true) throw fieldError('personal_data_consent', 'consent_required');
  const consent = await currentConsent(db, locationId);
  if (input.personal_data_consent_version !== undefined && input.personal_data_consent_version !== consent.version) {
    throw fieldError('personal_data_consent', 'consent_changed');
  }
  const pg = await sellablePlayground(db, locationId, input.playground_id);
  const minutes = loc.row.widgetPaymentMinutes;
  const day = await bookingDay(db, null, pg.id, input.session_dt);
  if (!day) throw notFound();
  // A key of another order, a forged one or none: nothing to release (never an error).
  const releaseId = input.release_key ? orderIdOfKey(config.widgetSecret, input.release_key) : null;
  const { personal_data_consent: _consent, personal_data_consent_version: _version, release_key: _key, ...booking } = input;
  const placed = await inCustomerWords(() => placeBooking(db, { userId: null }, day, {
    ...booking, order_type: ORDER_TYPE.paid, bill: false, cancel_delay: null, comment: '', seller: null, source: ORDER_SOURCE.widget, language: lang,
  }, async (tx, order) => {
    // The consent's record: the version shown, when, from where and which browser (152-FZ's proof).
    await tx.insert(orderConsents).values({ orderId: order.id, consentTextId: consent.id, ip: client.ip, userAgent: client.userAgent });
    // #44 The same consent is the lead guest's signature of the personal-data document (the text in the language shown).
    await signForLead(tx, order.id, consent, lang, { name: input.name, ...client });
    const due = dueNow(order.purchase, order.prepayment);
    if (toCents(due) > 0) {
      const url = await createBillLink(tx, { publicUrl: config.publicUrl, userId: null, payments: config }, order.id, locationId, due, minutes);
      await tx.update(orders).set({ cancelDelay: minutes }).where(eq(orders.id, order.id));
      // #40 The letter with the payment link goes now: closing the tab must not lose it.
      await recordEffects(tx, { messages: { kind: 'booking_held', payload: { orderId: order.id } } });
      return { id: order.id, paymentUrl: url, due };
    }
    await recordEffects(tx, { messages: { kind: 'booking_confirmed', payload: { orderId: order.id } } });
    return { id: order.id, paymentUrl: null, due };
  }, undefined, releaseId === null ? undefined : async (tx) => { await releaseWidgetHold(tx, releaseId, locationId); }), loc.row.phone);
  const key = orderKey(config.widgetSecret, placed.id);
  return { key, payment_url: placed.paymentUrl, due_now: placed.due, order: await orderView(db, config, locationId, placed.id, lang) };
}

/**
 * What the customer's page says. `payment_declined`: the online payment failed and nothing is paid;
 * the customer may pay again with a fresh link until the hold ends (`hold_until`), when the
 * auto-cancel releases the places (the same job as before: a new link does not extend the hold).
 */
type PublicState = 'awaiting_payment' | 'payment_declined' | 'booked' | 'paid' | 'cancelled';

/** Why a cancelled order was cancelled, from its log: by the customer, by staff, or its hold expired. */
async function cancelReason(db: Db, orderId: number): Promise<'customer' | 'staff' | 'expired' | null> {
  const [entry] = await db.select({ type: orderLogs.type, data: orderLogs.data }).from(orderLogs)
    .where(and(eq(orderLogs.orderId, orderId), inArray(orderLogs.type, ['cancelled', 'auto_cancelled']))).orderBy(desc(orderLogs.id)).limit(1);
  if (!entry) return null;
  if (entry.type === 'auto_cancelled') return 'expired';
  return (entry.data as { by?: string } | null)?.by === 'customer' ? 'customer' : 'staff';
}

/** The end of an unpaid widget booking's payment hold (its cancel delay from its creation), or null. */
const holdEnd = (order: typeof orders.$inferSelect): Date | null =>
  (order.cancelDelay ? new Date(order.createdAt.getTime() + order.cancelDelay * 60_000) : null);

/** The customer's view of their order: its session, money and whether they may still cancel or move it (#46). */
// `links`: the payment settings, which carry the public address and the key's secret the page links with.
export async function orderView(db: Db, links: PaymentConfig, locationId: number, orderId: number, lang: Lang) {
  const loc = await publicLocation(db, locationId, lang);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const sessions = await db.select({ ps: playsessions, playground: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(playsessions.timeStart);
  const session = sessions[0];
  const game = order.gameId ? (await db.select({ id: games.id, name: games.name }).from(games).where(eq(games.id, order.gameId)))[0] ?? null : null;
  // The newest online payment decides between waiting for it and offering to pay again.
  const [bill] = await db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.paymentType, 4)))
    .orderBy(desc(payments.id)).limit(1);
  const paid = toCents(order.paid);
  const purchase = toCents(order.purchase);
  const hold = holdEnd(order);
  const state: PublicState = !isLiveOrder(order) ? 'cancelled'
    : purchase > 0 && paid >= purchase ? 'paid'
    : bill?.status === 'processing' && paid === 0 ? 'awaiting_payment'
    : bill?.status === 'failed' && paid === 0 && hold !== null && Date.now() < hold.getTime() ? 'payment_declined' : 'booked';
  // What the customer owes and is owed: nothing to pay on a cancelled or fully paid order (#25).
  const balance = orderBalance(order);
  const start = session?.ps.timeStart ?? null;
  const tz = loc.row.timezone;
  // On real instants: the deadline is the hours before the session as they really pass.
  const cancelUntil = start ? addRealMinutes(tz, start, -loc.row.customerCancelHours * 60) : null;
  const now = zoneNow(tz);
  // An unpaid hold may be dropped until the session begins (nothing was paid); otherwise the deadline.
  const holdOnly = state === 'awaiting_payment' || state === 'payment_declined';
  const canCancel = state !== 'cancelled' && start !== null && !hasBegun(start, now)
    && (holdOnly || !hasBegun(cancelUntil!, now));
  // #39 When the offer ends, as seconds from now: the page counts them on its own clock (whatever
  // that clock says the time is), so a page left open past the deadline stops offering to cancel.
  const closesAt = canCancel ? instantOfLocal(tz, holdOnly ? start! : cancelUntil!) : null;
  const closesIn = closesAt === null ? null : Math.max(0, Math.floor((closesAt - Date.now()) / 1000));
  // #46 Moving: one session, not waiting for its first payment, up to the location's move cut-off.
  const moveUntil = start ? addRealMinutes(tz, start, -loc.row.customerMoveHours * 60) : null;
  const canMove = moveRefusal(order, sessions.length, loc.row, now, start ?? undefined) === null;
  const key = orderKey(links.widgetSecret, order.id);
  // The newest payment link still open: the pay button (a prepayment held, the rest, a move's difference).
  const openLink = state !== 'cancelled' && bill?.status === 'processing' && order.bill ? { url: order.bill, amount: bill.purchase } : null;
  const online = state !== 'cancelled' && toCents(balance.toPay) > 0 ? !!(await onlinePaymentsAt(db, links, loc.row.id)).provider : false;
  return {
    id: order.id,
    state,
    name: order.name,
    persons: order.persons,
    location: { id: loc.row.id, name: loc.name, address: loc.address, phone: loc.row.phone || null },
    playground: session?.playground ?? null,
    time_start: start,
    date: start ? businessDateOf(start) : null,
    begin: start ? start.slice(11, 16) : null,
    end: start && session ? addRealMinutes(tz, start, session.ps.duration).slice(11, 16) : null,
    game,
    currency: loc.currency,
    cost: order.cost,
    discount: order.discount,
    purchase: order.purchase,
    paid: order.paid,
    to_pay: balance.toPay,
    // What the venue owes back: a cancelled order's money, or a payment beyond the price.
    to_refund: balance.toRefund,
    payment_url: openLink?.url ?? null,
    // What the pay button charges: the open link's amount, or the declined one's that "pay again"
    // makes anew (a prepayment, not the whole price, #25).
    pay_amount: openLink?.amount ?? (state === 'payment_declined' ? bill!.purchase : null),
    // #46 "Pay the rest": something owed, no link open, the location takes money online (POST pay/ makes the link).
    can_pay: online && !openLink && state !== 'payment_declined' && state !== 'awaiting_payment',
    // Until then a declined payment may be made again; then the booking is released.
    hold_until: (state === 'awaiting_payment' || state === 'payment_declined') && hold ? wallClockNow(loc.row.timezone, hold) : null,
    cancelled_by: state === 'cancelled' ? await cancelReason(db, orderId) : null,
    cancel_until: cancelUntil,
    can_cancel: canCancel,
    cancel_closes_in: closesIn,
    // #46 What a cancel gives back and how (before the cut-off all of it; after it, less what the venue's rule keeps).
    refund_preview: state === 'cancelled' ? null : await refundPreview(db, order, canCancel ? 0 : loc.row.customerLateCancelKeepPercent, businessDateOf(loc.now)),
    late_cancel_keep_percent: loc.row.customerLateCancelKeepPercent,
    move_until: moveUntil,
    can_move: canMove,
    move_closes_in: canMove ? Math.max(0, Math.floor((instantOfLocal(tz, moveUntil!) - Date.now()) / 1000)) : null,
    calendar_url: start && state !== 'cancelled' ? `${links.publicUrl}/api/public/orders/${key}/calendar.ics` : null,
    map_url: mapUrl(loc.row, loc.address, lang),
    arrival_url: loc.row.arrivalsEnabled && state !== 'cancelled' ? arrivalPageUrl(links.publicUrl, links.widgetSecret, order.id, lang) : null,
    language: order.language === 'en' || order.language === 'ru' ? order.language : null,
  };
}

/**
 * #46 Why the customer may not move the order now, or null: cancelled, more than one session (the
 * multi-booking is the desk's), waiting for its first payment (pay first), or past the cut-off.
 */
export function moveRefusal(order: typeof orders.$inferSelect, sessionCount: number, loc: typeof locations.$inferSelect, now: ZoneNow, start?: string) {
  if (!isLiveOrder(order)) return fieldError('non_field_errors', 'widget_order_cancelled');
  if (sessionCount !== 1 || (order.cancelDelay !== null && toCents(order.paid) === 0 && order.status === ORDER_STATUS.pending && order.bill)) {
    return fieldError('non_field_errors', 'widget_move_not_allowed');
  }
  if (start !== undefined && hasBegun(addRealMinutes(loc.timezone, start, -loc.customerMoveHours * 60), now)) {
    return loc.phone ? fieldError('non_field_errors', 'widget_move_too_late_phone', { hours: loc.customerMoveHours, phone: loc.phone })
      : fieldError('non_field_errors', 'widget_move_too_late', { hours: loc.customerMoveHours });
  }
  return null;
}

/** #46 What a cancel would give back: what the order holds less `keepPercent` of its price, by tender (who gives each back). */
async function refundPreview(db: Db, order: typeof orders.$inferSelect, keepPercent: number, today: string) {
  const held = Math.max(0, toCents(order.paid));
  const keeps = Math.min(held, percentOf(toCents(order.purchase), keepPercent));
  const parts = held - keeps > 0 ? await customerRefundPreview(db, order, held - keeps, today) : [];
  return { amount: fromCents(held - keeps), keeps: fromCents(keeps), parts: parts.map((p) => ({ tender: p.tender, amount: p.amount, certificate_number: p.certificate_number, automatic: p.automatic })) };
}

/** #46 The venue on a map: its point when it has one, else its address searched (Yandex Maps in Russian, Google Maps in English). */
function mapUrl(loc: typeof locations.$inferSelect, address: string, lang: Lang): string | null {
  const point = loc.lat !== null && loc.lng !== null ? { lat: Number(loc.lat), lng: Number(loc.lng) } : null;
  if (!point && !address) return null;
  if (lang === 'ru') {
    return point ? `https://yandex.ru/maps/?pt=${point.lng},${point.lat}&z=16&l=map` : `https://yandex.ru/maps/?text=${encodeURIComponent(address)}`;
  }
  return `https://www.google.com/maps/search/?api=1&query=${point ? `${point.lat},${point.lng}` : encodeURIComponent(address)}`;
}

/** The order a customer's key names; #46 every booking has its page (the desk's too), a forged key none. */
export async function orderByKey(db: Db, config: Config, key: string) {
  const id = orderIdOfKey(config.widgetSecret, key);
  if (id === null) throw notFound();
  const [order] = await db.select({ id: orders.id, locationId: orders.locationId, source: orders.source }).from(orders).where(eq(orders.id, id));
  if (!order) throw notFound();
  return order;
}

/** GET /api/public/orders/{key}/ */
export async function widgetOrder(db: Db, config: Config, key: string, lang: Lang) {
  const order = await orderByKey(db, config, key);
  return orderView(db, config, order.locationId, order.id, lang);
}

/** POST /api/public/orders/{key}/cancel/: up to the location's deadline; the places are freed at once. */
export async function widgetCancel(db: Db, config: Config, key: string, lang: Lang) {
  const order = await orderByKey(db, config, key);
  const view = await orderView(db, config, order.locationId, order.id, lang);
  if (view.state === 'cancelled') throw fieldError('non_field_errors', 'widget_order_cancelled');
  if (!view.can_cancel) {
    const [loc] = await db.select({ hours: locations.customerCancelHours, phone: locations.phone }).from(locations).where(eq(locations.id, order.locationId));
    // "Call the venue" with its phone when it has one (#39).
    throw loc!.phone ? fieldError('non_field_errors', 'widget_cancel_too_late_phone', { hours: loc!.hours, phone: loc!.phone })
      : fieldError('non_field_errors', 'widget_cancel_too_late', { hours: loc!.hours });
  }
  // #29: the online prepayment goes back through its provider with the cancel (a refusal stays on the order for the staff).
  const refundIds = await cancelBooking(db, { userId: null, by: 'customer' }, order.id, 'cancelled', { refund: 'customer' });
  await sendRefunds(db, config, refundIds);
  return orderView(db, config, order.locationId, order.id, lang);
}

/**
 * POST /api/public/orders/{key}/pay/: after a declined payment, a fresh payment link of the same
 * amount, until the hold ends; #46 on a booking that owes something and has no link open, a link
 * for the rest ("pay the rest"). Under the order's lock, so two clicks make one link.
 */
export async function widgetPayAgain(db: Db, config: Config, key: string, lang: Lang) {
  const ref = await orderByKey(db, config, key);
  await lockedTransaction(db, async (tx) => {
    if (!(await lockOrder(tx, ref.id))) throw notFound();
    const [order] = await tx.select().from(orders).where(eq(orders.id, ref.id));
    if (!order || !isLiveOrder(order)) throw fieldError('non_field_errors', 'widget_order_cancelled');
    const [bill] = await tx.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.paymentType, 4)))
      .orderBy(desc(payments.id)).limit(1);
    const phone = await venuePhone(tx, order.locationId);
    const link = (amount: string) => inCustomerWords(() => createPaymentLink(tx, { publicUrl: config.publicUrl, userId: null, payments: config }, order.id, order.locationId, amount), phone);
    const hold = holdEnd(order);
    if (hold !== null && toCents(order.paid) === 0 && (bill?.status === 'failed' || bill?.status === 'processing')) {
      // Still the booking's first payment: again only after a decline, and only while the hold lasts.
      if (Date.now() >= hold.getTime()) throw fieldError('non_field_errors', 'widget_hold_expired');
      if (bill.status !== 'failed') throw fieldError('non_field_errors', 'widget_payment_not_declined');
      await link(bill.purchase);
      return;
    }
    // A link already open is the one to pay (its page has it); a second would take the money twice.
    if (bill?.status === 'processing') return;
    const owed = toCents(orderBalance(order).toPay);
    if (owed <= 0) throw fieldError('non_field_errors', 'widget_nothing_to_pay');
    await link(fromCents(owed));
  });
  return orderView(db, config, ref.locationId, ref.id, lang);
}
