// The numbers of the dashboards, computed with the same filters as the lists they must agree with:
// - money (revenue, payments by type) as the payments list: visible payments (actual) of the
//   location by their local date; only paid ones count as revenue, never a provider's test-mode
//   payment (#38: flagged `test`, it brought no money);
// - orders (by type and status, average check) as the orders list: by the business date of their
//   creation (local time less 6 hours);
// - occupancy: places sold in live orders over places offered, per playground, weekday and hour,
//   where offered sessions are those the schedule in force generates plus booked ones off it.
// Read-only; no locks. Grouping by a computed day uses its position (GROUP BY 1): the time zone is a
// query parameter, and PostgreSQL would not see two parameterised copies of the expression as one.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, currencies, holidays, locations, orderPlaysessions, orders, payments, playgrounds, playsessions, schedules } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { currencyJson } from '../locations/service';
import { addDays } from '../../../domain/businessDay';
import { dayTypeOf, generateSessions, scheduleInForce } from '../../../domain/schedule/engine';
import type { HolidayKind, Schedule } from '../../../domain/schedule/types';
import { BOOKABLE_PLAYGROUND_TYPES, ORDER_STATUS } from '../../../domain/slotFlags';

export interface Period {
  from: string;
  to: string;
}

export async function locationFacts(db: Db, locationId: number) {
  const [loc] = await db.select({ tz: locations.timezone, name: locations.name, countryId: cities.countryId, currency: currencies }).from(locations)
    .innerJoin(cities, eq(cities.id, locations.cityId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  // The business currency, in the shape the one money formatter takes (amounts on the pages carry it).
  return { ...loc, currency: currencyJson(loc.currency) };
}

const paidPayments = (locationId: number, tz: string, p: Period) => {
  const localDate = sql`(${payments.created} at time zone ${tz})::date`;
  return and(eq(payments.locationId, locationId), eq(payments.actual, true), eq(payments.status, 'paid'), eq(payments.test, false),
    sql`${localDate} >= ${p.from}`, sql`${localDate} <= ${p.to}`);
};

/** Revenue per local day: count and sum of paid payments. */
export async function revenuePerDay(db: Db, locationId: number, tz: string, p: Period) {
  const day = sql<string>`to_char((${payments.created} at time zone ${tz})::date, 'YYYY-MM-DD')`;
  return db.select({ day, count: sql<number>`count(*)`.mapWith(Number), sum: sql<string>`sum(${payments.purchase})::numeric(14,2)::text` })
    .from(payments).where(paidPayments(locationId, tz, p)).groupBy(sql`1`).orderBy(sql`1`);
}

/** Paid payments by payment type (1-7). */
export async function paymentsByType(db: Db, locationId: number, tz: string, p: Period) {
  return db.select({ type: payments.paymentType, count: sql<number>`count(*)`.mapWith(Number), sum: sql<string>`sum(${payments.purchase})::numeric(14,2)::text` })
    .from(payments).where(paidPayments(locationId, tz, p)).groupBy(payments.paymentType).orderBy(payments.paymentType);
}

const businessDate = (tz: string) => sql`((${orders.createdAt} at time zone ${tz}) - interval '6 hours')::date`;
const ordersOfPeriod = (locationId: number, tz: string, p: Period) =>
  and(eq(orders.locationId, locationId), sql`${businessDate(tz)} >= ${p.from}`, sql`${businessDate(tz)} <= ${p.to}`);

/** Order counts by type and status. */
export async function ordersByTypeAndStatus(db: Db, locationId: number, tz: string, p: Period) {
  return db.select({ type: orders.orderType, status: orders.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orders).where(ordersOfPeriod(locationId, tz, p)).groupBy(orders.orderType, orders.status).orderBy(orders.orderType, orders.status);
}

/** Average check per business day and for the period: mean purchase of live orders that cost something. */
export async function averageCheck(db: Db, locationId: number, tz: string, p: Period) {
  const where = and(ordersOfPeriod(locationId, tz, p), sql`${orders.status} not in (${ORDER_STATUS.cancelled}, ${ORDER_STATUS.cartCancelled})`, sql`${orders.purchase} > 0`);
  const day = sql<string>`to_char(${businessDate(tz)}, 'YYYY-MM-DD')`;
  const fields = {
    count: sql<number>`count(*)`.mapWith(Number),
    sum: sql<string>`coalesce(sum(${orders.purchase}), 0)::numeric(14,2)::text`,
    average: sql<string | null>`round(avg(${orders.purchase}), 2)::text`,
  };
  const [perDay, [total]] = await Promise.all([
    db.select({ day, ...fields }).from(orders).where(where).groupBy(sql`1`).orderBy(sql`1`),
    db.select(fields).from(orders).where(where),
  ]);
  return { perDay, total: total! };
}

export interface OccupancyCell { weekday: number; hour: number; offered: number; sold: number }

const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Occupancy per bookable playground, by weekday (1 Monday .. 7 Sunday of the business day) and start hour. */
export async function occupancy(db: Db, locationId: number, countryId: number, p: Period) {
  const pgs = (await db.select().from(playgrounds).where(eq(playgrounds.locationId, locationId)).orderBy(playgrounds.id))
    .filter((pg) => pg.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)));
  if (!pgs.length) return [];
  const [[zone], scheduleRows, holidayRows, stored] = await Promise.all([
    // The zone: on a night the clocks fall back the repeated hour is offered twice, and counted so.
    db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, locationId)),
    db.select().from(schedules).where(eq(schedules.locationId, locationId)),
    db.select().from(holidays).where(and(eq(holidays.countryId, countryId), gte(holidays.date, p.from), lte(holidays.date, addDays(p.to, 1)))),
    db.select({
      playgroundId: playsessions.playgroundId, businessDate: playsessions.businessDate, timeStart: playsessions.timeStart,
      persons: sql<number>`coalesce(sum(${orders.persons}) filter (where ${orders.status} not in (${ORDER_STATUS.cancelled}, ${ORDER_STATUS.cartCancelled})), 0)`.mapWith(Number),
    }).from(playsessions)
      .leftJoin(orderPlaysessions, eq(orderPlaysessions.playsessionId, playsessions.id))
      .leftJoin(orders, eq(orders.id, orderPlaysessions.orderId))
      .where(and(inArray(playsessions.playgroundId, pgs.map((pg) => pg.id)), gte(playsessions.businessDate, p.from), lte(playsessions.businessDate, p.to)))
      .groupBy(playsessions.playgroundId, playsessions.businessDate, playsessions.timeStart),
  ]);
  const holidayMap = new Map(holidayRows.map((h) => [h.date, h.kind as HolidayKind]));
  const byGroup = new Map<number, Schedule[]>();
  for (const s of scheduleRows) {
    if (s.playgroundGroupId === null) continue;
    byGroup.set(s.playgroundGroupId, [...(byGroup.get(s.playgroundGroupId) ?? []),
      { id: s.id, name: s.name, start_dt: s.startDt, disabled: s.disabled, playground_group: s.playgroundGroupId, breaks: s.breaks, items: s.items }]);
  }
  const storedBy = new Map<string, Map<string, number>>();
  for (const s of stored) {
    const key = `${s.playgroundId}|${s.businessDate}`;
    if (!storedBy.has(key)) storedBy.set(key, new Map());
    storedBy.get(key)!.set(s.timeStart, s.persons);
  }
  return pgs.map((pg) => {
    const cells = new Map<string, OccupancyCell>();
    const add = (weekday: number, timeStart: string, sold: number) => {
      const hour = Number(timeStart.slice(11, 13));
      const key = `${weekday}|${hour}`;
      const cell = cells.get(key) ?? { weekday, hour, offered: 0, sold: 0 };
      cell.offered += pg.maxPlayers;
      cell.sold += sold;
      cells.set(key, cell);
    };
    for (let day = p.from; day <= p.to; day = addDays(day, 1)) {
      const weekday = isoWeekday(day);
      const schedule = pg.groupId !== null ? scheduleInForce(byGroup.get(pg.groupId) ?? [], day) : null;
      const starts = new Set(schedule ? generateSessions(schedule, day, dayTypeOf(day, holidayMap), zone?.tz).map((g) => g.time_start) : []);
      const booked = storedBy.get(`${pg.id}|${day}`) ?? new Map<string, number>();
      for (const start of booked.keys()) starts.add(start);
      for (const start of starts) add(weekday, start, booked.get(start) ?? 0);
    }
    return { playground: { id: pg.id, name: pg.name, max_players: pg.maxPlayers }, cells: [...cells.values()] };
  });
}
