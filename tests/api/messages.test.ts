// #45 Customers hear from the venue, against a local SMS.ru (tests/providers/smsru.ts): the settings
// (the key write-only and sealed, the sender one of the account's), the planning rules through the
// writes that cause messages (a booking's confirmation and reminders, none inside the window, quiet
// hours, a move recomputes, a cancel cancels, guests changed, a refund), sending through the one
// outbox exactly once (a send in flight at a lost answer never goes twice: read back or `unknown`),
// fallback and retries to `failed`, the daily SMS limit, delivery read back, templates with their
// variables, previews, segments and the test message, the order's and the location's lists.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/businessDay';
import { formatMoney } from '../../domain/money';
import { instantOfLocal } from '../../domain/zonedTime';
import { MESSAGE_SEND_JOB } from '../../server/modules/messages/plan';
import { sweepMessages } from '../../server/modules/messages/send';
import { enqueueJob } from '../../server/platform/jobs';
import { orderKey } from '../../server/platform/orderLinks';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';
import { startLocalSmsRu, type LocalSmsRu } from '../providers/smsru';

let h: Harness;
let w: World;
let sms: LocalSmsRu;
const KEY = 'test-smsru-key';
const TZ = 'Europe/Moscow';

beforeAll(async () => {
  sms = await startLocalSmsRu();
  sms.accounts.set(KEY, { senders: ['VR-Arena', 'SMS.ru'], balance: '500.00' });
  h = await createHarness({ config: { smsruApiUrl: sms.url } });
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); await sms.close(); });

const admin = () => w.tokens.admin;
const sql = async <T = Json>(text: string, params: unknown[] = []) => (await h.database.pool.query(text, params)).rows as T[];
const put = (body: Json, token = admin()) => h.call('PUT', '/api/v2.2/locations/1/messaging/', { token, body, lang: 'en' });
const messagesOf = async (orderId: number) => {
  const res = await h.call('GET', `/api/v2.2/orders/${orderId}/messages/`, { token: w.tokens.staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json[];
};
const logOf = async (orderId: number) => (await sql<{ data: Json }>("select data from order_logs where order_id = $1 and type = 'message' order by id", [orderId])).map((r) => r.data);
const at = (local: string) => new Date(instantOfLocal(TZ, local)).toISOString();
/** Makes the order's pending sends due now, as the clock would (their jobs too). */
async function dueNow(orderId: number) {
  await sql("update messages set due_at = now() where order_id = $1 and state = 'pending'", [orderId]);
  await sql(`update jobs set run_at = now() where kind = '${MESSAGE_SEND_JOB}' and done_at is null and (payload->>'messageId')::bigint in (select id from messages where order_id = $1)`, [orderId]);
}
/** Runs the due jobs until none is left (a fallback books its own job at once). */
async function runAll() {
  for (let i = 0; i < 10 && (await h.runJobs()) > 0;) i++;
}
let day = 0;
/** A session in 2030 at Куб 2 (hourly 10:00-22:00), a new day each time (from April 1st on). */
const session = (time = '15:00') => `${addDays('2030-04-01', day++)} ${time}`;

const EMAIL_ONLY = { channels: ['email'], mode: 'first_available', reminder_offsets: [1440, 120], quiet_from: '22:00', quiet_to: '09:00', thank_you: false };

describe('messaging settings', () => {
  it('answers the defaults: nothing on, reminders 24 h and 2 h, quiet hours 22:00-09:00, no key', async () => {
    const res = await h.call('GET', '/api/v2.2/locations/1/messaging/', { token: admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      channels: [], mode: 'first_available', smsru_api_key_set: false, sms_sender: '', sms_senders: [], sms_daily_limit: 300,
      reminder_offsets: [1440, 120], quiet_from: '22:00', quiet_to: '09:00', thank_you: false, thank_you_delay: 60, thank_you_promocode: '',
    });
  });

  it('is the administrator\'s (role 40): a manager is refused, a stranger gets 404', async () => {
    expect((await h.call('GET', '/api/v2.2/locations/1/messaging/', { token: w.tokens.manager })).statusCode).toBe(403);
    expect((await put({ channels: ['email'] }, w.tokens.manager)).statusCode).toBe(403);
    const stranger = await h.userWithToken('stranger45@example.com', [[2, 40]]);
    expect((await h.call('GET', '/api/v2.2/locations/1/messaging/', { token: stranger.token })).statusCode).toBe(404);
  });

  it('SMS needs a key; a key SMS.ru refuses, or a sender it has not registered, is a 400 saying so', async () => {
    expect((await put({ channels: ['sms'] })).json()).toEqual({ smsru_api_key: ['This field is required.'] });
    expect((await put({ channels: ['sms'], smsru_api_key: 'wrong', sms_sender: 'VR-Arena' })).json())
      .toEqual({ smsru_api_key: ['SMS.ru refused: 200 Неправильный api_id'] });
    expect((await put({ channels: ['sms'], smsru_api_key: KEY, sms_sender: 'Typed' })).json())
      .toEqual({ sms_sender: ['Not one of the account\'s registered senders at SMS.ru. Registered: VR-Arena, SMS.ru.'] });
    expect((await put({ channels: ['sms'], smsru_api_key: KEY, sms_sender: '' })).json()).toEqual({ sms_sender: ['This field is required.'] });
    expect((await put({ quiet_from: '25:00' })).json()).toEqual({ quiet_from: ['A time as HH:MM, from 00:00 to 23:59.'] });
    const ru = await h.call('PUT', '/api/v2.2/locations/1/messaging/', { token: admin(), body: { channels: ['sms'], smsru_api_key: KEY, sms_sender: 'Typed' } });
    expect(ru.json().sms_sender[0]).toBe('Такого отправителя нет среди зарегистрированных в SMS.ru. Зарегистрированы: VR-Arena, SMS.ru.');
  });

  it('SMS.ru silent is a 400 too, never a 500', async () => {
    const off = await createHarness({ config: { smsruApiUrl: 'http://127.0.0.1:2' } });
    try {
      const token = await off.login('admin@example.com', 'admin123');
      const res = await off.call('PUT', '/api/v2.2/locations/1/messaging/', { token, body: { channels: ['sms'], smsru_api_key: KEY, sms_sender: 'VR-Arena' }, lang: 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toEqual(['SMS.ru did not answer: SMS.ru unreachable: ECONNREFUSED. Try again later.']);
    } finally {
      await off.close();
    }
  });

  it('saves: the key write-only and sealed, the account\'s senders listed, the choice logged without the key', async () => {
    const res = await put({ channels: ['email', 'sms'], smsru_api_key: KEY, sms_sender: 'VR-Arena', sms_daily_limit: 50, reminder_offsets: [120, 1440, 120] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ channels: ['email', 'sms'], smsru_api_key_set: true, sms_sender: 'VR-Arena', sms_senders: ['VR-Arena', 'SMS.ru'], sms_daily_limit: 50, reminder_offsets: [1440, 120] });
    expect(JSON.stringify(res.json())).not.toContain(KEY);
    const [row] = await sql<{ smsru_api_key_enc: string }>('select smsru_api_key_enc from location_messaging where location_id = 1');
    expect(row!.smsru_api_key_enc).toMatch(/^v1\./);
    expect(row!.smsru_api_key_enc).not.toContain(KEY);
    // Absent keeps the stored key.
    expect((await put({ sms_daily_limit: 60 })).json()).toMatchObject({ smsru_api_key_set: true, sms_daily_limit: 60 });
    const [entry] = await sql<{ after: Json }>("select after from activity_entries where kind = 'messaging.changed' order by id desc limit 1");
    expect(entry!.after).toMatchObject({ sms_daily_limit: 60 });
    expect(JSON.stringify(await sql("select before, after from activity_entries where kind = 'messaging.changed'"))).not.toContain(KEY);
  });
});

describe('planning', () => {
  beforeEach(async () => { expect((await put({ ...EMAIL_ONLY, sms_daily_limit: 300 })).statusCode).toBe(200); });

  it('a booking: its confirmation at once, reminders 24 h and 2 h before; the confirmation goes by e-mail and is on the log', async () => {
    const dt = session('15:00');
    const id = await book(w, bookingBody(w.pg.cube2, dt, { email: 'ann@example.com' }));
    const planned = await messagesOf(id);
    expect(planned.map((m) => [m.kind, m.channel, m.state, m.due_at])).toEqual([
      ['confirmation', 'email', 'pending', expect.any(String)],
      ['reminder', 'email', 'pending', at(`${addDays(dt.slice(0, 10), -1)} 15:00`)],
      ['reminder', 'email', 'pending', at(`${dt.slice(0, 10)} 13:00`)],
    ]);
    const before = h.letters.length;
    await runAll();
    const letter = h.letters.slice(before).find((l) => l.to === 'ann@example.com')!;
    expect(letter.subject).toBe(`Бронирование №${id} подтверждено — VR Арена Москва`);
    expect(letter.text).toContain(`${dt.slice(8, 10)}.${dt.slice(5, 7)}.${dt.slice(0, 4)} в 15:00`);
    expect(letter.messageId).toMatch(/^<message-\d+\.[0-9a-f]+@backoffice\.test>$/);
    const after = await messagesOf(id);
    expect(after[0]).toMatchObject({ kind: 'confirmation', state: 'sent', attempts: 1, recipient: 'ann@example.com', subject: letter.subject, body: letter.text });
    expect(await logOf(id)).toEqual([{ message_id: after[0]!.id, kind: 'confirmation', channel: 'email', state: 'sent' }]);
    // The reminders wait for their time.
    expect(after.slice(1).map((m) => m.state)).toEqual(['pending', 'pending']);
  });

  it('an English order gets English messages; the arrival link is in its confirmation where arrivals are on', async () => {
    await sql('update locations set arrivals_enabled = true where id = 1');
    try {
      const id = await book(w, bookingBody(w.pg.cube2, session(), { email: 'en@example.com', language: 'en' }));
      const before = h.letters.length;
      await runAll();
      const letter = h.letters.slice(before).find((l) => l.to === 'en@example.com')!;
      expect(letter.subject).toMatch(new RegExp(`^Booking no\\. ${id} confirmed — `));
      expect(letter.text).toMatch(new RegExp(`Fill in the form and accept the rules before you come: http://backoffice\\.test/arrival/${id}-[0-9a-f]{32}`));
    } finally {
      await sql('update locations set arrivals_enabled = false where id = 1');
    }
  });

  it('a desk booking without a language is written to in the location\'s first; one that chose English, in English', async () => {
    const plain = await book(w, bookingBody(w.pg.cube2, session()));
    const chosen = await book(w, bookingBody(w.pg.cube2, session(), { language: 'en' }));
    expect((await sql<{ id: string; language: string | null }>('select id, language from orders where id in ($1, $2) order by id', [plain, chosen])).map((r) => r.language)).toEqual([null, 'en']);
    expect((await messagesOf(plain)).map((m) => m.language)).toEqual(['ru', 'ru', 'ru']);
    expect((await messagesOf(chosen)).map((m) => m.language)).toEqual(['en', 'en', 'en']);
    // The day view's orders carry it, so the edit form shows the order's language.
    const [{ d }] = await sql<{ d: string }>("select left(ps.time_start::text, 10) as d from order_playsessions op join playsessions ps on ps.id = op.playsession_id where op.order_id = $1", [chosen]) as [{ d: string }];
    const day = await h.call('GET', `/api/v2.1/playgrounds/${w.pg.cube2}/schedule/?date=${d}&orders=1`, { token: w.tokens.staff });
    const orders = (day.json() as Json[]).flatMap((slot) => slot.orders as Json[]);
    expect(orders.find((o) => o.id === chosen)?.language).toBe('en');
    expect((await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, lang: 'en', body: bookingBody(w.pg.cube2, session(), { language: 'de' }) })).json())
      .toEqual({ language: ['Not a valid choice.'] });
  });

  it('a multi-booking takes the language too: stored, read back, kept by an edit without one, its messages in it', async () => {
    const dt = session('15:00');
    const body = (language?: string) => ({
      location_id: 1, date: dt.slice(0, 10), cost: '4000', persons: 2, order_type: 1, name: 'Multi Guest', phone: '+79995550045', email: 'multi45@example.com',
      playsessions: [{ playground_id: w.pg.cube2, session_dt: dt }, { playground_id: w.pg.cube2, session_dt: `${dt.slice(0, 10)} 16:00` }], ...(language ? { language } : {}),
    });
    const made = await h.call('POST', '/api/v2.2/multibooking/', { token: admin(), body: body('en') });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().order_id as number;
    expect((await h.call('GET', `/api/v2.2/multibooking/${id}/`, { token: admin() })).json().language).toBe('en');
    expect((await messagesOf(id)).map((m) => m.language)).toEqual(['en', 'en', 'en']);
    const edited = await h.call('POST', `/api/v2.2/multibooking/${id}/update_part/`, { token: admin(), body: { ...body(), persons: 3 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await h.call('GET', `/api/v2.2/multibooking/${id}/`, { token: admin() })).json().language).toBe('en');
    expect((await h.call('POST', '/api/v2.2/multibooking/', { token: admin(), lang: 'en', body: body('de') })).json()).toEqual({ language: ['Not a valid choice.'] });
  });

  it('quiet hours hold a reminder until they end; too close to the session it is skipped, and the skip is logged', async () => {
    const dt = session('10:00');
    const held = await book(w, bookingBody(w.pg.cube2, dt));
    // 2 h before 10:00 is 08:00, quiet until 09:00: it goes at 09:00.
    expect((await messagesOf(held)).filter((m) => m.kind === 'reminder').map((m) => [m.state, m.due_at]))
      .toEqual([['pending', at(`${addDays(dt.slice(0, 10), -1)} 10:00`)], ['pending', at(`${dt.slice(0, 10)} 09:00`)]]);
    await put({ quiet_to: '09:50' });
    const skipped = await book(w, bookingBody(w.pg.cube2, session('10:00')));
    const reminders = (await messagesOf(skipped)).filter((m) => m.kind === 'reminder');
    expect(reminders.map((m) => [m.state, m.error])).toEqual([['pending', null], ['skipped', 'quiet_hours']]);
    expect(await logOf(skipped)).toEqual([{ message_id: reminders[1]!.id, kind: 'reminder', channel: 'email', state: 'skipped', reason: 'quiet_hours' }]);
  });

  it('no reminder for a booking made inside its window', async () => {
    await put({ reminder_offsets: [2880, 120], quiet_from: '00:00', quiet_to: '00:00' });
    const dt = `${addDays(w.today, 1)} 06:00`;
    const id = await book(w, bookingBody(w.pg.dayRoom, dt));
    const reminders = (await messagesOf(id)).filter((m) => m.kind === 'reminder');
    const twoHoursBefore = instantOfLocal(TZ, dt) - 120 * 60_000;
    // 48 h before tomorrow's 06:00 has passed: none; 2 h before only if still ahead.
    expect(reminders.map((m) => m.due_at)).toEqual(twoHoursBefore > Date.now() ? [new Date(twoHoursBefore).toISOString()] : []);
  });

  it('a move cancels the waiting reminders and plans new ones, and tells the customer; other guests are a change too', async () => {
    const from = session('15:00');
    const id = await book(w, bookingBody(w.pg.cube2, from, { persons: 1 }));
    const to = session('18:00');
    const moved = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, to, { persons: 1 }) });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await messagesOf(id);
    expect(list.filter((m) => m.kind === 'reminder').map((m) => [m.state, m.due_at]).sort()).toEqual([
      ['cancelled', at(`${addDays(from.slice(0, 10), -1)} 15:00`)], ['cancelled', at(`${from.slice(0, 10)} 13:00`)],
      ['pending', at(`${addDays(to.slice(0, 10), -1)} 18:00`)], ['pending', at(`${to.slice(0, 10)} 16:00`)],
    ].sort());
    expect(list.filter((m) => m.kind === 'change').map((m) => m.state)).toEqual(['pending']);
    const before = h.letters.length;
    await runAll();
    const change = h.letters.slice(before).find((l) => l.subject === `Бронирование №${id} изменено — VR Арена Москва`)!;
    expect(change.text).toContain('Ваше бронирование изменено: другое время или зона.');
    expect(change.text).toContain('в 18:00');

    const guests = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, to, { persons: 2 }) });
    expect(guests.statusCode, guests.body).toBe(200);
    const after = await messagesOf(id);
    expect(after.filter((m) => m.kind === 'change').length).toBe(2);
    // Same session: the reminders stay as they were.
    expect(after.filter((m) => m.kind === 'reminder' && m.state === 'pending').length).toBe(2);
    const before2 = h.letters.length;
    await runAll();
    expect(h.letters.slice(before2).find((l) => l.subject.includes('изменено'))!.text).toContain('изменено: число гостей');
    // An edit of the comment alone says nothing.
    await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, to, { persons: 2, comment: 'у окна' }) });
    expect((await messagesOf(id)).filter((m) => m.kind === 'change').length).toBe(2);
  });

  it('a cancel cancels every waiting send and sends the cancellation; no reminder ever leaves', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, session()));
    const cancelled = await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const list = await messagesOf(id);
    expect(list.map((m) => m.kind).sort()).toEqual(['cancellation', 'confirmation', 'reminder', 'reminder']);
    expect(list.find((m) => m.kind === 'cancellation')!.state).toBe('pending');
    expect(list.filter((m) => m.kind === 'reminder').every((m) => m.state === 'cancelled')).toBe(true);
    expect(list.find((m) => m.kind === 'confirmation')!.state).toBe('cancelled');
    await dueNow(id);
    const before = h.letters.length;
    await runAll();
    const sent = h.letters.slice(before).filter((l) => l.to === 'guest@example.com' && l.subject.includes(`№${id}`));
    expect(sent.map((l) => l.subject)).toEqual([`Бронирование №${id} отменено — VR Арена Москва`]);
  });

  it('a refund tells the customer how much came back', async () => {
    const booked = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, session(), { payment: { payment_type: 2 } }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as number;
    const cancelled = await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.admin });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const refund = await h.call('POST', `/api/v2.2/orders/${id}/refund/`, { token: w.tokens.admin, body: { payment_type: 2 } });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const before = h.letters.length;
    await runAll();
    const letter = h.letters.slice(before).find((l) => l.subject === `Возврат по заказу №${id} — VR Арена Москва`)!;
    const [{ paid }] = await sql<{ paid: string }>("select purchase as paid from orders where id = $1", [id]) as [{ paid: string }];
    expect(letter.text).toContain(`Мы вернули ${formatMoney(paid, { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' }, 'ru')} по заказу №${id}.`);
  });

  it('the thank-you, when on, is planned after the session', async () => {
    await put({ thank_you: true, thank_you_delay: 30 });
    const dt = session('15:00');
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    expect((await messagesOf(id)).filter((m) => m.kind === 'thank_you').map((m) => m.due_at)).toEqual([at(`${dt.slice(0, 10)} 16:30`)]);
  });

  it('a widget booking: no second confirmation (the widget confirms it), reminders in its language; the customer\'s cancel is told by SMS only', async () => {
    await put({ channels: ['email', 'sms'], mode: 'all', smsru_api_key: KEY, sms_sender: 'VR-Arena' });
    const res = await h.call('POST', '/api/public/locations/1/bookings/?lang=en', { body: {
      playground_id: w.pg.cube2, session_dt: session('15:00'), name: 'Olga', phone: '+79161234567', email: 'olga.w@example.com', persons: 1, promocode: '', personal_data_consent: true,
    } });
    expect(res.statusCode, res.body).toBe(201);
    const { order, key } = res.json() as { order: { id: number }; key: string };
    const planned = await messagesOf(order.id);
    expect(planned.map((m) => [m.kind, m.channel, m.language]).sort()).toEqual([
      ['reminder', 'email', 'en'], ['reminder', 'email', 'en'], ['reminder', 'sms', 'en'], ['reminder', 'sms', 'en'],
    ]);
    const cancelled = await h.call('POST', `/api/public/orders/${key}/cancel/?lang=en`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await messagesOf(order.id);
    expect(after.filter((m) => m.kind === 'reminder').every((m) => m.state === 'cancelled')).toBe(true);
    expect(after.filter((m) => m.kind === 'cancellation').map((m) => [m.channel, m.state])).toEqual([['sms', 'pending']]);
  });

  it('nothing is planned where the location has no channel on; what was planned goes by no channel turned off since', async () => {
    const planned = await book(w, bookingBody(w.pg.cube2, session()));
    await put({ channels: [] });
    const id = await book(w, bookingBody(w.pg.cube2, session()));
    expect(await messagesOf(id)).toEqual([]);
    await dueNow(planned);
    const before = h.letters.length;
    await runAll();
    expect(h.letters.slice(before).filter((l) => l.subject.includes(`№${planned}`))).toEqual([]);
    expect((await messagesOf(planned)).map((m) => [m.state, m.error])).toEqual([
      ['cancelled', 'channel turned off'], ['cancelled', 'channel turned off'], ['cancelled', 'channel turned off'],
    ]);
  });
});

describe('sending SMS, exactly once', () => {
  beforeEach(async () => {
    expect((await put({ channels: ['email', 'sms'], mode: 'first_available', sms_daily_limit: 300, reminder_offsets: [1440, 120], quiet_from: '22:00', quiet_to: '09:00', thank_you: false })).statusCode).toBe(200);
    // What earlier tests left due goes first, so each test's refusals and cut-offs meet its own sends.
    await runAll();
    sms.refuseNext = [];
    sms.dropNext = 0;
  });
  const phone = () => `+7916${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;

  it('first_available: SMS when the order has no e-mail, from the chosen sender; delivery read back', async () => {
    const to = phone();
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: to }));
    await runAll();
    const got = sms.sent.filter((s) => s.to === to.slice(1));
    expect(got.map((s) => [s.from, s.msg.split('\n')[0]])).toEqual([['VR-Arena', expect.stringMatching(new RegExp(`^Бронь №${id} подтверждена: `))]]);
    const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
    expect(m).toMatchObject({ channel: 'sms', state: 'sent', recipient: to });
    sms.setStatus(got[0]!.id, 103);
    await sweepDeps();
    expect((await messagesOf(id)).find((x) => x.kind === 'confirmation')).toMatchObject({ state: 'delivered', delivered_at: expect.any(String) });
    expect((await logOf(id)).map((l) => l.state)).toEqual(['sent', 'delivered']);
  });

  it('mode all: e-mail and SMS both', async () => {
    await put({ mode: 'all' });
    const to = phone();
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: 'both@example.com', phone: to }));
    expect((await messagesOf(id)).filter((m) => m.kind === 'confirmation').map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('a lost answer: the send stays `sending`, is never sent again, and becomes `unknown` after 2 minutes without an id', async () => {
    const to = phone();
    sms.dropNext = 1;
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: to }));
    await runAll();
    const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
    expect(m!.state).toBe('sending');
    // Another process runs the same job again (a retry after a kill -9): nothing leaves.
    await enqueueJob(h.database.db, MESSAGE_SEND_JOB, { messageId: m!.id });
    await runAll();
    expect(sms.sent.filter((s) => s.to === to.slice(1)).length).toBe(1);
    // Not yet 2 minutes: the sweep leaves it.
    await sweepDeps();
    expect((await messagesOf(id)).find((x) => x.id === m!.id)!.state).toBe('sending');
    await sql("update messages set sending_at = now() - interval '3 minutes' where id = $1", [m!.id]);
    await sweepDeps();
    expect((await messagesOf(id)).find((x) => x.id === m!.id)).toMatchObject({ state: 'unknown', error: 'not confirmed by the gateway' });
    await enqueueJob(h.database.db, MESSAGE_SEND_JOB, { messageId: m!.id });
    await runAll();
    expect(sms.sent.filter((s) => s.to === to.slice(1)).length).toBe(1);
    expect((await logOf(id)).map((l) => l.state)).toEqual(['unknown']);
  });

  it('a stale `sending` SMS whose id was stored is read back from SMS.ru', async () => {
    const to = phone();
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: to }));
    await runAll();
    const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
    // As if the process died between storing the id and marking it sent.
    await sql("update messages set state = 'sending', sent_at = null, sending_at = now() - interval '3 minutes' where id = $1", [m!.id]);
    sms.setStatus(m!.gateway_id, 102);
    await sweepDeps();
    expect((await messagesOf(id)).find((x) => x.id === m!.id)).toMatchObject({ state: 'sent', sent_at: expect.any(String) });
  });

  it('a stale e-mail becomes `unknown` with its Message-ID kept', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: 'stale@example.com' }));
    await runAll();
    const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
    await sql("update messages set state = 'sending', sending_at = now() - interval '3 minutes' where id = $1", [m!.id]);
    await sweepDeps();
    const after = (await messagesOf(id)).find((x) => x.id === m!.id)!;
    expect(after.state).toBe('unknown');
    expect(after.error).toMatch(/^not confirmed; Message-ID <message-\d+\.[0-9a-f]+@backoffice\.test>$/);
  });

  it('a refused SMS is tried again with backoff, and is `failed` after the last try: on the order and in the list\'s filter', async () => {
    const to = phone();
    sms.refuseNext = Array.from({ length: 4 }, () => ({ code: 201, text: 'Не хватает средств на лицевом счету' }));
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: to }));
    const tries: number[] = [];
    for (let i = 0; i < 6; i++) {
      await runAll();
      const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
      tries.push(m!.attempts);
      if (m!.state !== 'pending') break;
      // The next try is booked later (backoff): made due now.
      const [job] = await sql<{ delay: number }>(`select extract(epoch from run_at - now())::int as delay from jobs where kind = '${MESSAGE_SEND_JOB}' and done_at is null and (payload->>'messageId')::bigint = $1`, [m!.id]);
      expect(job!.delay).toBeGreaterThanOrEqual(25);
      await sql(`update jobs set run_at = now() where kind = '${MESSAGE_SEND_JOB}' and done_at is null and (payload->>'messageId')::bigint = $1`, [m!.id]);
    }
    expect(tries).toEqual([1, 2, 3, 4]);
    const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
    expect(m).toMatchObject({ state: 'failed', attempts: 4, error: '201 Не хватает средств на лицевом счету' });
    expect(sms.sent.filter((s) => s.to === to.slice(1))).toEqual([]);
    expect(await logOf(id)).toEqual([{ message_id: m!.id, kind: 'confirmation', channel: 'sms', state: 'failed', error: '201 Не хватает средств на лицевом счету' }]);
    const list = await h.call('GET', '/api/v2.2/locations/1/messages/?state=failed&limit=100', { token: w.tokens.manager });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((r: Json) => r.id)).toContain(m!.id);
    expect(list.json().results.every((r: Json) => r.state === 'failed')).toBe(true);
  });

  it('first_available: a failed e-mail falls back to SMS within one retry', async () => {
    const to = phone();
    const push = h.letters.push;
    let refused = 0;
    h.letters.push = (...items) => {
      if (items.some((l) => l.to === 'bounce@example.com')) { refused++; throw Object.assign(new Error('550 mailbox unavailable'), { code: 'EENVELOPE' }); }
      return push.apply(h.letters, items);
    };
    try {
      const id = await book(w, bookingBody(w.pg.cube2, session(), { email: 'bounce@example.com', phone: to }));
      await runAll();
      expect(refused).toBe(1);
      const [m] = (await messagesOf(id)).filter((x) => x.kind === 'confirmation');
      expect(m).toMatchObject({ channel: 'sms', state: 'sent', attempts: 2 });
      expect(sms.sent.filter((s) => s.to === to.slice(1)).length).toBe(1);
      expect((await logOf(id)).map((l) => [l.channel, l.state])).toEqual([['email', 'failed'], ['sms', 'sent']]);
    } finally {
      h.letters.push = push;
    }
  });

  /** `n` copies of an order, each with its own phone, and one pending SMS reminder each due now (a morning's reminders). */
  async function clonesWithReminders(sourceId: number, n: number): Promise<{ orderId: number; phone: string; messageId: number }[]> {
    const cols = (await sql<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'phone', 'name') order by ordinal_position"))
      .map((c) => `"${c.column_name}"`).join(', ');
    const made = await sql<{ id: number; phone: string }>(`insert into orders (${cols}, phone, name)
      select ${cols}, '+7917' || lpad((3000000 + g)::text, 7, '0'), 'Клон ' || g from orders, generate_series(1, $2) g where id = $1 returning id, phone`, [sourceId, n]);
    await sql(`insert into order_playsessions (order_id, playsession_id)
      select o.id, op.playsession_id from order_playsessions op, unnest($2::int[]) o(id) where op.order_id = $1`, [sourceId, made.map((o) => o.id)]);
    const msgs = await sql<{ id: number; order_id: number }>(`insert into messages (order_id, location_id, kind, channel, language, due_at, state, data)
      select id, location_id, 'reminder', 'sms', 'ru', now(), 'pending', '{}'::jsonb from orders where id = any($1) returning id, order_id`, [made.map((o) => o.id)]);
    await sql(`insert into jobs (kind, payload, run_at, priority) select '${MESSAGE_SEND_JOB}', jsonb_build_object('messageId', id), now(), 50 from unnest($1::bigint[]) id`, [msgs.map((m) => m.id)]);
    const phoneOf = new Map(made.map((o) => [Number(o.id), o.phone]));
    return msgs.map((m) => ({ orderId: Number(m.order_id), phone: phoneOf.get(Number(m.order_id))!, messageId: Number(m.id) }));
  }

  it('reminders due together go in SMS.ru calls of up to 100 numbers, each number once a call; each answer settles its own message', async () => {
    const source = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: phone() }));
    await runAll();
    const clones = await clonesWithReminders(source, 120);
    // A second message to one of those numbers, due with them: it goes in a call of its own.
    const twice = clones[5]!;
    const [{ id: extra }] = await sql<{ id: number }>(`insert into messages (order_id, location_id, kind, channel, language, due_at, state, data)
      values ($1, 1, 'change', 'sms', 'ru', now(), 'pending', '{"changes": ["guests"]}') returning id`, [twice.orderId]);
    await enqueueJob(h.database.db, MESSAGE_SEND_JOB, { messageId: Number(extra) });
    // SMS.ru refuses the first number of the first call (its own status): that message alone is tried again later.
    sms.refuseNext = [{ code: 207, text: 'На этот номер нельзя отправлять сообщения' }];
    const callsBefore = sms.calls;
    const sentBefore = sms.sent.length;
    await runAll();
    expect(sms.calls - callsBefore).toBe(2);
    const sent = sms.sent.slice(sentBefore);
    expect(sent.length).toBe(120);
    const rows = await sql<{ id: number; order_id: number; state: string; gateway_id: string | null; body: string; error: string | null; attempts: number }>(
      'select id, order_id, state, gateway_id, body, error, attempts from messages where id = any($1) order by id', [[...clones.map((c) => c.messageId), extra]]);
    const refused = rows.filter((r) => r.state === 'pending');
    expect(refused.map((r) => [r.error, r.attempts])).toEqual([['207 На этот номер нельзя отправлять сообщения', 1]]);
    // Each SMS that left is its own message's text, to its own order's number, under the id the row keeps.
    const byGateway = new Map(sent.map((x) => [x.id, x]));
    const phoneOfOrder = new Map(clones.map((c) => [c.orderId, c.phone.replace(/\D/g, '')]));
    for (const r of rows.filter((x) => x.state === 'sent')) {
      const got = byGateway.get(r.gateway_id!)!;
      expect([got.to, got.msg]).toEqual([phoneOfOrder.get(Number(r.order_id)), r.body]);
      expect(got.msg).toContain(`№${r.order_id}`);
    }
    expect(rows.filter((r) => r.state === 'sent').length).toBe(120);
    expect(sent.filter((x) => x.to === twice.phone.replace(/\D/g, '')).length).toBe(2);
    const logged = await sql<{ n: number }>("select count(*)::int as n from order_logs where type = 'message' and data->>'state' = 'sent' and order_id = any($1)", [clones.map((c) => c.orderId)]);
    expect(logged[0]!.n).toBe(120);
  });

  it('the daily SMS limit holds within one batch: the messages past it fail saying so, the others go', async () => {
    const source = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: phone() }));
    await runAll();
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from messages where location_id = 1 and channel = 'sms' and state in ('sending', 'sent', 'delivered', 'unknown') and sending_at >= date_trunc('day', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow'");
    await put({ sms_daily_limit: n + 2 });
    const clones = await clonesWithReminders(source, 5);
    const sentBefore = sms.sent.length;
    await runAll();
    expect(sms.sent.length - sentBefore).toBe(2);
    const states = await sql<{ state: string; error: string | null }>('select state, error from messages where id = any($1) order by id', [clones.map((c) => c.messageId)]);
    expect(states.map((s) => s.state)).toEqual(['sent', 'sent', 'failed', 'failed', 'failed']);
    expect(states[2]!.error).toBe(`the location's daily SMS limit (${n + 2}) is reached`);
  });

  it('the daily SMS limit of the location holds', async () => {
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from messages where location_id = 1 and channel = 'sms' and state in ('sending', 'sent', 'delivered', 'unknown') and sending_at >= date_trunc('day', now() at time zone 'Europe/Moscow') at time zone 'Europe/Moscow'");
    await put({ sms_daily_limit: n });
    const to = phone();
    const id = await book(w, bookingBody(w.pg.cube2, session(), { email: '', phone: to }));
    await runAll();
    expect((await messagesOf(id)).find((x) => x.kind === 'confirmation')).toMatchObject({ state: 'failed', error: `the location's daily SMS limit (${n}) is reached` });
    expect(sms.sent.filter((s) => s.to === to.slice(1))).toEqual([]);
  });
});

describe('templates', () => {
  const url = (kind: string, more = '') => `/api/v2.2/locations/1/message_templates/${kind}/${more}`;

  it('lists a kind\'s variables and its templates, built-in until saved, with previews and an SMS\'s segments', async () => {
    const res = await h.call('GET', url('reminder'), { token: admin() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.variables).toEqual(['name', 'location', 'date', 'time', 'playground', 'persons', 'order', 'venue_phone', 'arrival_link', 'booking_link']);
    expect(body.templates.map((t: Json) => [t.channel, t.language, t.custom])).toEqual([['email', 'ru', false], ['email', 'en', false], ['sms', 'ru', false], ['sms', 'en', false]]);
    expect(body.templates[2].preview.sms).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(body.templates[3].preview.sms.encoding).toBe('GSM-7');
    expect((await h.call('GET', url('nonsense'), { token: admin() })).statusCode).toBe(404);
    expect((await h.call('GET', url('reminder'), { token: w.tokens.manager })).statusCode).toBe(403);
  });

  it('an unknown variable answers 400 naming it; an SMS over 335 characters, or an e-mail without a subject, too', async () => {
    const bad = await h.call('PUT', url('confirmation'), { token: admin(), lang: 'en', body: { channel: 'sms', language: 'ru', body: 'Бронь {order}, вернули {amount}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ body: ['Unknown variables: {amount}. This message can use: {name}, {location}, {date}, {time}, {playground}, {persons}, {order}, {venue_phone}, {arrival_link}, {booking_link}.'] });
    const ru = await h.call('PUT', url('confirmation'), { token: admin(), body: { channel: 'sms', language: 'ru', body: '{nmae}' } });
    expect(ru.json().body[0]).toMatch(/^Неизвестные переменные: \{nmae\}\. В этом сообщении можно использовать: \{name\}/);
    expect((await h.call('PUT', url('confirmation'), { token: admin(), lang: 'en', body: { channel: 'sms', language: 'ru', body: 'я'.repeat(336) } })).json())
      .toEqual({ body: ['Ensure this field has no more than 335 characters.'] });
    expect((await h.call('PUT', url('confirmation'), { token: admin(), lang: 'en', body: { channel: 'email', language: 'ru', body: 'Текст' } })).json())
      .toEqual({ subject: ['This field is required.'] });
  });

  it('previews an unsaved text with its segments', async () => {
    const res = await h.call('POST', url('confirmation', 'preview/'), { token: admin(), body: { channel: 'sms', language: 'en', body: 'Hi {name}, {date} {time}! '.padEnd(170, 'x') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: expect.stringMatching(/^Hi Anna, \d\d\.\d\d\.\d{4} 15:00! /), sms: { encoding: 'GSM-7', segments: 2 } });
  });

  it('a saved template is what the customer gets; reset brings the built-in one back', async () => {
    expect((await put({ ...EMAIL_ONLY })).statusCode).toBe(200);
    const saved = await h.call('PUT', url('confirmation'), { token: admin(), body: { channel: 'email', language: 'ru', subject: ' Ждём вас, {name} ', body: 'Заказ {order}: {date} {time}' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().templates[0]).toMatchObject({ channel: 'email', language: 'ru', custom: true, subject: 'Ждём вас, {name}' });
    const id = await book(w, bookingBody(w.pg.cube2, session('12:00'), { name: 'Ольга', email: 'olga@example.com' }));
    const before = h.letters.length;
    await runAll();
    const letter = h.letters.slice(before).find((l) => l.to === 'olga@example.com')!;
    expect(letter.subject).toBe('Ждём вас, Ольга');
    // #46 A custom confirmation without {booking_link} still ends with the booking's own page.
    expect(letter.text).toMatch(new RegExp(`^Заказ ${id}: \\d\\d\\.\\d\\d\\.2030 12:00\nhttp://backoffice\\.test/widget/order/${id}-[0-9a-f]{32}\\?lang=ru$`));
    const reset = await h.call('PUT', url('confirmation'), { token: admin(), body: { channel: 'email', language: 'ru', reset: true } });
    expect(reset.json().templates[0]).toMatchObject({ custom: false, subject: 'Бронирование №{order} подтверждено — {location}' });
    const [entry] = await sql<{ after: Json }>("select after from activity_entries where kind = 'message_template.changed' order by id desc limit 1");
    expect(entry!.after).toMatchObject({ subject: 'Бронирование №{order} подтверждено — {location}' });
  });

  it('"send me a test" sends to the caller: an e-mail now, an SMS to their phone (none: a 400)', async () => {
    const before = h.letters.length;
    const res = await h.call('POST', url('reminder', 'test/'), { token: admin(), body: { channel: 'email', language: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ to: 'admin@example.com', channel: 'email' });
    expect(h.letters.slice(before).map((l) => [l.to, l.subject])).toEqual([['admin@example.com', expect.stringMatching(/^Reminder: /)]]);
    await sql("update users set phone = '' where email = 'admin@example.com'");
    expect((await h.call('POST', url('reminder', 'test/'), { token: admin(), lang: 'en', body: { channel: 'sms', language: 'ru' } })).json())
      .toEqual({ channel: ['Your profile has no phone number to send a test SMS to.'] });
    await sql("update users set phone = '+79169998877' where email = 'admin@example.com'");
    expect((await put({ channels: ['email', 'sms'], smsru_api_key: KEY, sms_sender: 'SMS.ru' })).statusCode).toBe(200);
    const sent = await h.call('POST', url('reminder', 'test/'), { token: admin(), body: { channel: 'sms', language: 'ru' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sms.sent.at(-1)).toMatchObject({ to: '79169998877', from: 'SMS.ru', msg: expect.stringMatching(/^Напоминаем: /) });
    sms.refuseNext = [{ code: 202, text: 'Неправильно указан номер телефона получателя' }];
    expect((await h.call('POST', url('reminder', 'test/'), { token: admin(), lang: 'en', body: { channel: 'sms', language: 'ru' } })).json())
      .toEqual({ non_field_errors: ['The test message was not sent: 202 Неправильно указан номер телефона получателя'] });
  });
});

describe('lists', () => {
  it('the location\'s messages: newest first, filters, CSV; role 20', async () => {
    const res = await h.call('GET', '/api/v2.2/locations/1/messages/?limit=5', { token: w.tokens.manager });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().results.map((r: Json) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect((await h.call('GET', '/api/v2.2/locations/1/messages/', { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.2/locations/1/messages/?state=lost', { token: w.tokens.manager, lang: 'en' })).json()).toEqual({ state: [['Not a valid choice.']] });
    const csv = await h.call('GET', '/api/v2.2/locations/1/messages/?format=csv&channel=sms', { token: w.tokens.manager, lang: 'en' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('State');
    expect(csv.body).toContain('SMS');
  });

  it('an order\'s messages: any role at its location; 404 elsewhere', async () => {
    const stranger = await h.userWithToken('stranger45b@example.com', [[2, 40]]);
    const [m] = await sql<{ order_id: string }>('select order_id from messages order by id limit 1');
    expect((await h.call('GET', `/api/v2.2/orders/${m!.order_id}/messages/`, { token: stranger.token })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v2.2/orders/999999/messages/', { token: admin() })).statusCode).toBe(404);
  });
});

describe('the thank-you with an offer is marketing', () => {
  const keyOf = (id: number) => orderKey(h.config.widgetSecret, id);
  const thankYouOf = async (id: number) => (await messagesOf(id)).filter((m) => m.kind === 'thank_you');
  /** The lead guest signs the location's marketing consent on the arrival page, as on a phone. */
  async function signMarketing(id: number) {
    const page = await h.call('GET', `/api/public/arrival/${keyOf(id)}/?lang=ru`, {});
    expect(page.statusCode, page.body).toBe(200);
    const doc = page.json().documents.find((d: Json) => d.kind === 'marketing');
    const lead = page.json().participants.find((p: Json) => p.position === 1);
    const signed = await h.call('POST', `/api/public/arrival/${keyOf(id)}/sign/?lang=ru`, { body: { participant: lead.id, document_version: doc.document_version, name: 'Анна Петрова', birth_date: '1990-05-01' } });
    expect(signed.statusCode, signed.body).toBe(200);
  }
  const booked = (email: string) => book(w, bookingBody(w.pg.cube2, session(), { email, phone: '+79161230000' }));

  it('the offer is one of the location\'s active promo codes, saved as it is written there; \'\' offers none', async () => {
    await sql("insert into promocodes (location_id, code, discount) values (1, 'THANKS10', 10), (1, 'OLD5', 5), (2, 'ELSEWHERE', 5)");
    await sql("update promocodes set active = false where code = 'OLD5'");
    for (const code of ['NOPE', 'OLD5', 'ELSEWHERE']) {
      expect((await put({ thank_you_promocode: code })).json(), code).toEqual({ thank_you_promocode: [`No active promo code ${code} at this location: create it under Tools, Promo codes, first.`] });
    }
    expect((await h.call('PUT', '/api/v2.2/locations/1/messaging/', { token: admin(), body: { thank_you_promocode: 'nope' }, lang: 'ru' })).json())
      .toEqual({ thank_you_promocode: ['Активного промокода nope на этой площадке нет: сначала создайте его в Инструментах, раздел «Промокоды».'] });
    const saved = await put({ ...EMAIL_ONLY, thank_you: true, thank_you_delay: 30, thank_you_promocode: 'thanks10' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().thank_you_promocode).toBe('THANKS10');
  });

  it('goes only to a lead guest who signed the marketing consent, with the code and the unsubscribe link; after the unsubscribe never again', async () => {
    const marketing = await h.call('POST', '/api/v2.2/locations/1/consent_documents/', { token: admin(), body: { kind: 'marketing', text_ru: 'Согласен получать предложения.', text_en: 'I agree to receive offers.' } });
    expect([201, 400]).toContain(marketing.statusCode);
    const noConsent = await booked('no.consent@example.com');
    const consented = await booked('consented@example.com');
    await signMarketing(consented);
    for (const id of [noConsent, consented]) await dueNow(id);
    const before = h.letters.length;
    await runAll();
    // Without the consent: skipped, with its reason on the order's log; nothing in the mail.
    expect(await thankYouOf(noConsent)).toEqual([expect.objectContaining({ state: 'skipped', error: 'no_marketing_consent' })]);
    expect(await logOf(noConsent)).toContainEqual(expect.objectContaining({ kind: 'thank_you', state: 'skipped', reason: 'no_marketing_consent' }));
    const letters = h.letters.slice(before);
    expect(letters.filter((l) => l.to === 'no.consent@example.com' && /Спасибо/.test(l.subject))).toEqual([]);
    // With it: the code and the link to the unsubscribe page, in the booking's language.
    const thanks = letters.find((l) => l.to === 'consented@example.com' && /Спасибо/.test(l.subject))!;
    expect(thanks.text).toContain('Ваш промокод на следующий визит: THANKS10');
    expect(thanks.text).toContain(`${h.config.publicUrl}/unsubscribe/${keyOf(consented)}?lang=ru`);

    // The page behind the link: reading it changes nothing; the press unsubscribes the order's e-mail and phone, once.
    const pageOf = (key: string, method = 'GET', lang = 'ru') => h.call(method, `/api/public/unsubscribe/${key}/?lang=${lang}`, method === 'POST' ? { body: {} } : {});
    expect((await pageOf(keyOf(consented))).json()).toEqual({ location: 'VR Арена Москва', unsubscribed: false });
    expect((await pageOf(keyOf(consented), 'GET', 'en')).json().location).not.toMatch(/[А-Яа-я]/);
    expect((await pageOf(keyOf(consented), 'POST')).json()).toEqual({ location: 'VR Арена Москва', unsubscribed: true });
    expect((await pageOf(keyOf(consented), 'POST')).json()).toEqual({ location: 'VR Арена Москва', unsubscribed: true });
    expect((await sql("select contact from marketing_unsubscribes where location_id = 1 order by contact")).map((r: Json) => r.contact)).toEqual(['79161230000', 'consented@example.com']);
    // The order's log says so once, by the customer, without the contacts (the second press added nothing).
    expect(await sql(`select author_user_id, data from order_logs where order_id = ${consented} and type = 'unsubscribed'`)).toEqual([{ author_user_id: null, data: { by: 'customer' } }]);
    expect((await pageOf('1-ffffffffffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await pageOf('1-ffffffffffffffffffffffffffffffff', 'POST')).statusCode).toBe(404);

    // The same customer books again and signs again: the offer is not sent (the unsubscribe wins).
    const again = await booked('Consented@Example.com');
    await signMarketing(again);
    await dueNow(again);
    await runAll();
    expect(await thankYouOf(again)).toEqual([expect.objectContaining({ state: 'skipped', error: 'unsubscribed' })]);
  });

  it('without a code the thank-you is transactional: no offer, no unsubscribe link, no consent asked', async () => {
    expect((await put({ thank_you_promocode: '' })).json().thank_you_promocode).toBe('');
    const id = await booked('plain.thanks@example.com');
    await dueNow(id);
    const before = h.letters.length;
    await runAll();
    expect(await thankYouOf(id)).toEqual([expect.objectContaining({ state: 'sent' })]);
    const thanks = h.letters.slice(before).find((l) => l.to === 'plain.thanks@example.com' && /Спасибо/.test(l.subject))!;
    expect(thanks.text).not.toMatch(/промокод|unsubscribe|Отказаться/i);
    await put({ thank_you: false });
  });
});

/** The sweep as the job runs it. */
async function sweepDeps() {
  await sweepMessages({ db: h.database.db, pool: h.database.pool, config: h.config, mailer: { send: async () => undefined } });
}
