// Multi-bookings (issue #5, server): several fully free sessions in one order, all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { locations, orderLogs, orderPlaysessions, orders, playgrounds } from '../../server/db/schema';
import { ruMessages } from '../../src/i18n/ru';
import { logSummary } from '../../src/pages/orders/orderLog';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, getOrder, makeWorld, pay, slotAt, type World } from './bookingFixture';

let h: Harness;
let w: World;
let arena: number;
const DAY = '2030-03-12'; // a Tuesday
const URL = '/api/v2.2/multibooking/';

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
  const [row] = await h.database.db.select().from(playgrounds).where(eq(playgrounds.name, 'Арена'));
  arena = row!.id;
});
afterAll(async () => { await h.close(); });

const body = (sessions: [number, string][], over: Record<string, unknown> = {}) => ({
  date: DAY, cost: '12000', persons: 4, name: 'Party', email: 'party@example.com', phone: '+79995550000', order_type: 1,
  location_id: 1, playsessions: sessions.map(([playground_id, t]) => ({ playground_id, session_dt: `${DAY} ${t}` })), ...over,
});

describe('POST /api/v2.2/multibooking/', () => {
  it('books every chosen session in one order and shows it on the slots', async () => {
    const res = await h.call('POST', URL, { token: w.tokens.manager, body: body([[w.pg.cube2, '10:00'], [w.pg.cube2, '11:00'], [arena, '10:00']]) });
    expect(res.statusCode, res.body).toBe(201);
    const { order_id } = res.json();
    const read = (await h.call('GET', `${URL}${order_id}/`, { token: w.tokens.manager })).json();
    expect(read.playsessions.map((p: { playground_id: number; session_dt: string }) => [p.playground_id, p.session_dt])).toEqual([
      [w.pg.cube2, `${DAY} 10:00`], [arena, `${DAY} 10:00`], [w.pg.cube2, `${DAY} 11:00`],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || Number(a[0]) - Number(b[0])));
    expect(read).toMatchObject({ multisession: true, persons: 4, purchase: '12000.00', status: 2 });
    expect((await slotAt(w, w.pg.cube2, `${DAY} 10:00`)).available_persons).toBe(0);
    expect((await slotAt(w, arena, `${DAY} 10:00`)).available_persons).toBe(6);
  });

  it('is all or nothing: a busy session refuses the whole order and books none of the others', async () => {
    const before = (await slotAt(w, w.pg.cube2, `${DAY} 12:00`)).available_persons;
    const res = await h.call('POST', URL, { token: w.tokens.manager, body: body([[w.pg.cube2, '12:00'], [w.pg.cube2, '11:00']]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ datetime_start: ['Free sessions not found for this event on this location at given time'] });
    expect((await slotAt(w, w.pg.cube2, `${DAY} 12:00`)).available_persons).toBe(before);
  });

  it('under a race over overlapping sets, exactly one order wins and no order is partial', async () => {
    const sets: [number, string][][] = Array.from({ length: 8 }, (_, i) => [[w.pg.cube2, '15:00'], [w.pg.cube2, `${16 + (i % 3)}:00`]]);
    const results = await Promise.all(sets.map((s) => h.call('POST', URL, { token: w.tokens.manager, body: body(s) })));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.statusCode).toBe(400);
    const winner = ok[0]!.json().order_id as number;
    const links = await h.database.db.select().from(orderPlaysessions).where(eq(orderPlaysessions.orderId, winner));
    expect(links).toHaveLength(2);
    // Only the winner holds the shared 15:00 session; the losers left no orders behind.
    const slot = await slotAt(w, w.pg.cube2, `${DAY} 15:00`);
    expect(slot.orders.map((o: { id: number }) => o.id)).toEqual([winner]);
  });

  it('answers the form\'s validation messages', async () => {
    const res = await h.call('POST', URL, { token: w.tokens.manager, lang: 'en', body: { ...body([]), cost: '12,5x', persons: 'four', email: '', phone: '8-800-x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      cost: ['Enter the cost: digits with a comma or dot.'],
      persons: ['Enter the number of persons in digits.'],
      email: ['Enter a valid email address.'],
      phone: ['Digits only, with an optional leading plus'],
      playsessions: ['Choose at least one session.'],
    });
    const noDate = await h.call('POST', URL, { token: w.tokens.manager, lang: 'en', body: body([[w.pg.cube2, '19:00']], { date: null }) });
    expect(noDate.json()).toEqual({ date: ['This field is required.'] });
  });

  it('needs the multibooking permission', async () => {
    const res = await h.call('POST', URL, { token: w.tokens.staff, lang: 'en', body: body([[w.pg.cube2, '19:00']]) });
    expect(res.statusCode).toBe(403);
  });

  it('offers event orders only with a package, and only where events are sold', async () => {
    const noPackage = await h.call('POST', URL, { token: w.tokens.admin, lang: 'en', body: body([[w.pg.cube2, '20:00']], { order_type: 4 }) });
    expect(noPackage.json()).toEqual({ event_type_id: ['Choose an event package.'] });
    const packages = (await h.call('GET', `/api/v2.2/locations/1/events_packages/?date=${DAY}`, { token: w.tokens.admin })).json();
    expect(packages.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([['День рождения', '15000.00'], ['Тимбилдинг', '30000.00']]);
    const event = await h.call('POST', URL, { token: w.tokens.admin, body: body([[w.pg.cube2, '20:00']], { order_type: 4, event_type_id: packages[0].id, cost: '15000' }) });
    expect(event.statusCode, event.body).toBe(201);
    expect((await slotAt(w, w.pg.cube2, `${DAY} 20:00`)).event).toBe(true);
    // Location 3 is neither a park nor sells events.
    const lounge = await h.call('POST', URL, { token: w.tokens.admin, lang: 'en', body: { ...body([]), location_id: 3, order_type: 4, event_type_id: packages[0].id, playsessions: [{ playground_id: w.pg.cube2, session_dt: `${DAY} 21:00` }] } });
    expect(lounge.json()).toEqual({ order_type: ['This location sells no events.'] });
  });
});

describe('POST /api/v2.2/multibooking/{id}/update_part/', () => {
  it('drops a session (its places come back) and logs the change; a busy new session changes nothing', async () => {
    const created = await h.call('POST', URL, { token: w.tokens.manager, body: body([[w.pg.cube2, '13:00'], [arena, '13:00']], { persons: 2 }) });
    const id = created.json().order_id as number;
    const res = await h.call('POST', `${URL}${id}/update_part/`, { token: w.tokens.manager, body: body([[arena, '13:00']], { persons: 2 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await slotAt(w, w.pg.cube2, `${DAY} 13:00`)).available_persons).toBe(4);
    const log = (await h.call('GET', `/api/v2.1/booking/${id}/comments/`, { token: w.tokens.manager })).json();
    expect(log.map((e: { type: string }) => e.type)).toEqual(['created', 'edited']);
    // 10:00 on Куб 2 is taken by the first test's order: the whole update is refused.
    const busy = await h.call('POST', `${URL}${id}/update_part/`, { token: w.tokens.manager, body: body([[arena, '13:00'], [w.pg.cube2, '10:00']], { persons: 2 }) });
    expect(busy.statusCode).toBe(400);
    const links = await h.database.db.select().from(orderPlaysessions).where(eq(orderPlaysessions.orderId, id));
    expect(links).toHaveLength(1);
    const [order] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.multisession).toBe(true);
  });
});

describe('the order log of a multi-booking', () => {
  const D = '2030-03-13'; // a day no other test here books
  const at = (playground_id: number, t: string) => ({ playground_id, session_dt: `${D} ${t}` });

  it('names every session by time and playground, and what an edit added, removed and changed; old entries get names when read', async () => {
    const created = await h.call('POST', URL, { token: w.tokens.manager, body: body([], { date: D, persons: 2, playsessions: [at(w.pg.cube2, '10:00'), at(arena, '10:00')] }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order_id as number;
    const edited = await h.call('POST', `${URL}${id}/update_part/`, {
      token: w.tokens.manager, body: body([], { date: D, persons: 3, cost: '9000', playsessions: [at(arena, '10:00'), at(w.pg.cube2, '11:00')] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // An entry as multi-bookings were logged before: ids and counts only.
    await h.database.db.insert(orderLogs).values({ orderId: id, type: 'edited', data: { sessions: [at(arena, '10:00')], removed: 1, added: 1, purchase: '9000.00' } });

    const log = (await h.call('GET', `/api/v2.1/booking/${id}/comments/`, { token: w.tokens.manager })).json() as { type: string; text: string; data: Record<string, unknown> }[];
    expect(log.map((e) => e.type)).toEqual(['created', 'edited', 'edited']);
    const named = (pg: number, name: string, t: string) => ({ ...at(pg, t), playground_name: name });
    expect(log[0]!.data).toEqual({
      sessions: [named(w.pg.cube2, 'Куб 2', '10:00'), named(arena, 'Арена', '10:00')].sort((a, b) => a.playground_id - b.playground_id),
      persons: 2, order_type: 1, purchase: '12000.00', multisession: true,
    });
    expect(log[1]!.data).toEqual({
      persons: { from: 2, to: 3 }, purchase: { from: '12000.00', to: '9000.00' },
      sessions_added: [named(w.pg.cube2, 'Куб 2', '11:00')], sessions_removed: [named(w.pg.cube2, 'Куб 2', '10:00')],
    });
    expect(log[2]!.data).toMatchObject({ sessions: [named(arena, 'Арена', '10:00')], removed: 1, added: 1 });

    // What the order page makes of them in Russian.
    const i18n = polyglotI18nProvider(() => ruMessages as TranslationMessages, 'ru', [], { allowMissing: false });
    const text = (e: (typeof log)[number]) => logSummary(e, (k, o) => i18n.translate(k, o), (v) => `${v} RUB`);
    expect(text(log[0]!)).toContain('сеансы: 13.03.2030 10:00 (');
    expect(text(log[1]!)).toBe('добавлены сеансы: 13.03.2030 11:00 (Куб 2); убраны сеансы: 13.03.2030 10:00 (Куб 2); гостей: 2 → 3; цена: 12000.00 RUB → 9000.00 RUB');
    expect(text(log[2]!)).toBe('сеансы: 13.03.2030 10:00 (Арена); добавлено сеансов: 1; убрано сеансов: 1; цена: 9000.00 RUB');
  });
});

// #28 GAPS: an inactive location takes no new bookings (single, multi); its orders are still
// edited, paid and cancelled. Last in the file: it switches location 1 off and back on.
describe('an inactive location', () => {
  it('refuses new single and multi bookings in ru and en, and still edits, pays and cancels its orders', async () => {
    const kept = await book(w, bookingBody(w.pg.cube2, `${DAY} 19:00`, { persons: 2 }));
    const count = async () => (await h.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await count();
    const setActive = (on: boolean) => h.database.db.update(locations).set({ isActive: on }).where(eq(locations.id, 1));
    await setActive(false);
    try {
      const single = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.manager, lang: 'en', body: bookingBody(w.pg.cube2, `${DAY} 20:00`) });
      expect(single.statusCode).toBe(400);
      expect(single.json()).toEqual({ non_field_errors: ['This location is not active: it takes no bookings.'] });
      const multi = await h.call('POST', URL, { token: w.tokens.manager, body: body([[w.pg.cube2, '20:00']]) });
      expect(multi.json()).toEqual({ non_field_errors: ['Локация не работает: бронирование закрыто.'] });
      expect(await count()).toBe(before);

      const edited = await h.call('PUT', `/api/v2.1/booking/${kept}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, `${DAY} 19:00`, { persons: 3 }) });
      expect(edited.statusCode, edited.body).toBe(200);
      const order = await getOrder(w, kept);
      expect(order.persons).toBe(3);
      expect((await pay(w, kept, { payment_type: 2, purchase: order.purchase })).statusCode).toBe(201);
      expect((await h.call('DELETE', `/api/v2.1/booking/${kept}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    } finally {
      await setActive(true);
    }
  });
});
