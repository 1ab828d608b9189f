// The world the booking, payment and order tests share, on top of the demo data of a fresh database.
// Location 1 (Europe/Moscow; group discount 10 %, 5 % for booking 14+ days ahead):
// - Куб 1 (4 places) keeps the demo schedule: 30-minute sessions priced per person (weekdays
//   1500 from 10:00, 1800 from 18:00; a daily break at 14:00), so a booking there needs a game.
// - Куб 2 (4 places) gets our schedule from 2030-01-01: hourly sessions 10:00-22:00 on every day
//   type, priced per session: 2000 from 10:00, 2500 from 18:00, 500 from 21:00.
// - "Day room" (6 places, a playground of our own) gets one session a day that lasts the whole
//   business day (06:00-06:00) for 3000, from a week ago: today's has always begun, and the coming
//   days have sessions no demo order touches.
// Dates in 2030 hold no demo orders (they fill only the coming two weeks).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { certificates, games, locationGames, orderPlaysessions, orders, playgrounds, playsessions, users } from '../../server/db/schema';
import { wallClockNow } from '../../server/platform/clock';
import { addDays, businessDateOf } from '../../domain/businessDay';
import type { Harness } from './harness';
import { item, scheduleBody } from './scheduleBuilders';

export type Json = Record<string, any>;

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
export const TZ = 'Europe/Moscow';

export interface World {
  h: Harness;
  tokens: { admin: string; manager: string; staff: string };
  users: Record<'admin' | 'manager' | 'staff', { id: number; uid: string; name: string; email: string }>;
  pg: { cube1: number; cube2: number; dayRoom: number; foreign: number };
  /** The games of location 1, by name. */
  games: Record<string, number>;
  /** The demo certificates' numbers. */
  certs: { active5000: string; active3000: string; notPaid: string; expired: string };
  /** Business date of now at location 1. */
  today: string;
}

export async function makeWorld(h: Harness): Promise<World> {
  const tokens = {
    admin: await h.login('admin@example.com', 'admin123'),
    manager: await h.login('manager@example.com', 'manager123'),
    staff: await h.login('staff@example.com', 'staff123'),
  };
  const userRows = await h.database.db.select().from(users);
  const user = (email: string) => {
    const u = userRows.find((r) => r.email === email)!;
    return { id: u.id, uid: u.uid, name: u.name, email: u.email };
  };
  const pgRows = await h.database.db.select().from(playgrounds);
  const pgId = (locationId: number, name: string) => pgRows.find((p) => p.locationId === locationId && p.name === name)!.id;
  const today = businessDateOf(wallClockNow(TZ));

  const post = async (url: string, body: unknown) => {
    const res = await h.call('POST', url, { token: tokens.admin, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };
  const assign = async (playground: number, group: number) => {
    const res = await h.call('PUT', `/api/v2.1/playgrounds/${playground}/group/`, { token: tokens.admin, body: { group } });
    expect(res.statusCode, res.body).toBe(200);
  };

  const cube2 = pgId(1, 'Куб 2');
  const sessionGroup = (await post('/api/v2.1/locations/1/groups/', { name: 'Session priced' })).id as number;
  await assign(cube2, sessionGroup);
  await post('/api/v2.1/schedule/', scheduleBody(1, sessionGroup, {
    name: 'Session priced', start_dt: '2030-01-01',
    items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [
      { start: '10:00', session_price: '2000', prepayment: 0.5 },
      { start: '18:00', session_price: '2500', prepayment: 0.5 },
      { start: '21:00', session_price: '500', prepayment: 0.5 },
    ] })],
  }));

  const [room] = await h.database.db.insert(playgrounds).values({
    locationId: 1, name: 'Day room', types: ['lounge'], durationMinutes: 60, maxPlayers: 6,
  }).returning();
  const dayGroup = (await post('/api/v2.1/locations/1/groups/', { name: 'Day' })).id as number;
  await assign(room!.id, dayGroup);
  await post('/api/v2.1/schedule/', scheduleBody(1, dayGroup, {
    name: 'Day', start_dt: addDays(today, -7),
    items: [item({ begin: '06:00', end: '06:00', duration: 1440, day_types: ALL_DAYS, pricing: [{ start: '06:00', session_price: '3000', prepayment: 1 }] })],
  }));

  const gameRows = await h.database.db.select({ id: games.id, name: games.name }).from(locationGames)
    .innerJoin(games, eq(games.id, locationGames.gameId)).where(eq(locationGames.locationId, 1));
  const certRows = await h.database.db.select().from(certificates);
  const cert = (status: string, rate?: string) => certRows.find((c) => c.status === status && (!rate || c.rate === rate))!.uniqueNumber;

  return {
    h, tokens, today,
    users: { admin: user('admin@example.com'), manager: user('manager@example.com'), staff: user('staff@example.com') },
    pg: { cube1: pgId(1, 'Куб 1'), cube2, dayRoom: room!.id, foreign: pgId(2, 'Куб') },
    games: Object.fromEntries(gameRows.map((g) => [g.name, g.id])),
    certs: { active5000: cert('ACTIVE', '5000.00'), active3000: cert('ACTIVE', '3000.00'), notPaid: cert('NOT_PAID'), expired: cert('EXPIRED') },
  };
}

/** A booking as the single booking form sends it. */
export function bookingBody(playgroundId: number, sessionDt: string, over: Record<string, unknown> = {}) {
  return {
    playground_id: playgroundId, persons: 1, order_type: 1, promocode: '', name: 'Test Guest', phone: '+79995550000',
    email: 'guest@example.com', bill: false, comment: '', session_dt: sessionDt, seller: '', ...over,
  };
}

export async function book(w: World, body: Record<string, unknown>, token = w.tokens.staff): Promise<number> {
  const res = await w.h.call('POST', '/api/v2.1/booking/', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json();
  expect(Object.keys(json)).toEqual(['id']);
  return json.id as number;
}

export async function getOrder(w: World, id: number, token = w.tokens.staff): Promise<Json> {
  const res = await w.h.call('GET', `/api/v2.2/orders/${id}/`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function comments(w: World, id: number, token = w.tokens.staff): Promise<Json[]> {
  const res = await w.h.call('GET', `/api/v2.1/booking/${id}/comments/`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The slot (with its orders) that starts at a wall-clock moment, as the calendar reads it. */
export async function slotAt(w: World, playgroundId: number, timeStart: string, token = w.tokens.staff): Promise<Json> {
  const res = await w.h.call('GET', `/api/v2.1/playgrounds/${playgroundId}/schedule/?date=${businessDateOf(timeStart)}&orders=1`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const slot = (res.json() as Json[]).find((s) => s.time_start === timeStart);
  expect(slot, `no slot at ${timeStart}`).toBeDefined();
  return slot!;
}

export async function pay(w: World, id: number, body: Record<string, unknown>, token = w.tokens.staff) {
  return w.h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token, body });
}

let pastCount = 0;

/** An order on a session that is over, a month or more ago (written directly: the API sells no past sessions). */
export async function pastOrder(w: World, over: { status?: number; purchase?: string; paid?: string } = {}): Promise<number> {
  const day = addDays(w.today, -30 - pastCount++);
  const [ps] = await w.h.database.db.insert(playsessions).values({
    playgroundId: w.pg.cube2, businessDate: day, timeStart: `${day} 11:00`, duration: 60, sessionPrice: '2000', prepayment: '0.5',
  }).returning();
  const [row] = await w.h.database.db.insert(orders).values({
    locationId: 1, name: 'Past Guest', phone: '+79995551111', persons: 2, orderType: 1, status: over.status ?? 2,
    cost: over.purchase ?? '2000.00', purchase: over.purchase ?? '2000.00', paid: over.paid ?? '0',
  }).returning();
  await w.h.database.db.insert(orderPlaysessions).values({ orderId: row!.id, playsessionId: ps!.id });
  return row!.id;
}
