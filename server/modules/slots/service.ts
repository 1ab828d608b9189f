// Slots: what the calendars and booking forms read. A slot is a session the schedule in force
// generates for a business day, or a stored playsession (one that has orders): a stored session
// keeps its own time, length and price, and is shown even when the schedule no longer makes it.
// Read-only: no locks (booking takes its own lock on the playsession).
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cities, currencies, games, holidays, locations, orderPlaysessions, orders, playgrounds, playsessions, schedules, userLocationRoles,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { addMinutes, wallClockNow } from '../../platform/clock';
import { addDays, businessDateOf, businessMinutes, monthDates } from '../../../domain/businessDay';
import { toMoneyString } from '../../../domain/money';
import type { SlotBase } from '../../../domain/slot';
import { dayTypeOf, generateSessions, scheduleInForce } from '../../../domain/schedule/engine';
import type { HolidayKind, Schedule } from '../../../domain/schedule/types';
import { BOOKABLE_PLAYGROUND_TYPES, personsTaken, slotFlags, type FlagOrder } from '../../../domain/slotFlags';
import { requireRoleAt } from '../locations/service';

type PlaygroundRow = typeof playgrounds.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;

interface LocationContext {
  locationId: number;
  timezone: string;
  currency: CurrencyRow | null;
  currencies: Map<number, CurrencyRow>;
  holidays: Map<string, HolidayKind>;
  schedulesByGroup: Map<number, Schedule[]>;
  now: string;
}

export interface SlotOrder extends FlagOrder {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  cost: string;
  discount: string;
  promocode: string | null;
  bill: string | null;
  cancel_delay: number | null;
  comment: string;
  seller_user_id: number | null;
  staff_user_id: number | null;
  game_id: number | null;
  multisession: boolean;
  source: string;
  created: string;
}

interface StoredSession {
  id: number;
  timeStart: string;
  duration: number;
  sessionPrice: string | null;
  personalPrice: string | null;
  prepayment: string;
  currencyId: number | null;
  game: { id: number; name: string } | null;
  orders: SlotOrder[];
}

function currencyJson(c: CurrencyRow | null | undefined) {
  return c ? { code: c.code, is_before: c.isBefore, blank_place: c.blankPlace, unicode: c.unicode } : null;
}

/**
 * The location with everything its slots need, in one statement (each round trip counts: this
 * runs for every calendar call and twice in every booking): zone, currencies, holidays of its
 * country in the range, its schedules.
 */
async function locationContext(db: Db, locationId: number, fromDate: string, toDate: string): Promise<LocationContext> {
  const { rows: [loc] } = await db.execute<{
    timezone: string; currency_id: number | null; currencies: CurrencyRow[]; holidays: { date: string; kind: string }[];
    schedules: { id: number; name: string; start_dt: string; disabled: boolean; playground_group: number | null; breaks: Schedule['breaks']; items: Schedule['items'] }[];
  }>(sql`
    SELECT l.timezone, l.currency_id,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'code', c.code, 'isBefore', c.is_before, 'blankPlace', c.blank_place, 'unicode', c.unicode)), '[]')
         FROM ${currencies} c) AS currencies,
      (SELECT coalesce(json_agg(json_build_object('date', h.date, 'kind', h.kind)), '[]')
         FROM ${holidays} h WHERE h.country_id = ci.country_id AND h.date >= ${fromDate} AND h.date <= ${toDate}) AS holidays,
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'start_dt', s.start_dt, 'disabled', s.disabled,
                                                  'playground_group', s.playground_group_id, 'breaks', s.breaks, 'items', s.items) ORDER BY s.id), '[]')
         FROM ${schedules} s WHERE s.location_id = l.id) AS schedules
    FROM ${locations} l JOIN ${cities} ci ON ci.id = l.city_id
    WHERE l.id = ${locationId}`);
  if (!loc) throw notFound();
  const currencyMap = new Map(loc.currencies.map((c) => [c.id, c]));
  const schedulesByGroup = new Map<number, Schedule[]>();
  for (const s of loc.schedules) {
    if (s.playground_group === null) continue;
    const list = schedulesByGroup.get(s.playground_group) ?? [];
    list.push(s);
    schedulesByGroup.set(s.playground_group, list);
  }
  return {
    locationId,
    timezone: loc.timezone,
    currency: loc.currency_id ? currencyMap.get(loc.currency_id) ?? null : null,
    currencies: currencyMap,
    holidays: new Map(loc.holidays.map((h) => [h.date, h.kind as HolidayKind])),
    schedulesByGroup,
    now: wallClockNow(loc.timezone),
  };
}

/** Stored sessions of playgrounds between two business dates, with their orders. */
async function storedSessions(db: Db, playgroundIds: number[], fromDate: string, toDate: string) {
  if (playgroundIds.length === 0) return new Map<string, StoredSession[]>();
  // Sessions and their orders in one statement (a row per order, or one with no order).
  const rows = await db.select({ ps: playsessions, game: { id: games.id, name: games.name }, o: orders }).from(playsessions)
    .leftJoin(games, eq(games.id, playsessions.gameId))
    .leftJoin(orderPlaysessions, eq(orderPlaysessions.playsessionId, playsessions.id))
    .leftJoin(orders, eq(orders.id, orderPlaysessions.orderId))
    .where(and(inArray(playsessions.playgroundId, playgroundIds), gte(playsessions.businessDate, fromDate), lte(playsessions.businessDate, toDate)))
    .orderBy(playsessions.id, orders.id);
  const ordersByPs = new Map<number, SlotOrder[]>();
  for (const { ps, o } of rows) {
    if (!o) continue;
    const list = ordersByPs.get(ps.id) ?? [];
    list.push({
      id: o.id, name: o.name, phone: o.phone, email: o.email, persons: o.persons, order_type: o.orderType, status: o.status,
      cost: o.cost, discount: o.discount, purchase: o.purchase, paid: o.paid,
      need_paid: (Math.round((Number(o.purchase) - Number(o.paid)) * 100) / 100).toFixed(2),
      promocode: o.promocode, bill: o.bill, cancel_delay: o.cancelDelay, comment: o.comment,
      seller_user_id: o.sellerUserId, staff_user_id: o.staffUserId, game_id: o.gameId, multisession: o.multisession,
      source: o.source, created: o.createdAt.toISOString(),
    });
    ordersByPs.set(ps.id, list);
  }
  // Keyed by playground and business date.
  const out = new Map<string, StoredSession[]>();
  let last: number | null = null;
  for (const { ps, game } of rows) {
    if (ps.id === last) continue; // the same session's next order
    last = ps.id;
    const key = `${ps.playgroundId}|${ps.businessDate}`;
    const list = out.get(key) ?? [];
    list.push({
      id: ps.id, timeStart: ps.timeStart, duration: ps.duration, sessionPrice: ps.sessionPrice, personalPrice: ps.personalPrice,
      prepayment: ps.prepayment, currencyId: ps.currencyId, game: game?.id ? game : null, orders: ordersByPs.get(ps.id) ?? [],
    });
    out.set(key, list);
  }
  return out;
}

export interface Slot extends SlotBase {
  orders?: SlotOrder[];
}

/** The slots of one playground on one business day. */
function daySlots(ctx: LocationContext, pg: PlaygroundRow, date: string, stored: StoredSession[], withOrders: boolean): Slot[] {
  const schedule = pg.groupId !== null ? scheduleInForce(ctx.schedulesByGroup.get(pg.groupId) ?? [], date) : null;
  const generated = schedule ? generateSessions(schedule, date, dayTypeOf(date, ctx.holidays)) : [];
  const storedByStart = new Map(stored.map((s) => [s.timeStart, s]));
  const slots: Slot[] = [];
  const emit = (timeStart: string, duration: number, price: Slot['pricing'], s: StoredSession | undefined, outside: boolean) => {
    const timeEnd = addMinutes(timeStart, duration);
    const slotOrders = s?.orders ?? [];
    const flags = slotFlags(slotOrders, addMinutes(timeStart, duration) < ctx.now);
    slots.push({
      time_start: timeStart, time_end: timeEnd, begin: timeStart.slice(11), end: timeEnd.slice(11), duration,
      available_persons: Math.max(0, pg.maxPlayers - personsTaken(slotOrders)),
      playground: pg.id, playground_name: pg.name, session_id: s?.id ?? null, game: s?.game ?? null,
      pricing: price, outside_schedule: outside, ...flags,
      ...(withOrders ? { orders: slotOrders } : {}),
    });
  };
  const priceJson = (session: string | null, personal: string | null, prepayment: string | null, currencyId: number | null) => ({
    session_price: session === null ? null : toMoneyString(session),
    personal_price: personal === null ? null : toMoneyString(personal),
    // Two decimals whether the row comes from the schedule ('0.5') or a booked session ('0.50').
    prepayment: prepayment === null ? null : toMoneyString(prepayment), discount: '0.00',
    currency: currencyJson(currencyId ? ctx.currencies.get(currencyId) : ctx.currency),
  });
  // Booked sessions that no longer fit the grid: outside it, or of another length than it makes now.
  const offGrid = new Set<number>();
  for (const g of generated) {
    const s = storedByStart.get(g.time_start);
    if (s) {
      if (s.duration !== g.duration) offGrid.add(s.id);
      storedByStart.delete(g.time_start);
      emit(s.timeStart, s.duration, priceJson(s.sessionPrice, s.personalPrice, s.prepayment, s.currencyId), s, false);
    } else {
      const p = g.pricing;
      emit(g.time_start, g.duration, p ? priceJson(p.session_price, p.personal_price, p.prepayment, p.currency_id) : null, undefined, false);
    }
  }
  for (const s of storedByStart.values()) {
    emit(s.timeStart, s.duration, priceJson(s.sessionPrice, s.personalPrice, s.prepayment, s.currencyId), s, true);
  }
  // A booked session off the current grid still occupies the playground: new sessions that
  // would run at the same time are not offered (the booked one stays).
  const outside = slots.filter((s) => s.outside_schedule || (s.session_id !== null && offGrid.has(s.session_id)));
  const visible = outside.length === 0 ? slots : slots.filter((s) => s.session_id !== null
    || !outside.some((o) => s.time_start < o.time_end && o.time_start < s.time_end));
  return visible.sort((a, b) => businessMinutes(a.begin) - businessMinutes(b.begin) || a.time_start.localeCompare(b.time_start));
}

/** The playground, 404 unless it exists and the user has a role at its location (requireRoleAt's rule, in the same statement). */
async function playgroundWithAccess(db: Db, userId: number, playgroundId: number): Promise<PlaygroundRow> {
  const [row] = await db.select({ pg: playgrounds, roleId: userLocationRoles.roleId }).from(playgrounds)
    .leftJoin(userLocationRoles, and(eq(userLocationRoles.locationId, playgrounds.locationId), eq(userLocationRoles.userId, userId)))
    .where(eq(playgrounds.id, playgroundId));
  if (!row || row.roleId === null) throw notFound();
  return row.pg;
}

/** GET /playgrounds/{id}/schedule/?date=[&orders=1] */
export async function playgroundSchedule(db: Db, userId: number, playgroundId: number, date: string, withOrders: boolean): Promise<Slot[]> {
  const pg = await playgroundWithAccess(db, userId, playgroundId);
  const ctx = await locationContext(db, pg.locationId, date, date);
  const stored = await storedSessions(db, [pg.id], date, date);
  return daySlots(ctx, pg, date, stored.get(`${pg.id}|${date}`) ?? [], withOrders);
}

async function bookablePlaygrounds(db: Db, locationId: number): Promise<PlaygroundRow[]> {
  const rows = await db.select().from(playgrounds).where(eq(playgrounds.locationId, locationId)).orderBy(playgrounds.id);
  return rows.filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)));
}

/** GET /v2.2/locations/{id}/schedule_multi/?date= : every bookable playground's slots of the day. */
export async function locationScheduleMulti(db: Db, userId: number, locationId: number, date: string) {
  await requireRoleAt(db, userId, locationId);
  const { playgrounds: pgs, slots } = await locationDaySlots(db, locationId, date);
  return {
    date,
    playgrounds: pgs.map((p) => ({ id: p.id, name: p.name, types: p.types, duration: p.durationMinutes, max_players: p.maxPlayers, group: p.groupId })),
    schedule: slots,
  };
}

/** Every bookable playground of a location and their slots of a business day, without orders.
 * No access check: callers decide who may see it (staff above, the public booking widget). */
export async function locationDaySlots(db: Db, locationId: number, date: string): Promise<{ playgrounds: PlaygroundRow[]; slots: Slot[]; now: string }> {
  const pgs = await bookablePlaygrounds(db, locationId);
  const ctx = await locationContext(db, locationId, date, date);
  const stored = await storedSessions(db, pgs.map((p) => p.id), date, date);
  return { playgrounds: pgs, slots: pgs.flatMap((p) => daySlots(ctx, p, date, stored.get(`${p.id}|${date}`) ?? [], false)), now: ctx.now };
}

/** GET /locations/{id}/summary/?date= : free places per day of that date's month (past slots count 0). */
export async function locationSummary(db: Db, userId: number, locationId: number, date: string) {
  await requireRoleAt(db, userId, locationId);
  const days = monthDates(date);
  const first = days[0]!, last = days[days.length - 1]!;
  const pgs = await bookablePlaygrounds(db, locationId);
  const ctx = await locationContext(db, locationId, first, addDays(last, 1));
  const stored = await storedSessions(db, pgs.map((p) => p.id), first, last);
  return days.map((day) => ({
    date: day,
    places: pgs.reduce((sum, p) => sum + daySlots(ctx, p, day, stored.get(`${p.id}|${day}`) ?? [], false)
      .filter((s) => !s.archived).reduce((n, s) => n + s.available_persons, 0), 0),
  }));
}

/** What slotAt reads besides the stored sessions (the location, its schedules and holidays, its "now"). */
export type SlotContext = LocationContext;

/** The context of the slots of a location's business day of `timeStart`, to read once and pass to slotAt. */
export async function slotContext(db: Db, locationId: number, timeStart: string): Promise<SlotContext> {
  const date = businessDateOf(timeStart);
  return locationContext(db, locationId, date, date);
}

/**
 * The slot of a playground that starts at a wall-clock moment ('YYYY-MM-DD HH:mm'), as the
 * calendars show it, with its orders; null when no session starts then. Booking reads it before
 * taking its lock and again under the lock, passing the context of the first read to the second
 * (under the lock only the stored session and its orders need reading again).
 */
export async function slotAt(db: Db, pg: PlaygroundRow, timeStart: string, context?: SlotContext): Promise<(Slot & { orders: SlotOrder[] }) | null> {
  const date = businessDateOf(timeStart);
  const ctx = context ?? await locationContext(db, pg.locationId, date, date);
  const stored = await storedSessions(db, [pg.id], date, date);
  const slot = daySlots(ctx, pg, date, stored.get(`${pg.id}|${date}`) ?? [], true).find((s) => s.time_start === timeStart);
  return slot ? { ...slot, orders: slot.orders ?? [] } : null;
}

/** The location's current wall-clock time (for "already begun" checks). */
export async function locationNow(db: Db, locationId: number): Promise<string> {
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  return wallClockNow(loc.tz);
}
