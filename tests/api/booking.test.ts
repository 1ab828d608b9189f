// Single bookings through the API: POST /api/v2.1/booking/, PUT and DELETE /api/v2.1/booking/{id}/.
// The exact error bodies the booking screens match, the price rules, editing and cancelling.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, orders, payments, playsessions, orderPlaysessions, promocodes } from '../../server/db/schema';
import { addDays, businessDateOf } from '../../domain/businessDay';
import { wallClockNow } from '../../server/platform/clock';
import { createHarness, type Harness } from './harness';
import { TZ, book, bookingBody, comments, getOrder, makeWorld, pastOrder, pay, slotAt, type Json, type World } from './bookingFixture';

/** A date of the messages: DD.MM.YYYY (domain/dates.ts). */
const dmy = (iso: string) => iso.split('-').reverse().join('.');

let h: Harness;
let w: World;

const WRONG_PERSONS = { persons: ['wrong persons number'] };
const NO_SESSION = { datetime_start: ['Free sessions not found for this event on this location at given time'] };
const ORDER_CLOSED = { non_field_errors: ['The order is cancelled or its session has passed; it cannot be changed.'] };

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

async function post(body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) {
  return h.call('POST', '/api/v2.1/booking/', { token: opts.token ?? w.tokens.staff, lang: opts.lang ?? 'en', body });
}

async function put(id: number, body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}) {
  return h.call('PUT', `/api/v2.1/booking/${id}/`, { token: opts.token ?? w.tokens.staff, lang: opts.lang ?? 'en', body });
}

function expect400(res: { statusCode: number; body: string; json: () => unknown }, body: unknown) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(body);
}

const ordersCount = async () => (await h.database.db.select({ id: orders.id }).from(orders)).length;
const game = () => w.games['Beat Saber']!;

describe('POST /api/v2.1/booking/: creating', () => {
  it('answers 201 with the id; the order holds its places in the slot and shows on its page', async () => {
    const dt = '2030-03-04 10:00';
    const before = await slotAt(w, w.pg.cube2, dt);
    expect(before).toMatchObject({ available_persons: 4, session_id: null });
    const id = await book(w, bookingBody(w.pg.cube2, dt, { persons: 2, comment: 'Birthday' }));

    const slot = await slotAt(w, w.pg.cube2, dt);
    expect(slot).toMatchObject({ available_persons: 2, session_id: expect.any(Number), pending: true, not_paid: true, paid: false });
    expect(slot.orders.map((o: Json) => [o.id, o.persons, o.status])).toEqual([[id, 2, 2]]);

    expect(await getOrder(w, id)).toMatchObject({
      id, order_id: id, location_id: 1, name: 'Test Guest', phone: '+79995550000', email: 'guest@example.com', persons: 2,
      order_type: 1, status: 2, cost: '2000.00', discount: '100.00', purchase: '1900.00', paid: '0.00', need_paid: '1900.00',
      promocode: null, bill: null, cancel_delay: null, comment: 'Birthday', seller_user_id: null, staff_user_id: w.users.staff.id,
      game: null, multisession: false, source: 'backoffice', session_date: '2030-03-04', session_time: '10:00',
      playsessions: [{ playground_id: w.pg.cube2, playground_name: 'Куб 2', session_dt: dt, duration: 60 }], payments: [],
    });
  });

  it('prices per person times persons (with the 5 % for booking 14+ days ahead)', async () => {
    const day = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 11:00', { persons: 3, game_id: game() })));
    expect([day.cost, day.discount, day.purchase, day.status]).toEqual(['4500.00', '225.00', '4275.00', 2]);
    expect(day.game).toEqual({ id: game(), name: 'Beat Saber' });
    // The evening price row from 18:00.
    const evening = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 19:00', { persons: 2, game_id: game() })));
    expect([evening.cost, evening.discount, evening.purchase]).toEqual(['3600.00', '180.00', '3420.00']);
  });

  it('prices a session-priced slot by the session, whatever the persons', async () => {
    const one = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 11:00', { persons: 1 })));
    const three = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 12:00', { persons: 3 })));
    for (const o of [one, three]) expect([o.cost, o.discount, o.purchase]).toEqual(['2000.00', '100.00', '1900.00']);
    const evening = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 18:00', { persons: 1 })));
    expect([evening.cost, evening.discount, evening.purchase]).toEqual(['2500.00', '125.00', '2375.00']);
  });

  it('takes promo codes off the full price: a fraction below 1, else a flat amount; any letter case', async () => {
    const fraction = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 13:00', { promocode: 'vr10' })));
    expect([fraction.cost, fraction.discount, fraction.purchase]).toEqual(['2000.00', '300.00', '1700.00']);
    expect(fraction.promocode?.toUpperCase()).toBe('VR10');
    const flat = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 15:00', { promocode: 'MINUS500' })));
    expect([flat.cost, flat.discount, flat.purchase]).toEqual(['2000.00', '600.00', '1400.00']);
    // Never below zero: 500 + 5 % off a 500 session is the whole price.
    const zero = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 21:00', { promocode: 'MINUS500' })));
    expect([zero.cost, zero.discount, zero.purchase, zero.need_paid]).toEqual(['500.00', '500.00', '0.00', '0.00']);
  });

  it('gives the group discount (10 % at location 1) only when persons equal the playground\'s max players', async () => {
    const session = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 16:00', { persons: 4 })));
    expect([session.cost, session.discount, session.purchase]).toEqual(['2000.00', '300.00', '1700.00']);
    const personal = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 12:00', { persons: 4, game_id: game() })));
    expect([personal.cost, personal.discount, personal.purchase]).toEqual(['6000.00', '900.00', '5100.00']);
    const withPromo = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 12:30', { persons: 4, game_id: game(), promocode: 'VR10' })));
    expect([withPromo.cost, withPromo.discount, withPromo.purchase]).toEqual(['6000.00', '1500.00', '4500.00']);
  });

  it('gives the early-booking discount from 14 days ahead, not before', async () => {
    // Today as of now (not as of the setup), so a run across 06:00 counts the days right.
    const today = businessDateOf(wallClockNow(TZ));
    const at = (days: number) => `${addDays(today, days)} 06:00`;
    const d13 = await getOrder(w, await book(w, bookingBody(w.pg.dayRoom, at(13))));
    expect([d13.cost, d13.discount, d13.purchase]).toEqual(['3000.00', '0.00', '3000.00']);
    const d14 = await getOrder(w, await book(w, bookingBody(w.pg.dayRoom, at(14))));
    expect([d14.cost, d14.discount, d14.purchase]).toEqual(['3000.00', '150.00', '2850.00']);
    const d40 = await getOrder(w, await book(w, bookingBody(w.pg.dayRoom, at(40))));
    expect(d40.purchase).toBe('2850.00');
    // Close by, the group discount alone: 6 of 6 places.
    const group = await getOrder(w, await book(w, bookingBody(w.pg.dayRoom, at(2), { persons: 6 })));
    expect([group.discount, group.purchase]).toEqual(['300.00', '2700.00']);
  });

  it('technical and free orders cost nothing and are confirmed (status 3); an event order is priced and pending', async () => {
    // A technical order needs no game even on a per-person slot.
    const tech = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 13:00', { persons: 2, order_type: 2 })));
    expect([tech.order_type, tech.status, tech.cost, tech.discount, tech.purchase, tech.need_paid]).toEqual([2, 3, '0.00', '0.00', '0.00', '0.00']);
    const free = await getOrder(w, await book(w, bookingBody(w.pg.cube1, '2030-03-04 15:00', { persons: 2, order_type: 3, game_id: game() })));
    expect([free.order_type, free.status, free.purchase]).toEqual([3, 3, '0.00']);
    const freeSlot = await slotAt(w, w.pg.cube1, '2030-03-04 15:00');
    expect(freeSlot).toMatchObject({ free: true, not_paid: false, available_persons: 2 });
    const event = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-04 17:00', { order_type: 4 })));
    expect([event.order_type, event.status, event.purchase]).toEqual([4, 2, '1900.00']);
    expect(await slotAt(w, w.pg.cube2, '2030-03-04 17:00')).toMatchObject({ event: true });
  });
});

describe('POST /api/v2.1/booking/: source is a closed set (#25)', () => {
  it('a cashier cannot book as the widget (or any other source); none or `backoffice` is the back-office', async () => {
    const dt = '2030-03-11 10:00';
    const count = await ordersCount();
    for (const source of ['widget', 'Widget', 'site']) {
      const res = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, lang: 'en', body: bookingBody(w.pg.cube2, dt, { source }) });
      expect(res.statusCode, source).toBe(400);
      expect(res.json(), source).toEqual({ source: ['Not a valid choice.'] });
    }
    const multi = await h.call('POST', '/api/v2.2/multibooking/', { token: w.tokens.admin, lang: 'en', body: { source: 'widget' } });
    expect(multi.statusCode).toBe(400);
    expect(multi.json().source).toEqual(['Not a valid choice.']);
    expect(await ordersCount()).toBe(count);
    expect((await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { source: 'backoffice' })))).source).toBe('backoffice');
    expect((await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-11 11:00')))).source).toBe('backoffice');
  });
});

describe('POST /api/v2.1/booking/: the errors the screens match', () => {
  it('wrong persons number: more persons than are free, none free, more than the playground holds', async () => {
    const dt = '2030-03-05 10:00';
    await book(w, bookingBody(w.pg.cube2, dt, { persons: 3 }));
    expect400(await post(bookingBody(w.pg.cube2, dt, { persons: 2 })), WRONG_PERSONS);
    await book(w, bookingBody(w.pg.cube2, dt, { persons: 1 }));
    expect400(await post(bookingBody(w.pg.cube2, dt, { persons: 1 })), WRONG_PERSONS);
    // The contract text stays English in Russian too.
    expect400(await post(bookingBody(w.pg.cube2, dt, { persons: 1 }), { lang: 'ru' }), WRONG_PERSONS);
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 0 });
    expect((await slotAt(w, w.pg.cube2, dt)).orders).toHaveLength(2);
    // An empty session of a 4-place playground takes no 5; the 6-place room no 7.
    expect400(await post(bookingBody(w.pg.cube2, '2030-03-05 11:00', { persons: 5 })), WRONG_PERSONS);
    expect400(await post(bookingBody(w.pg.dayRoom, `${addDays(w.today, 3)} 06:00`, { persons: 7 })), WRONG_PERSONS);
    expect(await slotAt(w, w.pg.cube2, '2030-03-05 11:00')).toMatchObject({ available_persons: 4, session_id: null });
    // Cancelled orders hold no places.
    const cancelled = await book(w, bookingBody(w.pg.cube2, '2030-03-05 12:00', { persons: 4 }));
    expect((await h.call('DELETE', `/api/v2.1/booking/${cancelled}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    await book(w, bookingBody(w.pg.cube2, '2030-03-05 12:00', { persons: 4 }));
  });

  it('datetime_start: no session at that time, a break, no schedule yet, a past or begun session', async () => {
    const count = await ordersCount();
    for (const [pg, dt] of [
      [w.pg.cube2, '2030-03-05 10:30'], // between sessions
      [w.pg.cube2, '2030-03-05 22:00'], // after the last one
      [w.pg.cube1, '2030-03-05 14:00'], // the daily break
      [w.pg.cube2, '2029-12-31 10:00'], // before its schedule starts
      [w.pg.dayRoom, `${w.today} 06:00`], // today's: it has begun
      [w.pg.dayRoom, `${addDays(w.today, -1)} 06:00`], // yesterday's
    ] as const) {
      expect400(await post(bookingBody(pg, dt, { game_id: game() })), NO_SESSION);
      expect400(await post(bookingBody(pg, dt, { game_id: game() }), { lang: 'ru' }), NO_SESSION);
    }
    expect(await ordersCount()).toBe(count);
  });

  it('bill: null payment on a non-paid type or a zero price; a bill needs cancel_delay', async () => {
    const dt = '2030-03-05 13:00';
    const count = await ordersCount();
    const paymentsBefore = (await h.database.db.select().from(payments)).length;
    for (const orderType of [2, 3]) {
      expect400(await post(bookingBody(w.pg.cube2, dt, { order_type: orderType, bill: true, cancel_delay: 30 })), { bill: ['null payment'] });
    }
    expect400(await post(bookingBody(w.pg.cube2, '2030-03-05 21:00', { promocode: 'MINUS500', bill: true, cancel_delay: 30 })), { bill: ['null payment'] });
    expect400(await post(bookingBody(w.pg.cube2, dt, { order_type: 2, bill: true, cancel_delay: 30 }), { lang: 'ru' }), { bill: ['null payment'] });
    const CANCEL_DELAY = { cancel_delay: ['Set how many minutes the unpaid order is kept before it is cancelled.'] };
    expect400(await post(bookingBody(w.pg.cube2, dt, { bill: true })), CANCEL_DELAY);
    expect400(await post(bookingBody(w.pg.cube2, dt, { bill: true, cancel_delay: '' })), CANCEL_DELAY);
    expect400(await post(bookingBody(w.pg.cube2, dt, { bill: true, cancel_delay: null })), CANCEL_DELAY);
    expect(await ordersCount()).toBe(count);
    expect((await h.database.db.select().from(payments)).length).toBe(paymentsBefore);
  });

  it('seller: a user with a role at the location by UUID; an unknown one is not found; a malformed one is not a UUID; empty is none', async () => {
    const dt = '2030-03-05 15:00';
    const withSeller = await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { seller: w.users.admin.uid })));
    expect(withSeller.seller_user_id).toBe(w.users.admin.id);
    const empty = await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { seller: '' })));
    expect(empty.seller_user_id).toBeNull();
    const none = await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { seller: null })));
    expect(none.seller_user_id).toBeNull();

    const count = await ordersCount();
    for (const lang of ['en', 'ru']) {
      expect400(await post(bookingBody(w.pg.cube2, dt, { seller: '7b0f8e62-3c2a-4d1e-9f3b-2a1c5d6e7f80' }), { lang }), { seller: ['not found'] });
      for (const seller of ['abc', '12345', `${w.users.admin.uid}0`, w.users.admin.uid.replace(/-/g, '_')]) {
        expect400(await post(bookingBody(w.pg.cube2, dt, { seller }), { lang }), { seller: ['Must be a valid UUID.'] });
      }
    }
    // The staff user has no role at location 2: not a seller there.
    const foreign = await post(bookingBody(w.pg.foreign, '2030-03-05 11:00', { seller: w.users.staff.uid, game_id: game() }), { token: w.tokens.admin });
    expect400(foreign, { seller: ['not found'] });
    expect(await ordersCount()).toBe(count);
    const manager = await book(w, bookingBody(w.pg.foreign, '2030-03-05 11:00', { seller: w.users.manager.uid, game_id: game() }), w.tokens.admin);
    expect((await getOrder(w, manager, w.tokens.admin)).seller_user_id).toBe(w.users.manager.id);
  });

  it('phone: digits with an optional leading plus; email if given must be valid; the rest is required', async () => {
    const dt = '2030-03-05 16:00';
    const PHONE = { phone: ['Digits only, with an optional leading plus'] };
    // #40 Spaces, dashes and brackets around the digits are a phone now; letters, a plus inside, a short +7 number are not.
    for (const phone of ['+7abc', '7-999+', '++79991234567', '+7 999', '8 999 123 45 67 x']) {
      expect400(await post(bookingBody(w.pg.cube2, dt, { phone })), PHONE);
    }
    const ru = await post(bookingBody(w.pg.cube2, dt, { phone: 'abc' }), { lang: 'ru' });
    expect(ru.statusCode).toBe(400);
    expect(Object.keys(ru.json())).toEqual(['phone']);
    expect400(await post(bookingBody(w.pg.cube2, dt, { phone: '' })), PHONE);
    for (const email of ['not-an-email', 'a@b', 'guest@@example.com']) {
      expect400(await post(bookingBody(w.pg.cube2, dt, { email })), { email: ['Enter a valid email address.'] });
    }
    expect400(await post({}), Object.fromEntries(['playground_id', 'persons', 'order_type', 'name', 'phone', 'session_dt']
      .map((f) => [f, ['This field is required.']])));
    expect400(await post(bookingBody(w.pg.cube2, '2030-03-05')), { session_dt: ['Enter a date and time as YYYY-MM-DD HH:mm.'] });
    expect400(await post(bookingBody(w.pg.cube2, dt, { name: '  ' })), { name: ['This field may not be blank.'] });
    // A phone as typed, and no email at all, are fine; a Russian number is stored as +7… (#40).
    const ok = await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { phone: '79991234567', email: '' })));
    expect([ok.phone, ok.email]).toEqual(['+79991234567', null]);
    for (const phone of ['8 999 123 45 67', '+7(999)1234567']) {
      expect((await getOrder(w, await book(w, bookingBody(w.pg.cube2, dt, { phone, email: '' })))).phone, phone).toBe('+79991234567');
    }
  });

  it('game: required when the slot has a per-person price, and must be one of the location\'s', async () => {
    const dt = '2030-03-05 16:00';
    expect400(await post(bookingBody(w.pg.cube1, dt)), { game_id: ['Choose a game: this session is priced per person.'] });
    expect400(await post(bookingBody(w.pg.cube1, dt, { game_id: '' })), { game_id: ['Choose a game: this session is priced per person.'] });
    const [other] = await h.database.db.insert(games).values({ name: 'Not here', genre: 'Test', info: [] }).returning();
    expect400(await post(bookingBody(w.pg.cube1, dt, { game_id: other!.id })), { game_id: ['This game is not available at this location.'] });
    expect(await slotAt(w, w.pg.cube1, dt)).toMatchObject({ available_persons: 4, session_id: null });
    const id = await book(w, bookingBody(w.pg.cube1, dt, { game_id: w.games['Half-Life: Alyx'] }));
    expect((await getOrder(w, id)).game).toEqual({ id: w.games['Half-Life: Alyx'], name: 'Half-Life: Alyx' });
    // The first booking of a session sets its game.
    expect((await slotAt(w, w.pg.cube1, dt)).game).toEqual({ id: w.games['Half-Life: Alyx'], name: 'Half-Life: Alyx' });
  });

  it('promocode: unknown, switched off, not yet valid, expired and used-up codes each have their message', async () => {
    const dt = '2030-03-05 17:00';
    const [spring] = await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'SPRING'));
    await h.database.db.insert(promocodes).values([
      { locationId: 1, code: 'OFF', discount: '0.50', active: false },
      { locationId: 1, code: 'LATER', discount: '0.50', validFrom: '2031-01-01' },
      { locationId: 1, code: 'LAST', discount: '100.00', usageLimit: 1, usedCount: 0 },
      { locationId: 2, code: 'PETER', discount: '0.50' },
    ]);
    const count = await ordersCount();
    for (const [code, message] of [
      ['NOPE', 'Promo code not found.'],
      ['PETER', 'Promo code not found.'], // another location's
      ['OFF', 'The promo code is switched off.'],
      ['LATER', 'The promo code is valid from 01.01.2031.'],
      ['SPRING', `The promo code expired on ${dmy(spring!.validTo!)}.`],
      ['ONCE', 'The promo code has been used the maximum number of times.'],
    ] as const) {
      expect400(await post(bookingBody(w.pg.cube2, dt, { promocode: code })), { promocode: [message] });
    }
    expect(await ordersCount()).toBe(count);
    // A booking that fails uses nothing; the one that succeeds uses the last use.
    await book(w, bookingBody(w.pg.cube2, dt, { persons: 4 }));
    expect400(await post(bookingBody(w.pg.cube2, dt, { promocode: 'LAST' })), WRONG_PERSONS);
    const used = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-05 18:00', { promocode: 'last' })));
    expect(used.discount).toBe('225.00');
    expect400(await post(bookingBody(w.pg.cube2, '2030-03-05 19:00', { promocode: 'LAST' })),
      { promocode: ['The promo code has been used the maximum number of times.'] });
    const [last] = await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'LAST'));
    expect(last!.usedCount).toBe(1);
    // Cancelling the order gives its use back: the code works again.
    expect((await h.call('DELETE', `/api/v2.1/booking/${used.id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    const again = await getOrder(w, await book(w, bookingBody(w.pg.cube2, '2030-03-05 19:00', { promocode: 'LAST' })));
    expect(again.discount).toBe('225.00');
    // An edit that drops the code gives its use back too; an edit that keeps it holds it.
    const kept = await h.call('PUT', `/api/v2.1/booking/${again.id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, '2030-03-05 19:00', { promocode: 'LAST', comment: 'same code' }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'LAST')))[0]!.usedCount).toBe(1);
    const dropped = await h.call('PUT', `/api/v2.1/booking/${again.id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, '2030-03-05 19:00', { promocode: null }) });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'LAST')))[0]!.usedCount).toBe(0);
  });

  it('permissions: 401 without a token; 404 at a location where the user has no role; an unknown playground is not a choice', async () => {
    const body = bookingBody(w.pg.foreign, '2030-03-05 12:00', { game_id: game() });
    expect((await h.call('POST', '/api/v2.1/booking/', { body, lang: 'en' })).statusCode).toBe(401);
    const foreign = await post(body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect400(await post(bookingBody(999999, '2030-03-05 12:00')), { playground_id: ['Not a valid choice.'] });
  });
});

describe('PUT /api/v2.1/booking/{id}/: editing', () => {
  it('recomputes the price and logs what changed, with its author', async () => {
    const dt = '2030-03-06 11:00';
    const id = await book(w, bookingBody(w.pg.cube1, dt, { persons: 2, game_id: game() }));
    expect((await getOrder(w, id)).purchase).toBe('2850.00');
    const res = await put(id, bookingBody(w.pg.cube1, dt, { persons: 3, game_id: game(), name: 'New Name' }), { token: w.tokens.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id });
    expect(await getOrder(w, id)).toMatchObject({ persons: 3, name: 'New Name', cost: '4500.00', discount: '225.00', purchase: '4275.00', status: 2 });
    expect(await slotAt(w, w.pg.cube1, dt)).toMatchObject({ available_persons: 1 });
    const log = await comments(w, id);
    expect(log.map((e) => [e.type, e.author?.name])).toEqual([['created', w.users.staff.name], ['edited', w.users.manager.name]]);
    expect(log[1]!.data).toEqual({
      persons: { from: 2, to: 3 }, name: { from: 'Test Guest', to: 'New Name' }, purchase: { from: '2850.00', to: '4275.00' }, price_reason: 'persons_changed',
    });
  });

  it('a paid order moved to another playground and back keeps its promo code and is paid again; the log says why each price changed', async () => {
    const dt = '2030-03-07 12:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt, { persons: 2, promocode: 'VR10' }));
    const first = await getOrder(w, id);
    expect(Number(first.discount)).toBeGreaterThan(0);
    expect((await pay(w, id, { payment_type: 2, purchase: first.purchase })).statusCode).toBe(201);
    expect((await getOrder(w, id)).status).toBe(6);
    // Away: another playground with its own prices; the code still applies there.
    expect((await put(id, bookingBody(w.pg.cube1, dt, { persons: 2, game_id: game(), promocode: 'VR10' }))).statusCode).toBe(200);
    const away = await getOrder(w, id);
    expect(away.promocode?.toUpperCase()).toBe('VR10');
    expect(away.purchase).not.toBe(first.purchase);
    // And back: the same price as before, paid in full again.
    expect((await put(id, bookingBody(w.pg.cube2, dt, { persons: 2, promocode: 'VR10' }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ promocode: first.promocode, discount: first.discount, purchase: first.purchase, status: 6 });
    // Dropping the code raises the price: the log says it was the code.
    expect((await put(id, bookingBody(w.pg.cube2, dt, { persons: 2, promocode: null }))).statusCode).toBe(200);
    const edits = (await comments(w, id)).filter((e) => e.type === 'edited').map((e) => e.data as Record<string, unknown>);
    expect(edits.map((d) => d.price_reason)).toEqual(['session_changed', 'session_changed', 'promocode_changed']);
    expect(edits[2]).toMatchObject({ promocode: { from: first.promocode, to: null }, purchase: { from: first.purchase } });
    expect((await getOrder(w, id)).status).toBe(2);
  });

  it('counts the order\'s own places as free: an order of 3 in a 4-place session can become 4', async () => {
    const dt = '2030-03-06 10:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt, { persons: 3 }));
    expect((await put(id, bookingBody(w.pg.cube2, dt, { persons: 4 }))).statusCode).toBe(200);
    // Now every place: the group discount too.
    expect(await getOrder(w, id)).toMatchObject({ persons: 4, purchase: '1700.00' });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 0 });
    expect400(await post(bookingBody(w.pg.cube2, dt)), WRONG_PERSONS);
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { persons: 5 })), WRONG_PERSONS);
    // With another order in the session only the rest is free.
    const other = '2030-03-06 11:00';
    const a = await book(w, bookingBody(w.pg.cube2, other, { persons: 2 }));
    await book(w, bookingBody(w.pg.cube2, other, { persons: 1 }));
    expect((await put(a, bookingBody(w.pg.cube2, other, { persons: 3 }))).statusCode).toBe(200);
    expect400(await put(a, bookingBody(w.pg.cube2, other, { persons: 4 })), WRONG_PERSONS);
    expect((await getOrder(w, a)).persons).toBe(3);
  });

  it('moves an order to another session: the old places are freed, the new ones taken; not into a full one', async () => {
    const from = '2030-03-06 12:00';
    const to = '2030-03-06 13:00';
    const full = '2030-03-06 15:00';
    const id = await book(w, bookingBody(w.pg.cube2, from, { persons: 2 }));
    await book(w, bookingBody(w.pg.cube2, full, { persons: 3 }));
    expect400(await put(id, bookingBody(w.pg.cube2, full, { persons: 2 })), WRONG_PERSONS);
    expect((await put(id, bookingBody(w.pg.cube2, to, { persons: 2 }))).statusCode).toBe(200);
    expect(await slotAt(w, w.pg.cube2, from)).toMatchObject({ available_persons: 4, orders: [] });
    expect(await slotAt(w, w.pg.cube2, to)).toMatchObject({ available_persons: 2 });
    const order = await getOrder(w, id);
    expect(order.playsessions.map((p: Json) => p.session_dt)).toEqual([to]);
    expect(order.session_time).toBe('13:00');
    expect((await comments(w, id)).at(-1)!.data.session_dt).toEqual({ from, to });
    // To another playground of the location, with its own price.
    expect((await put(id, bookingBody(w.pg.cube1, '2030-03-06 13:00', { persons: 2, game_id: game() }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ purchase: '2850.00', playsessions: [expect.objectContaining({ playground_id: w.pg.cube1 })] });
    expect(await slotAt(w, w.pg.cube2, to)).toMatchObject({ available_persons: 4 });
    // Not to another location's playground.
    expect400(await put(id, bookingBody(w.pg.foreign, '2030-03-06 13:00', { persons: 2, game_id: game() }), { token: w.tokens.admin }),
      { playground_id: ['Not a valid choice.'] });
  });

  it('keeps the order\'s use of a promo code: a code at its limit still applies to the order that used it', async () => {
    await h.database.db.insert(promocodes).values({ locationId: 1, code: 'SOLO', discount: '0.20', usageLimit: 1 });
    const dt = '2030-03-06 16:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt, { promocode: 'SOLO' }));
    expect((await getOrder(w, id)).purchase).toBe('1500.00');
    const res = await put(id, bookingBody(w.pg.cube2, dt, { persons: 2, promocode: 'SOLO', comment: 'two now' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ persons: 2, purchase: '1500.00', promocode: 'SOLO', comment: 'two now' });
    const [solo] = await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'SOLO'));
    expect(solo!.usedCount).toBe(1);
    // Nobody else gets it; the order without it pays the full price.
    expect400(await post(bookingBody(w.pg.cube2, '2030-03-06 17:00', { promocode: 'SOLO' })),
      { promocode: ['The promo code has been used the maximum number of times.'] });
    expect((await put(id, bookingBody(w.pg.cube2, dt, { persons: 2, promocode: '' }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ purchase: '1900.00', promocode: null });
  });

  it('sets the status from the new price: a paid order whose price grows is pending again, and paid when it shrinks back', async () => {
    const dt = '2030-03-06 12:00';
    const id = await book(w, bookingBody(w.pg.cube1, dt, { persons: 2, game_id: game() }));
    expect((await pay(w, id, { payment_type: 2, purchase: '2850' })).statusCode).toBe(201);
    expect((await getOrder(w, id)).status).toBe(6);
    expect((await put(id, bookingBody(w.pg.cube1, dt, { persons: 3, game_id: game() }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ status: 2, purchase: '4275.00', paid: '2850.00', need_paid: '1425.00' });
    expect((await put(id, bookingBody(w.pg.cube1, dt, { persons: 1, game_id: game() }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ status: 6, purchase: '1425.00', paid: '2850.00', need_paid: '-1425.00' });
    // Technical: nothing to pay.
    expect((await put(id, bookingBody(w.pg.cube1, dt, { persons: 1, order_type: 2 }))).statusCode).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ status: 3, purchase: '0.00' });
  });

  it('applies the same checks as creating', async () => {
    const dt = '2030-03-06 18:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { seller: 'nope' }), { lang: 'ru' }), { seller: ['Must be a valid UUID.'] });
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { seller: '7b0f8e62-3c2a-4d1e-9f3b-2a1c5d6e7f80' })), { seller: ['not found'] });
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { phone: '+7 999' })), { phone: ['Digits only, with an optional leading plus'] });
    expect400(await put(id, bookingBody(w.pg.cube2, '2030-03-06 18:30')), NO_SESSION);
    expect400(await put(id, bookingBody(w.pg.dayRoom, `${w.today} 06:00`)), NO_SESSION);
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { order_type: 3, bill: true, cancel_delay: 30 })), { bill: ['null payment'] });
    expect400(await put(id, bookingBody(w.pg.cube1, dt)), { game_id: ['Choose a game: this session is priced per person.'] });
    expect400(await put(id, bookingBody(w.pg.cube2, dt, { promocode: 'NOPE' })), { promocode: ['Promo code not found.'] });
    expect(await getOrder(w, id)).toMatchObject({ persons: 1, purchase: '2375.00', status: 2 });
    expect((await put(999999, bookingBody(w.pg.cube2, dt))).statusCode).toBe(404);
  });

  it('a cancelled order, or one whose session has begun or is over, cannot be edited', async () => {
    const dt = '2030-03-06 19:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    expect400(await put(id, bookingBody(w.pg.cube2, dt)), ORDER_CLOSED);
    expect((await getOrder(w, id)).status).toBe(4);

    const past = await pastOrder(w);
    const before = await getOrder(w, past);
    expect400(await put(past, bookingBody(w.pg.cube2, '2030-03-06 20:00')), ORDER_CLOSED);
    expect(await getOrder(w, past)).toEqual(before);

    // Today's day-long session has begun (written directly: the API no longer sells it).
    const [ps] = await h.database.db.insert(playsessions).values({
      playgroundId: w.pg.dayRoom, businessDate: w.today, timeStart: `${w.today} 06:00`, duration: 1440, sessionPrice: '3000', prepayment: '1',
    }).returning();
    const [running] = await h.database.db.insert(orders).values({
      locationId: 1, name: 'Playing now', phone: '+79995552222', persons: 1, orderType: 1, status: 2, cost: '3000', purchase: '3000',
    }).returning();
    await h.database.db.insert(orderPlaysessions).values({ orderId: running!.id, playsessionId: ps!.id });
    expect400(await put(running!.id, bookingBody(w.pg.dayRoom, `${addDays(w.today, 1)} 06:00`)), ORDER_CLOSED);
  });
});

describe('DELETE /api/v2.1/booking/{id}/: cancelling', () => {
  it('answers 204: status 4, the places are free again, the log names who cancelled; twice is harmless', async () => {
    const dt = '2030-03-08 10:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt, { persons: 4 }));
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 0 });
    const res = await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.manager });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await getOrder(w, id)).toMatchObject({ status: 4 });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 4 });
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.manager })).statusCode).toBe(204);
    const log = await comments(w, id);
    expect(log.map((e) => [e.type, e.author?.name])).toEqual([['created', w.users.staff.name], ['cancelled', w.users.manager.name]]);
    // The freed places can be booked again.
    await book(w, bookingBody(w.pg.cube2, dt, { persons: 4 }));
  });

  it('keeps an order whose session is over as it was; 404 for an unknown order or one of another location', async () => {
    const past = await pastOrder(w);
    expect400(await h.call('DELETE', `/api/v2.1/booking/${past}/`, { token: w.tokens.staff, lang: 'en' }), ORDER_CLOSED);
    expect((await getOrder(w, past)).status).toBe(2);
    expect((await h.call('DELETE', '/api/v2.1/booking/999999/', { token: w.tokens.staff })).statusCode).toBe(404);
    const foreign = await book(w, bookingBody(w.pg.foreign, '2030-03-08 11:00', { game_id: game() }), w.tokens.admin);
    expect((await h.call('DELETE', `/api/v2.1/booking/${foreign}/`, { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await getOrder(w, foreign, w.tokens.admin)).status).toBe(2);
  });
});
