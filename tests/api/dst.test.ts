// Sessions across daylight-saving changes, through the API (docs/decisions.md, "Daylight-saving
// time"): the demo's Brooklyn (America/New_York) open to 04:00 on weekends, on the nights of 2030
// the clocks spring forward (Sunday March 10, 02:00 -> 03:00) and fall back (Sunday November 3,
// 02:00 -> 01:00). Our own group and schedule; bookings through the booking and multi-booking calls.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlaysessions, playgrounds, playsessions } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';
import { item, scheduleBody } from './scheduleBuilders';
import { orderKey } from '../../server/platform/orderLinks';
import { icsInstant, icsLines } from './icsRead';

let h: Harness;
let admin: string;
let cube: number;
const BROOKLYN = 3;
const SPRING = '2030-03-09'; // business day (Saturday) whose night loses 02:00-03:00
const FALL = '2030-11-02'; // business day (Saturday) whose night has 01:00-02:00 twice

type Json = Record<string, any>;

const slots = async (date: string, extra = ''): Promise<Json[]> => {
  const res = await h.call('GET', `/api/v2.1/playgrounds/${cube}/schedule/?date=${date}${extra}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const booking = (sessionDt: string, name: string) => ({
  playground_id: cube, persons: 1, order_type: 1, promocode: '', name, phone: '+15555550000',
  email: 'guest@example.com', bill: false, comment: '', session_dt: sessionDt, seller: '',
});

const book = (sessionDt: string, name = 'Night Owl') => h.call('POST', '/api/v2.1/booking/', { token: admin, lang: 'en', body: booking(sessionDt, name) });

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  const [row] = await h.database.db.select().from(playgrounds).where(eq(playgrounds.locationId, BROOKLYN));
  cube = row!.id;
  const group = await h.call('POST', `/api/v2.1/locations/${BROOKLYN}/groups/`, { token: admin, body: { name: 'DST' } });
  expect(group.statusCode, group.body).toBe(201);
  expect((await h.call('PUT', `/api/v2.1/playgrounds/${cube}/group/`, { token: admin, body: { group: group.json().id } })).statusCode).toBe(200);
  const schedule = await h.call('POST', '/api/v2.1/schedule/', {
    token: admin,
    body: scheduleBody(BROOKLYN, group.json().id, {
      name: 'Late weekends', start_dt: '2030-01-01',
      items: [item({ begin: '10:00', end: '04:00', duration: 30, day_types: [6, 7], pricing: [{ start: '10:00', session_price: '40', prepayment: 1 }] })],
    }),
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
});
afterAll(async () => { await h.close(); });

describe('the night clocks spring forward', () => {
  it('offers no session at 02:xx; the 01:30 session ends at 03:00, its real half hour; slots say their offset', async () => {
    const list = await slots(SPRING);
    const night = list.filter((s) => s.time_start.startsWith('2030-03-10'));
    expect(night.map((s) => `${s.begin}-${s.end} ${s.utc_offset}`)).toEqual([
      '00:00-00:30 -05:00', '00:30-01:00 -05:00', '01:00-01:30 -05:00', '01:30-03:00 -05:00',
      '03:00-03:30 -04:00', '03:30-04:00 -04:00',
    ]);
    expect(list[0]).toMatchObject({ time_start: `${SPRING} 10:00`, utc_offset: '-05:00' });
    // A day of one offset answers as always: no utc_offset.
    expect((await slots('2030-03-02')).some((s) => 'utc_offset' in s)).toBe(false);
  });

  it('refuses to book a local time that does not exist', async () => {
    const res = await book('2030-03-10 02:30');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ datetime_start: ['Free sessions not found for this event on this location at given time'] });
  });
});

describe('the night clocks fall back', () => {
  it('offers the repeated hour twice, in real order, the second time with its offset', async () => {
    const night = (await slots(FALL)).filter((s) => s.time_start.startsWith('2030-11-03'));
    expect(night.map((s) => `${s.time_start} ${s.utc_offset}`)).toEqual([
      '2030-11-03 00:00 -04:00', '2030-11-03 00:30 -04:00', '2030-11-03 01:00 -04:00', '2030-11-03 01:30 -04:00',
      '2030-11-03 01:00-05:00 -05:00', '2030-11-03 01:30-05:00 -05:00',
      '2030-11-03 02:00 -05:00', '2030-11-03 02:30 -05:00', '2030-11-03 03:00 -05:00', '2030-11-03 03:30 -05:00',
    ]);
    expect(night[3]).toMatchObject({ begin: '01:30', end: '01:00', time_end: '2030-11-03 01:00-05:00', duration: 30 });
  });

  it('books both occurrences separately; each keeps its own order and a distinct stored session', async () => {
    const first = await book('2030-11-03 01:00', 'First Pass');
    expect(first.statusCode, first.body).toBe(201);
    const second = await book('2030-11-03 01:00-05:00', 'Second Pass');
    expect(second.statusCode, second.body).toBe(201);
    // The first occurrence written with its offset is the same session.
    const again = await book('2030-11-03 01:00-04:00', 'First Again');
    expect(again.statusCode, again.body).toBe(201);

    const night = await slots(FALL, '&orders=1');
    const a = night.find((s) => s.time_start === '2030-11-03 01:00')!;
    const b = night.find((s) => s.time_start === '2030-11-03 01:00-05:00')!;
    expect(a.orders.map((o: Json) => o.name)).toEqual(['First Pass', 'First Again']);
    expect(b.orders.map((o: Json) => o.name)).toEqual(['Second Pass']);
    expect([a.available_persons, b.available_persons]).toEqual([2, 3]);
    expect(a.session_id).not.toBe(b.session_id);
    const stored = await h.database.db.select().from(playsessions)
      .where(and(eq(playsessions.playgroundId, cube), eq(playsessions.businessDate, FALL)));
    expect(stored.map((s) => [s.timeStart, s.businessDate]).sort()).toEqual([
      ['2030-11-03 01:00', FALL], ['2030-11-03 01:00-05:00', FALL],
    ]);
    const order = (await h.call('GET', `/api/v2.2/orders/${second.json().id}/`, { token: admin })).json();
    expect(order.playsessions.map((p: Json) => p.session_dt)).toEqual(['2030-11-03 01:00-05:00']);
  });

  it('refuses an offset the zone does not have at that time', async () => {
    const res = await book('2030-11-03 03:00-04:00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ datetime_start: ['Free sessions not found for this event on this location at given time'] });
  });

  it('a multi-booking takes both occurrences of 01:30 as two sessions of one order', async () => {
    const res = await h.call('POST', '/api/v2.2/multibooking/', {
      token: admin,
      body: {
        date: FALL, cost: '80', persons: 2, name: 'Party', email: 'party@example.com', phone: '+15555550000', order_type: 1, location_id: BROOKLYN,
        playsessions: [{ playground_id: cube, session_dt: '2030-11-03 01:30' }, { playground_id: cube, session_dt: '2030-11-03 01:30-05:00' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const links = await h.database.db.select({ t: playsessions.timeStart }).from(orderPlaysessions)
      .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).where(eq(orderPlaysessions.orderId, res.json().order_id));
    expect(links.map((l) => l.t).sort()).toEqual(['2030-11-03 01:30', '2030-11-03 01:30-05:00']);
  });
});

describe('#46 the booking as a calendar file across the clock changes', () => {
  const ics = async (id: number) => {
    const res = await h.app.inject({ method: 'GET', url: `/api/public/orders/${orderKey(h.config.widgetSecret, id)}/calendar.ics?lang=en` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return res.body;
  };

  it('the 01:30 session of the spring night reads back as 01:30 EST to 03:00 EDT: its real half hour', async () => {
    const res = await book('2030-03-10 01:30', 'Calendar Owl');
    expect(res.statusCode, res.body).toBe(201);
    const file = await ics(res.json().id);
    expect(icsLines(file)).toContain('DTSTART;TZID=America/New_York:20300310T013000');
    expect(icsLines(file)).toContain('DTEND;TZID=America/New_York:20300310T030000');
    expect(icsInstant(file, 'DTSTART')).toBe('2030-03-10T06:30:00.000Z');
    expect(icsInstant(file, 'DTEND')).toBe('2030-03-10T07:00:00.000Z');
    expect(icsLines(file)).toEqual(expect.arrayContaining(['BEGIN:VEVENT', 'STATUS:CONFIRMED', expect.stringMatching(/^SUMMARY:.+ — VR Lounge Brooklyn$/)]));
  });

  it('the second 01:00 of the fall night is written in UTC (a TZID time would name the first) and reads back an hour after the first', async () => {
    const first = await book('2030-11-03 01:00', 'Fall One');
    const second = await book('2030-11-03 01:00-05:00', 'Fall Two');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const a = await ics(first.json().id);
    const b = await ics(second.json().id);
    expect(icsInstant(a, 'DTSTART')).toBe('2030-11-03T05:00:00.000Z');
    expect(icsLines(b)).toContain('DTSTART:20301103T060000Z');
    expect(icsInstant(b, 'DTSTART')).toBe('2030-11-03T06:00:00.000Z');
  });
});
