// Reading orders through the API: the order page (GET /api/v2.2/orders/{id}/), its log
// (GET /api/v2.1/booking/{id}/comments/), search by phone (GET /api/v2.2/orders/search/), promo code
// checks (POST /api/v2.1/check_coupon/) and the games of a playground (GET /api/v2.2/playgrounds/{id}/games_for_booking/).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, promocodes } from '../../server/db/schema';
import { addDays, businessDateOf } from '../../domain/businessDay';
import { wallClockNow } from '../../server/platform/clock';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';

/** A date of the messages: DD.MM.YYYY (domain/dates.ts). */
const dmy = (iso: string) => iso.split('-').reverse().join('.');

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const game = () => w.games['Beat Saber']!;
const RUB = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };

describe('GET /api/v2.2/orders/{id}/: the order page', () => {
  it('answers the order with its sessions, payments and what is still to pay', async () => {
    const id = await book(w, bookingBody(w.pg.cube1, '2030-05-06 11:00', {
      persons: 2, game_id: game(), promocode: 'VR10', comment: 'Window seat', seller: w.users.manager.uid, email: 'ann@example.com', name: 'Ann Guest',
    }));
    const paid = await pay(w, id, { payment_type: 6, purchase: '1000', external_id: 'TERM-77' });
    expect(paid.statusCode).toBe(201);
    const order = await getOrder(w, id);
    expect(order).toEqual({
      id, order_id: id, location_id: 1, name: 'Ann Guest', phone: '+79995550000', email: 'ann@example.com', persons: 2,
      order_type: 1, status: 2, cost: '3000.00', discount: '450.00', purchase: '2550.00', paid: '1000.00', need_paid: '1550.00', to_refund: '0.00',
      // #29: nothing came through a provider, so nothing can go back that way, and no refund is under way.
      online_refundable: '0.00', online_paid: '0.00', refund_pending: '0.00', refunds: [],
      refund_tenders: [expect.objectContaining({ tender: 'card', payment_type: 6, amount: '1000.00' })], refund_split: [],
      // #40 A desk order has no personal-data consent record (the widget's bookings have one).
      personal_data_consent: null, personal_data_erased_at: null,
      // #44 Its two participants (the lead guest under the order's name), none signed or checked in yet.
      participants: [1, 2].map((position) => ({
        id: expect.any(Number), position, lead: position === 1, name: position === 1 ? 'Ann Guest' : '', birth_date: null, signed: false,
        missing: ['personal_data', 'rules'], documents: { personal_data: false, rules: false }, checked_in: false, checked_in_at: null, checked_in_by: null,
      })),
      checked_in: 0, no_show: false, arrival_url: expect.stringMatching(new RegExp(`^http://backoffice\\.test/arrival/${id}-[0-9a-f]{32}$`)),
      promocode: 'VR10', bill: null, cancel_delay: null, comment: 'Window seat', seller_user_id: w.users.manager.id,
      staff_user_id: w.users.staff.id, game: { id: game(), name: 'Beat Saber' }, multisession: false, source: 'backoffice', amo_id: null,
      created: expect.any(String), session_date: '2030-05-06', session_time: '11:00',
      playsessions: [{ playground_id: w.pg.cube1, playground_name: 'Куб 1', session_dt: '2030-05-06 11:00', duration: 30 }],
      currency: RUB,
      payments: [{
        id: paid.json().id, order: id, payment_type: 6, created: expect.any(String), status: 'paid', external_id: 'TERM-77', purchase: '1000.00',
        comment: '', user: { id: w.users.staff.id, name: w.users.staff.name, email: w.users.staff.email }, actual: true,
        receipt_status: null, settlement_status: null, // #29 receipts: card at the desk, the venue's own register
      }],
    });
    expect(Math.abs(Date.now() - Date.parse(order.created))).toBeLessThan(60_000);
    // Any user with a role at the location reads it.
    expect(await getOrder(w, id, w.tokens.manager)).toEqual(order);
  });

  it('gives a night session the business date it belongs to', async () => {
    const id = await book(w, bookingBody(w.pg.cube1, '2030-05-07 01:00', { game_id: game() }));
    expect(await getOrder(w, id)).toMatchObject({ session_date: '2030-05-06', session_time: '01:00', playsessions: [{ session_dt: '2030-05-07 01:00' }] });
  });

  it('404 for an unknown order or one of a location without a role; 401 without a token', async () => {
    const notFound = await h.call('GET', '/api/v2.2/orders/999999/', { token: w.tokens.staff, lang: 'en' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ detail: 'Not found.' });
    expect((await h.call('GET', '/api/v2.2/orders/abc/', { token: w.tokens.staff })).statusCode).toBe(404);
    const foreign = await book(w, bookingBody(w.pg.foreign, '2030-05-06 11:00', { game_id: game() }), w.tokens.admin);
    expect((await h.call('GET', `/api/v2.2/orders/${foreign}/`, { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await getOrder(w, foreign, w.tokens.admin)).location_id).toBe(2);
    expect((await h.call('GET', `/api/v2.2/orders/${foreign}/`)).statusCode).toBe(401);
  });
});

describe('GET /api/v2.1/booking/{id}/comments/: the order log', () => {
  it('lists created, edited, paid and cancelled entries in order, each with its author', async () => {
    const dt = '2030-05-08 10:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt, { persons: 2 }));
    expect((await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.manager, body: bookingBody(w.pg.cube2, dt, { persons: 3 }) })).statusCode).toBe(200);
    expect((await pay(w, id, { payment_type: 2, purchase: '500' }, w.tokens.admin)).statusCode).toBe(201);
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    const log = await comments(w, id);
    expect(log.map((e) => [e.type, e.author])).toEqual([
      ['created', { name: w.users.staff.name }],
      ['edited', { name: w.users.manager.name }],
      ['paid', { name: w.users.admin.name }],
      ['cancelled', { name: w.users.staff.name }],
      // Cancelled without the cash refund: the 500 paid stays on the order, to refund.
      ['refund_due', { name: w.users.staff.name }],
    ]);
    expect(log[3]!.data).toEqual({ by: 'staff' });
    expect(log[4]!.data).toEqual({ amount: '500.00', by: 'staff' });
    for (const e of log) {
      expect(Object.keys(e).sort()).toEqual(['author', 'created', 'data', 'id', 'text', 'type']);
      expect(e.text).toBe('');
      expect(Math.abs(Date.now() - Date.parse(e.created))).toBeLessThan(60_000);
    }
    expect(log.map((e) => e.created)).toEqual([...log.map((e) => e.created)].sort());
    expect(log[0]!.data).toEqual({ persons: 2, session_dt: dt, purchase: '1900.00' });
    expect(log[1]!.data).toEqual({ persons: { from: 2, to: 3 } });
    expect(log[2]!.data).toMatchObject({ payment_type: 2, purchase: '500.00', paid: '500.00' });
    // Everyone with a role at the location reads the same log.
    expect(await comments(w, id, w.tokens.manager)).toEqual(log);
  });

  it('the demo orders\' logs agree with their orders: created when the order was, paid when its payment was', async () => {
    const rows = await h.database.db.execute<{ id: number; created: string; logged: string; paid_at: string | null; paid_logged: string | null }>(sql`
      SELECT o.id, o.created_at AS created,
             (SELECT l.created FROM order_logs l WHERE l.order_id = o.id AND l.type = 'created') AS logged,
             (SELECT min(p.created) FROM payments p WHERE p.order_id = o.id) AS paid_at,
             (SELECT min(l.created) FROM order_logs l WHERE l.order_id = o.id AND l.type = 'paid') AS paid_logged
        FROM orders o WHERE o.source = 'backoffice' ORDER BY o.id LIMIT 200`);
    expect(rows.rows.length).toBeGreaterThan(50);
    for (const r of rows.rows) {
      expect(new Date(r.logged).getTime(), `order ${r.id}`).toBe(new Date(r.created).getTime());
      if (r.paid_at) expect(new Date(r.paid_logged!).getTime(), `order ${r.id}`).toBe(new Date(r.paid_at).getTime());
    }
  });

  it('404 for an unknown order or one of a location without a role', async () => {
    expect((await h.call('GET', '/api/v2.1/booking/999999/comments/', { token: w.tokens.staff })).statusCode).toBe(404);
    const foreign = await book(w, bookingBody(w.pg.foreign, '2030-05-08 11:00', { game_id: game() }), w.tokens.admin);
    expect((await h.call('GET', `/api/v2.1/booking/${foreign}/comments/`, { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await comments(w, foreign, w.tokens.admin)).map((e) => e.type)).toEqual(['created']);
  });
});

describe('GET /api/v2.2/orders/search/: orders by customer phone', () => {
  const PHONE = '+79001112233';
  const search = (query: string, token = w.tokens.staff) => h.call('GET', `/api/v2.2/orders/search/?${query}`, { token, lang: 'en' });
  let ids: number[] = [];
  let foreign = 0;

  beforeAll(async () => {
    ids = [];
    for (const time of ['10:00', '11:00', '12:00']) {
      ids.push(await book(w, bookingBody(w.pg.cube2, `2030-05-09 ${time}`, { phone: time === '12:00' ? PHONE.slice(1) : PHONE })));
    }
    foreign = await book(w, bookingBody(w.pg.foreign, '2030-05-09 10:00', { phone: PHONE, game_id: game() }), w.tokens.admin);
    await book(w, bookingBody(w.pg.cube2, '2030-05-09 13:00', { phone: '+79009999999' }));
  });

  it('finds the orders whose phone has the digits, newest first, at the user\'s locations only', async () => {
    const res = await search(`phone=${encodeURIComponent(PHONE)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: Json) => r.order_id)).toEqual([...ids].reverse());
    expect(body.results[2]).toMatchObject({ order_id: ids[0], session_date: '2030-05-09', session_time: '10:00', cost: '2000.00', location_id: 1 });
    // The admin has a role at location 2 too.
    const admin = (await search(`phone=${encodeURIComponent(PHONE)}`, w.tokens.admin)).json();
    expect(admin.count).toBe(4);
    expect(admin.results.map((r: Json) => r.order_id)).toEqual([foreign, ...[...ids].reverse()]);
    // Part of the number, with or without the plus, and a '+' left unencoded in the query.
    expect((await search('phone=1112233')).json().count).toBe(3);
    expect((await search('phone=79001112233')).json().count).toBe(3);
    expect((await search('phone=+79001112233')).json().count).toBe(3);
    expect((await search('phone=0000000000')).json()).toEqual({ count: 0, no_shows: 0, results: [] });
  });

  it('pages with limit and offset; the count is the whole match', async () => {
    const page1 = (await search('phone=1112233&limit=2&offset=0')).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((r: Json) => r.order_id)).toEqual([ids[2], ids[1]]);
    const page2 = (await search('phone=1112233&limit=2&offset=2')).json();
    expect(page2).toMatchObject({ count: 3 });
    expect(page2.results.map((r: Json) => r.order_id)).toEqual([ids[0]]);
    expect((await search('phone=1112233&limit=10&offset=10')).json()).toEqual({ count: 3, no_shows: 0, results: [] });
    // The default page is 10.
    for (let i = 0; i < 9; i++) await book(w, bookingBody(w.pg.dayRoom, `2030-05-${String(10 + i).padStart(2, '0')} 06:00`, { phone: PHONE }));
    const defaults = (await search('phone=1112233')).json();
    expect(defaults.count).toBe(12);
    expect(defaults.results).toHaveLength(10);
    expect((await search('phone=1112233&limit=100')).json().results).toHaveLength(12);
  });

  it('checks the phone (required, digits with an optional leading plus) and the paging numbers', async () => {
    const PHONE_ERROR = { phone: ['Digits only, with an optional leading plus'] };
    expect((await search('')).json()).toEqual({ phone: ['This field is required.'] });
    // #39: spaces, dashes and brackets are a typed phone's (tests/api/order-search.test.ts); a second plus or one inside is not.
    for (const phone of ['abc', '7%2B900', '%2B', '%2B%2B7900']) {
      const res = await search(`phone=${phone}`);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual(PHONE_ERROR);
    }
    const ru = await h.call('GET', '/api/v2.2/orders/search/?phone=abc', { token: w.tokens.staff, lang: 'ru' });
    expect(ru.statusCode).toBe(400);
    expect(Object.keys(ru.json())).toEqual(['phone']);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'offset=-1']) {
      const res = await search(`phone=1112233&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([query.split('=')[0]]);
    }
    expect((await h.call('GET', '/api/v2.2/orders/search/?phone=1112233')).statusCode).toBe(401);
  });
});

describe('POST /api/v2.1/check_coupon/', () => {
  const check = (body: unknown, token = w.tokens.staff, lang = 'en') => h.call('POST', '/api/v2.1/check_coupon/', { token, body, lang });

  it('answers valid, type and discount: a fraction below 1, else a flat amount; any letter case', async () => {
    const vr10 = await check({ code: 'VR10', location: 1, datetime: '2030-05-06 12:00' });
    expect(vr10.statusCode, vr10.body).toBe(200);
    expect(vr10.json()).toEqual({ valid: true, type: 'fraction', discount: '0.10' });
    expect((await check({ code: ' minus500 ', location: 1, datetime: '2030-05-06 12:00' })).json()).toEqual({ valid: true, type: 'flat', discount: '500.00' });
    // Without a datetime it is checked for today.
    expect((await check({ code: 'VR10', location: 1 })).json()).toEqual({ valid: true, type: 'fraction', discount: '0.10' });
  });

  it('answers valid false with the reason for unknown, another location\'s, expired, not yet valid and used-up codes', async () => {
    const [spring] = await h.database.db.select().from(promocodes).where(eq(promocodes.code, 'SPRING'));
    await h.database.db.insert(promocodes).values({ locationId: 1, code: 'SUMMER30', discount: '0.30', validFrom: '2030-06-01', validTo: '2030-08-31' });
    const invalid = (reason: string) => ({ valid: false, type: null, discount: null, reason });
    for (const [body, reason] of [
      [{ code: 'NOPE', location: 1, datetime: '2030-05-06 12:00' }, 'Promo code not found.'],
      [{ code: 'SPRING', location: 1, datetime: '2030-05-06 12:00' }, `The promo code expired on ${dmy(spring!.validTo!)}.`],
      [{ code: 'SPRING', location: 1 }, `The promo code expired on ${dmy(spring!.validTo!)}.`],
      [{ code: 'ONCE', location: 1, datetime: '2030-05-06 12:00' }, 'The promo code has been used the maximum number of times.'],
      [{ code: 'SUMMER30', location: 1, datetime: '2030-05-31 12:00' }, 'The promo code is valid from 01.06.2030.'],
      [{ code: 'SUMMER30', location: 1, datetime: '2030-09-01 10:00' }, 'The promo code expired on 31.08.2030.'],
    ] as const) {
      const res = await check(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual(invalid(reason));
    }
    // A session after midnight belongs to the business day before it.
    expect((await check({ code: 'SUMMER30', location: 1, datetime: '2030-09-01 01:00' })).json()).toMatchObject({ valid: true, discount: '0.30' });
    // Codes belong to a location.
    expect((await check({ code: 'VR10', location: 2, datetime: '2030-05-06 12:00' }, w.tokens.admin)).json()).toEqual(invalid('Promo code not found.'));
    expect((await check({ code: 'NOPE', location: 1 }, w.tokens.staff, 'ru')).json()).toEqual(invalid('Промокод не найден.'));
  });

  it('without a datetime checks the code for today at the location (its business date), not the server\'s UTC date (#18)', async () => {
    // Two far zones: between them one's business date differs from the UTC date at every hour.
    const [loc] = await h.database.db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, 1));
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        await h.database.db.update(locations).set({ timezone: tz }).where(eq(locations.id, 1));
        const today = businessDateOf(wallClockNow(tz));
        const code = `LASTDAY${tz.length}`;
        await h.database.db.insert(promocodes).values({ locationId: 1, code, discount: '0.20', validTo: today });
        expect((await check({ code, location: 1 })).json(), tz).toMatchObject({ valid: true, discount: '0.20' });
        await h.database.db.update(promocodes).set({ validTo: addDays(today, -1) }).where(eq(promocodes.code, code));
        expect((await check({ code, location: 1 })).json(), tz).toMatchObject({ valid: false, reason: `The promo code expired on ${dmy(addDays(today, -1))}.` });
      }
    } finally {
      await h.database.db.update(locations).set({ timezone: loc!.tz }).where(eq(locations.id, 1));
    }
  });

  it('checks its input; 404 at a location without a role', async () => {
    expect((await check({ location: 1 })).json()).toEqual({ code: ['This field is required.'] });
    expect((await check({ code: '', location: 1 })).json()).toEqual({ code: ['This field may not be blank.'] });
    expect((await check({ code: 'VR10' })).json()).toEqual({ location: ['This field is required.'] });
    expect((await check({ code: 'VR10', location: 1, datetime: '2030-05-06' })).json()).toEqual({ datetime: ['Enter a date and time as YYYY-MM-DD HH:mm.'] });
    const foreign = await check({ code: 'VR10', location: 2 });
    expect(foreign.statusCode).toBe(404);
    expect((await check({ code: 'VR10', location: 999 }, w.tokens.admin)).statusCode).toBe(404);
    expect((await h.call('POST', '/api/v2.1/check_coupon/', { body: { code: 'VR10', location: 1 } })).statusCode).toBe(401);
  });
});

describe('GET /api/v2.2/playgrounds/{id}/games_for_booking/', () => {
  it('lists the games of the playground\'s location by name: id and name', async () => {
    const res = await h.call('GET', `/api/v2.2/playgrounds/${w.pg.cube1}/games_for_booking/`, { token: w.tokens.staff });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Arizona Sunshine', 'Beat Saber', 'Half-Life: Alyx', 'Космическая станция'].map((name) => ({ id: w.games[name], name })));
    const other = await h.call('GET', `/api/v2.2/playgrounds/${w.pg.cube2}/games_for_booking/`, { token: w.tokens.staff });
    expect(other.json()).toEqual(res.json());
  });

  it('404 for an unknown playground or one of a location without a role', async () => {
    expect((await h.call('GET', '/api/v2.2/playgrounds/999999/games_for_booking/', { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.2/playgrounds/${w.pg.foreign}/games_for_booking/`, { token: w.tokens.staff })).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.2/playgrounds/${w.pg.foreign}/games_for_booking/`, { token: w.tokens.admin })).json()).toHaveLength(4);
    expect((await h.call('GET', `/api/v2.2/playgrounds/${w.pg.cube1}/games_for_booking/`)).statusCode).toBe(401);
  });
});
