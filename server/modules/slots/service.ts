// Slots: what the calendars and booking forms read. A slot is a session the schedule in force
// generates for a business day, or a stored playsession (one that has orders): a stored session
// keeps its own time, length and price, and is shown even when the schedule no longer makes it.
// Read-only: no locks (booking takes its own lock on the playsession).
import { and, eq } from 'drizzle-orm';
import { queryPrepared, type Db, type DbOrTx } from '../../db/client';
import {
  currencies, locations, playgrounds,
} from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { hasBegun, wallClockNow, zoneNow, type ZoneNow } from '../../platform/clock';
import { addDays, businessDateOf, monthDates } from '../../../domain/businessDay';
import { canonicalLocal, formatLocal, instantOfLocal, offsetAt, offsetText } from '../../../domain/zonedTime';
import { toMoneyString } from '../../../domain/money';
import type { SlotBase } from '../../../domain/slot';
import { dayTypeOf, generateSessions, scheduleInForce } from '../../../domain/schedule/engine';
import type { HolidayKind, Schedule } from '../../../domain/schedule/types';
import { BOOKABLE_PLAYGROUND_TYPES, personsTaken, slotFlags, type FlagOrder } from '../../../domain/slotFlags';
import { requireRoleAt } from '../locations/service';

type PlaygroundRow = typeof playgrounds.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;

interface LocationContext extends ZoneNow {
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
  /** #45 The customer's language for their messages (null: none stored). */
  language: string | null;
  created: string;
  /** #44 Participants checked in, in a playground's day read (the calendar); null where the location's arrivals are off. */
  checked_in?: number | null;
}

export interface StoredSession {
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

// The SQL of the slot reads, as text: they run as named prepared statements (queryPrepared), each
// parsed and planned once per connection. Pieces are shared so that every read builds the same JSON
// and one function (toStoredSession) turns it into sessions and orders.

/** Every currency (few rows): a session may carry another currency than its location. */
const CURRENCIES_JSON = `(SELECT coalesce(json_agg(json_build_object('id', c.id, 'code', c.code, 'isBefore', c.is_before,
  'blankPlace', c.blank_place, 'unicode', c.unicode)), '[]') FROM currencies c)`;

/** Holidays of the location's country (`ci`) between two date parameters. */
const holidaysJson = (from: string, to: string) => `(SELECT coalesce(json_agg(json_build_object('date', h.date, 'kind', h.kind)), '[]')
  FROM holidays h WHERE h.country_id = ci.country_id AND h.date >= ${from}::date AND h.date <= ${to}::date)`;

const SCHEDULE_JSON = `json_build_object('id', s.id, 'name', s.name, 'start_dt', s.start_dt, 'disabled', s.disabled,
  'playground_group', s.playground_group_id, 'breaks', s.breaks, 'items', s.items)`;

/**
 * #44 An order's participants checked in, where `arrivalsOn` (an SQL boolean of the FROM) holds: one
 * probe of order_participants' (order_id, position) index per order, and none where arrivals are off.
 */
const checkedInJson = (arrivalsOn: string) => `, 'checked_in', CASE WHEN ${arrivalsOn} THEN (SELECT count(*)::int FROM order_participants op2
    WHERE op2.order_id = o.id AND op2.position <= o.persons AND op2.checked_in_at IS NOT NULL) END`;

/**
 * The stored sessions matching `where` (over playsessions ps), each with its game and its orders, as one
 * JSON array; `arrivalsOn`: the orders carry checked_in where it holds (the calendar's read).
 */
const storedSessionsJson = (where: string, arrivalsOn?: string) => `(SELECT coalesce(json_agg(json_build_object(
    'id', ps.id, 'playgroundId', ps.playground_id, 'businessDate', ps.business_date, 'timeStart', ps.time_start, 'duration', ps.duration,
    'sessionPrice', ps.session_price::text, 'personalPrice', ps.personal_price::text, 'prepayment', ps.prepayment::text,
    'currencyId', ps.currency_id, 'game', CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'name', g.name) END,
    'orders', (SELECT coalesce(json_agg(json_build_object(
        'id', o.id, 'name', o.name, 'phone', o.phone, 'email', o.email, 'persons', o.persons, 'order_type', o.order_type,
        'status', o.status, 'cost', o.cost::text, 'discount', o.discount::text, 'purchase', o.purchase::text, 'paid', o.paid::text,
        'need_paid', (o.purchase - o.paid)::numeric(12, 2)::text,
        'promocode', o.promocode, 'bill', o.bill, 'cancel_delay', o.cancel_delay, 'comment', o.comment,
        'seller_user_id', o.seller_user_id, 'staff_user_id', o.staff_user_id, 'game_id', o.game_id, 'multisession', o.multisession,
        'source', o.source, 'language', o.language, 'created', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')${arrivalsOn ? checkedInJson(arrivalsOn) : ''}) ORDER BY o.id), '[]')
      FROM order_playsessions op JOIN orders o ON o.id = op.order_id WHERE op.playsession_id = ps.id)
  ) ORDER BY ps.id), '[]')
  FROM playsessions ps LEFT JOIN games g ON g.id = ps.game_id WHERE ${where})`;

/** A location's slot context: zone, currency, currencies, holidays in [$2, $3], every schedule. */
const LOCATION_CONTEXT_SQL = `
  SELECT l.timezone, l.currency_id, ${CURRENCIES_JSON} AS currencies, ${holidaysJson('$2', '$3')} AS holidays,
    (SELECT coalesce(json_agg(${SCHEDULE_JSON} ORDER BY s.id), '[]') FROM schedules s WHERE s.location_id = l.id) AS schedules
  FROM locations l JOIN cities ci ON ci.id = l.city_id
  WHERE l.id = $1`;

/** Stored sessions of playgrounds $1 (int[]) between business dates $2 and $3. */
const STORED_SESSIONS_SQL = `SELECT ${storedSessionsJson('ps.playground_id = ANY($1::int[]) AND ps.business_date >= $2::date AND ps.business_date <= $3::date')} AS sessions`;

/**
 * Everything one playground's day needs, in one statement (a calendar call and the first read of
 * every booking): the playground $1, the role of user $2 at its location (null for none), the
 * location's context for business day $3 with only the schedule in force for the playground's
 * group that day (scheduleInForce's rule), and the day's stored sessions with their orders.
 */
const PLAYGROUND_DAY_SQL = `
  SELECT p.id, p.location_id, p.name, p.types, p.duration, p.max_players, p.group_id, p.uuid_token, p.tech_control, p.is_active,
    l.is_active AS location_active,
    p.tech_sessions_access_expires_at, r.role_id,
    l.timezone, l.currency_id, ${CURRENCIES_JSON} AS currencies, ${holidaysJson('$3', '$3')} AS holidays,
    (SELECT coalesce(json_agg(${SCHEDULE_JSON}), '[]') FROM (
       SELECT * FROM schedules s WHERE s.location_id = l.id AND s.playground_group_id = p.group_id AND NOT s.disabled AND s.start_dt <= $3::date
       ORDER BY s.start_dt DESC, s.id DESC LIMIT 1) s) AS schedules,
    ${storedSessionsJson('ps.playground_id = p.id AND ps.business_date = $3::date', 'l.arrivals_enabled')} AS sessions,
    -- What a booking prices and checks with (tiny tables; read here to save it round trips).
    l.group_discount_percent,
    (SELECT coalesce(json_agg(json_build_object('days', e.days, 'discount', e.discount)), '[]')
       FROM early_booking_conditions e WHERE e.location_id = l.id) AS early_booking,
    (SELECT coalesce(json_agg(lg.game_id), '[]') FROM location_games lg WHERE lg.location_id = l.id AND (lg.playground_ids IS NULL OR p.id = ANY(lg.playground_ids))) AS game_ids
  FROM playgrounds p
  JOIN locations l ON l.id = p.location_id
  JOIN cities ci ON ci.id = l.city_id
  LEFT JOIN user_location_roles r ON r.location_id = p.location_id AND r.user_id = $2
  WHERE p.id = $1`;

interface ContextRow {
  timezone: string; currency_id: number | null; currencies: CurrencyRow[]; holidays: { date: string; kind: string }[];
  schedules: { id: number; name: string; start_dt: string; disabled: boolean; playground_group: number | null; breaks: Schedule['breaks']; items: Schedule['items'] }[];
}

function toLocationContext(locationId: number, loc: ContextRow): LocationContext {
  const clock = new Date();
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
    now: wallClockNow(loc.timezone, clock),
    nowMs: zoneNow(loc.timezone, clock).nowMs,
  };
}

/** The location with everything its slots need, in one statement: zone, currencies, holidays of its country in the range, its schedules. */
async function locationContext(db: Db, locationId: number, fromDate: string, toDate: string): Promise<LocationContext> {
  const [loc] = await queryPrepared<ContextRow>(db, 'slots.location_context', LOCATION_CONTEXT_SQL, [locationId, fromDate, toDate]);
  if (!loc) throw notFound();
  return toLocationContext(locationId, loc);
}

type StoredSessionJson = Omit<StoredSession, 'orders'> & { playgroundId: number; businessDate: string; orders: SlotOrder[] };

/** Stored sessions keyed by playground and business date, from storedSessionsJson. */
function groupStoredSessions(list: StoredSessionJson[]): Map<string, StoredSession[]> {
  const out = new Map<string, StoredSession[]>();
  for (const { playgroundId, businessDate, ...ps } of list) {
    const key = `${playgroundId}|${businessDate}`;
    const sessions = out.get(key) ?? [];
    sessions.push(ps);
    out.set(key, sessions);
  }
  return out;
}

/** Stored sessions of playgrounds between two business dates, with their orders. */
async function storedSessions(db: Db, playgroundIds: number[], fromDate: string, toDate: string) {
  if (playgroundIds.length === 0) return new Map<string, StoredSession[]>();
  const [row] = await queryPrepared<{ sessions: StoredSessionJson[] }>(db, 'slots.stored_sessions', STORED_SESSIONS_SQL, [playgroundIds, fromDate, toDate]);
  return groupStoredSessions(row!.sessions);
}

export interface PlaygroundDay {
  pg: PlaygroundRow;
  date: string;
  /** The user's role id at the playground's location, null without one. */
  roleId: number | null;
  /** #28 GAPS: the location works (takesNewBookings). */
  locationActive: boolean;
  ctx: LocationContext;
  stored: StoredSession[];
  /** The location's settings a booking needs. */
  booking: { groupDiscountPercent: number; earlyBooking: { days: number; discount: number }[]; gameIds: number[] };
}

/** One playground's business day (see PLAYGROUND_DAY_SQL); null when the playground does not exist. */
export async function playgroundDay(db: Db, userId: number | null, playgroundId: number, date: string): Promise<PlaygroundDay | null> {
  const [row] = await queryPrepared<ContextRow & {
    id: number; location_id: number; name: string; types: string[]; duration: number; max_players: number; group_id: number | null;
    uuid_token: string | null; tech_control: boolean; is_active: boolean; location_active: boolean; tech_sessions_access_expires_at: Date | null; role_id: number | null; sessions: StoredSessionJson[];
    group_discount_percent: number; early_booking: { days: number; discount: number }[]; game_ids: number[];
  }>(db, 'slots.playground_day', PLAYGROUND_DAY_SQL, [playgroundId, userId, date]);
  if (!row) return null;
  const pg: PlaygroundRow = {
    id: row.id, locationId: row.location_id, name: row.name, types: row.types, durationMinutes: row.duration, maxPlayers: row.max_players,
    groupId: row.group_id, uuidToken: row.uuid_token, techControl: row.tech_control, techSessionsAccessExpiresAt: row.tech_sessions_access_expires_at,
    isActive: row.is_active,
  };
  return {
    pg, date, roleId: row.role_id, locationActive: row.location_active, ctx: toLocationContext(row.location_id, row), stored: groupStoredSessions(row.sessions).get(`${row.id}|${date}`) ?? [],
    booking: { groupDiscountPercent: row.group_discount_percent, earlyBooking: row.early_booking, gameIds: row.game_ids },
  };
}

const STORED_SESSION_SQL = `SELECT ${storedSessionsJson('ps.id = $1')} AS sessions`;

/** One stored session with its orders, by id (a booking reads it again under the session's lock). */
export async function storedSessionById(db: DbOrTx, playsessionId: number): Promise<StoredSession | null> {
  const [row] = await queryPrepared<{ sessions: StoredSessionJson[] }>(db, 'slots.stored_session', STORED_SESSION_SQL, [playsessionId]);
  const [session] = row!.sessions;
  if (!session) return null;
  const { playgroundId: _pg, businessDate: _date, ...rest } = session;
  return rest;
}

/**
 * The slot of a playground's day that starts at `timeStart` ('YYYY-MM-DD HH:mm'), with its orders;
 * null when no session starts then. `fresh` replaces the day's stored session of that start: a
 * booking passes the session as read again under its lock, the rest of the day as read before.
 */
export function slotOfDay(day: PlaygroundDay, sessionDt: string, fresh?: StoredSession | null): (Slot & { orders: SlotOrder[] }) | null {
  // The client may write the offset of any occurrence; slots keep it only on a repeated hour's second.
  const timeStart = canonicalLocal(day.ctx.timezone, sessionDt);
  if (timeStart === null) return null;
  const stored = fresh === undefined ? day.stored : [...day.stored.filter((s) => s.timeStart !== timeStart), ...(fresh ? [fresh] : [])];
  const slot = daySlots(day.ctx, day.pg, day.date, stored, true).find((s) => s.time_start === timeStart);
  return slot ? { ...slot, orders: slot.orders ?? [] } : null;
}

export interface Slot extends SlotBase {
  orders?: SlotOrder[];
}

/**
 * The slots of one playground on one business day. Times are compared as real instants of the
 * location's zone: "archived" (ended), and a booked session off the grid hiding the grid's
 * sessions it overlaps. On a day whose sessions are not all at one UTC offset every slot says its
 * offset (utc_offset).
 */
function daySlots(ctx: LocationContext, pg: PlaygroundRow, date: string, stored: StoredSession[], withOrders: boolean): Slot[] {
  const tz = ctx.timezone;
  const schedule = pg.groupId !== null ? scheduleInForce(ctx.schedulesByGroup.get(pg.groupId) ?? [], date) : null;
  const generated = schedule ? generateSessions(schedule, date, dayTypeOf(date, ctx.holidays), tz) : [];
  const storedByStart = new Map(stored.map((s) => [s.timeStart, s]));
  const slots: Slot[] = [];
  const spans = new Map<Slot, { start: number; end: number }>();
  const emit = (timeStart: string, duration: number, price: Slot['pricing'], s: StoredSession | undefined, outside: boolean, start = instantOfLocal(tz, timeStart)) => {
    const end = start + duration * 60_000;
    const timeEnd = formatLocal(tz, end);
    const slotOrders = s?.orders ?? [];
    const flags = slotFlags(slotOrders, end < ctx.nowMs);
    const slot: Slot = {
      time_start: timeStart, time_end: timeEnd, begin: timeStart.slice(11, 16), end: timeEnd.slice(11, 16), duration,
      available_persons: Math.max(0, pg.maxPlayers - personsTaken(slotOrders)),
      playground: pg.id, playground_name: pg.name, session_id: s?.id ?? null, game: s?.game ?? null,
      pricing: price, outside_schedule: outside, ...flags,
      ...(withOrders ? { orders: slotOrders } : {}),
    };
    slots.push(slot);
    spans.set(slot, { start, end });
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
      emit(s.timeStart, s.duration, priceJson(s.sessionPrice, s.personalPrice, s.prepayment, s.currencyId), s, false, g.instant);
    } else {
      const p = g.pricing;
      emit(g.time_start, g.duration, p ? priceJson(p.session_price, p.personal_price, p.prepayment, p.currency_id) : null, undefined, false, g.instant);
    }
  }
  for (const s of storedByStart.values()) {
    emit(s.timeStart, s.duration, priceJson(s.sessionPrice, s.personalPrice, s.prepayment, s.currencyId), s, true);
  }
  // A booked session off the current grid still occupies the playground: new sessions that
  // would run at the same time are not offered (the booked one stays).
  const outside = slots.filter((s) => s.outside_schedule || (s.session_id !== null && offGrid.has(s.session_id))).map((s) => spans.get(s)!);
  const visible = outside.length === 0 ? slots : slots.filter((s) => s.session_id !== null
    || !outside.some((o) => spans.get(s)!.start < o.end && o.start < spans.get(s)!.end));
  const offsets = new Set(visible.map((s) => offsetAt(tz, spans.get(s)!.start)));
  if (offsets.size > 1) for (const s of visible) s.utc_offset = offsetText(offsetAt(tz, spans.get(s)!.start));
  return visible.sort((a, b) => spans.get(a)!.start - spans.get(b)!.start || a.time_start.localeCompare(b.time_start));
}

/** Whether a slot (its time_start) has begun at its location by now, on real instants. */
export { hasBegun };

/** The location's zone and current minute, for hasBegun, and whether it works (takesNewBookings). */
export async function locationClock(db: DbOrTx, locationId: number): Promise<ZoneNow & { now: string; locationActive: boolean }> {
  const [loc] = await db.select({ tz: locations.timezone, active: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  const clock = new Date();
  return { ...zoneNow(loc.tz, clock), now: wallClockNow(loc.tz, clock), locationActive: loc.active };
}

/**
 * #28 GAPS: the one rule of every new booking (single, widget, multi): an inactive location takes
 * none. Its existing orders are still edited, paid and cancelled (history and money stay handled),
 * so only the paths that make an order call this, with the location read by playgroundDay or locationClock.
 */
export function takesNewBookings(where: { locationActive: boolean }): void {
  if (!where.locationActive) throw fieldError('non_field_errors', 'location_inactive');
}

/** GET /playgrounds/{id}/schedule/?date=[&orders=1]: 404 unless the playground exists and the user has a role at its location (requireRoleAt's rule). */
export async function playgroundSchedule(db: Db, userId: number, playgroundId: number, date: string, withOrders: boolean): Promise<Slot[]> {
  const day = await playgroundDay(db, userId, playgroundId, date);
  if (!day || day.roleId === null) throw notFound();
  return daySlots(day.ctx, day.pg, date, day.stored, withOrders);
}

async function bookablePlaygrounds(db: Db, locationId: number): Promise<PlaygroundRow[]> {
  // A retired playground (#28) is on no day view, summary or widget.
  const rows = await db.select().from(playgrounds).where(and(eq(playgrounds.locationId, locationId), eq(playgrounds.isActive, true))).orderBy(playgrounds.id);
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
export async function locationDaySlots(db: Db, locationId: number, date: string): Promise<{ playgrounds: PlaygroundRow[]; slots: Slot[]; now: string; clock: ZoneNow }> {
  const pgs = await bookablePlaygrounds(db, locationId);
  const ctx = await locationContext(db, locationId, date, date);
  const stored = await storedSessions(db, pgs.map((p) => p.id), date, date);
  return { playgrounds: pgs, slots: pgs.flatMap((p) => daySlots(ctx, p, date, stored.get(`${p.id}|${date}`) ?? [], false)), now: ctx.now, clock: ctx };
}

/** GET /locations/{id}/summary/?date= : free places per day of that date's month (past slots count 0). */
export async function locationSummary(db: Db, userId: number, locationId: number, date: string) {
  await requireRoleAt(db, userId, locationId);
  const days = monthDates(date);
  const first = days[0]!, last = days[days.length - 1]!;
  const pgs = await bookablePlaygrounds(db, locationId);
  const ctx = await locationContext(db, locationId, first, addDays(last, 1));
  const stored = await storedSessions(db, pgs.map((p) => p.id), first, last);
  // `capacity` (issue #18, beside the spec's fields): the places of the same sessions when empty,
  // so the month grid can say how full a day is.
  return days.map((day) => {
    let places = 0, capacity = 0;
    for (const p of pgs) {
      for (const s of daySlots(ctx, p, day, stored.get(`${p.id}|${day}`) ?? [], false)) {
        if (s.archived) continue;
        places += s.available_persons;
        capacity += p.maxPlayers;
      }
    }
    return { date: day, places, capacity };
  });
}

/**
 * The slot of a playground that starts at a wall-clock moment ('YYYY-MM-DD HH:mm'), as the
 * calendars show it, with its orders; null when no session starts then. (A new single booking
 * reads its day once with playgroundDay and uses slotOfDay; editing and multi-booking use this.)
 */
export async function slotAt(db: Db, pg: PlaygroundRow, sessionDt: string): Promise<(Slot & { orders: SlotOrder[] }) | null> {
  const date = businessDateOf(sessionDt);
  const ctx = await locationContext(db, pg.locationId, date, date);
  const timeStart = canonicalLocal(ctx.timezone, sessionDt);
  if (timeStart === null) return null;
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
