// The tools page on the server: early-booking conditions (GET/POST /locations/{id}/early_booking/,
// PUT/DELETE /early_booking_conditions/{id}/) and promo codes (/locations/{id}/promocodes/,
// /promocodes/{id}/, /promocodes/{id}/active/). Role id 40 at the location only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyBookingConditions, orders, promocodes } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const EARLY = '/api/v2.1/locations/1/early_booking/';
const PROMOS = '/api/v2.1/locations/1/promocodes/';

function expectStatus(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
}

describe('early booking', () => {
  it('lists the location\'s conditions to its administrators only', async () => {
    const res = await h.call('GET', EARLY, { token: w.tokens.admin });
    expectStatus(res, 200);
    expect(res.json()).toEqual([{ id: expect.any(Number), days: 14, discount: 5 }]);
    // Role 20 and 10 at the location: 403; a manager who is nobody's administrator: 403 anywhere; no token: 401.
    expectStatus(await h.call('GET', EARLY, { token: w.tokens.manager }), 403);
    expectStatus(await h.call('GET', EARLY, { token: w.tokens.staff }), 403);
    expectStatus(await h.call('GET', '/api/v2.1/locations/3/early_booking/', { token: w.tokens.manager }), 403);
    expectStatus(await h.call('GET', EARLY), 401);
  });

  it('requires days and discount, whole and at least 1, in the request\'s language', async () => {
    let res = await h.call('POST', EARLY, { token: w.tokens.admin, body: {}, lang: 'en' });
    expectStatus(res, 400);
    expect(res.json()).toEqual({ days: ['This field is required.'], discount: ['This field is required.'] });
    res = await h.call('POST', EARLY, { token: w.tokens.admin, body: { days: 0, discount: 0 }, lang: 'en' });
    expect(res.json()).toEqual({
      days: ['Ensure this value is greater than or equal to 1.'], discount: ['Ensure this value is greater than or equal to 1.'],
    });
    res = await h.call('POST', EARLY, { token: w.tokens.admin, body: { days: 0, discount: 101 }, lang: 'ru' });
    expect(res.json()).toEqual({
      days: ['Убедитесь, что значение больше или равно 1.'], discount: ['Убедитесь, что значение меньше или равно 100.'],
    });
    res = await h.call('POST', EARLY, { token: w.tokens.admin, body: { days: 1.5, discount: 'x', other: 1 }, lang: 'en' });
    expect(res.json()).toEqual({
      days: ['A valid integer is required.'], discount: ['A valid number is required.'], other: ['Unknown field.'],
    });
  });

  it('creates, changes and deletes a condition; the booking price follows at once', async () => {
    const session = '2030-03-05 11:00';
    const priceOf = async () => {
      const id = await book(w, bookingBody(w.pg.cube2, session, { persons: 1 }));
      const [o] = await h.database.db.select().from(orders).where(eq(orders.id, id));
      await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff });
      return { discount: o!.discount, purchase: o!.purchase };
    };
    // The demo condition: 5 % for 14 days or more ahead.
    expect(await priceOf()).toEqual({ discount: '100.00', purchase: '1900.00' });

    const created = await h.call('POST', EARLY, { token: w.tokens.admin, body: { days: 30, discount: 20 } });
    expectStatus(created, 201);
    const condition = created.json() as Json;
    expect(condition).toEqual({ id: expect.any(Number), days: 30, discount: 20 });
    expect(await priceOf()).toEqual({ discount: '400.00', purchase: '1600.00' });

    const url = `/api/v2.1/early_booking_conditions/${condition.id}/`;
    expectStatus(await h.call('PUT', url, { token: w.tokens.manager, body: { days: 30, discount: 25 } }), 403);
    const changed = await h.call('PUT', url, { token: w.tokens.admin, body: { days: 30, discount: 25 } });
    expectStatus(changed, 200);
    expect(changed.json()).toEqual({ id: condition.id, days: 30, discount: 25 });
    expect(await priceOf()).toEqual({ discount: '500.00', purchase: '1500.00' });
    expectStatus(await h.call('PUT', url, { token: w.tokens.admin, body: { days: 30 }, lang: 'en' }), 400);

    expectStatus(await h.call('DELETE', url, { token: w.tokens.staff }), 403);
    expectStatus(await h.call('DELETE', url, { token: w.tokens.admin }), 204);
    expectStatus(await h.call('DELETE', url, { token: w.tokens.admin }), 404);
    expect(await priceOf()).toEqual({ discount: '100.00', purchase: '1900.00' });
  });

  it('does not let an administrator of one location touch another location\'s conditions', async () => {
    // manager@ has role 20 at locations 1 and 2; make a condition at location 2 and try it as a stranger.
    const [row] = await h.database.db.insert(earlyBookingConditions).values({ locationId: 2, days: 3, discount: 2 }).returning();
    const outsider = await h.login('manager@example.com', 'manager123');
    expectStatus(await h.call('PUT', `/api/v2.1/early_booking_conditions/${row!.id}/`, { token: outsider, body: { days: 1, discount: 1 } }), 403);
    expectStatus(await h.call('PUT', '/api/v2.1/early_booking_conditions/999999/', { token: w.tokens.admin, body: { days: 1, discount: 1 } }), 404);
    expectStatus(await h.call('PUT', '/api/v2.1/early_booking_conditions/abc/', { token: w.tokens.admin, body: { days: 1, discount: 1 } }), 404);
  });
});

describe('promo codes', () => {
  it('lists the location\'s codes with their type and used count', async () => {
    const res = await h.call('GET', PROMOS, { token: w.tokens.admin });
    expectStatus(res, 200);
    const list = res.json() as Json[];
    expect(list.map((p) => [p.code, p.type, p.discount, p.used_count, p.usage_limit, p.active])).toEqual([
      ['MINUS500', 'flat', '500.00', 0, null, true],
      ['ONCE', 'fraction', '0.20', 1, 1, true],
      ['SPRING', 'fraction', '0.15', 0, null, true],
      ['VR10', 'fraction', '0.10', 0, null, true],
    ]);
    expectStatus(await h.call('GET', PROMOS, { token: w.tokens.manager }), 403);
    expectStatus(await h.call('GET', '/api/v2.1/locations/3/promocodes/', { token: w.tokens.staff }), 403);
  });

  it('validates the form: type and discount agree, dates in order, unique code', async () => {
    const post = (body: Json, lang = 'en') => h.call('POST', PROMOS, { token: w.tokens.admin, body, lang });
    let res = await post({});
    expect(res.json()).toEqual({ code: ['This field is required.'], type: ['This field is required.'], discount: ['This field is required.'] });
    res = await post({ code: 'HALF', type: 'fraction', discount: '1.5' });
    expect(res.json()).toEqual({ discount: ['A fraction discount must be above 0 and below 1 (0.15 is 15 %).'] });
    res = await post({ code: 'HALF', type: 'flat', discount: '0.5' }, 'ru');
    expect(res.json()).toEqual({ discount: ['Фиксированная скидка должна быть не меньше 1.'] });
    res = await post({ code: 'HALF', type: 'percent', discount: '0.5' });
    expect(res.json()).toEqual({ type: ['Not a valid choice.'] });
    res = await post({ code: 'HALF', type: 'fraction', discount: '0.5', valid_from: '2030-02-01', valid_to: '2030-01-01' });
    expect(res.json()).toEqual({ valid_to: ['The end date must not be before the start date.'] });
    res = await post({ code: 'vr10', type: 'fraction', discount: '0.5' });
    expect(res.json()).toEqual({ code: ['This location already has a promo code with this name.'] });
    res = await post({ code: 'two words', type: 'fraction', discount: '0.5', usage_limit: 0 });
    expect(res.json()).toEqual({ code: ['Invalid value.'], usage_limit: ['Ensure this value is greater than or equal to 1.'] });
  });

  it('creates a code that bookings use and count, edits it, deactivates it and deletes it', async () => {
    const created = await h.call('POST', PROMOS, {
      token: w.tokens.admin, body: { code: 'Tools30', type: 'fraction', discount: 0.3, valid_from: '2030-01-01', valid_to: '2030-12-31', usage_limit: 2 },
    });
    expectStatus(created, 201);
    const promo = created.json() as Json;
    expect(promo).toMatchObject({ code: 'Tools30', type: 'fraction', discount: '0.30', usage_limit: 2, used_count: 0, active: true, valid_to: '2030-12-31' });

    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-02 12:00', { promocode: 'TOOLS30' }));
    const [order] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    // 30 % promo + 5 % early booking, each on the full 2000.
    expect(order!.purchase).toBe('1300.00');
    const one = await h.call('GET', `/api/v2.1/promocodes/${promo.id}/`, { token: w.tokens.admin });
    expect(one.json().used_count).toBe(1);

    const url = `/api/v2.1/promocodes/${promo.id}/`;
    const edited = await h.call('PUT', url, { token: w.tokens.admin, body: { code: 'TOOLS500', type: 'flat', discount: '500', usage_limit: null } });
    expectStatus(edited, 200);
    // The used count is the server's: an edit keeps it.
    expect(edited.json()).toMatchObject({ code: 'TOOLS500', type: 'flat', discount: '500.00', usage_limit: null, used_count: 1, valid_from: null });

    const off = await h.call('PATCH', `${url}active/`, { token: w.tokens.admin, body: { active: false } });
    expectStatus(off, 200);
    expect(off.json().active).toBe(false);
    const refused = await h.call('POST', '/api/v2.1/booking/', {
      token: w.tokens.staff, lang: 'en', body: bookingBody(w.pg.cube2, '2030-04-02 13:00', { promocode: 'tools500' }),
    });
    expectStatus(refused, 400);
    expect(refused.json()).toEqual({ promocode: ['The promo code is switched off.'] });
    expectStatus(await h.call('PATCH', `${url}active/`, { token: w.tokens.admin, body: {} }), 400);

    expectStatus(await h.call('DELETE', url, { token: w.tokens.manager }), 403);
    expectStatus(await h.call('DELETE', url, { token: w.tokens.admin }), 204);
    expect(await h.database.db.select().from(promocodes).where(eq(promocodes.id, promo.id))).toEqual([]);
    // The order keeps the code's text.
    const [still] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    expect(still!.promocode).toBe('TOOLS30');
  });

  it('says each code\'s status on the location\'s today: active, active from a date, expired, used up, switched off (issue #18)', async () => {
    const post = async (body: Json) => {
      const res = await h.call('POST', PROMOS, { token: w.tokens.admin, body: { type: 'fraction', discount: '0.1', ...body } });
      expectStatus(res, 201);
      return res.json() as Json;
    };
    const expired = await post({ code: 'OLD18', valid_from: '2020-01-01', valid_to: '2020-12-31' });
    const future = await post({ code: 'LATER18', valid_from: '2099-01-01' });
    const off = await post({ code: 'OFF18', active: false, valid_to: '2020-12-31' });
    expect([expired.status, future.status, off.status]).toEqual(['expired', 'not_started', 'inactive']);
    const list = (await h.call('GET', PROMOS, { token: w.tokens.admin })).json() as Json[];
    const status = Object.fromEntries(list.map((p) => [p.code, p.status]));
    // ONCE (limit 1) was used by the fixture's booking; VR10 has no limit and no dates.
    expect(status).toMatchObject({ OLD18: 'expired', LATER18: 'not_started', OFF18: 'inactive', ONCE: 'used_up', VR10: 'active' });
    expect((await h.call('GET', `/api/v2.1/promocodes/${expired.id}/`, { token: w.tokens.admin })).json().status).toBe('expired');
    // The same rule answers a booking: a used-up code is refused as such.
    const refused = await h.call('POST', '/api/v2.1/booking/', {
      token: w.tokens.staff, lang: 'en', body: bookingBody(w.pg.cube2, '2030-04-02 14:00', { promocode: 'once' }),
    });
    expect(refused.json()).toEqual({ promocode: ['The promo code has been used the maximum number of times.'] });
    for (const p of [expired, future, off]) expectStatus(await h.call('DELETE', `/api/v2.1/promocodes/${p.id}/`, { token: w.tokens.admin }), 204);
  });
});

describe('widget settings', () => {
  const URL = '/api/v2.1/locations/1/widget_settings/';
  it('reads and saves the payment hold and the customer cancel deadline, for administrators only', async () => {
    const read = await h.call('GET', URL, { token: w.tokens.admin });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ payment_minutes: 20, cancel_hours: 24, phone: '+74951234567', customer_cancel_hours: 24, customer_move_hours: 24, customer_late_cancel_keep_percent: 100 });
    const saved = await h.call('PUT', URL, { token: w.tokens.admin, body: { payment_minutes: 45, cancel_hours: 0 } });
    // A call with the spec's two fields keeps the venue's phone (#39).
    expect(saved.json()).toEqual({ payment_minutes: 45, cancel_hours: 0, phone: '+74951234567', customer_cancel_hours: 0, customer_move_hours: 24, customer_late_cancel_keep_percent: 100 });
    expect((await h.call('GET', URL, { token: w.tokens.admin })).json()).toEqual({ payment_minutes: 45, cancel_hours: 0, phone: '+74951234567', customer_cancel_hours: 0, customer_move_hours: 24, customer_late_cancel_keep_percent: 100 });
    const bad = await h.call('PUT', URL, { token: w.tokens.admin, lang: 'en', body: { payment_minutes: 0, cancel_hours: -1 } });
    expect(bad.json()).toEqual({ payment_minutes: ['Ensure this value is greater than or equal to 1.'], cancel_hours: ['Ensure this value is greater than or equal to 0.'] });
    // #39 The phone: empty for none, else a phone as the booking forms take it.
    const phone = await h.call('PUT', URL, { token: w.tokens.admin, lang: 'en', body: { payment_minutes: 45, cancel_hours: 0, phone: 'call us' } });
    expect(Object.keys(phone.json())).toEqual(['phone']);
    expect((await h.call('PUT', URL, { token: w.tokens.admin, body: { payment_minutes: 45, cancel_hours: 0, phone: '' } })).json().phone).toBe('');
    expect((await h.call('PUT', URL, { token: w.tokens.admin, body: { payment_minutes: 45, cancel_hours: 0, phone: '+74951234567' } })).json().phone).toBe('+74951234567');
    expect((await h.call('GET', URL, { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await h.call('PUT', URL, { token: w.tokens.manager, body: { payment_minutes: 5, cancel_hours: 1 } })).statusCode).toBe(403);
    expect((await h.call('GET', URL, { token: w.tokens.admin })).json()).toEqual({ payment_minutes: 45, cancel_hours: 0, phone: '+74951234567', customer_cancel_hours: 0, customer_move_hours: 24, customer_late_cancel_keep_percent: 100 });
  });
});
