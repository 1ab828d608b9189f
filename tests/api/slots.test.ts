// The slot engine through the API: our own groups and schedules on dates in 2030 (no demo order
// and no "archived" state there), holidays added through the API, bookings written with Drizzle.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, orderPlaysessions, orders, playgrounds, playsessions } from '../../server/db/schema';
import { wallClockNow } from '../../server/platform/clock';
import { addDays, businessDateOf, monthDates } from '../../domain/businessDay';
import { createHarness, type Harness } from './harness';
import { item, scheduleBody, times } from './scheduleBuilders';

let h: Harness;
let tokens: { admin: string; manager: string; staff: string };
/** Location 1's playgrounds: Куб 1 (4 places, demo schedule), Куб 2 (4), Арена (10), Лаунж (6). */
let pg: { cube1: number; cube2: number; arena: number; lounge: number; foreign: number };
/** Our groups: engine (Куб 2), bookings (Арена), in force (Лаунж). */
let group: { engine: number; bookings: number; inForce: number };
let schedule: { engine: number; bookingsEarly: number; bookings: number; f1: number; f2: number; f3: number };

const SLOTS = (id: number, date: string, extra = '') => `/api/v2.1/playgrounds/${id}/schedule/?date=${date}${extra}`;
const MULTI = (locationId: number, date: string) => `/api/v2.2/locations/${locationId}/schedule_multi/?date=${date}`;
const SUMMARY = (locationId: number, date: string) => `/api/v2.1/locations/${locationId}/summary/?date=${date}`;
const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
const NOT_FOUND_EN = { detail: 'Not found.' };
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

type Json = Record<string, any>;

async function post(url: string, body: unknown): Promise<Json> {
  const res = await h.call('POST', url, { token: tokens.admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function slots(playgroundId: number, date: string, extra = '', token = tokens.staff): Promise<Json[]> {
  const res = await h.call('GET', SLOTS(playgroundId, date, extra), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const startsOf = (list: Json[]) => list.map((s) => s.time_start);
const at = (list: Json[], timeStart: string) => list.find((s) => s.time_start === timeStart)!;

/** The pricing object of a slot. */
const price = (p: { session?: string; personal?: string; prepayment: string }) => ({
  session_price: p.session ?? null, personal_price: p.personal ?? null, prepayment: p.prepayment, discount: '0.00', currency: RUB,
});

const NO_FLAGS = { free: false, pending: false, not_paid: false, need_paid: false, paid: false, event: false, archived: false };

interface OrderInput { persons: number; status: number; orderType?: number; purchase?: string; paid?: string; name?: string }

/** A stored session (as booking writes it) with its orders. */
async function book(playgroundId: number, businessDate: string, timeStart: string, session: {
  duration: number; sessionPrice?: string | null; personalPrice?: string | null; prepayment?: string; gameId?: number | null; scheduleId?: number;
}, orderList: OrderInput[]) {
  const [ps] = await h.database.db.insert(playsessions).values({
    playgroundId, businessDate, timeStart, duration: session.duration,
    sessionPrice: session.sessionPrice ?? null, personalPrice: session.personalPrice ?? null,
    prepayment: session.prepayment ?? '1', gameId: session.gameId ?? null, scheduleId: session.scheduleId ?? null,
  }).returning();
  const made = [];
  for (const o of orderList) {
    const [row] = await h.database.db.insert(orders).values({
      locationId: 1, name: o.name ?? 'Test Guest', phone: '+70000000000', email: 'guest@example.com', persons: o.persons,
      orderType: o.orderType ?? 1, status: o.status, cost: o.purchase ?? '0', purchase: o.purchase ?? '0', paid: o.paid ?? '0',
    }).returning();
    await h.database.db.insert(orderPlaysessions).values({ orderId: row!.id, playsessionId: ps!.id });
    made.push(row!);
  }
  return { session: ps!, orders: made };
}

beforeAll(async () => {
  h = await createHarness();
  tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
  };
  const rows = await h.database.db.select().from(playgrounds);
  const id = (locationId: number, name: string) => rows.find((p) => p.locationId === locationId && p.name === name)!.id;
  pg = { cube1: id(1, 'Куб 1'), cube2: id(1, 'Куб 2'), arena: id(1, 'Арена'), lounge: id(1, 'Лаунж'), foreign: id(2, 'Куб') };

  const groups = '/api/v2.1/locations/1/groups/';
  group = {
    engine: (await post(groups, { name: 'Engine' })).id,
    bookings: (await post(groups, { name: 'Bookings' })).id,
    inForce: (await post(groups, { name: 'In force' })).id,
  };
  for (const [playground, g] of [[pg.cube2, group.engine], [pg.arena, group.bookings], [pg.lounge, group.inForce]] as const) {
    const res = await h.call('PUT', `/api/v2.1/playgrounds/${playground}/group/`, { token: tokens.admin, body: { group: g } });
    expect(res.statusCode, res.body).toBe(200);
  }

  // Engine: weekdays 10:00-02:00 by the hour with two price rows; weekends 12:00-04:00, 90-minute
  // sessions every hour (30 minutes of overlap); holidays 12:00-20:00 by two hours. A daily break
  // at 14:00, a dated one on the evening of March 4 and one at 01:00 of business day March 5.
  schedule = {} as typeof schedule;
  schedule.engine = (await post('/api/v2.1/schedule/', scheduleBody(1, group.engine, {
    name: 'Engine', start_dt: '2030-01-01',
    breaks: [{ start: '14:00', duration: 30 }, { start: '18:00', duration: 60, date: '2030-03-04' }, { start: '01:00', duration: 30, date: '2030-03-05' }],
    items: [
      item({ begin: '10:00', end: '02:00', duration: 60, day_types: [1, 2, 3, 4, 5], pricing: [
        { start: '10:00', session_price: '1000', prepayment: 0.5 }, { start: '18:00', session_price: '1500,5', prepayment: 0.5 },
      ] }),
      item({ begin: '12:00', end: '04:00', duration: 90, overlap: 30, day_types: [6, 7], pricing: [{ start: '12:00', personal_price: '700', prepayment: 1 }] }),
      item({ begin: '12:00', end: '20:00', duration: 120, day_types: [8], pricing: [{ start: '12:00', session_price: '3000', prepayment: 0 }] }),
    ],
  }))).id;

  // Bookings: the whole day by the hour; a copy from May 1 that the booking tests change.
  const bookingItems = [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [
    { start: '10:00', session_price: '2000', prepayment: 0.5 }, { start: '18:00', session_price: '2500', prepayment: 0.5 },
  ] })];
  schedule.bookingsEarly = (await post('/api/v2.1/schedule/', scheduleBody(1, group.bookings, { name: 'Bookings', start_dt: '2030-01-01', items: bookingItems }))).id;
  schedule.bookings = (await post('/api/v2.1/schedule/', scheduleBody(1, group.bookings, { name: 'Bookings May', start_dt: '2030-05-01', items: bookingItems }))).id;

  // In force: F1 from January; F2 from March 11 but disabled; F3 from March 18.
  const f = (name: string, start_dt: string, begin: string, end: string, duration: number, disabled = false) =>
    post('/api/v2.1/schedule/', scheduleBody(1, group.inForce, { name, start_dt, disabled, items: [item({ begin, end, duration, day_types: ALL_DAYS })] }));
  schedule.f1 = (await f('F1', '2030-01-01', '10:00', '22:00', 60)).id;
  schedule.f2 = (await f('F2', '2030-03-11', '10:00', '12:00', 30, true)).id;
  schedule.f3 = (await f('F3', '2030-03-18', '16:00', '18:00', 30)).id;
});
afterAll(async () => { await h.close(); });

describe('GET /api/v2.1/playgrounds/{id}/schedule/: sessions of the schedule in force', () => {
  it('answers every slot field for a generated session', async () => {
    const list = await slots(pg.cube2, '2030-03-04');
    expect(list[0]).toEqual({
      time_start: '2030-03-04 10:00', time_end: '2030-03-04 11:00', begin: '10:00', end: '11:00', duration: 60,
      available_persons: 4, playground: pg.cube2, playground_name: 'Куб 2', session_id: null, game: null,
      pricing: price({ session: '1000.00', prepayment: '0.50' }), outside_schedule: false, ...NO_FLAGS,
    });
    expect(list.every((s) => !('orders' in s))).toBe(true);
  });

  it('makes a session every duration - overlap minutes from begin to end; breaks remove the sessions they touch', async () => {
    // Monday March 4: the daily 14:00 break and that day's 18:00-19:00 break.
    const monday = await slots(pg.cube2, '2030-03-04');
    expect(monday.map((s) => s.begin)).toEqual(['10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00']);
    expect(monday.every((s) => s.duration === 60 && s.available_persons === 4 && s.session_id === null)).toBe(true);
    // Saturday March 9: 90-minute sessions every 60 minutes; 13:00-14:30 and 14:00-15:30 touch the break.
    const saturday = await slots(pg.cube2, '2030-03-09');
    expect(saturday.map((s) => [s.begin, s.end])).toEqual([
      ['12:00', '13:30'], ['15:00', '16:30'], ['16:00', '17:30'], ['17:00', '18:30'], ['18:00', '19:30'], ['19:00', '20:30'], ['20:00', '21:30'],
      ['21:00', '22:30'], ['22:00', '23:30'], ['23:00', '00:30'], ['00:00', '01:30'], ['01:00', '02:30'], ['02:00', '03:30'],
    ]);
    expect(saturday.at(-1)).toMatchObject({ time_start: '2030-03-10 02:00', time_end: '2030-03-10 03:30', begin: '02:00', end: '03:30', duration: 90 });
    expect(saturday.map((s) => s.pricing)).toEqual(saturday.map(() => price({ personal: '700.00', prepayment: '1.00' })));
  });

  it('a dated break only acts on its own business day', async () => {
    // Tuesday March 5: no 18:00 break that day, but its own 01:00 break (the night after it).
    const tuesday = await slots(pg.cube2, '2030-03-05');
    expect(tuesday.map((s) => s.begin)).toEqual(['10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00']);
    // Monday's night session at 01:00 of March 5 is not touched by Tuesday's 01:00 break.
    expect(startsOf(await slots(pg.cube2, '2030-03-04'))).toContain('2030-03-05 01:00');
  });

  it('night sessions after midnight belong to the previous business day, with the next calendar date', async () => {
    const monday = await slots(pg.cube2, '2030-03-04');
    expect(monday.slice(-3).map((s) => [s.time_start, s.time_end, s.begin, s.end])).toEqual([
      ['2030-03-04 23:00', '2030-03-05 00:00', '23:00', '00:00'],
      ['2030-03-05 00:00', '2030-03-05 01:00', '00:00', '01:00'],
      ['2030-03-05 01:00', '2030-03-05 02:00', '01:00', '02:00'],
    ]);
    // The next business day starts at its own 10:00 and does not repeat them.
    const tuesday = await slots(pg.cube2, '2030-03-05');
    expect(tuesday[0]!.time_start).toBe('2030-03-05 10:00');
    expect(startsOf(tuesday)).not.toContain('2030-03-05 00:00');
    expect(startsOf(tuesday)).not.toContain('2030-03-05 01:00');
    expect(startsOf(tuesday).at(-1)).toBe('2030-03-06 00:00');
  });

  it('prices each session by the pricing row with the latest start at or before it', async () => {
    const monday = await slots(pg.cube2, '2030-03-04');
    const byBegin = new Map(monday.map((s) => [s.begin, s.pricing.session_price]));
    expect([...byBegin]).toEqual([
      ['10:00', '1000.00'], ['11:00', '1000.00'], ['12:00', '1000.00'], ['13:00', '1000.00'], ['15:00', '1000.00'], ['16:00', '1000.00'],
      ['17:00', '1000.00'], ['19:00', '1500.50'], ['20:00', '1500.50'], ['21:00', '1500.50'], ['22:00', '1500.50'], ['23:00', '1500.50'],
      ['00:00', '1500.50'], ['01:00', '1500.50'],
    ]);
  });

  it('a holiday uses the items of day type 8 instead of the weekday\'s; a pre-holiday without its own items keeps the weekday\'s', async () => {
    const before = await slots(pg.cube2, '2030-03-06');
    expect(before).toHaveLength(15);
    await post('/api/v2.1/holidays/', { location: 1, date: '2030-03-06', kind: 'holiday', name: 'Test holiday' });
    await post('/api/v2.1/holidays/', { location: 1, date: '2030-03-07', kind: 'pre_holiday', name: 'Test eve' });
    const holiday = await slots(pg.cube2, '2030-03-06');
    // 12:00-14:00 ends as the daily break begins; 14:00-16:00 touches it.
    expect(holiday.map((s) => [s.begin, s.end])).toEqual([['12:00', '14:00'], ['16:00', '18:00'], ['18:00', '20:00']]);
    expect(holiday.map((s) => s.pricing)).toEqual(holiday.map(() => price({ session: '3000.00', prepayment: '0.00' })));
    const eve = await slots(pg.cube2, '2030-03-07');
    expect(eve.map((s) => s.begin)).toEqual(before.map((s) => s.begin));
    // A holiday on a Sunday replaces the weekend's items too.
    const sunday = await slots(pg.cube2, '2030-03-10');
    expect(sunday).toHaveLength(13);
    const sundayHoliday = await post('/api/v2.1/holidays/', { location: 1, date: '2030-03-10', kind: 'holiday' });
    expect((await slots(pg.cube2, '2030-03-10')).map((s) => s.begin)).toEqual(['12:00', '16:00', '18:00']);
    // Taking the day off the calendar brings the weekend back.
    expect((await h.call('DELETE', `/api/v2.1/holidays/${sundayHoliday.id}/?location=1`, { token: tokens.admin })).statusCode).toBe(204);
    expect(await slots(pg.cube2, '2030-03-10')).toEqual(sunday);
  });

  it('a holiday of another country changes nothing here', async () => {
    const before = await slots(pg.cube2, '2030-03-12');
    await post('/api/v2.1/holidays/', { location: 3, date: '2030-03-12', kind: 'holiday' });
    expect(await slots(pg.cube2, '2030-03-12')).toEqual(before);
  });

  it('the schedule in force is the enabled one with the latest start_dt on or before the date', async () => {
    const f1 = times('10:00', '22:00', 60);
    const f2 = times('10:00', '12:00', 30);
    const f3 = times('16:00', '18:00', 30);
    const begins = async (date: string) => (await slots(pg.lounge, date)).map((s) => s.begin);
    // Nothing before the first schedule starts.
    expect(await slots(pg.lounge, '2029-12-31')).toEqual([]);
    expect(await begins('2030-01-01')).toEqual(f1);
    // F2 (from March 11) is disabled: F1 still rules; F3 (from March 18) is not yet in force.
    expect(await begins('2030-03-11')).toEqual(f1);
    expect(await begins('2030-03-17')).toEqual(f1);
    expect(await begins('2030-03-18')).toEqual(f3);
    expect(await begins('2030-12-31')).toEqual(f3);
    // Enabling F2 puts it in force from its start date until F3's.
    const on = await h.call('PATCH', `/api/v2.1/schedule/${schedule.f2}/visible/`, { token: tokens.admin, body: { disabled: false } });
    expect(on.statusCode).toBe(200);
    expect(await begins('2030-03-10')).toEqual(f1);
    expect(await begins('2030-03-11')).toEqual(f2);
    expect(await begins('2030-03-17')).toEqual(f2);
    expect(await begins('2030-03-18')).toEqual(f3);
    // Disabling F3 lets F2 run on; deleting F2 hands back to F1.
    await h.call('PATCH', `/api/v2.1/schedule/${schedule.f3}/visible/`, { token: tokens.admin, body: { disabled: true } });
    expect(await begins('2030-03-18')).toEqual(f2);
    expect((await h.call('DELETE', `/api/v2.1/schedule/${schedule.f2}/`, { token: tokens.admin })).statusCode).toBe(204);
    expect(await begins('2030-03-18')).toEqual(f1);
    await h.call('PATCH', `/api/v2.1/schedule/${schedule.f3}/visible/`, { token: tokens.admin, body: { disabled: false } });
    expect(await begins('2030-03-18')).toEqual(f3);
  });

  it('an ungrouped playground has no sessions', async () => {
    const demoGroup = (await h.database.db.select().from(playgrounds).where(eq(playgrounds.id, pg.cube1)))[0]!.groupId;
    expect(await slots(pg.cube1, '2030-04-01')).not.toEqual([]);
    await h.call('PUT', `/api/v2.1/playgrounds/${pg.cube1}/group/`, { token: tokens.admin, body: { group: null } });
    expect(await slots(pg.cube1, '2030-04-01')).toEqual([]);
    await h.call('PUT', `/api/v2.1/playgrounds/${pg.cube1}/group/`, { token: tokens.admin, body: { group: demoGroup } });
    expect(await slots(pg.cube1, '2030-04-01')).toHaveLength(31);
  });
});

describe('booked sessions never move', () => {
  const DAY = '2030-05-06';

  it('keeps a booked session\'s time, length, price and id when the schedule changes', async () => {
    const before = at(await slots(pg.arena, DAY), `${DAY} 12:00`);
    expect(before).toMatchObject({ session_id: null, duration: 60, available_persons: 10, pricing: price({ session: '2000.00', prepayment: '0.50' }) });
    const [game] = await h.database.db.select().from(games).limit(1);
    // Booking fixes the session as the slot showed it.
    const { session } = await book(pg.arena, DAY, `${DAY} 12:00`, {
      duration: before.duration, sessionPrice: before.pricing.session_price, prepayment: before.pricing.prepayment,
      gameId: game!.id, scheduleId: schedule.bookings,
    }, [{ persons: 3, status: 2, purchase: '2000.00', paid: '0.00' }]);
    const booked = {
      ...before, session_id: session.id, available_persons: 7, game: { id: game!.id, name: game!.name }, pending: true, not_paid: true,
    };
    expect(at(await slots(pg.arena, DAY), `${DAY} 12:00`)).toEqual(booked);

    // Another length and price: the schedule now starts sessions at 10:00, 10:45, 11:30, 12:15 ...
    const longer = scheduleBody(1, group.bookings, { name: 'Bookings May', start_dt: '2030-05-01', items: [item({
      begin: '10:00', end: '22:00', duration: 45, day_types: ALL_DAYS, pricing: [{ start: '10:00', session_price: '2400', prepayment: 1 }],
    })] });
    expect((await h.call('PUT', `/api/v2.1/schedule/${schedule.bookings}/`, { token: tokens.admin, body: longer })).statusCode).toBe(200);
    const afterLength = await slots(pg.arena, DAY);
    expect(at(afterLength, `${DAY} 12:00`)).toEqual({ ...booked, outside_schedule: true });
    // 11:30 and 12:15 would run during the booked 12:00-13:00 session: not offered.
    expect(afterLength.map((s) => s.begin).slice(0, 5)).toEqual(['10:00', '10:45', '12:00', '13:00', '13:45']);
    for (const s of afterLength.filter((x) => x.session_id === null)) {
      expect(s).toMatchObject({ duration: 45, outside_schedule: false, pricing: price({ session: '2400.00', prepayment: '1.00' }) });
    }

    // Other times that still start a session at 12:00, with another length: the booked one wins.
    const afternoon = { ...longer, items: [item({ begin: '12:00', end: '20:00', duration: 30, day_types: ALL_DAYS, pricing: [{ start: '12:00', session_price: '3000', prepayment: 0.5 }] })] };
    expect((await h.call('PUT', `/api/v2.1/schedule/${schedule.bookings}/`, { token: tokens.admin, body: afternoon })).statusCode).toBe(200);
    const afterTimes = await slots(pg.arena, DAY);
    expect(afterTimes.filter((s) => s.time_start === `${DAY} 12:00`)).toEqual([booked]);
    // 12:30 would overlap the booked hour; 13:00 is the next session offered.
    expect(afterTimes.some((s) => s.time_start === `${DAY} 12:30`)).toBe(false);
    expect(at(afterTimes, `${DAY} 13:00`)).toMatchObject({ duration: 30, session_id: null, pricing: price({ session: '3000.00', prepayment: '0.50' }) });
  });

  it('lists a booked session the schedule no longer makes, with outside_schedule, night ones on their business day', async () => {
    const date = '2030-05-13';
    const night = await book(pg.arena, date, '2030-05-14 01:30', { duration: 60, personalPrice: '800.50', prepayment: '0.30' },
      [{ persons: 2, status: 6, purchase: '1601.00', paid: '1601.00' }]);
    const day = await book(pg.arena, date, `${date} 11:00`, { duration: 90, sessionPrice: '1234.56', prepayment: '1' },
      [{ persons: 1, status: 3, orderType: 3 }]);
    // The schedule in force now runs on weekends only: Monday the 13th makes no sessions.
    const weekend = scheduleBody(1, group.bookings, { name: 'Bookings May', start_dt: '2030-05-01', items: [item({ day_types: [6, 7] })] });
    expect((await h.call('PUT', `/api/v2.1/schedule/${schedule.bookings}/`, { token: tokens.admin, body: weekend })).statusCode).toBe(200);
    const list = await slots(pg.arena, date);
    expect(list).toEqual([
      {
        time_start: `${date} 11:00`, time_end: `${date} 12:30`, begin: '11:00', end: '12:30', duration: 90, available_persons: 9,
        playground: pg.arena, playground_name: 'Арена', session_id: day.session.id, game: null,
        pricing: price({ session: '1234.56', prepayment: '1.00' }), outside_schedule: true, ...NO_FLAGS, free: true, paid: true,
      },
      {
        time_start: '2030-05-14 01:30', time_end: '2030-05-14 02:30', begin: '01:30', end: '02:30', duration: 60, available_persons: 8,
        playground: pg.arena, playground_name: 'Арена', session_id: night.session.id, game: null,
        pricing: price({ personal: '800.50', prepayment: '0.30' }), outside_schedule: true, ...NO_FLAGS, paid: true,
      },
    ]);
    // It is not on the calendar day it starts.
    expect(startsOf(await slots(pg.arena, '2030-05-14'))).not.toContain('2030-05-14 01:30');
    // Deleting the schedule hands the day back to the earlier one; the bookings stay.
    expect((await h.call('DELETE', `/api/v2.1/schedule/${schedule.bookings}/`, { token: tokens.admin })).statusCode).toBe(204);
    const earlier = await slots(pg.arena, date);
    expect(at(earlier, `${date} 11:00`)).toMatchObject({ session_id: day.session.id, duration: 90, outside_schedule: false });
    expect(at(earlier, '2030-05-14 01:30')).toMatchObject({ session_id: night.session.id, outside_schedule: true });
    expect(at(earlier, `${date} 10:00`)).toMatchObject({ session_id: null, duration: 60, pricing: price({ session: '2000.00', prepayment: '0.50' }) });
  });
});

describe('places and flags from orders', () => {
  const DAY = '2030-04-24';
  const ARENA = { duration: 60, sessionPrice: '2000', prepayment: '0.5' };
  const T = (time: string) => `${DAY} ${time}`;

  it('available_persons = max_players minus persons of live orders; a cancelled order frees its places', async () => {
    const { orders: [first] } = await book(pg.arena, DAY, T('10:00'), ARENA, [{ persons: 3, status: 2, purchase: '2000.00' }]);
    const list = await slots(pg.arena, DAY);
    expect(at(list, T('10:00')).available_persons).toBe(7);
    await book(pg.arena, DAY, T('11:00'), ARENA, [
      { persons: 2, status: 6, purchase: '2000.00', paid: '2000.00' }, { persons: 3, status: 2, purchase: '2000.00' },
      { persons: 4, status: 4, purchase: '2000.00' }, { persons: 1, status: 5, purchase: '2000.00' },
    ]);
    await book(pg.arena, DAY, T('12:00'), ARENA, [{ persons: 10, status: 6, purchase: '2000.00', paid: '2000.00' }]);
    await book(pg.arena, DAY, T('13:00'), ARENA, [{ persons: 12, status: 6, purchase: '2000.00', paid: '2000.00' }]);
    const after = await slots(pg.arena, DAY);
    expect(at(after, T('11:00')).available_persons).toBe(5);
    expect(at(after, T('12:00')).available_persons).toBe(0);
    expect(at(after, T('13:00')).available_persons).toBe(0);
    expect(at(after, T('15:00')).available_persons).toBe(10);

    await h.database.db.update(orders).set({ status: 4 }).where(eq(orders.id, first!.id));
    expect(at(await slots(pg.arena, DAY), T('10:00'))).toMatchObject({ available_persons: 10, pending: false, not_paid: false, paid: false });
  });

  it('derives the flags of a slot from its live orders', async () => {
    const day = '2030-04-25';
    const cases: [string, OrderInput[], Partial<typeof NO_FLAGS>][] = [
      ['10:00', [{ persons: 1, status: 2, purchase: '2000.00', paid: '0.00' }], { pending: true, not_paid: true }],
      ['11:00', [{ persons: 1, status: 2, purchase: '2000.00', paid: '500.00' }], { pending: true, need_paid: true }],
      ['12:00', [{ persons: 1, status: 6, purchase: '2000.00', paid: '2000.00' }], { paid: true }],
      ['13:00', [{ persons: 1, status: 6, orderType: 4, purchase: '3000.00', paid: '3000.00' }], { event: true, paid: true }],
      ['14:00', [{ persons: 1, status: 2, orderType: 4, purchase: '3000.00', paid: '0.00' }], { event: true, pending: true, not_paid: true }],
      ['15:00', [{ persons: 1, status: 3, orderType: 3 }], { free: true, paid: true }],
      // Free and technical orders owe nothing, whatever their purchase says.
      ['16:00', [{ persons: 1, status: 3, orderType: 3, purchase: '500.00' }], { free: true, paid: true }],
      ['17:00', [{ persons: 1, status: 3, orderType: 2, purchase: '1000.00' }], { paid: true }],
      // Paid only when every live order is.
      ['18:00', [{ persons: 1, status: 6, purchase: '2000.00', paid: '2000.00' }, { persons: 1, status: 2, purchase: '2000.00' }], { pending: true, not_paid: true }],
      // Cancelled orders do not count at all.
      ['19:00', [{ persons: 4, status: 4, purchase: '2000.00' }, { persons: 1, status: 5, purchase: '2000.00', paid: '100.00' }], {}],
      ['20:00', [{ persons: 1, status: 6, purchase: '2000.00', paid: '2000.00' }, { persons: 2, status: 4, orderType: 4, purchase: '10.00' }], { paid: true }],
      // Overpaid is paid.
      ['21:00', [{ persons: 1, status: 6, purchase: '1000.00', paid: '1200.00' }], { paid: true }],
    ];
    for (const [time, list] of cases) await book(pg.arena, day, `${day} ${time}`, ARENA, list);
    const got = await slots(pg.arena, day);
    for (const [time, , flags] of cases) {
      const slot = at(got, `${day} ${time}`);
      expect({ time, ...Object.fromEntries(Object.keys(NO_FLAGS).map((k) => [k, slot[k]])) }).toEqual({ time, ...NO_FLAGS, ...flags });
      expect(slot.session_id).toEqual(expect.any(Number));
    }
  });

  it('orders=1 adds each slot\'s orders with need_paid = purchase - paid as a decimal string', async () => {
    const day = '2030-04-26';
    const { session, orders: [part, over, cancelled] } = await book(pg.arena, day, `${day} 10:00`, ARENA, [
      { persons: 2, status: 2, purchase: '2000.00', paid: '500.50', name: 'Part Paid' },
      { persons: 1, status: 6, purchase: '1000.00', paid: '1200.00', name: 'Over Paid' },
      { persons: 3, status: 4, purchase: '999.99', paid: '0.00', name: 'Cancelled' },
    ]);
    const list = await slots(pg.arena, day, '&orders=1');
    const slot = at(list, `${day} 10:00`);
    expect(slot.session_id).toBe(session.id);
    expect(slot.available_persons).toBe(7);
    expect(slot.orders).toEqual([
      {
        id: part!.id, name: 'Part Paid', phone: '+70000000000', email: 'guest@example.com', persons: 2, order_type: 1, status: 2,
        cost: '2000.00', discount: '0.00', purchase: '2000.00', paid: '500.50', need_paid: '1499.50', promocode: null, bill: null,
        cancel_delay: null, comment: '', seller_user_id: null, staff_user_id: null, game_id: null, multisession: false,
        source: 'backoffice', language: null, created: part!.createdAt.toISOString(),
        // #44 Location 1 checks guests in: how many of them are in (null where a location does not).
        checked_in: 0,
      },
      expect.objectContaining({ id: over!.id, name: 'Over Paid', need_paid: '-200.00', status: 6 }),
      // Cancelled orders are listed too (they hold no places).
      expect.objectContaining({ id: cancelled!.id, need_paid: '999.99', status: 4 }),
    ]);
    expect(slot).toMatchObject({ pending: true, need_paid: true, not_paid: false, paid: false });
    // Slots without a stored session have no orders.
    expect(at(list, `${day} 11:00`).orders).toEqual([]);
    expect(list.every((s) => Array.isArray(s.orders))).toBe(true);
    expect((await slots(pg.arena, day, '&orders=true')).map((s) => s.orders)).toEqual(list.map((s) => s.orders));
    // Without orders=1 there is no orders key at all.
    for (const extra of ['', '&orders=0', '&orders=false']) {
      const plain = await slots(pg.arena, day, extra);
      expect(plain.every((s) => !('orders' in s))).toBe(true);
      expect(plain).toEqual(list.map(({ orders: _o, ...rest }) => rest));
    }
  });

  it('marks slots of a past day archived, and not those of a future day', async () => {
    const today = businessDateOf(wallClockNow('Europe/Moscow'));
    const pastDay = addDays(today, -2);
    // A stored session off the demo grid (12:10), so it cannot meet a demo booking.
    const { session } = await book(pg.cube1, pastDay, `${pastDay} 12:10`, { duration: 30, personalPrice: '1500', prepayment: '0.5' },
      [{ persons: 1, status: 6, purchase: '1500.00', paid: '1500.00' }]);
    const past = await slots(pg.cube1, pastDay);
    expect(past.length).toBeGreaterThan(1);
    expect(past.every((s) => s.archived === true)).toBe(true);
    // An archived booked slot keeps its orders' flags.
    expect(at(past, `${pastDay} 12:10`)).toMatchObject({ session_id: session.id, archived: true, paid: true, available_persons: 3 });
    const future = await slots(pg.cube1, addDays(today, 2));
    expect(future.length).toBeGreaterThan(0);
    expect(future.every((s) => s.archived === false)).toBe(true);
  });
});

describe('GET /api/v2.1/playgrounds/{id}/schedule/: errors', () => {
  it('asks for a real date as YYYY-MM-DD', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2030-4-1', '01.04.2030', '']) {
      const res = await h.call('GET', SLOTS(pg.cube2, date), { token: tokens.staff, lang: 'en' });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ date: ['Enter a date as YYYY-MM-DD.'] });
    }
    const missing = await h.call('GET', `/api/v2.1/playgrounds/${pg.cube2}/schedule/`, { token: tokens.staff, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ date: ['This field is required.'] });
    const ru = await h.call('GET', SLOTS(pg.cube2, 'tomorrow'), { token: tokens.staff });
    expect(ru.json()).toEqual({ date: ['Укажите дату в формате ГГГГ-ММ-ДД.'] });
    const orders = await h.call('GET', SLOTS(pg.cube2, '2030-04-01', '&orders=2'), { token: tokens.staff, lang: 'en' });
    expect(orders.json()).toEqual({ orders: ['Not a valid choice.'] });
    const extra = await h.call('GET', SLOTS(pg.cube2, '2030-04-01', '&location=1'), { token: tokens.staff, lang: 'en' });
    expect(extra.json()).toEqual({ location: ['Unknown field.'] });
  });

  it('answers 404 for an unknown playground or one of a location where the user has no role', async () => {
    const unknown = await h.call('GET', SLOTS(999999, '2030-04-01'), { token: tokens.admin, lang: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND_EN);
    const foreign = await h.call('GET', SLOTS(pg.foreign, '2030-04-01'), { token: tokens.staff, lang: 'en' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_EN);
    expect((await h.call('GET', SLOTS(pg.foreign, '2030-04-01'), { token: tokens.manager })).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v2.1/playgrounds/abc/schedule/?date=2030-04-01`, { token: tokens.admin })).statusCode).toBe(404);
    expect((await h.call('GET', SLOTS(pg.cube2, '2030-04-01'), { lang: 'en' })).statusCode).toBe(401);
  });
});

describe('GET /api/v2.2/locations/{id}/schedule_multi/', () => {
  it('gives the date, the bookable playgrounds and all their slots', async () => {
    const date = '2030-04-24';
    const res = await h.call('GET', MULTI(1, date), { token: tokens.staff });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['date', 'playgrounds', 'schedule']);
    expect(body.date).toBe(date);
    const demoGroup = (await h.database.db.select().from(playgrounds).where(eq(playgrounds.id, pg.cube1)))[0]!.groupId;
    expect(body.playgrounds).toEqual([
      { id: pg.cube1, name: 'Куб 1', types: ['the_cube'], duration: 30, max_players: 4, group: demoGroup },
      { id: pg.cube2, name: 'Куб 2', types: ['the_cube'], duration: 30, max_players: 4, group: group.engine },
      { id: pg.arena, name: 'Арена', types: ['arena'], duration: 60, max_players: 10, group: group.bookings },
      { id: pg.lounge, name: 'Лаунж', types: ['lounge'], duration: 45, max_players: 6, group: group.inForce },
    ]);
    const each = [];
    for (const id of [pg.cube1, pg.cube2, pg.arena, pg.lounge]) each.push(...await slots(id, date));
    expect(body.schedule).toEqual(each);
    // The bookings of that day are in it.
    expect(body.schedule.filter((s: Json) => s.session_id !== null).length).toBe(4);
  });

  it('leaves out playgrounds of types the calendars do not show', async () => {
    const [bar] = await h.database.db.insert(playgrounds).values({ locationId: 1, name: 'VR Bar', types: ['bar'], durationMinutes: 60, maxPlayers: 20, groupId: group.bookings }).returning();
    try {
      expect((await slots(bar!.id, '2030-04-24')).length).toBe(12);
      const body = (await h.call('GET', MULTI(1, '2030-04-24'), { token: tokens.staff })).json();
      expect(body.playgrounds.map((p: Json) => p.id)).not.toContain(bar!.id);
      expect(body.schedule.some((s: Json) => s.playground === bar!.id)).toBe(false);
      const summary = (await h.call('GET', SUMMARY(1, '2030-04-01'), { token: tokens.staff })).json();
      expect(summary.find((d: Json) => d.date === '2030-04-02').places).toBe(328);
    } finally {
      await h.database.db.delete(playgrounds).where(eq(playgrounds.id, bar!.id));
    }
  });

  it('errors: bad dates 400, no role 404', async () => {
    for (const date of ['2026-02-30', 'tomorrow']) {
      const res = await h.call('GET', MULTI(1, date), { token: tokens.staff, lang: 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ date: ['Enter a date as YYYY-MM-DD.'] });
    }
    const missing = await h.call('GET', '/api/v2.2/locations/1/schedule_multi/', { token: tokens.staff, lang: 'en' });
    expect(missing.json()).toEqual({ date: ['This field is required.'] });
    const foreign = await h.call('GET', MULTI(2, '2030-04-24'), { token: tokens.staff, lang: 'en' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_EN);
    expect((await h.call('GET', MULTI(999, '2030-04-24'), { token: tokens.admin })).statusCode).toBe(404);
  });
});

describe('GET /api/v2.1/locations/{id}/summary/', () => {
  // April 2030 at location 1, per day: Куб 1 (demo: 31 sessions on weekdays, 35 on weekends, x4),
  // Куб 2 (Engine: 15 weekday sessions, 13 weekend ones, x4), Арена (12 sessions x10), Лаунж (F3: 4 x6).
  const WEEKDAY = 31 * 4 + 15 * 4 + 12 * 10 + 4 * 6;
  const WEEKEND = 35 * 4 + 13 * 4 + 12 * 10 + 4 * 6;
  const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

  it('gives the free places of every day of the month: the sum of available_persons of the bookable playgrounds\' slots', async () => {
    const res = await h.call('GET', SUMMARY(1, '2030-04-15'), { token: tokens.staff });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    expect(list.map((d) => d.date)).toEqual(monthDates('2030-04-01'));
    expect(list).toHaveLength(30);
    // The days with bookings (24th, 25th, 26th) lose the places those bookings hold.
    const held: Record<string, number> = { '2030-04-24': 0, '2030-04-25': 0, '2030-04-26': 0 };
    for (const date of Object.keys(held)) {
      held[date] = (await slots(pg.arena, date)).reduce((n, s) => n + (10 - s.available_persons), 0);
      expect(held[date]).toBeGreaterThan(0);
    }
    for (const d of list) {
      expect(Object.keys(d)).toEqual(['date', 'places', 'capacity']);
      expect(d.places, d.date).toBe((weekend(d.date) ? WEEKEND : WEEKDAY) - (held[d.date] ?? 0));
      // Issue #18: all places of the same sessions, so the month grid can say how full a day is.
      expect(d.capacity, d.date).toBe(weekend(d.date) ? WEEKEND : WEEKDAY);
    }
    // The same as adding up each playground's slots of the day.
    for (const date of ['2030-04-06', '2030-04-24']) {
      let sum = 0;
      for (const id of [pg.cube1, pg.cube2, pg.arena, pg.lounge]) sum += (await slots(id, date)).reduce((n, s) => n + s.available_persons, 0);
      expect(list.find((d) => d.date === date)!.places).toBe(sum);
    }
  });

  it('a booked order lowers that day\'s places by its persons; a cancelled one does not', async () => {
    const before = (await h.call('GET', SUMMARY(1, '2030-04-01'), { token: tokens.staff })).json() as Json[];
    const { orders: [order] } = await book(pg.cube1, '2030-04-10', '2030-04-10 15:00', { duration: 30, personalPrice: '1500', prepayment: '0.5' },
      [{ persons: 3, status: 2, purchase: '4500.00' }]);
    await book(pg.cube1, '2030-04-11', '2030-04-11 15:00', { duration: 30, personalPrice: '1500', prepayment: '0.5' }, [{ persons: 2, status: 4, purchase: '3000.00' }]);
    const after = (await h.call('GET', SUMMARY(1, '2030-04-30'), { token: tokens.staff })).json() as Json[];
    expect(after).toEqual(before.map((d) => (d.date === '2030-04-10' ? { ...d, places: d.places - 3 } : d)));
    await h.database.db.update(orders).set({ status: 4 }).where(eq(orders.id, order!.id));
    expect((await h.call('GET', SUMMARY(1, '2030-04-30'), { token: tokens.staff })).json()).toEqual(before);
  });

  it('counts nothing for archived slots: a past month is all zeros', async () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    const list = (await h.call('GET', SUMMARY(1, `${lastYear}-06-15`), { token: tokens.staff })).json() as Json[];
    expect(list.map((d) => d.date)).toEqual(monthDates(`${lastYear}-06-01`));
    expect(list.every((d) => d.places === 0 && d.capacity === 0)).toBe(true);
    // ... while the demo schedule does make sessions then.
    expect((await slots(pg.cube1, `${lastYear}-06-15`)).length).toBeGreaterThan(0);
  });

  it('covers the whole month of the date, whatever its length', async () => {
    const feb = (await h.call('GET', SUMMARY(1, '2030-02-28'), { token: tokens.staff })).json() as Json[];
    expect(feb.map((d) => d.date)).toEqual(monthDates('2030-02-01'));
    expect(feb).toHaveLength(28);
    expect(feb[0]).toEqual({ date: '2030-02-01', places: expect.any(Number), capacity: expect.any(Number) });
    const leap = (await h.call('GET', SUMMARY(1, '2032-02-01'), { token: tokens.staff })).json() as Json[];
    expect(leap).toHaveLength(29);
  });

  it('errors: bad dates 400, no role 404', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2030-04']) {
      const res = await h.call('GET', SUMMARY(1, date), { token: tokens.staff, lang: 'en' });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ date: ['Enter a date as YYYY-MM-DD.'] });
    }
    const missing = await h.call('GET', '/api/v2.1/locations/1/summary/', { token: tokens.staff, lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ date: ['This field is required.'] });
    const foreign = await h.call('GET', SUMMARY(2, '2030-04-01'), { token: tokens.staff, lang: 'en' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND_EN);
    expect((await h.call('GET', SUMMARY(1, '2030-04-01'), { lang: 'en' })).statusCode).toBe(401);
  });
});
