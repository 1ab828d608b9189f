// #44 Arrival at the desk (h44-desk) against real PostgreSQL: "Send link" (POST
// /api/v2.2/orders/{id}/arrival_link/: the letter queued in the one outbox with its order-log and
// activity entries, sent in the order's or the sender's language; no e-mail, arrivals off, a cancelled
// order and a stranger refused in words), the widget's confirmation letter carrying the guests' page
// where arrivals are on, the calendar's slot orders with checked_in (null where arrivals are off) and
// the check-in's live event for the slot, the orders list's no_show filter, the daily report's
// no-shows (JSON, CSV), and the search's no-shows of a phone at a location (the booking form's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/businessDay';
import { orderKey } from '../../server/platform/orderLinks';
import { WIDGET_LETTER_JOB, enqueueJob } from '../../server/platform/jobs';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';
import { csvRecords } from './csvRead';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;
let dayNo = 30;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); });

type Who = 'admin' | 'manager' | 'staff';
const call = (method: string, url: string, who: Who | string, body?: unknown, lang = 'ru') =>
  h.call(method, url, { token: who in w.tokens ? w.tokens[who as Who] : who, body, lang });
const sql = async <T = Json>(text: string, args: unknown[] = []) => (await h.database.pool.query(text, args)).rows as T[];
const arrivals = (on: boolean) => sql('update locations set arrivals_enabled = $1 where id = 1', [on]);

/** An order of `persons` in the day room at 06:00 of a coming day no other test of the file books. */
async function order(over: Json = {}, persons = 2) {
  const date = addDays(w.today, dayNo++);
  const id = await book(w, bookingBody(w.pg.dayRoom, `${date} 06:00`, { persons, name: 'Анна Петрова', phone: '+79161112233', email: 'anna@example.com', ...over }));
  return { id, date };
}
const sendLink = (id: number, who: Who | string = 'staff', lang = 'ru') => call('POST', `/api/v2.2/orders/${id}/arrival_link/`, who, undefined, lang);
const link = (id: number, lang: string) => `http://backoffice.test/arrival/${orderKey(h.config.widgetSecret, id)}?lang=${lang}`;

describe('Send link: the guests\' page by e-mail', () => {
  it('queues the letter with its order-log and activity entries; the job sends it in the sender\'s language, with the link in it', async () => {
    const { id, date } = await order();
    const res = await sendLink(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ order_id: id, email: 'anna@example.com', arrival_url: `http://backoffice.test/arrival/${orderKey(h.config.widgetSecret, id)}` });
    // Committed with the request: the job, the order's log entry by the staff member, the activity entry.
    expect(await sql(`select payload from jobs where kind = 'mail.arrival_link' and payload->>'orderId' = $1`, [String(id)])).toEqual([{ payload: { orderId: id, lang: 'ru' } }]);
    const log = await sql<{ type: string; data: Json; author_user_id: number }>('select type, data, author_user_id from order_logs where order_id = $1 and type = $2', [id, 'arrival_link_sent']);
    expect(log).toEqual([{ type: 'arrival_link_sent', data: { email: 'anna@example.com' }, author_user_id: w.users.staff.id }]);
    expect(await sql('select subject, after from activity_entries where kind = $1 and subject = $2', ['order.arrival_link_sent', `#${id}`]))
      .toEqual([{ subject: `#${id}`, after: { sent_to: 'anna@example.com' } }]);

    await h.runJobs();
    const letter = h.letters.find((l) => l.to === 'anna@example.com' && l.text.includes(link(id, 'ru')))!;
    expect(letter.subject).toBe(`Перед визитом в VR Арена Москва: бронь №${id}`);
    expect(letter.text).toContain(`Перед визитом в VR Арена Москва (${date.split('-').reverse().join('.')}, 06:00, Day room) каждый гость подписывает документы площадки.`);
    expect(letter.text).toContain(`брони №${id}:\n${link(id, 'ru')}\n`);

    // Sent by an English-speaking desk: in English (a desk order has no language of its own).
    expect((await sendLink(id, 'staff', 'en')).statusCode).toBe(200);
    await h.runJobs();
    const en = h.letters.find((l) => l.text.includes(link(id, 'en')))!;
    expect(en.subject).toBe(`Before your visit to VR Arena Moscow: booking №${id}`);
    expect(en.text).toContain('each guest signs the venue\'s documents. Open this link on your phone');
  });

  it('a widget customer\'s order gets it in their language, whoever sends it', async () => {
    const { id } = await order({ email: 'eng@example.com' });
    await sql('update orders set language = $1 where id = $2', ['en', id]);
    expect((await sendLink(id, 'staff', 'ru')).statusCode).toBe(200);
    await h.runJobs();
    expect(h.letters.filter((l) => l.to === 'eng@example.com').map((l) => l.subject)).toEqual([`Before your visit to VR Arena Moscow: booking №${id}`]);
  });

  it('refuses in words an order without an e-mail, a location that does not check guests in and a cancelled order; a stranger gets 404', async () => {
    const { id: noEmail } = await order({ email: '' });
    const ru = await sendLink(noEmail);
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ non_field_errors: ['У заказа нет электронной почты: добавьте её в заказ или покажите гостям код для сканирования.'] });
    expect((await sendLink(noEmail, 'staff', 'en')).json()).toEqual({ non_field_errors: ['The order has no e-mail: add one to the order, or show the guests the QR code.'] });

    const { id } = await order();
    await arrivals(false);
    try {
      const off = await sendLink(id, 'staff', 'en');
      expect(off.statusCode).toBe(400);
      expect(off.json()).toEqual({ non_field_errors: ['Arrivals are off at this location: turn them on in its settings.'] });
      expect((await sendLink(id)).json()).toEqual({ non_field_errors: ['На этой локации приход гостей не отмечается: включите его в настройках локации.'] });
    } finally {
      await arrivals(true);
    }

    const { id: cancelled } = await order();
    expect((await call('DELETE', `/api/v2.1/booking/${cancelled}/`, 'staff')).statusCode).toBe(204);
    expect((await sendLink(cancelled)).json()).toEqual({ non_field_errors: ['Это бронирование отменено.'] });

    const stranger = await h.userWithToken('stranger.desk@example.com', [[2, 10]]);
    expect((await sendLink(id, stranger.token)).statusCode).toBe(404);
    expect((await sendLink(999999999)).statusCode).toBe(404);
    // Nothing was queued for any of them.
    expect(await sql(`select 1 from jobs where kind = 'mail.arrival_link' and (payload->>'orderId')::int = any($1)`, [[noEmail, id, cancelled]])).toEqual([]);
  });
});

describe('the widget\'s confirmation letter', () => {
  it('carries the guests\' page in the letter\'s language where the location checks guests in, and not where it does not', async () => {
    const { id } = await order({ email: 'widget.guest@example.com' });
    await sql('update orders set language = $1, source = $2 where id = $3', ['en', 'widget', id]);
    await enqueueJob(h.database.db, WIDGET_LETTER_JOB, { orderId: id });
    await h.runJobs();
    const on = h.letters.filter((l) => l.to === 'widget.guest@example.com');
    expect(on).toHaveLength(1);
    expect(on[0]!.text).toContain(`Before your visit each guest signs the venue's documents on this page (share it with the others):\n${link(id, 'en')}\n`);

    await arrivals(false);
    try {
      await enqueueJob(h.database.db, WIDGET_LETTER_JOB, { orderId: id });
      await h.runJobs();
    } finally {
      await arrivals(true);
    }
    const off = h.letters.filter((l) => l.to === 'widget.guest@example.com')[1]!;
    expect(off.subject).toBe(on[0]!.subject);
    expect(off.text).not.toContain('/arrival/');
  });
});

describe('the calendar\'s slot card: checked in x of y', () => {
  const slotOrder = async (date: string, id: number) => {
    const res = await call('GET', `/api/v2.1/playgrounds/${w.pg.dayRoom}/schedule/?date=${date}&orders=1`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json[]).flatMap((s) => s.orders as Json[]).find((o) => o.id === id)!;
  };

  it('each order of the day\'s read says how many of its guests are in; a check-in is a live event of the slot; null where arrivals are off', async () => {
    const { id, date } = await order({}, 3);
    expect((await slotOrder(date, id)).checked_in).toBe(0);
    const [before] = await sql<{ seq: string }>('select coalesce(max(seq), 0) as seq from location_events where location_id = 1');
    const res = await call('POST', `/api/v2.2/orders/${id}/check_in/`, 'admin', { reason: 'проверили на входе' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await slotOrder(date, id)).checked_in).toBe(3);
    // The desk's calendars re-read the slot's day: the event names the order and its session.
    const events = await sql<{ kind: string; payload: Json }>('select kind, payload from location_events where location_id = 1 and seq > $1 order by seq', [before!.seq]);
    expect(events.map((e) => [e.kind, e.payload.order_id, e.payload.sessions.map((s: Json) => [s.playground_id, s.date])]))
      .toContainEqual(['order', id, [[w.pg.dayRoom, date]]]);

    await arrivals(false);
    try {
      expect((await slotOrder(date, id)).checked_in).toBeNull();
    } finally {
      await arrivals(true);
    }
  });
});

describe('no-shows', () => {
  it('the orders list filters by no_show (yes, no, all); another value is refused', async () => {
    const { id: flagged } = await order();
    const { id: came } = await order();
    await sql('update orders set no_show = true where id = $1', [flagged]);
    const list = async (v: string) => {
      const res = await call('GET', `/api/v2.1/locations/1/orders/?no_show=${v}&limit=1000&date_from=2020-01-01&date_to=2030-12-31`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as Json[]);
    };
    const yes = await list('yes');
    expect(yes.map((o) => o.id)).toContain(flagged);
    expect(yes.every((o) => o.no_show === true)).toBe(true);
    const no = await list('no');
    expect(no.map((o) => o.id)).toContain(came);
    expect(no.map((o) => o.id)).not.toContain(flagged);
    expect((await list('all')).length).toBe(yes.length + no.length);
    const wrong = await call('GET', '/api/v2.1/locations/1/orders/?no_show=maybe', 'admin', undefined, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['no_show']);
  });

  it('the daily report counts the day\'s no-shows and their value, on screen and in the CSV; a multi-day order counts on its first day', async () => {
    const day = addDays(w.today, dayNo++);
    const next = addDays(day, 1);
    dayNo++;
    const at = (date: string, persons: number) => book(w, bookingBody(w.pg.dayRoom, `${date} 06:00`, { persons }));
    const a = await at(day, 2);
    const b = await at(day, 1);
    await at(day, 1);
    // The next day: one no-show of its own, and `a` playing on it too (a multi-day order).
    const c = await at(next, 1);
    await sql(`insert into order_playsessions (order_id, playsession_id) select $1, op.playsession_id from order_playsessions op where op.order_id = $2`, [a, c]);
    await sql('update orders set no_show = true where id = any($1)', [[a, b, c]]);
    const [{ sum }] = await sql<{ sum: string }>('select sum(purchase)::numeric(12,2)::text as sum from orders where id = any($1)', [[a, b]]);
    const [{ purchase }] = await sql<{ purchase: string }>('select purchase::text from orders where id = $1', [c]);
    const report = await call('GET', `/api/v2.2/locations/1/daily_report/?date=${day}`, 'manager');
    expect(report.statusCode, report.body).toBe(200);
    const rub = (report.json().parts as Json[]).find((p) => p.currency?.code === 'RUB')!;
    expect(rub.no_shows).toEqual({ count: 2, amount: sum });
    // The next day counts its own, not the order that began the day before; the day before counts none.
    const noShowsOn = async (date: string) => ((await call('GET', `/api/v2.2/locations/1/daily_report/?date=${date}`, 'manager')).json().parts as Json[])
      .find((p) => p.currency?.code === 'RUB')!.no_shows;
    expect(await noShowsOn(next)).toEqual({ count: 1, amount: purchase });
    expect((await noShowsOn(addDays(day, -1))).count).toBe(0);

    const csv = csvRecords((await call('GET', `/api/v2.2/locations/1/daily_report/?date=${day}&format=csv`, 'manager')).body);
    const line = csv.find((r) => r[0] === 'Неявки')!;
    expect(line.slice(0, 5)).toEqual(['Неявки', 'Итого', '', 'RUB', '2']);
    const en = csvRecords((await call('GET', `/api/v2.2/locations/1/daily_report/?date=${day}&format=csv`, 'manager', undefined, 'en')).body);
    expect(en.find((r) => r[0] === 'No-shows')!.slice(0, 5)).toEqual(['No-shows', 'Total', '', 'RUB', '2']);
  });

  it('the search by a phone at a location (the booking form\'s) counts its no-shows over every order found; another location\'s are not counted', async () => {
    const phone = '+79165554433';
    const ids = [(await order({ phone })).id, (await order({ phone })).id, (await order({ phone })).id];
    await sql('update orders set no_show = true where id = any($1)', [ids.slice(0, 2)]);
    // Typed as a person types it, asked for one row: the count is of all three.
    const res = await call('GET', `/api/v2.2/orders/search/?phone=${encodeURIComponent('8 (916) 555-44-33')}&location_id=1&limit=1`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 3, no_shows: 2 });
    expect(res.json().results).toHaveLength(1);
    // A page past the end still counts them.
    expect((await call('GET', `/api/v2.2/orders/search/?phone=${encodeURIComponent(phone)}&location_id=1&offset=10`, 'staff')).json()).toMatchObject({ count: 3, no_shows: 2, results: [] });
    // The admin's other location has none of them.
    expect((await call('GET', `/api/v2.2/orders/search/?phone=${encodeURIComponent(phone)}&location_id=2`, 'admin')).json()).toMatchObject({ count: 0, no_shows: 0 });
    // A location without the caller's role: 404.
    const stranger = await h.userWithToken('stranger.search@example.com', [[2, 10]]);
    expect((await call('GET', `/api/v2.2/orders/search/?phone=${encodeURIComponent(phone)}&location_id=1`, stranger.token)).statusCode).toBe(404);
  });
});
