// #46 The customer's own booking page through the public API: every booking has one (the desk's
// too), with what the page needs (the cut-offs, the refund by tender before a cancel, the calendar
// file, the map); cancel and move inside and outside the location's cut-offs; a dearer session's
// difference paid through the provider and a cheaper one's given back by tender; two moves racing
// for the last places give one; every change in the order log and activity log as the customer's.
// YooKassa is the local one of tests/providers (real HTTP), so refunds through it are real calls.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, playgrounds } from '../../server/db/schema';
import { orderKey } from '../../server/platform/orderLinks';
import { addDays } from '../../domain/businessDay';
import { ALL_DAYS, book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { item, scheduleBody } from './scheduleBuilders';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';

const NOTIFY = '/api/v2.1/payments/yookassa/notifications/';
const SHOP = { shop_id: '502346', secret_key: 'test_page_secret_AsD789' };

let h: Harness;
let w: World;
let yoo: LocalYooKassa;
/** Two playgrounds of one group ("Move A", "Move B": 4 places; 2000 a session from 10:00, 3000 from 18:00) and one of another group ("Elsewhere"). */
let moveA: number;
let moveB: number;
let elsewhere: number;
let day = 3;
let ip = 0;

const pub = (method: 'GET' | 'POST', url: string, body?: unknown) => h.app.inject({
  method, url, remoteAddress: `203.0.113.${(ip++ % 250) + 1}`, ...(body !== undefined ? { payload: body as object } : {}),
});
const keyOf = (id: number) => orderKey(h.config.widgetSecret, id);
const page = async (id: number, lang = 'en') => {
  const res = await pub('GET', `/api/public/orders/${keyOf(id)}/?lang=${lang}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const settings = (body: Json) => h.call('PUT', '/api/v2.1/locations/1/widget_settings/', { token: w.tokens.admin, body: { payment_minutes: 20, cancel_hours: 24, ...body } });

/** A desk booking of `persons` on a playground of the move group, `days` ahead at `time`. */
async function deskOrder(pg: number, time: string, over: Json = {}, days = day++) {
  return book(w, bookingBody(pg, `${addDays(w.today, days)} ${time}`, { persons: 2, email: 'page.guest@example.com', ...over }));
}

/** Paid `online` through a YooKassa link, settled by its notification. */
async function payOnline(id: number, amount: string) {
  const billed = await pay(w, id, { payment_type: 4, purchase: amount });
  expect(billed.statusCode, billed.body).toBe(201);
  const ext = (await getOrder(w, id)).payments.filter((p: Json) => p.payment_type === 4).at(-1).external_id as string;
  yoo.succeed(ext);
  expect((await h.call('POST', NOTIFY, { body: yoo.notification(ext) })).statusCode).toBe(200);
  return ext;
}
const refundCalls = () => yoo.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');

beforeAll(async () => {
  yoo = await startLocalYooKassa();
  yoo.shops.set(SHOP.shop_id, SHOP.secret_key);
  h = await createHarness({ config: { yookassaApiUrl: yoo.url, widgetBookingLimit: 500 } });
  w = await makeWorld(h);
  expect((await h.call('PUT', '/api/v2.1/locations/1/payment_provider/', { token: w.tokens.admin, body: { provider: 'yookassa', ...SHOP } })).statusCode).toBe(200);
  const db = h.database.db;
  const [a, b, c] = await db.insert(playgrounds).values([
    { locationId: 1, name: 'Move A', types: ['arena'], durationMinutes: 60, maxPlayers: 4 },
    { locationId: 1, name: 'Move B', types: ['arena'], durationMinutes: 60, maxPlayers: 4 },
    { locationId: 1, name: 'Elsewhere', types: ['arena'], durationMinutes: 60, maxPlayers: 4 },
  ]).returning();
  [moveA, moveB, elsewhere] = [a!.id, b!.id, c!.id];
  for (const [name, pgs] of [['Move group', [moveA, moveB]], ['Other group', [elsewhere]]] as const) {
    const group = await h.call('POST', '/api/v2.1/locations/1/groups/', { token: w.tokens.admin, body: { name } });
    expect(group.statusCode, group.body).toBe(201);
    for (const pg of pgs) expect((await h.call('PUT', `/api/v2.1/playgrounds/${pg}/group/`, { token: w.tokens.admin, body: { group: group.json().id } })).statusCode).toBe(200);
    const schedule = await h.call('POST', '/api/v2.1/schedule/', { token: w.tokens.admin, body: scheduleBody(1, group.json().id, {
      name, start_dt: addDays(w.today, -1),
      items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [
        { start: '10:00', session_price: '2000', prepayment: 0.5 }, { start: '18:00', session_price: '3000', prepayment: 0.5 }] })],
    }) });
    expect(schedule.statusCode, schedule.body).toBe(201);
  }
}, 60_000);
afterAll(async () => { await h.close(); await yoo.close(); });

describe('the page of every booking', () => {
  it('a desk booking has its page: the cut-offs, the refund preview, the calendar and map links, the language', async () => {
    const id = await deskOrder(moveA, '12:00', { language: 'en' });
    const o = await page(id);
    expect(o).toMatchObject({
      id, state: 'booked', persons: 2, playground: 'Move A', purchase: '2000.00', to_pay: '2000.00', can_cancel: true, can_move: true, language: 'en',
      refund_preview: { amount: '0.00', keeps: '0.00', parts: [] }, late_cancel_keep_percent: 100, can_pay: true, payment_url: null,
      location: { phone: '+74951234567' },
    });
    expect(o.move_until).toBe(`${o.date} 12:00`.replace(o.date, addDays(o.date, -1)));
    expect(o.calendar_url).toBe(`${h.config.publicUrl}/api/public/orders/${keyOf(id)}/calendar.ics`);
    expect(o.map_url).toBe('https://www.google.com/maps/search/?api=1&query=55.751244,37.618423');
    expect((await page(id, 'ru')).map_url).toBe('https://yandex.ru/maps/?pt=37.618423,55.751244&z=16&l=map');
    // A key of another order, or a forged one: nothing.
    expect((await pub('GET', `/api/public/orders/${id}-${'0'.repeat(32)}/`)).statusCode).toBe(404);
  });

  it('pay the rest: a link for what is owed; a second click answers the same link; nothing owed is refused', async () => {
    const id = await deskOrder(moveA, '13:00');
    const first = await pub('POST', `/api/public/orders/${keyOf(id)}/pay/?lang=en`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ pay_amount: '2000.00', can_pay: false });
    expect(first.json().payment_url).toMatch(/^http/);
    const again = await pub('POST', `/api/public/orders/${keyOf(id)}/pay/?lang=en`, {});
    expect(again.json().payment_url).toBe(first.json().payment_url);
    expect((await getOrder(w, id)).payments.filter((p: Json) => p.payment_type === 4)).toHaveLength(1);
    const ext = (await getOrder(w, id)).payments.find((p: Json) => p.payment_type === 4).external_id as string;
    yoo.succeed(ext);
    expect((await h.call('POST', NOTIFY, { body: yoo.notification(ext) })).statusCode).toBe(200);
    const paid = await pub('POST', `/api/public/orders/${keyOf(id)}/pay/?lang=en`, {});
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toEqual({ non_field_errors: ['Nothing is left to pay for this booking.'] });
  });
});

describe('cancel by the customer', () => {
  it('inside the cut-off: the preview says what goes back by which tender; the provider and the certificate money go back by themselves, the cash is owed at the venue', async () => {
    const id = await deskOrder(moveA, '14:00');
    expect((await pay(w, id, { payment_type: 2, purchase: '500.00' })).statusCode).toBe(201);
    expect((await pay(w, id, { payment_type: 3, purchase: '500.00', certificate: w.certs.active5000 })).statusCode).toBe(201);
    const ext = await payOnline(id, '1000.00');
    const before = await page(id);
    expect(before.state).toBe('paid');
    expect(before.refund_preview.amount).toBe('2000.00');
    expect(before.refund_preview.parts.map((p: Json) => [p.tender, p.amount, p.automatic])).toEqual([
      ['provider', '1000.00', true], ['certificate', '500.00', true], ['cash', '500.00', false]]);
    const calls = refundCalls().length;
    const cancelled = await pub('POST', `/api/public/orders/${keyOf(id)}/cancel/?lang=en`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refundCalls().slice(calls).map((c) => [c.body!.payment_id, c.body!.amount.value])).toEqual([[ext, '1000.00']]);
    const order = await getOrder(w, id);
    // The provider's and the certificate's money are back; the cash waits for the desk.
    expect(order).toMatchObject({ status: 4, paid: '500.00', to_refund: '500.00' });
    expect(order.payments.filter((p: Json) => Number(p.purchase) < 0).map((p: Json) => [p.payment_type, p.purchase]).sort()).toEqual([[1, '-1000.00'], [3, '-500.00']]);
    const log = (await comments(w, id)).map((e) => [e.type, e.data.by ?? null]);
    expect(log).toContainEqual(['cancelled', 'customer']);
    expect(log).toContainEqual(['refund_due', 'customer']);
    const [entry] = await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'order.cancelled'), eq(activityEntries.subject, `#${id}`)));
    expect(entry!.userId).toBeNull();
    expect(entry!.after).toMatchObject({ by: 'customer', refund: 'customer' });
  });

  it('after the cut-off: refused with the venue\'s phone; the page says what a late cancel keeps by the venue\'s rule', async () => {
    expect((await settings({ cancel_hours: 720, customer_late_cancel_keep_percent: 50 })).statusCode).toBe(200);
    try {
      const id = await deskOrder(moveA, '15:00');
      expect((await pay(w, id, { payment_type: 2, purchase: '2000.00' })).statusCode).toBe(201);
      const o = await page(id);
      expect(o).toMatchObject({ can_cancel: false, late_cancel_keep_percent: 50, refund_preview: { amount: '1000.00', keeps: '1000.00' } });
      const refused = await pub('POST', `/api/public/orders/${keyOf(id)}/cancel/?lang=en`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: ['A booking can be cancelled here up to 720 h before the session. Please call the venue: +74951234567.'] });
      expect((await getOrder(w, id)).status).not.toBe(4);
    } finally {
      expect((await settings({ customer_late_cancel_keep_percent: 100 })).statusCode).toBe(200);
    }
  });
});

describe('move by the customer', () => {
  it('the options: sessions of the same group with room, the difference; not the one it holds, not another group\'s', async () => {
    const id = await deskOrder(moveA, '11:00');
    const date = (await page(id)).date as string;
    const res = await pub('GET', `/api/public/orders/${keyOf(id)}/move_options/?date=${date}&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as Json[];
    expect(new Set(options.map((o) => o.playground_name))).toEqual(new Set(['Move A', 'Move B']));
    expect(options.find((o) => o.playground_id === moveA && o.session_dt === `${date} 11:00`)).toBeUndefined();
    expect(options.find((o) => o.playground_id === moveB && o.session_dt === `${date} 11:00`)).toMatchObject({ difference: '0.00', begin: '11:00', end: '12:00' });
    expect(options.find((o) => o.playground_id === moveB && o.session_dt === `${date} 19:00`)).toMatchObject({ difference: '1000.00' });
    // A date beyond what the widget sells: the widget's own refusal.
    const far = await pub('GET', `/api/public/orders/${keyOf(id)}/move_options/?date=${addDays(w.today, 400)}&lang=en`);
    expect(far.statusCode).toBe(400);
    expect(Object.keys(far.json())).toEqual(['date']);
    // Another group's playground: refused by name.
    const other = await pub('POST', `/api/public/orders/${keyOf(id)}/move/?lang=en`, { session_dt: `${date} 12:00`, playground_id: elsewhere });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ playground_id: ['A booking can be moved only to a session of the same playgrounds.'] });
  });

  it('to a dearer session: moved, and the difference is a payment link through the provider; the log and activity say the customer', async () => {
    const id = await deskOrder(moveA, '12:00');
    await payOnline(id, '2000.00');
    const date = (await page(id)).date as string;
    const moved = await pub('POST', `/api/public/orders/${keyOf(id)}/move/?lang=en`, { session_dt: `${date} 19:00`, playground_id: moveB });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ playground: 'Move B', begin: '19:00', purchase: '3000.00', paid: '2000.00', to_pay: '1000.00', pay_amount: '1000.00' });
    expect(moved.json().payment_url).toMatch(/^http/);
    const log = await comments(w, id);
    expect(log.find((e) => e.type === 'edited')!.data).toMatchObject({ by: 'customer', purchase: { from: '2000.00', to: '3000.00' } });
    expect(log.find((e) => e.type === 'bill' && e.data.purchase === '1000.00')!.data.by).toBe('customer');
    const [entry] = await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'order.moved'), eq(activityEntries.subject, `#${id}`)));
    expect(entry!.userId).toBeNull();
    expect(entry!.after).toMatchObject({ by: 'customer', session: `Move B ${date} 19:00` });
  });

  it('to a cheaper session: the difference goes back through the provider by itself', async () => {
    const id = await deskOrder(moveA, '19:00');
    const ext = await payOnline(id, '3000.00');
    const date = (await page(id)).date as string;
    const calls = refundCalls().length;
    const moved = await pub('POST', `/api/public/orders/${keyOf(id)}/move/?lang=en`, { session_dt: `${date} 12:00`, playground_id: moveA });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(refundCalls().slice(calls).map((c) => [c.body!.payment_id, c.body!.amount.value])).toEqual([[ext, '1000.00']]);
    expect(await getOrder(w, id)).toMatchObject({ purchase: '2000.00', paid: '2000.00', to_refund: '0.00' });
  });

  it('outside the move cut-off: refused with the phone; the page says it can no longer move', async () => {
    expect((await settings({ customer_move_hours: 720 })).statusCode).toBe(200);
    try {
      const id = await deskOrder(moveA, '16:00');
      const o = await page(id);
      expect(o).toMatchObject({ can_move: false, move_closes_in: null });
      const refused = await pub('POST', `/api/public/orders/${keyOf(id)}/move/?lang=en`, { session_dt: `${o.date} 17:00`, playground_id: moveA });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: ['A booking can be moved here up to 720 h before the session. Please call the venue: +74951234567.'] });
      const ru = await pub('GET', `/api/public/orders/${keyOf(id)}/move_options/?date=${o.date}&lang=ru`);
      expect(ru.json()).toEqual({ non_field_errors: ['Перенести бронь здесь можно не позднее чем за 720 ч до сеанса. Позвоните, пожалуйста, на площадку: +74951234567.'] });
    } finally {
      expect((await settings({ customer_move_hours: 24 })).statusCode).toBe(200);
    }
  });

  it('two moves racing for the last places give one', async () => {
    const days = day++;
    const date = addDays(w.today, days);
    // The target holds 2 of 4; two bookings of 2 each try to take the 2 left at once.
    await deskOrder(moveB, '20:00', {}, days);
    const x = await deskOrder(moveA, '10:00', {}, days);
    const y = await deskOrder(moveA, '11:00', {}, days);
    const [rx, ry] = await Promise.all([x, y].map((id) => pub('POST', `/api/public/orders/${keyOf(id)}/move/?lang=en`, { session_dt: `${date} 20:00`, playground_id: moveB })));
    expect([rx!.statusCode, ry!.statusCode].sort()).toEqual([200, 400]);
    const lost = rx!.statusCode === 400 ? rx! : ry!;
    expect(lost.json()).toEqual({ persons: ['Sorry, these places have just been taken. Choose another session or fewer persons.'] });
    const slots = await pub('GET', `/api/public/locations/1/slots/?date=${date}`);
    const target = (slots.json().playgrounds as Json[]).find((p) => p.id === moveB)!.sessions.find((s: Json) => s.time_start === `${date} 20:00`);
    expect(target).toBeUndefined(); // full: no longer on sale
  });
});
