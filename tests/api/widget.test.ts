// The customer booking widget's public calls: what they show (and never show), booking with online
// prepayment, holds while paying, the abandoned payment's release, the customer's page and cancel,
// rate limits and validation in the customer's language.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentTexts, jobs, locations, orderConsents, orders, playgrounds } from '../../server/db/schema';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { orderKey } from '../../server/platform/orderLinks';
import { ALL_DAYS, bookingBody, makeWorld, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { item, scheduleBody } from './scheduleBuilders';
import { addDays } from '../../domain/businessDay';

let h: Harness;
let w: World;
/** "Widget hall" (4 places): hourly 10:00-22:00 from today, 2000 a session, half paid online. */
let hall: number;
/** "Pay later room" (4 places): hourly, 1000 a session, nothing paid online. */
let later: number;
let group: number;
let ipCount = 0;

/** A public call from its own client address (the rate limits count per address). */
function pub(method: 'GET' | 'POST', url: string, o: { body?: unknown; lang?: string; ip?: string } = {}) {
  return h.app.inject({
    method, url, remoteAddress: o.ip ?? `198.51.100.${(ipCount++ % 250) + 1}`,
    headers: o.lang ? { 'accept-language': o.lang } : {},
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
}

const customer = (over: Record<string, unknown> = {}) => ({
  name: 'Ольга Покупатель', phone: '+79161234567', email: 'olga@example.com', persons: 2, promocode: '', personal_data_consent: true, ...over,
});

async function book(playgroundId: number, sessionDt: string, over: Record<string, unknown> = {}, lang = 'ru') {
  return pub('POST', `/api/public/locations/1/bookings/?lang=${lang}`, { body: customer({ playground_id: playgroundId, session_dt: sessionDt, ...over }) });
}

/** The sandbox provider's callback, signed as the provider signs it. */
async function providerSays(paymentUrl: string, outcome: 'paid' | 'declined') {
  const body = JSON.stringify({ external_id: `sandbox-${paymentUrl.split('/').pop()}`, outcome });
  const res = await h.app.inject({
    method: 'POST', url: '/api/v2.1/payments/sandbox/callback/', payload: body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(h.config.paymentSandboxSecret, body) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
}

async function freePlaces(playgroundId: number, sessionDt: string): Promise<number> {
  const res = await pub('GET', `/api/public/locations/1/slots/?date=${sessionDt.slice(0, 10)}`);
  expect(res.statusCode, res.body).toBe(200);
  const pg = (res.json().playgrounds as Json[]).find((p) => p.id === playgroundId)!;
  return (pg.sessions as Json[]).find((s) => s.time_start === sessionDt)?.available_persons ?? 0;
}

beforeAll(async () => {
  h = await createHarness({ config: { widgetBookingLimit: 5, widgetCouponLimit: 5 } });
  w = await makeWorld(h);
  const db = h.database.db;
  const [a, b] = await db.insert(playgrounds).values([
    { locationId: 1, name: 'Widget hall', types: ['arena'], durationMinutes: 60, maxPlayers: 4 },
    { locationId: 1, name: 'Pay later room', types: ['arena'], durationMinutes: 60, maxPlayers: 4 },
  ]).returning();
  hall = a!.id;
  later = b!.id;
  const post = async (url: string, body: unknown) => {
    const res = await h.call('POST', url, { token: w.tokens.admin, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };
  const schedule = async (name: string, pg: number, price: string, prepayment: number) => {
    const g = (await post('/api/v2.1/locations/1/groups/', { name })).id as number;
    const res = await h.call('PUT', `/api/v2.1/playgrounds/${pg}/group/`, { token: w.tokens.admin, body: { group: g } });
    expect(res.statusCode, res.body).toBe(200);
    await post('/api/v2.1/schedule/', scheduleBody(1, g, {
      name, start_dt: addDays(w.today, -1),
      items: [item({ begin: '10:00', end: '22:00', duration: 60, day_types: ALL_DAYS, pricing: [{ start: '10:00', session_price: price, prepayment }] })],
    }));
    return g;
  };
  group = await schedule('Widget hall', hall, '2000', 0.5);
  await schedule('Pay later', later, '1000', 0);
});
afterAll(async () => { await h.close(); });

// Dates 20+ days ahead: no demo order there, early booking (14+ days, 5 %) applies.
const day = (n: number) => addDays(w.today, 20 + n);

describe('public reading', () => {
  it('the location, its sessions and games, with nothing private', async () => {
    const loc = await pub('GET', '/api/public/locations/1/?lang=en');
    expect(loc.statusCode, loc.body).toBe(200);
    // #40 An English customer reads the location's English name and address, a Russian one the Russian.
    expect((await pub('GET', '/api/public/locations/1/?lang=ru')).json()).toMatchObject({ name: 'VR Арена Москва', address: 'ул. Тверская, 1' });
    expect(loc.json()).toMatchObject({ id: 1, name: 'VR Arena Moscow', address: '1 Tverskaya St', today: w.today, payment_minutes: 20, cancel_hours: 24, currency: { code: 'RUB' } });
    expect(Object.keys(loc.json()).sort()).toEqual(['address', 'cancel_hours', 'currency', 'group', 'id', 'last_date', 'name', 'payment_minutes',
      'personal_data_consent', 'phone', 'privacy_policy_url', 'today']);

    // A day with demo orders (tomorrow) on every playground: the answer names no customer, staff or order.
    const res = await pub('GET', `/api/public/locations/1/slots/?date=${addDays(w.today, 1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = res.body;
    for (const word of ['phone', 'email', '@', 'orders', 'staff', 'seller', 'comment', 'name":"Иван', 'paid', 'purchase', 'session_id', 'uuid']) {
      expect(text).not.toContain(word);
    }
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['currency', 'date', 'playgrounds']);
    const pg = (json.playgrounds as Json[]).find((p) => p.id === hall)!;
    expect(Object.keys(pg).sort()).toEqual(['id', 'max_players', 'name', 'sessions']);
    expect(Object.keys(pg.sessions[0]).sort()).toEqual(['available_persons', 'begin', 'end', 'personal_price', 'prepayment', 'session_price', 'time_start']);
    expect(pg.sessions[0]).toMatchObject({ begin: '10:00', session_price: '2000.00', personal_price: null, prepayment: '0.50', available_persons: 4 });
    // Every listed session has places and has not begun.
    for (const p of json.playgrounds as Json[]) for (const s of p.sessions) expect(s.available_persons).toBeGreaterThan(0);

    const games = await pub('GET', '/api/public/locations/1/games/');
    expect(games.statusCode).toBe(200);
    expect(Object.keys(games.json()[0]).sort()).toEqual(['id', 'name']);
  });

  it('scoped by group; unknown or inactive locations and foreign groups are 404; the past and the far future are refused', async () => {
    const scoped = await pub('GET', `/api/public/locations/1/slots/?date=${day(0)}&group=${group}`);
    expect((scoped.json().playgrounds as Json[]).map((p) => p.id)).toEqual([hall]);
    expect((await pub('GET', '/api/public/locations/4/')).statusCode).toBe(404);
    expect((await pub('GET', '/api/public/locations/999/slots/?date=2030-01-01')).statusCode).toBe(404);
    expect((await pub('GET', `/api/public/locations/2/?group=${group}`)).statusCode).toBe(404);
    const past = await pub('GET', `/api/public/locations/1/slots/?date=${addDays(w.today, -1)}&lang=en`);
    expect(past.statusCode).toBe(400);
    expect(past.json().date[0]).toMatch(/^Choose a date from /);
    expect((await pub('GET', `/api/public/locations/1/slots/?date=${addDays(w.today, 91)}`)).statusCode).toBe(400);
  });

  it('a staff order cannot be read with a made-up key; the staff API still needs a token', async () => {
    expect((await pub('GET', '/api/public/orders/1-00000000000000000000000000000000/')).statusCode).toBe(404);
    expect((await pub('GET', '/api/public/orders/garbage/')).statusCode).toBe(404);
    expect((await pub('GET', `/api/v2.1/playgrounds/${hall}/schedule/?date=${day(0)}&orders=1`)).statusCode).toBe(401);
  });
});

describe('price preview', () => {
  it('has every discount of the staff form: early booking, group, promo code; and the share due now', async () => {
    const price = async (body: Record<string, unknown>) => {
      const res = await pub('POST', '/api/public/locations/1/price/?lang=en', { body: { playground_id: hall, session_dt: `${day(0)} 12:00`, persons: 2, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // 2000, early booking 5 %.
    expect(await price({})).toMatchObject({ cost: '2000.00', discount: '100.00', purchase: '1900.00', prepayment: '0.50', due_now: '950.00', pay_at_venue: '950.00', game_required: false });
    // All 4 places: group discount 10 % too.
    expect(await price({ persons: 4 })).toMatchObject({ discount: '300.00', purchase: '1700.00', due_now: '850.00' });
    // VR10: 10 % more.
    expect(await price({ promocode: 'vr10' })).toMatchObject({ discount: '300.00', purchase: '1700.00' });
    const bad = await pub('POST', '/api/public/locations/1/price/?lang=en', { body: { playground_id: hall, session_dt: `${day(0)} 12:00`, persons: 2, promocode: 'SPRING' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().promocode[0]).toMatch(/^The promo code expired on/);
    // A playground of another location is not a choice here.
    const foreign = await pub('POST', '/api/public/locations/1/price/', { body: { playground_id: w.pg.foreign, session_dt: `${day(0)} 12:00`, persons: 1 } });
    expect(foreign.json()).toEqual({ playground_id: ['Недопустимый вариант.'] });
  });
});

describe('booking with prepayment', () => {
  it('holds the places while the customer pays; nobody can take them; the payment confirms and the letter links to the page', async () => {
    const dt = `${day(1)} 15:00`;
    const res = await book(hall, dt, { persons: 4 }, 'en');
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(Object.keys(made).sort()).toEqual(['due_now', 'key', 'order', 'payment_url']);
    expect(made.due_now).toBe('850.00');
    expect(made.payment_url).toMatch(/^http:\/\/backoffice\.test\/sandbox\/pay\/[0-9a-f]{32}$/);
    expect(made.order).toMatchObject({ state: 'awaiting_payment', persons: 4, purchase: '1700.00', paid: '0.00', to_pay: '1700.00', begin: '15:00', end: '16:00', playground: 'Widget hall', can_cancel: true, pay_amount: '850.00' });
    expect(made.order).not.toHaveProperty('phone');
    expect(made.order).not.toHaveProperty('email');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, made.order.id));
    expect(row).toMatchObject({ source: 'widget', status: 2, staffUserId: null, cancelDelay: 20, language: 'en', phone: '+79161234567' });

    // Sold out while the first customer pays: the next one is told in their language.
    expect(await freePlaces(hall, dt)).toBe(0);
    const late = await book(hall, dt, { persons: 1, name: 'Second' }, 'ru');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ persons: ['Извините, эти места только что заняли. Выберите другой сеанс или меньше гостей.'] });
    const lateEn = await book(hall, dt, { persons: 1 }, 'en');
    expect(lateEn.json()).toEqual({ persons: ['Sorry, these places have just been taken. Choose another session or fewer persons.'] });

    // #40 The held booking's letter at once: the payment link, the amount, the hold's end, the session, the venue's phone, the page.
    await h.runJobs();
    const heldLetters = h.letters.filter((l) => l.to === 'olga@example.com');
    expect(heldLetters).toHaveLength(1);
    const held = heldLetters[0]!;
    const holdEnd = made.order.hold_until.slice(0, 10).split('-').reverse().join('.') + made.order.hold_until.slice(10);
    expect(held.subject).toBe(`Booking №${made.order.id} at VR Arena Moscow: please pay by ${holdEnd}`);
    expect(held.text).toContain(`Your places at VR Arena Moscow are held until ${holdEnd}. To confirm the booking, pay 850.00\u00a0₽ online:\n${made.payment_url}\n`);
    expect(held.text).toContain(`Date and time: ${day(1).split('-').reverse().join('.')}, 15:00–16:00\nPlayground: Widget hall\nPersons: 4\n`);
    expect(held.text).toContain('Price: 1,700.00\u00a0₽');
    expect(held.text).toContain('Venue phone: +74951234567');
    expect(held.text).toContain(`http://backoffice.test/widget/order/${made.key}?lang=en`);
    // The prepayment (half) arrives: booked, the confirmation with the link (as before).
    expect(await providerSays(made.payment_url, 'paid')).toBe('settled');
    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'olga@example.com' && l !== held)!;
    expect(letter.subject).toBe(`Booking №${made.order.id} at VR Arena Moscow is confirmed`);
    expect(letter.text).toContain(`Date and time: ${day(1).split('-').reverse().join('.')}, 15:00–16:00`);
    expect(letter.text).toContain('Persons: 4');
    expect(letter.text).toContain('Paid online: 850.00\u00a0₽');
    expect(letter.text).toContain('To pay at the venue: 850.00\u00a0₽');
    expect(letter.text).toContain(`http://backoffice.test/widget/order/${made.key}?lang=en`);
    expect(letter.text).toContain('Venue phone: +74951234567\nSee you soon!');
    // Paid: no second payment link goes out.
    expect(h.letters.filter((l) => l.to === 'olga@example.com')).toHaveLength(2);

    const page = await pub('GET', `/api/public/orders/${made.key}/?lang=en`);
    expect(page.json()).toMatchObject({ state: 'booked', paid: '850.00', to_pay: '850.00', payment_url: null });
    // Staff see the payment on the order.
    const staff = await h.call('GET', `/api/v2.2/orders/${made.order.id}/`, { token: w.tokens.staff });
    expect(staff.json()).toMatchObject({ source: 'widget', paid: '850.00', status: 2 });
    // The auto-cancel of a paid order does nothing, and places stay taken.
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'order.auto_cancel'));
    await h.runJobs();
    expect(await freePlaces(hall, dt)).toBe(0);
  });

  it('an abandoned payment frees the places after the delay; its late payment takes no places back and is owed back', async () => {
    const dt = `${day(2)} 16:00`;
    const first = (await book(hall, dt, { persons: 3, email: 'slow@example.com' })).json();
    expect(await freePlaces(hall, dt)).toBe(1);
    // Not before the delay.
    await h.runJobs();
    expect(await freePlaces(hall, dt)).toBe(1);
    // The delay passes (20 minutes at this location).
    await h.database.db.update(jobs).set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'order.auto_cancel'), sql`${jobs.payload}->>'orderId' = ${String(first.order.id)}`));
    await h.runJobs();
    expect(await freePlaces(hall, dt)).toBe(4);
    expect((await pub('GET', `/api/public/orders/${first.key}/`)).json()).toMatchObject({ state: 'cancelled', can_cancel: false, payment_url: null });

    const second = await book(hall, dt, { persons: 4, email: 'quick@example.com' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await providerSays(first.payment_url, 'paid')).toBe('late');
    expect(await freePlaces(hall, dt)).toBe(0);
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(row).toMatchObject({ status: 4, paid: first.due_now });
    // The customer's page: cancelled, nothing to pay, the money to be returned (#25).
    expect((await pub('GET', `/api/public/orders/${first.key}/`)).json()).toMatchObject({ state: 'cancelled', to_pay: '0.00', to_refund: first.due_now });
  });

  it('many customers at once for the last places: never more than the session holds', async () => {
    const dt = `${day(3)} 17:00`;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => book(hall, dt, { persons: 1 + (i % 2), name: `Racer ${i}` })));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok.reduce((n, r) => n + r.json().order.persons, 0)).toBeLessThanOrEqual(4);
    expect(ok.reduce((n, r) => n + r.json().order.persons, 0)).toBeGreaterThanOrEqual(3);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(Object.keys(r.json())).toEqual(['persons']);
  });

  it('nothing due now: booked at once, letter sent, no payment link and no auto-cancel', async () => {
    const dt = `${day(1)} 11:00`;
    const res = await book(later, dt, { persons: 1, email: 'later@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made.payment_url).toBeNull();
    expect(made.due_now).toBe('0.00');
    expect(made.order).toMatchObject({ state: 'booked', purchase: '950.00', to_pay: '950.00' });
    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'later@example.com')!;
    expect(letter.subject).toBe(`Бронь №${made.order.id} в VR Арена Москва подтверждена`);
    // #42 Nothing paid online: "pay at the venue", no "paid online: 0".
    expect(letter.text).toContain('Оплата на месте: 950,00\u00a0₽');
    expect(letter.text).not.toContain('Оплачено онлайн');
    const autoCancels = await h.database.db.select().from(jobs)
      .where(and(eq(jobs.kind, 'order.auto_cancel'), sql`${jobs.payload}->>'orderId' = ${String(made.order.id)}`));
    expect(autoCancels).toHaveLength(0);
  });

  it('a per-person session needs a game', async () => {
    const dt = `${day(4)} 15:00`;
    const res = await book(w.pg.cube1, dt, { persons: 1 }, 'en');
    expect(res.json()).toEqual({ game_id: ['Choose a game: this session is priced per person.'] });
    const ok = await book(w.pg.cube1, dt, { persons: 1, game_id: Object.values(w.games)[0] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order.game).toMatchObject({ id: Object.values(w.games)[0] });
  });
});

describe('the customer page', () => {
  it('cancels before the deadline; too late is refused with the hours; a wrong key is 404', async () => {
    const made = (await book(later, `${day(5)} 12:00`, { persons: 2 })).json();
    // #39 The venue's phone, and the seconds until the offer to cancel ends (the deadline, 24 h before the session).
    const view = (await pub('GET', `/api/public/orders/${made.key}/`)).json();
    expect(view.location.phone).toBe('+74951234567');
    const deadline = Date.parse(`${day(5)}T12:00:00+03:00`) - 24 * 3600_000;
    expect(Math.abs(view.cancel_closes_in - (deadline - Date.now()) / 1000)).toBeLessThan(120);
    const cancel = await pub('POST', `/api/public/orders/${made.key}/cancel/?lang=en`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ state: 'cancelled', can_cancel: false });
    expect(await freePlaces(later, `${day(5)} 12:00`)).toBe(4);
    const again = await pub('POST', `/api/public/orders/${made.key}/cancel/?lang=en`);
    expect(again.json()).toEqual({ non_field_errors: ['This booking has already been cancelled.'] });

    // A deadline further away than the session: too late.
    await h.database.db.update(locations).set({ customerCancelHours: 24 * 60 }).where(eq(locations.id, 1));
    try {
      const kept = (await book(later, `${day(5)} 13:00`, { persons: 1 })).json();
      expect(kept.order.can_cancel).toBe(false);
      expect(kept.order.cancel_closes_in).toBeNull();
      const refused = await pub('POST', `/api/public/orders/${kept.key}/cancel/`, { lang: 'ru' });
      expect(refused.statusCode).toBe(400);
      // "Call the venue" with the venue's phone (#39).
      expect(refused.json()).toEqual({ non_field_errors: ['Отменить бронь здесь можно не позднее чем за 1440 ч до сеанса. Позвоните, пожалуйста, на площадку: +74951234567.'] });
    } finally {
      await h.database.db.update(locations).set({ customerCancelHours: 24 }).where(eq(locations.id, 1));
    }
    const forged = made.key.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'));
    expect((await pub('GET', `/api/public/orders/${forged}/`)).statusCode).toBe(404);
  });
});

describe('a declined payment and the hold', () => {
  it('says the payment was declined, offers a fresh link until the hold ends, and the new link confirms the booking', async () => {
    const dt = `${day(6)} 15:00`;
    const made = (await book(hall, dt, { persons: 2, email: 'declined@example.com' }, 'en')).json();
    expect(made.order).toMatchObject({ state: 'awaiting_payment', hold_until: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) });
    expect(await providerSays(made.payment_url, 'declined')).toBe('settled');
    const page = (await pub('GET', `/api/public/orders/${made.key}/?lang=en`)).json();
    // Not "confirmed": declined, nothing paid, the places still held, a way to pay again.
    expect(page).toMatchObject({ state: 'payment_declined', paid: '0.00', payment_url: null, can_cancel: true, hold_until: made.order.hold_until });
    // "Pay again" charges the prepayment, not the price, and says so (#25).
    expect(made.due_now).not.toBe(page.to_pay);
    expect(made.order.pay_amount).toBe(made.due_now);
    expect(page.pay_amount).toBe(made.due_now);
    expect(await freePlaces(hall, dt)).toBe(2);

    // Two clicks at once make one new link.
    const [again, twice] = await Promise.all([
      pub('POST', `/api/public/orders/${made.key}/pay/?lang=en`), pub('POST', `/api/public/orders/${made.key}/pay/?lang=en`),
    ]);
    const ok = [again, twice].filter((r) => r.statusCode === 200);
    expect(ok, `${again.body} ${twice.body}`).toHaveLength(1);
    expect([again, twice].find((r) => r.statusCode !== 200)!.json()).toEqual({ non_field_errors: ['This booking is not waiting for a new payment.'] });
    const fresh = ok[0]!.json();
    expect(fresh).toMatchObject({ state: 'awaiting_payment', hold_until: made.order.hold_until, pay_amount: made.due_now });
    expect(fresh.payment_url).toMatch(/\/sandbox\/pay\/[0-9a-f]{32}$/);
    expect(fresh.payment_url).not.toBe(made.payment_url);
    expect(await providerSays(fresh.payment_url, 'paid')).toBe('settled');
    expect((await pub('GET', `/api/public/orders/${made.key}/`)).json()).toMatchObject({ state: 'booked', paid: made.due_now });
    await h.runJobs();
    expect(h.letters.find((l) => l.to === 'declined@example.com')?.subject).toBe(`Booking №${made.order.id} at VR Arena Moscow is confirmed`);
  });

  it('when the hold ends the booking is released and the customer gets a letter; paying again is refused', async () => {
    const dt = `${day(6)} 16:00`;
    const made = (await book(hall, dt, { persons: 3, email: 'expired@example.com' }, 'ru')).json();
    expect(await providerSays(made.payment_url, 'declined')).toBe('settled');
    await h.database.db.update(jobs).set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'order.auto_cancel'), sql`${jobs.payload}->>'orderId' = ${String(made.order.id)}`));
    await h.runJobs();
    expect(await freePlaces(hall, dt)).toBe(4);
    expect((await pub('GET', `/api/public/orders/${made.key}/`)).json()).toMatchObject({ state: 'cancelled', cancelled_by: 'expired', can_cancel: false });
    const letter = h.letters.find((l) => l.to === 'expired@example.com')!;
    expect(letter.subject).toBe(`Бронь №${made.order.id} в VR Арена Москва отменена`);
    expect(letter.text).toContain('не поступила за 20 мин');
    expect(letter.text).toContain('Деньги не списаны.');
    const late = await pub('POST', `/api/public/orders/${made.key}/pay/?lang=en`);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ non_field_errors: ['This booking has already been cancelled.'] });
    // A booking that was never declined has no second link.
    const waiting = (await book(hall, `${day(6)} 17:00`, { persons: 1 })).json();
    expect((await pub('POST', `/api/public/orders/${waiting.key}/pay/?lang=en`)).json())
      .toEqual({ non_field_errors: ['This booking is not waiting for a new payment.'] });
  });
});

describe('the customer cancels a prepaid booking', () => {
  it('is recorded as the customer\'s, leaves the money to refund with a letter, and staff record the refund once', async () => {
    const dt = `${day(7)} 15:00`;
    const made = (await book(hall, dt, { persons: 1, email: 'prepaid@example.com' }, 'en')).json();
    expect(await providerSays(made.payment_url, 'paid')).toBe('settled');
    const cancel = await pub('POST', `/api/public/orders/${made.key}/cancel/?lang=en`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A cancelled order has nothing to pay and no pay button; what it holds is to refund (#25).
    expect(cancel.json()).toMatchObject({ state: 'cancelled', cancelled_by: 'customer', paid: made.due_now, to_pay: '0.00', to_refund: made.due_now, payment_url: null, pay_amount: null, hold_until: null, can_cancel: false });

    // The order's money fields stay true: nothing more to pay, the prepayment to refund.
    const order = (await h.call('GET', `/api/v2.2/orders/${made.order.id}/`, { token: w.tokens.admin })).json();
    expect(order).toMatchObject({ status: 4, paid: made.due_now, need_paid: '0.00', to_refund: made.due_now });
    const log = (await h.call('GET', `/api/v2.1/booking/${made.order.id}/comments/`, { token: w.tokens.admin })).json() as Json[];
    const types = log.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['cancelled', 'refund_due']));
    expect(log.find((e) => e.type === 'cancelled')!.data).toMatchObject({ by: 'customer' });
    // The customer's own steps say so: the booking and its payment link had no staff author.
    expect(log.find((e) => e.type === 'created')!.data).toMatchObject({ by: 'customer' });
    expect(log.find((e) => e.type === 'bill')!.data).toMatchObject({ by: 'customer' });
    expect(log.find((e) => e.type === 'refund_due')!.data).toMatchObject({ amount: made.due_now, by: 'customer' });
    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'prepaid@example.com' && l.subject.includes('cancelled'))!;
    expect(letter.subject).toBe(`Booking №${made.order.id} at VR Arena Moscow is cancelled`);
    expect(letter.text).toContain('You cancelled your booking');
    expect(letter.text).toContain('will be returned to you');

    // Staff record the refund (online, back through the provider): once.
    const refund = await h.call('POST', `/api/v2.2/orders/${made.order.id}/refund/`, { token: w.tokens.admin, body: { payment_type: 1 } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ paid: '0.00', to_refund: '0.00', need_paid: '0.00' });
    const twice = await h.call('POST', `/api/v2.2/orders/${made.order.id}/refund/`, { token: w.tokens.admin, body: { payment_type: 1 } });
    expect(twice.json()).toEqual({ non_field_errors: ['По этому заказу нечего возвращать.'] });
    const afterLog = (await h.call('GET', `/api/v2.1/booking/${made.order.id}/comments/`, { token: w.tokens.admin })).json() as Json[];
    expect(afterLog.find((e) => e.type === 'refunded')!.data).toMatchObject({ payment_type: 1, amount: made.due_now });
    // Only what is owed back (a live order that is not overpaid owes nothing), only known types.
    const live = (await book(later, `${day(7)} 16:00`, { persons: 1 })).json();
    const notCancelled = await h.call('POST', `/api/v2.2/orders/${live.order.id}/refund/`, { token: w.tokens.admin, body: { payment_type: 2 } });
    expect(notCancelled.json()).toEqual({ non_field_errors: ['По этому заказу нечего возвращать.'] });
    const badType = await h.call('POST', `/api/v2.2/orders/${made.order.id}/refund/`, { token: w.tokens.admin, body: { payment_type: 4 } });
    expect(badType.statusCode).toBe(400);
  });
});

describe('abuse', () => {
  it('bookings and promo code checks are limited per client address, shared through the database', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Invalid bodies count too: the limit comes before validation.
      const res = await pub('POST', '/api/public/locations/1/bookings/?lang=en', { ip, body: {} });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().detail).toMatch(/^Request was throttled/);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Another address is not affected.
    expect((await pub('POST', '/api/public/locations/1/bookings/', { ip: '203.0.113.10', body: {} })).statusCode).toBe(400);

    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await pub('POST', '/api/public/locations/1/price/', { ip, body: { playground_id: hall, session_dt: `${day(0)} 12:00`, persons: 1, promocode: `GUESS${i}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Previews without a code are not counted.
    expect((await pub('POST', '/api/public/locations/1/price/', { ip, body: { playground_id: hall, session_dt: `${day(0)} 12:00`, persons: 1 } })).statusCode).toBe(200);
  });

  it('every field is validated, in the language asked for (?lang= over Accept-Language)', async () => {
    const bad = { playground_id: hall, session_dt: '2030-13-01 25:00', persons: 0, name: ' ', phone: '12ab', email: 'nope', game_id: 'x', extra: 1 };
    const en = await pub('POST', '/api/public/locations/1/bookings/?lang=en', { body: bad, lang: 'ru' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      session_dt: ['Enter a date and time as YYYY-MM-DD HH:mm.'],
      persons: ['Ensure this value is greater than or equal to 1.'],
      name: ['This field may not be blank.'],
      phone: ['Digits only, with an optional leading plus'],
      email: ['Enter a valid email address.'],
      game_id: ['A valid number is required.'],
      extra: ['Unknown field.'],
      // #40 No consent given: in the customer's words, with the other fields' errors.
      personal_data_consent: ['We cannot take the booking without your consent to the processing of personal data'],
    });
    const ru = await pub('POST', '/api/public/locations/1/bookings/', { body: {}, lang: 'ru' });
    expect(ru.json()).toEqual({
      playground_id: ['Обязательное поле.'], session_dt: ['Обязательное поле.'], persons: ['Обязательное поле.'],
      name: ['Обязательное поле.'], phone: ['Обязательное поле.'], email: ['Обязательное поле.'],
      personal_data_consent: ['Без согласия на обработку персональных данных забронировать нельзя'],
    });
    const gone = await book(hall, `${addDays(w.today, 1)} 03:00`, {}, 'en');
    expect(gone.json()).toEqual({ session_dt: ['This session is no longer on sale. Choose another one.'] });
  });
});

describe('pages and headers', () => {
  it('the widget may be framed by any site; the rest only by our own pages', async () => {
    const api = await pub('GET', '/api/public/locations/1/');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['content-security-policy']).toMatch(/; frame-ancestors 'self'$/);
    const page = await pub('GET', '/widget/?location=1');
    expect(page.headers['content-security-policy']).toMatch(/; frame-ancestors \*$/);
    // Scripts only from here, no inline script, in the widget as in the staff app.
    for (const res of [api, page]) {
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.headers['content-security-policy']).toContain("default-src 'self';");
    }
    expect(page.headers['x-frame-options']).toBeUndefined();
    const redirect = await pub('GET', '/widget?location=1');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/widget/?location=1');
  });
});

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

describe('#40 personal-data consent', () => {
  it('the public location gives the venue\'s phone, its policy link and the consent text with its version', async () => {
    const ru = (await pub('GET', '/api/public/locations/1/?lang=ru')).json();
    expect(ru).toMatchObject({ name: 'VR Арена Москва', phone: '+74951234567', privacy_policy_url: null, personal_data_consent: { version: 2 } });
    // #44 The demo's version 2 is the template with the venue's name and its operator's details filled in.
    expect(ru.personal_data_consent.text).toMatch(/^Согласие на обработку персональных данных\n/);
    expect(ru.personal_data_consent.text).toContain('площадки «VR Арена Москва»');
    expect(ru.personal_data_consent.text).toContain('ИНН 7701234560');
    // English names where the location has them; #44 the consent's English text where the version has one.
    const en = (await pub('GET', '/api/public/locations/1/?lang=en')).json();
    expect(en).toMatchObject({ name: 'VR Arena Moscow', personal_data_consent: { version: 2 } });
    expect(en.personal_data_consent.text).toMatch(/^Consent to the processing of personal data\n/);
  });

  it('is required (missing, false: refused in the customer\'s words), checked against the version shown, and recorded with the order', async () => {
    const dt = `${day(9)} 12:00`;
    const missing = await book(later, dt, { personal_data_consent: undefined }, 'ru');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ personal_data_consent: ['Без согласия на обработку персональных данных забронировать нельзя'] });
    const refused = await book(later, dt, { personal_data_consent: false }, 'en');
    expect(refused.json()).toEqual({ personal_data_consent: ['We cannot take the booking without your consent to the processing of personal data'] });
    expect((await book(later, dt, { personal_data_consent: 'yes' }, 'en')).json()).toEqual({ personal_data_consent: ['Must be a valid boolean.'] });
    const stale = await book(later, dt, { personal_data_consent_version: 7 }, 'en');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ personal_data_consent: ['The consent text has changed: please read it again and tick the box'] });
    expect((await book(later, dt, { personal_data_consent_version: 7 }, 'ru')).json())
      .toEqual({ personal_data_consent: ['Текст согласия изменился: прочитайте его ещё раз и поставьте отметку'] });
    // Nothing was booked by the refusals.
    expect(await freePlaces(later, dt)).toBe(4);

    const shown = (await pub('GET', '/api/public/locations/1/')).json().personal_data_consent;
    const res = await h.app.inject({
      method: 'POST', url: '/api/public/locations/1/bookings/?lang=en', remoteAddress: '203.0.113.40',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' },
      payload: customer({ playground_id: later, session_dt: dt, persons: 1, email: 'consent@example.com', personal_data_consent_version: shown.version }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order.id as number;
    const [record] = await h.database.db.select().from(orderConsents).where(eq(orderConsents.orderId, orderId));
    const [text] = await h.database.db.select().from(consentTexts).where(eq(consentTexts.id, record!.consentTextId));
    expect(record).toMatchObject({ ip: '203.0.113.40', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' });
    expect(Math.abs(record!.acceptedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(text).toMatchObject({ locationId: 1, version: shown.version, text: shown.text, textHash: sha256(shown.text) });

    // The staff order answer carries the record; a desk order has none.
    const staff = (await h.call('GET', `/api/v2.2/orders/${orderId}/`, { token: w.tokens.staff })).json();
    expect(staff.personal_data_consent).toEqual({
      version: shown.version, text_hash: sha256(shown.text), accepted_at: record!.acceptedAt.toISOString(), ip: '203.0.113.40',
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', text: shown.text,
    });
    const desk = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(later, `${day(9)} 13:00`, { phone: '8 916 123 45 67' }) });
    expect(desk.statusCode, desk.body).toBe(201);
    expect((await h.call('GET', `/api/v2.2/orders/${desk.json().id}/`, { token: w.tokens.staff })).json())
      .toMatchObject({ phone: '+79161234567', personal_data_consent: null });
  });
});

describe('#40 phones as people type them', () => {
  it('takes every form of a Russian number and stores +7…; other numbers keep their plus and digits', async () => {
    const forms = ['+7 (916) 123-45-67', '8 916 123 45 67', '8(916)1234567', '+7-916-123-45-67', '89161234567', '79161234567'];
    let hour = 10;
    for (const phone of forms) {
      const res = await book(later, `${day(10)} ${hour++}:00`, { persons: 1, phone, email: 'phones@example.com' });
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(201);
      const [row] = await h.database.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, res.json().order.id));
      expect(row!.phone, phone).toBe('+79161234567');
    }
    const foreign = await book(later, `${day(10)} ${hour++}:00`, { persons: 1, phone: '+44 20 7946 0958', email: 'phones@example.com' });
    const [row] = await h.database.db.select({ phone: orders.phone }).from(orders).where(eq(orders.id, foreign.json().order.id));
    expect(row!.phone).toBe('+442079460958');
    // Not a phone: letters, a plus inside, a +7 number of the wrong length.
    for (const phone of ['+7 916', '8-916-abc', '7+9161234567']) {
      const bad = await book(later, `${day(10)} ${hour}:00`, { persons: 1, phone }, 'en');
      expect(bad.json(), phone).toEqual({ phone: ['Digits only, with an optional leading plus'] });
    }
  });
});

describe('#40 a second booking releases this browser\'s earlier hold', () => {
  it('frees the first hold in the same transaction; a desk order\'s, a paid or a made-up key is ignored; a failed booking keeps the hold', async () => {
    const dt = `${day(11)} 15:00`;
    const first = (await book(hall, dt, { persons: 3, email: 'twice@example.com' })).json();
    expect(first.order.state).toBe('awaiting_payment');
    expect(await freePlaces(hall, dt)).toBe(1);

    // A new booking that fails (more guests than the session holds even with the hold released) releases nothing.
    const tooMany = await book(hall, dt, { persons: 5, email: 'twice@example.com', release_key: first.key }, 'en');
    expect(tooMany.statusCode).toBe(400);
    expect(await freePlaces(hall, dt)).toBe(1);
    expect((await pub('GET', `/api/public/orders/${first.key}/`)).json().state).toBe('awaiting_payment');

    // Made-up, malformed and null keys are ignored, never an error.
    for (const release_key of [`${first.order.id}-${'0'.repeat(32)}`, 'garbage', null]) {
      const other = await book(later, `${day(11)} 10:00`, { persons: 1, email: 'ignored@example.com', release_key });
      expect(other.statusCode, other.body).toBe(201);
    }
    expect(await freePlaces(hall, dt)).toBe(1);

    // The same browser books again for 4: the first hold is released in the same transaction, so the 4 places are there.
    const second = await book(hall, dt, { persons: 4, email: 'twice@example.com', release_key: first.key });
    expect(second.statusCode, second.body).toBe(201);
    expect(await freePlaces(hall, dt)).toBe(0);
    const released = (await pub('GET', `/api/public/orders/${first.key}/`)).json();
    expect(released).toMatchObject({ state: 'cancelled', cancelled_by: 'customer' });
    const log = (await h.call('GET', `/api/v2.1/booking/${first.order.id}/comments/`, { token: w.tokens.admin })).json() as Json[];
    expect(log.find((e) => e.type === 'cancelled')!.data).toMatchObject({ by: 'customer', released: true });
    // Its payment link is closed; no cancellation letter (the customer is booking again on the page).
    expect(await providerSays(first.payment_url, 'paid')).toBe('late');
    await h.runJobs();
    expect(h.letters.filter((l) => l.to === 'twice@example.com' && /cancelled|отменена/.test(l.subject))).toEqual([]);

    // A desk order's key (its signature is right, its order is not a widget hold) releases nothing.
    const desk = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.admin, body: bookingBody(hall, `${day(11)} 17:00`, { persons: 2, bill: true, cancel_delay: 30 }) });
    expect(desk.statusCode, desk.body).toBe(201);
    const deskKey = orderKey(h.config.widgetSecret, desk.json().id);
    expect((await book(hall, `${day(11)} 17:00`, { persons: 1, email: 'desk@example.com', release_key: deskKey })).statusCode).toBe(201);
    expect(await freePlaces(hall, `${day(11)} 17:00`)).toBe(1);
    // Nor does a paid order's key.
    const paid = (await book(hall, `${day(11)} 16:00`, { persons: 2, email: 'paid@example.com' })).json();
    expect(await providerSays(paid.payment_url, 'paid')).toBe('settled');
    const after = await book(hall, `${day(11)} 16:00`, { persons: 1, email: 'paid@example.com', release_key: paid.key });
    expect(after.statusCode, after.body).toBe(201);
    expect((await pub('GET', `/api/public/orders/${paid.key}/`)).json().state).toBe('booked');
    expect(await freePlaces(hall, `${day(11)} 16:00`)).toBe(1);
  });
});

describe('#40 the location\'s consent settings', () => {
  const url = '/api/v2.1/locations/1/';
  const put = (body: Record<string, unknown>, token = w.tokens.admin, lang = 'en') => h.call('PUT', url, { token, body, lang });

  it('validates the policy link and the text, accepts the same text and refuses a changed one (#44: the documents write versions it), and the booking follows the version', async () => {
    const before = (await h.call('GET', url, { token: w.tokens.staff })).json();
    expect(before).toMatchObject({ privacy_policy_url: '', personal_data_consent_version: 2 });
    expect(before.personal_data_consent_text).toContain('ИНН 7701234560');
    expect(Date.parse(before.personal_data_consent_updated_at)).not.toBeNaN();

    const bad = await put({ privacy_policy_url: 'ftp://venue.example/privacy', personal_data_consent_text: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ privacy_policy_url: ['Enter a full http or https address, or leave the field empty.'], personal_data_consent_text: ['This field may not be blank.'] });
    expect((await put({ privacy_policy_url: 'venue.example/privacy' }, w.tokens.admin, 'ru')).json())
      .toEqual({ privacy_policy_url: ['Укажите полный адрес http или https или оставьте поле пустым.'] });
    expect((await put({ privacy_policy_url: `https://venue.example/${'p'.repeat(500)}` })).json().privacy_policy_url).toEqual(['Ensure this field has no more than 500 characters.']);
    expect((await put({ personal_data_consent_text: 'x'.repeat(20001) })).json().personal_data_consent_text).toEqual(['Ensure this field has no more than 20000 characters.']);
    // Not an administrator there: refused, nothing changes.
    expect((await put({ privacy_policy_url: 'https://venue.example/privacy' }, w.tokens.staff)).statusCode).toBe(403);

    // The same text again (a client sending back what it read, other line ends included): accepted, no new version; the link alone changes.
    const same = await put({ privacy_policy_url: ' https://venue.example/privacy ', personal_data_consent_text: `${before.personal_data_consent_text.replace(/\n/g, '\r\n')}\n\n` });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ privacy_policy_url: 'https://venue.example/privacy', personal_data_consent_version: 2, personal_data_consent_updated_at: before.personal_data_consent_updated_at });
    // #44 A changed text is refused in words (a ru-only version could never be complete), and nothing else of the request is saved.
    const text = before.personal_data_consent_text.replace('ИНН 7701234560', 'ИНН 7701234567');
    const changed = await put({ privacy_policy_url: 'https://venue.example/other', personal_data_consent_text: text });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ personal_data_consent_text: ['The personal data consent is edited in “Documents for guests”, with its Russian and English texts and the operator\'s details: a changed text is not saved here.'] });
    expect((await put({ personal_data_consent_text: text }, w.tokens.admin, 'ru')).json()).toEqual({ personal_data_consent_text: ['Согласие на обработку персональных данных меняется в разделе «Документы для гостей», с текстами на русском и английском и сведениями об операторе: изменённый текст здесь не сохраняется.'] });
    expect((await h.call('GET', url, { token: w.tokens.staff })).json()).toMatchObject({ privacy_policy_url: 'https://venue.example/privacy', personal_data_consent_version: 2 });
    const versions = await h.database.db.select().from(consentTexts).where(eq(consentTexts.locationId, 1));
    expect(versions.filter((v) => v.documentId === versions[0]!.documentId).map((v) => v.version).sort()).toEqual([1, 2]);

    // A new version is the documents write's (complete: both texts and the facts); the widget shows it
    // and the policy; a booking sent with the old version is refused.
    const [pd] = (await h.call('GET', '/api/v2.2/locations/1/consent_documents/', { token: w.tokens.admin })).json() as Json[];
    const next = { text_ru: `${pd!.current.text_ru}\nРедакция 3.`, text_en: `${pd!.current.text_en}\nEdition 3.`, details: pd!.current.details };
    const saved = await h.call('PUT', `/api/v2.2/consent_documents/${pd!.id}/`, { token: w.tokens.admin, body: next });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await pub('GET', '/api/public/locations/1/')).json();
    expect(shown).toMatchObject({ privacy_policy_url: 'https://venue.example/privacy', personal_data_consent: { version: 3, text: next.text_ru } });
    expect((await h.call('GET', url, { token: w.tokens.staff })).json()).toMatchObject({ personal_data_consent_version: 3, personal_data_consent_text: next.text_ru });
    expect((await book(later, `${day(12)} 12:00`, { personal_data_consent_version: 2 }, 'en')).json())
      .toEqual({ personal_data_consent: ['The consent text has changed: please read it again and tick the box'] });
    expect((await book(later, `${day(12)} 12:00`, { personal_data_consent_version: 3 })).statusCode).toBe(201);
    // The policy link may be emptied again.
    expect((await put({ privacy_policy_url: '' })).json().privacy_policy_url).toBe('');
  });

  it('gives the template in ru and en to an administrator, with the location\'s name', async () => {
    const ru = await h.call('GET', '/api/v2.2/locations/1/consent_template/?lang=ru', { token: w.tokens.admin });
    expect(ru.statusCode, ru.body).toBe(200);
    expect(Object.keys(ru.json())).toEqual(['text']);
    expect(ru.json().text).toContain('площадки «VR Арена Москва»');
    const en = (await h.call('GET', '/api/v2.2/locations/1/consent_template/', { token: w.tokens.admin, lang: 'en' })).json();
    expect(en.text).toMatch(/^Consent to the processing of personal data\n/);
    expect(en.text).toContain('the venue "VR Arena Moscow"');
    expect(en.text).toContain('INN (Russian taxpayer number) [INN]');
    expect((await h.call('GET', '/api/v2.2/locations/1/consent_template/', { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.2/locations/1/consent_template/?lang=de', { token: w.tokens.admin })).statusCode).toBe(400);
  });
});
