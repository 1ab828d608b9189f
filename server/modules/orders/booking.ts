// Single bookings: create, edit, cancel.
// Locking: a booking runs in one transaction that creates the session's playsession row or locks
// the existing one in a single upsert (lockPlaysession), then reads the session's orders again, so
// every booking of one session waits for the previous one and sees its persons: no overbooking, also
// across server processes. A lock wait over LOCK_TIMEOUT answers 409.
import type { PaymentConfig } from '../paymentProviders/provider';
import { and, desc, eq } from 'drizzle-orm';
import { queryPrepared, type Db, type DbOrTx, type Tx } from '../../db/client';
import { locations, orderPlaysessions, orders, payments, playgrounds, playsessions, userLocationRoles, users } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../platform/errors';
import { businessDateOf, daysBetween } from '../../../domain/businessDay';
import { ORDER_SOURCE, type BookingPayload, type NewBookingPayload } from '../../../domain/booking';
import { bookingPrice, earlyBookingPercent, fromCents, toCents } from '../../../domain/pricing';
import { ORDER_STATUS, ORDER_TYPE, isLiveOrder, personsTaken } from '../../../domain/slotFlags';
import { locationToday, requireRoleAt } from '../locations/service';
import { hasBegun, locationClock, playgroundDay, slotOfDay, storedSessionById, takesNewBookings, type PlaygroundDay, type StoredSession } from '../slots/service';
import { checkCoupon, releaseCoupon, useCoupon } from './coupons';
import { closeAtProvider, closeOpenLinks, createBillLink } from './billing';
import { BY_CUSTOMER } from '../../../domain/orderLog';
import { idempotentTransaction, lockedTransaction, lockOrder } from '../../platform/locks';
import { bookingsTotal, countOutcome, paymentsTotal } from '../../platform/metrics';
import { recordEffects, type CustomerMessage, type Effects } from '../../platform/effects';
import { bookingCancelled, bookingCreated, bookingEdited, heldSessions, sessionsText } from './activity';
import { loggedSessions } from './orderLog';
import type { Lang } from '../../platform/messages';
import type { IdempotentCall } from '../../platform/idempotency';
import { recordPaidPayment } from './payments';
import { cashDecider, customerCancelRefunds, orderHoldings, refundOnCancel, type ManagerApproval } from './refunds';

/** #45 The messages a booking plans (its confirmation, reminders and thank-you) and a change (its notice; a move plans the others again). */
export const BOOKED_MESSAGES = ['confirmation', 'reminder', 'thank_you'] as const;
export const CHANGED_MESSAGES = ['change', 'reminder', 'thank_you'] as const;
/** The messages of a booking made, as recordEffects takes them. */
export const bookedMessages = (orderId: number) => BOOKED_MESSAGES.map((kind) => ({ kind, payload: { orderId } }));
/** The messages of an edit: none unless it moved the booking or changed its guests. */
function changedMessages(orderId: number, moved: boolean, guests: boolean): CustomerMessage[] {
  const changes = [...(moved ? ['session' as const] : []), ...(guests ? ['guests' as const] : [])];
  if (!changes.length) return [];
  return [{ kind: 'change', payload: { orderId, changes } },
    ...(moved ? [{ kind: 'reminder' as const, payload: { orderId } }, { kind: 'thank_you' as const, payload: { orderId } }] : [])];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BookingInput = BookingPayload;

export interface BookingContext {
  userId: number;
  publicUrl: string;
  /** What making payment links needs (#29: the location's provider, demo mode). */
  payments: PaymentConfig;
  /** Staff's language: a payment link's letter to the customer uses it when the order has none. */
  lang?: Lang;
}

/**
 * The playsession row of a session, created from the slot if needed, locked: one statement.
 * ON CONFLICT DO UPDATE locks the existing row as FOR UPDATE would (the update changes nothing);
 * the session's orders must then be read by a later statement, whose snapshot sees what the
 * previous holder of the lock committed.
 */
export async function lockPlaysession(tx: Tx, playgroundId: number, slot: { time_start: string; duration: number; pricing: { session_price: string | null; personal_price: string | null; prepayment: string | null } | null; currencyId: number | null; gameId: number | null }) {
  const [row] = await queryPrepared<{ id: number }>(tx, 'booking.lock_playsession', `
    INSERT INTO playsessions (playground_id, business_date, time_start, duration, session_price, personal_price, prepayment, currency_id, game_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (playground_id, time_start) DO UPDATE SET playground_id = playsessions.playground_id
    RETURNING id`, [
    playgroundId, businessDateOf(slot.time_start), slot.time_start, slot.duration, slot.pricing?.session_price ?? null,
    slot.pricing?.personal_price ?? null, slot.pricing?.prepayment ?? '1', slot.currencyId, slot.gameId,
  ]);
  return Number(row!.id);
}

/** Persons held by live orders of a playsession, read under its lock. */
export async function personsHeld(tx: Tx, playsessionId: number, exceptOrderId: number | null): Promise<number> {
  const rows = await tx.select({ persons: orders.persons, status: orders.status, id: orders.id }).from(orderPlaysessions)
    .innerJoin(orders, eq(orders.id, orderPlaysessions.orderId)).where(eq(orderPlaysessions.playsessionId, playsessionId));
  return rows.filter((o) => isLiveOrder(o) && o.id !== exceptOrderId).reduce((n, o) => n + o.persons, 0);
}

async function resolveSeller(tx: Tx, locationId: number, seller: string | null): Promise<number | null> {
  if (seller === null) return null;
  if (!UUID_RE.test(seller)) throw fieldError('seller', 'invalid_uuid');
  const [row] = await tx.select({ id: users.id }).from(users)
    .innerJoin(userLocationRoles, and(eq(userLocationRoles.userId, users.id), eq(userLocationRoles.locationId, locationId)))
    .where(eq(users.uid, seller));
  if (!row) throw fieldError('seller', 'seller_not_found');
  return row.id;
}

interface Priced {
  cost: string;
  discount: string;
  purchase: string;
  promocodeId: number | null;
}

/** A location's pricing settings (group discount, early-booking conditions). */
export type PricingSettings = Pick<PlaygroundDay['booking'], 'groupDiscountPercent' | 'earlyBooking'>;

async function priceFor(tx: DbOrTx, input: Pick<BookingInput, 'persons' | 'order_type' | 'promocode'>, locationId: number, maxPlayers: number, slot: { time_start: string; pricing: { session_price: string | null; personal_price: string | null } | null }, now: string, settings: PricingSettings, promoAlreadyUsed = false): Promise<Priced> {
  let promoDiscount: string | null = null;
  let promocodeId: number | null = null;
  if (input.promocode) {
    const check = await checkCoupon(tx, locationId, input.promocode, businessDateOf(slot.time_start), { alreadyUsed: promoAlreadyUsed });
    if (!check.valid) throw fieldError('promocode', check.reason, check.params);
    promoDiscount = check.discount;
    promocodeId = check.id;
  }
  const daysAhead = daysBetween(businessDateOf(now), businessDateOf(slot.time_start));
  const price = bookingPrice({
    orderType: input.order_type,
    persons: input.persons,
    maxPlayers,
    personalPrice: slot.pricing?.personal_price ?? null,
    sessionPrice: slot.pricing?.session_price ?? null,
    promoDiscount,
    groupDiscountPercent: settings.groupDiscountPercent,
    earlyDiscountPercent: earlyBookingPercent(settings.earlyBooking, daysAhead),
  });
  return { ...price, promocodeId };
}

/**
 * The choices of a booking the session must allow, for every way of booking (staff create and
 * edit, the widget): the persons fit the places left (`held`: the others' persons), and a game is
 * chosen where the price is per person and is one of the location's. One order of checks, so the
 * same input gets the same error wherever it is booked.
 */
async function checkChoices(
  input: Pick<BookingInput, 'persons' | 'order_type' | 'game_id'>, slot: { pricing: { personal_price: string | null } | null },
  room: { maxPlayers: number; held: number }, gameOffered: (gameId: number) => boolean | Promise<boolean>,
): Promise<void> {
  if (input.persons < 1 || input.persons > room.maxPlayers - room.held) throw fieldError('persons', 'wrong_persons');
  const perPerson = slot.pricing?.personal_price != null && input.order_type !== ORDER_TYPE.technical;
  if (input.game_id === null && perPerson) throw fieldError('game_id', 'game_required');
  if (input.game_id !== null && !(await gameOffered(input.game_id))) throw fieldError('game_id', 'game_not_available');
}


function assertBillAllowed(input: BookingInput, purchase: string) {
  if (!input.bill) return;
  if (input.order_type !== ORDER_TYPE.paid || Number(purchase) <= 0) throw fieldError('bill', 'null_payment');
  if (!input.cancel_delay) throw fieldError('cancel_delay', 'cancel_delay_required');
}

/**
 * Name and phone are required (the spec), unless the location books walk-ins without the guest's
 * details (#30): then either may stay empty, to be added later on the order.
 */
async function checkGuestDetails(db: Db, locationId: number, input: Pick<BookingInput, 'name' | 'phone'>): Promise<void> {
  const missing = (['name', 'phone'] as const).filter((k) => input[k].trim() === '');
  if (!missing.length) return;
  const [loc] = await db.select({ walkIns: locations.walkInsWithoutDetails }).from(locations).where(eq(locations.id, locationId));
  if (loc?.walkIns) return;
  // The answers the spec's rule always gave: a blank name, a phone that is not digits.
  throw new ApiError(400, undefined, Object.fromEntries(missing.map((k) => [k, [{ key: k === 'name' ? 'blank' as const : 'invalid_phone' as const }]])));
}

/** What the shared booking core hands to its caller's `finish`, inside the booking's transaction. */
export interface PlacedOrder {
  id: number;
  locationId: number;
  purchase: string;
  /** The session's prepayment fraction ('0.50'): the share of the price due when booking online. */
  prepayment: string;
}

type PlaygroundRow = typeof playgrounds.$inferSelect;

/** The order and its session link, in one statement. */
const INSERT_ORDER_SQL = `
  WITH o AS (
    INSERT INTO orders (location_id, name, phone, email, persons, order_type, status, cost, discount, purchase, paid, promocode,
                        cancel_delay, comment, seller_user_id, staff_user_id, game_id, source, language)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $15, $16, $17, $18)
    RETURNING id),
  link AS (INSERT INTO order_playsessions (order_id, playsession_id) SELECT id, $19 FROM o)
  SELECT id FROM o`;

/** A booking's day: the playground's business day of the session (see playgroundDay). */
export async function bookingDay(db: Db, userId: number | null, playgroundId: number, sessionDt: string): Promise<PlaygroundDay | null> {
  return playgroundDay(db, userId, playgroundId, businessDateOf(sessionDt));
}

/** The slot of the day at session_dt if it is still for sale (not begun), else the spec's datetime_start error. */
function bookableOn(day: PlaygroundDay, sessionDt: string, fresh?: StoredSession | null) {
  // A retired playground (#28) sells nothing.
  const slot = day.pg.isActive ? slotOfDay(day, sessionDt, fresh) : null;
  // A session that has begun (or ended) is not for sale any more (real instants: see hasBegun).
  if (!slot || hasBegun(slot.time_start, day.ctx)) throw fieldError('datetime_start', 'free_sessions_not_found');
  return slot;
}

/**
 * The one way a booking takes its places, for staff create and edit and the widget: the session's
 * row is locked (made when it is not stored yet), the slot read again under the lock, the choices
 * checked (an edited order's own places count as free) and the price made with the day's discounts.
 * Lock order: an edit holds its order first, then the session (server/platform/locks.ts).
 */
async function takePlaces(tx: Tx, day: PlaygroundDay, input: BookingInput, ownOrderId: number | null, samePromo: boolean) {
  const { pg, ctx } = day;
  const before = bookableOn(day, input.session_dt);
  const psId = await lockPlaysession(tx, pg.id, { ...before, currencyId: null, gameId: input.game_id });
  // Read again under the lock: the stored session's price and orders are now final.
  const slot = bookableOn(day, input.session_dt, await storedSessionById(tx, psId));
  const held = personsTaken(slot.orders.filter((o) => o.id !== ownOrderId));
  await checkChoices(input, slot, { maxPlayers: pg.maxPlayers, held }, (id) => day.booking.gameIds.includes(id));
  const price = await priceFor(tx, input, pg.locationId, pg.maxPlayers, slot, ctx.now, day.booking, samePromo);
  return { psId, slot, price };
}

/**
 * The core of a single booking, shared by staff (createBooking) and the customer widget: under the
 * session's lock it checks places, game and promo code, prices, and writes the order, its log and
 * its webhook event. Callers check who may book first; `finish` runs in the same transaction
 * (payment link, letters), so a failure there books nothing. `day` is the playground's day read
 * before (bookingDay); under the lock only the session itself is read again.
 */
export async function placeBooking<T>(
  db: Db, actor: { userId: number | null }, day: PlaygroundDay, input: BookingInput & { language?: string | null },
  finish: (tx: Tx, order: PlacedOrder) => Promise<T>, call?: IdempotentCall, first?: (tx: Tx) => Promise<void>,
): Promise<T> {
  const { pg } = day;
  takesNewBookings(day);
  bookableOn(day, input.session_dt);

  // An Idempotency-Key's claim comes first (the lock order): a retry answers the first booking.
  return idempotentTransaction(db, call, async (tx) => {
    // #40 What the caller does before the places are taken, in the same transaction (the widget
    // releases the customer's earlier hold: its order's lock comes before the session's).
    if (first) await first(tx);
    const sellerId = await resolveSeller(tx, pg.locationId, input.seller);
    const { psId, slot, price } = await takePlaces(tx, day, input, null, false);
    if (price.promocodeId !== null && !(await useCoupon(tx, price.promocodeId))) throw fieldError('promocode', 'promocode_exhausted');

    const status = Number(price.purchase) > 0 ? ORDER_STATUS.pending : ORDER_STATUS.confirmed;
    const [order] = await queryPrepared<{ id: number }>(tx, 'booking.insert_order', INSERT_ORDER_SQL, [
      pg.locationId, input.name, input.phone, input.email, input.persons, input.order_type, status, price.cost, price.discount, price.purchase,
      input.promocode, input.bill ? input.cancel_delay : null, input.comment, sellerId, actor.userId, input.game_id, input.source ?? ORDER_SOURCE.backoffice,
      input.language ?? null, psId,
    ]);
    const orderId = Number(order!.id);
    const byCustomer = actor.userId === null;
    await recordEffects(tx, {
      // No staff author: the customer booked in the widget.
      orderLog: { orderId, type: 'created', author: actor.userId, data: { persons: input.persons, session_dt: input.session_dt, purchase: price.purchase, ...(byCustomer ? { by: BY_CUSTOMER } : {}) } },
      activity: bookingCreated({ id: orderId, locationId: pg.locationId, persons: input.persons, purchase: price.purchase, orderType: input.order_type, name: input.name },
        sessionsText([{ playground_name: pg.name, session_dt: input.session_dt }]), byCustomer),
      webhooks: { event: 'order.created', orderId },
      // #45 Where the location sends messages: the confirmation now, the reminders and thank-you at their times.
      messages: bookedMessages(orderId),
    });
    return finish(tx, { id: orderId, locationId: pg.locationId, purchase: price.purchase, prepayment: slot.pricing?.prepayment ?? '1.00' });
  }, 'slot_locked');
}

/**
 * POST /booking/ by staff: a role at the location; a payment link of the whole price on request, or
 * (#30 "Book and pay", `payment`) the whole price taken in cash or by card in the same transaction:
 * no order without its payment, no payment without its order. `call`: the Idempotency-Key, so a
 * retry answers the first booking (and its payment) instead of booking twice.
 */
export async function createBooking(db: Db, ctx: BookingContext, input: NewBookingPayload, call?: IdempotentCall): Promise<{ id: number; payment?: Awaited<ReturnType<typeof recordPaidPayment>> }> {
  const answer = await countOutcome(bookingsTotal, { channel: 'staff' }, async () => {
    // The playground, the user's role there and its day in one read.
    const day = await bookingDay(db, ctx.userId, input.playground_id, input.session_dt);
    if (!day) throw fieldError('playground_id', 'invalid_choice');
    if (day.roleId === null) throw notFound(); // requireRoleAt's answer
    await checkGuestDetails(db, day.pg.locationId, input);
    const pay = input.payment ?? null;
    if (pay && input.bill) throw fieldError('payment', 'book_pay_with_bill');
    return placeBooking(db, ctx, day, input, async (tx, order) => {
      assertBillAllowed(input, order.purchase);
      if (input.bill) await createBillLink(tx, ctx, order.id, day.pg.locationId, order.purchase, input.cancel_delay!);
      if (!pay) return { id: order.id };
      if (input.order_type !== ORDER_TYPE.paid || toCents(order.purchase) <= 0) throw fieldError('payment', 'book_pay_nothing_to_pay');
      const payment = await recordPaidPayment(tx, { orderId: order.id, locationId: order.locationId, paymentType: pay.payment_type,
        purchase: order.purchase, externalId: null, userId: ctx.userId, till: input.till ?? null });
      return { id: order.id, payment };
    }, call);
  });
  // Counted as the pay dialog's payments are (only a booking that committed has one).
  if (answer.payment && !call?.replayed) paymentsTotal.inc({ kind: 'desk', outcome: 'recorded' });
  return answer;
}

/**
 * The price of a booking as it would be made now, without booking (the widget's preview): the same
 * rules and discounts as placeBooking, read without a lock, so the booking itself has the last word.
 */
export async function quoteBooking(db: Db, pg: PlaygroundRow, input: Pick<BookingInput, 'persons' | 'order_type' | 'promocode' | 'session_dt'>) {
  const day = await bookingDay(db, null, pg.id, input.session_dt);
  if (!day) throw notFound();
  const now = day.ctx.now;
  const slot = slotOfDay(day, input.session_dt);
  if (!slot || hasBegun(slot.time_start, day.ctx)) throw fieldError('datetime_start', 'free_sessions_not_found');
  if (input.persons < 1 || input.persons > slot.available_persons) throw fieldError('persons', 'wrong_persons');
  const price = await priceFor(db, input, pg.locationId, pg.maxPlayers, slot, now, day.booking);
  return { cost: price.cost, discount: price.discount, purchase: price.purchase, prepayment: slot.pricing?.prepayment ?? '1.00', slot };
}

/**
 * #46 The price an order would have at another session (the customer's move options), by the edit's
 * rules: its persons, type and promo code (counted as its own, already used); null where the move
 * could not go (the session prices per person and the order has no game, its promo code is not
 * valid that day). `day`: a day of the location (its discounts and clock).
 */
export async function priceAtSession(db: DbOrTx, day: PlaygroundDay, pg: { locationId: number; maxPlayers: number },
  slot: { time_start: string; pricing: { session_price: string | null; personal_price: string | null } | null }, order: typeof orders.$inferSelect): Promise<string | null> {
  if (slot.pricing?.personal_price != null && order.orderType !== ORDER_TYPE.technical && order.gameId === null) return null;
  try {
    const price = await priceFor(db, { persons: order.persons, order_type: order.orderType, promocode: order.promocode }, pg.locationId, pg.maxPlayers, slot, day.ctx.now, day.booking, true);
    return price.purchase;
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

async function loadOrderForChange(tx: Tx, orderId: number) {
  if (!(await lockOrder(tx, orderId))) throw notFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/**
 * #46 The customer moving their booking on their own page: no user; `check` runs under the order's
 * lock before the places are taken (the page's rules: live, its cut-off, the same group), `settle`
 * after the move in the same transaction (a payment link for a dearer session, a refund of a cheaper one's difference).
 */
export interface CustomerMove {
  userId: null;
  check: (tx: Tx, order: typeof orders.$inferSelect, sessions: { playgroundId: number; timeStart: string }[]) => Promise<void>;
  settle: (tx: Tx, order: typeof orders.$inferSelect) => Promise<Effects[]>;
}

/** The booking as it stands, as an edit's input that changes only its session (the customer's move). */
export function sameBookingAt(order: typeof orders.$inferSelect, playgroundId: number, sessionDt: string): BookingInput {
  return {
    playground_id: playgroundId, session_dt: sessionDt, persons: order.persons, order_type: order.orderType, promocode: order.promocode,
    name: order.name, phone: order.phone, email: order.email, bill: false, cancel_delay: null, comment: order.comment, game_id: order.gameId,
    seller: null, source: order.source,
  };
}

/**
 * PUT /booking/{id}/: the same placement as creating (takePlaces); the order's own persons count as
 * free. #46 The customer's move (`CustomerMove`) is the same change, with the order's own details.
 */
export async function updateBooking(db: Db, ctx: BookingContext | CustomerMove, orderId: number, input: BookingInput): Promise<{ id: number }> {
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!existing) throw notFound();
  const customer = ctx.userId === null ? ctx as CustomerMove : null;
  if (ctx.userId !== null) await requireRoleAt(db, ctx.userId, existing.locationId);
  const day = await bookingDay(db, ctx.userId, input.playground_id, input.session_dt);
  if (!day || day.pg.locationId !== existing.locationId) throw fieldError('playground_id', 'invalid_choice');
  // The customer's own details are the order's: as they were accepted.
  if (!customer) await checkGuestDetails(db, existing.locationId, input);
  const { pg } = day;
  bookableOn(day, input.session_dt);

  return lockedTransaction(db, async (tx) => {
    const order = await loadOrderForChange(tx, orderId);
    if (!isLiveOrder(order)) throw fieldError('non_field_errors', 'order_closed');
    const oldSessions = await tx.select({ ps: playsessions }).from(orderPlaysessions)
      .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).where(eq(orderPlaysessions.orderId, orderId));
    if (oldSessions.some(({ ps }) => hasBegun(ps.timeStart, day.ctx))) throw fieldError('non_field_errors', 'order_closed');
    if (customer) await customer.check(tx, order, oldSessions.map(({ ps }) => ({ playgroundId: ps.playgroundId, timeStart: ps.timeStart })));
    // The customer keeps the order's seller (they name none).
    const sellerId = customer ? order.sellerUserId : await resolveSeller(tx, pg.locationId, input.seller);
    const samePromo = !!input.promocode && input.promocode.toUpperCase() === (order.promocode ?? '').toUpperCase();
    const { psId, price } = await takePlaces(tx, day, input, orderId, samePromo);
    if (!samePromo && price.promocodeId !== null && !(await useCoupon(tx, price.promocodeId))) throw fieldError('promocode', 'promocode_exhausted');
    if (!samePromo) await releaseCoupon(tx, order.locationId, order.promocode);
    assertBillAllowed(input, price.purchase);
    const paid = Number(order.paid);
    const status = Number(price.purchase) > 0 && paid < Number(price.purchase) ? ORDER_STATUS.pending
      : Number(price.purchase) > 0 ? ORDER_STATUS.paid : ORDER_STATUS.confirmed;
    await tx.update(orders).set({
      name: input.name, phone: input.phone, email: input.email, persons: input.persons, orderType: input.order_type, status,
      cost: price.cost, discount: price.discount, purchase: price.purchase, promocode: input.promocode, comment: input.comment,
      sellerUserId: sellerId, gameId: input.game_id, cancelDelay: input.bill ? input.cancel_delay : order.cancelDelay, updatedAt: new Date(),
      ...(input.language ? { language: input.language } : {}),
    }).where(eq(orders.id, orderId));
    const moved = !oldSessions.some(({ ps }) => ps.id === psId);
    if (moved) {
      await tx.delete(orderPlaysessions).where(eq(orderPlaysessions.orderId, orderId));
      await tx.insert(orderPlaysessions).values({ orderId, playsessionId: psId });
    }
    const changes: Record<string, unknown> = {};
    for (const [key, before, after] of [
      ['persons', order.persons, input.persons], ['name', order.name, input.name], ['phone', order.phone, input.phone],
      ['order_type', order.orderType, input.order_type], ['purchase', order.purchase, price.purchase], ['comment', order.comment, input.comment],
    ] as const) if (String(before) !== String(after)) changes[key] = { from: before, to: after };
    if (moved) changes.session_dt = { from: oldSessions[0]?.ps.timeStart ?? null, to: input.session_dt };
    if ((order.promocode ?? '').toUpperCase() !== (input.promocode ?? '').toUpperCase()) changes.promocode = { from: order.promocode, to: input.promocode };
    // A new price says why: the first of these changes that sets prices (the promo code, the
    // session with its own prices, the persons, the order type).
    if (changes.purchase) {
      changes.price_reason = changes.promocode ? 'promocode_changed' : moved ? 'session_changed'
        : changes.persons ? 'persons_changed' : changes.order_type ? 'order_type_changed' : 'prices_changed';
    }
    // A lower price the order already holds makes it paid: its open links close too (#25).
    const closed = status === ORDER_STATUS.paid ? await closeOpenLinks(tx, orderId, null, ctx.userId) : null;
    const left = oldSessions.map(({ ps }) => ({ playground_id: ps.playgroundId, session_dt: ps.timeStart }));
    // #46 The customer's move settles its difference in the same transaction (its link's or refund's own effects).
    const settled = customer ? await customer.settle(tx, (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!) : [];
    await recordEffects(tx, {
      orderLog: [{ orderId, type: 'edited', author: ctx.userId, data: customer ? { ...changes, by: BY_CUSTOMER } : changes }, ...(closed ? [closed] : [])],
      activity: bookingEdited(order, changes, moved ? { before: sessionsText(await loggedSessions(tx, oldSessions.map(({ ps }) => ps.id))), after: sessionsText([{ playground_name: pg.name, session_dt: input.session_dt }]) } : undefined, !!customer),
      // The session it left must be read again too.
      live: { order: orderId, left: moved ? left : [] },
      webhooks: { event: 'order.changed', orderId },
      // #45 The customer hears of a move or other guests; a move plans the reminders and thank-you again.
      messages: changedMessages(orderId, moved, order.persons !== input.persons),
    }, ...settled);
    if (input.bill && !order.bill && !customer) await createBillLink(tx, ctx as BookingContext, orderId, pg.locationId, (Number(price.purchase) - paid).toFixed(2), input.cancel_delay!);
    return { id: orderId };
  }, 'slot_locked');
}

/**
 * The cancel itself, under the order's lock: the status, the promo code's use given back, the open
 * payment links closed (here and at their provider: a late payment must not revive the order and
 * take back places that may be sold again by then); the caller records its after-effects.
 */
async function markCancelled(tx: Tx, order: typeof orders.$inferSelect) {
  await tx.update(orders).set({ status: ORDER_STATUS.cancelled, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await releaseCoupon(tx, order.locationId, order.promocode);
  const closedLinks = await tx.update(payments).set({ status: 'cancelled' }).where(and(eq(payments.orderId, order.id), eq(payments.status, 'processing')))
    .returning({ id: payments.id, provider: payments.provider });
  await closeAtProvider(tx, closedLinks);
}

/**
 * #40 The customer's earlier hold released by their new booking (the widget's `release_key`), in the
 * new booking's transaction before its places are taken: a new booking that fails rolls the release
 * back, so the customer never loses the first hold for nothing. Only a hold: a widget order of the
 * same location, live, waiting for its first online payment (its newest link open or declined) with
 * nothing paid. Anything else is left alone (false), never an error. No letter: the customer is
 * booking again on the page and gets the new booking's.
 */
export async function releaseWidgetHold(tx: Tx, orderId: number, locationId: number): Promise<boolean> {
  if (!(await lockOrder(tx, orderId))) return false;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.locationId !== locationId || order.source !== ORDER_SOURCE.widget || order.status !== ORDER_STATUS.pending
    || toCents(order.paid) !== 0 || order.cancelDelay === null) return false;
  const [bill] = await tx.select({ status: payments.status }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.paymentType, 4)))
    .orderBy(desc(payments.id)).limit(1);
  if (bill?.status !== 'processing' && bill?.status !== 'failed') return false;
  await markCancelled(tx, order);
  await recordEffects(tx, {
    orderLog: { orderId, type: 'cancelled', author: null, data: { by: 'customer', released: true } },
    activity: bookingCancelled(order, await heldSessions(tx, orderId), [], { by: 'customer', refund: 'none' }),
    webhooks: { event: 'order.cancelled', orderId },
    // #45 Its waiting sends cancelled, no notice (the customer is booking again).
    messages: { kind: 'cancellation', payload: { orderId, notify: false } },
  });
  return true;
}

/** Who cancels: staff (a user), the customer on their widget page, or the system (a payment hold expired). */
export type CancelledBy = 'staff' | 'customer' | 'system';

/** #38 how a staff cancel gives back what the order holds: not now (`none`, the default), each tender its own way, or all in cash (with a reason for other tenders' money). */
export interface CancelRefund {
  refund: 'cash' | 'none' | 'customer' | 'original';
  externalId?: string | null;
  refundReason?: string | null;
  /** A manager's confirmation of `cash` typed at a cashier's desk. */
  approval?: ManagerApproval | null;
  /** #43 The desk's till: the cancel's cash and card leave its open shift. */
  till?: number | null;
}

/**
 * DELETE /booking/{id}/, the customer's cancel and the auto-cancel. Cancelling twice is harmless.
 * `original` (#38) gives back what the order holds in the same transaction, each tender its own
 * way: cash and card recorded, certificate money onto the certificate, provider money as pending
 * refunds sent after the commit (returned). `cash` pays it all in cash: the part that came by other
 * tenders only with a reason, by a manager. `customer` (the customer's cancel, #46) gives back provider and certificate
 * money. Whatever is not given back stays on the order as `to_refund` and a `refund_due` entry in
 * its log, for staff to settle (POST /orders/{id}/refund/). A widget order's customer gets a letter
 * when they cancel or when its payment hold expires.
 */
export async function cancelBooking(db: Db, ctx: { userId: number | null; by?: CancelledBy }, orderId: number, type: 'cancelled' | 'auto_cancelled' = 'cancelled', how: CancelRefund = { refund: 'none' }): Promise<number[]> {
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!existing) throw notFound();
  const role = ctx.userId !== null ? await requireRoleAt(db, ctx.userId, existing.locationId) : null;
  const decider = role && ctx.userId !== null && how.refund === 'cash' ? await cashDecider(db, { id: ctx.userId, value: role.value }, existing.locationId, how.approval) : null;
  const by: CancelledBy = ctx.by ?? (ctx.userId !== null ? 'staff' : 'system');
  // Read before the transaction: inside it, only its own connection is used.
  const clock = await locationClock(db, existing.locationId);
  const today = await locationToday(db, existing.locationId);
  return lockedTransaction(db, async (tx) => {
    const order = await loadOrderForChange(tx, orderId);
    if (order.status === ORDER_STATUS.cancelled) return [];
    // The auto-cancel job looked without the lock: a payment may have come in since.
    if (type === 'auto_cancelled' && (order.status !== ORDER_STATUS.pending || Number(order.paid) > 0)) return [];
    if (ctx.userId !== null) {
      const sessions = await tx.select({ timeStart: playsessions.timeStart }).from(orderPlaysessions)
        .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).where(eq(orderPlaysessions.orderId, orderId));
      // Archived (past) sessions keep their orders as they were.
      if (sessions.length && sessions.every((s) => hasBegun(s.timeStart, clock))) throw fieldError('non_field_errors', 'order_closed');
    }
    // What it held, for its activity entry: read before any of it goes back.
    // One after the other: a transaction is one connection, which takes one query at a time (pg deprecates queueing them).
    const held = await heldSessions(tx, orderId);
    const holdings = Number(order.paid) > 0 ? await orderHoldings(tx, order) : [];
    await markCancelled(tx, order);
    let refundIds: number[] = [];
    let restCents = 0;
    let refunded: Effects[] = [];
    if (Number(order.paid) > 0) {
      if (how.refund === 'cash' || how.refund === 'original') {
        ({ refundIds, effects: refunded } = await refundOnCancel(tx, order, ctx.userId, how.refund, { externalId: how.externalId, refundReason: how.refundReason, decider, today, till: how.till }));
      } else if (how.refund === 'customer') {
        // #29, #46 the customer's own cancel: provider and certificate money go back by themselves; cash and card stay owed, handed back at the venue.
        ({ refundIds, effects: refunded, restCents } = await customerCancelRefunds(tx, order, today));
      } else restCents = toCents(order.paid);
    }
    // The log's cancel first, then the refunds given back with it, or what stays owed.
    await recordEffects(tx, {
      orderLog: [{ orderId, type, author: ctx.userId, data: { by } },
        ...(restCents > 0 ? [{ orderId, type: 'refund_due' as const, author: ctx.userId, data: { amount: fromCents(restCents), by } }] : [])],
      activity: bookingCancelled(order, held, holdings, { by, refund: how.refund }),
      webhooks: { event: 'order.cancelled', orderId },
      messages: [
        ...(order.source === ORDER_SOURCE.widget && !!order.email && by !== 'staff'
          ? [{ kind: 'booking_cancelled' as const, payload: { orderId, reason: by === 'customer' ? 'customer' as const : 'expired' as const } }] : []),
        // #45 Every waiting send of the order cancelled, and the location's notice of the cancel.
        { kind: 'cancellation' as const, payload: { orderId } },
      ],
    }, ...refunded);
    return refundIds;
  }, 'slot_locked');
}
