// #47 A guest's data on request (152-FZ) through the API, against real PostgreSQL: the search, the
// export (every kind of record that names the person, nobody else's), the erasure (afterwards no text
// column of any table holds the plain name, phone or e-mail, found as an auditor would, by searching
// every column; the money and the consent proofs stay), the data requests with their legal due days
// and the retention job (exactly the people past the setting, once across two runs at a time).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPlaysessions, orders, playsessions } from '../../server/db/schema';
import { applyRetention } from '../../server/modules/people/retention';
import { createMailer } from '../../server/platform/mail';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;

const A = { name: 'Агата Кристиева', phone: '+79165551234', typed: '+7 (916) 555-12-34', email: 'Agata.K@example.com' };
const B = { name: 'Борис Другойсон', phone: '+79165559999', email: 'boris.other@example.com' };

const people = (query: string, token = w.tokens.admin) => h.call('GET', `/api/v2.2/locations/1/people/?${query}`, { token });
const exportOf = (body: Json, format = '', token = w.tokens.admin, lang = 'ru') =>
  h.call('POST', `/api/v2.2/locations/1/people/export/${format ? `?format=${format}` : ''}`, { token, body, lang });
const erase = (body: Json, lang = 'ru', token = w.tokens.admin) => h.call('POST', '/api/v2.2/locations/1/people/erase/', { token, body, lang });
const sqlRows = async (text: string, values: unknown[] = []) => (await h.database.pool.query(text, values)).rows;

/** An order on a past session (`daysAgo`), written directly: the API sells no past sessions. */
async function pastOrder(who: { name: string; phone: string; email?: string | null }, daysAgo: number, extra: Partial<typeof orders.$inferInsert> = {}) {
  const day = addDays(w.today, -daysAgo);
  const [ps] = await h.database.db.insert(playsessions).values({
    playgroundId: w.pg.cube2, businessDate: day, timeStart: `${day} ${String(8 + (daysAgo % 12)).padStart(2, '0')}:${String(daysAgo % 60).padStart(2, '0')}`, duration: 60, sessionPrice: '2000',
  }).onConflictDoNothing().returning();
  const [row] = await h.database.db.insert(orders).values({
    locationId: 1, name: who.name, phone: who.phone, email: who.email ?? null, persons: 2, orderType: 1, status: 6, cost: '2000.00', purchase: '2000.00', paid: '2000.00', ...extra,
  }).returning();
  if (ps) await h.database.db.insert(orderPlaysessions).values({ orderId: row!.id, playsessionId: ps.id });
  return row!.id;
}

/**
 * Every text, character, JSON and array column of every table in which `value` appears (as an
 * auditor would look: case-insensitively, in the column's text), as "table.column (rows)".
 */
async function columnsHolding(value: string): Promise<string[]> {
  const columns = await sqlRows(`SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`);
  const found: string[] = [];
  for (const c of columns) {
    const [row] = await sqlRows(`SELECT count(*)::int AS n FROM "${c.table_name}" WHERE "${c.column_name}"::text ILIKE $1`, [`%${value}%`]);
    if (row.n > 0) found.push(`${c.table_name}.${c.column_name} (${row.n})`);
  }
  return found;
}

let pastA: number;
let futureA: number;

beforeAll(async () => {
  h = await createHarness({ config: { webhookAllowPrivate: true } });
  w = await makeWorld(h);
  // Messages by e-mail (their texts name the guest), a webhook with personal data, and the person's records of every kind.
  expect((await h.call('PUT', '/api/v2.2/locations/1/messaging/', { token: w.tokens.admin, body: { channels: ['email'] } })).statusCode).toBe(200);
  expect((await h.call('POST', '/api/v2.1/locations/1/webhooks/', { token: w.tokens.admin, body: { url: 'http://127.0.0.1:9/people', extra: true } })).statusCode).toBe(201);
  pastA = await pastOrder({ ...A, email: A.email }, 40, { comment: `перезвонить ${A.typed}, спросить ${A.name}` });
  await pastOrder(B, 41);
  futureA = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 5)} 06:00`, { name: A.name, phone: A.typed, email: A.email, persons: 2 }));
  await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 5)} 06:00`, { name: B.name, phone: B.phone, email: B.email }));
  await h.runJobs();
  // A cash payment and a signature of the lead guest with a consent from the widget, on the past order.
  await sqlRows(`INSERT INTO payments (order_id, location_id, payment_type, purchase, comment) VALUES ($1, 1, 2, '2000.00', $2)`, [pastA, `за ${A.name}`]);
  const [text] = await sqlRows(`SELECT id, text_hash FROM consent_texts WHERE location_id = 1 ORDER BY id LIMIT 1`);
  const [lead] = await sqlRows(`SELECT id FROM order_participants WHERE order_id = $1 AND position = 1`, [pastA]);
  await sqlRows(`UPDATE order_participants SET name = $2, birth_date = '1990-04-05' WHERE id = $1`, [lead.id, A.name]);
  await sqlRows(`INSERT INTO consent_signatures (order_id, participant_id, consent_text_id, text_hash, language, signed_name, birth_date, ip, user_agent)
    VALUES ($1, $2, $3, $4, 'ru', $5, '1990-04-05', '203.0.113.77', 'TestBrowser/1')`, [pastA, lead.id, text.id, text.text_hash, A.name]);
  await sqlRows(`INSERT INTO order_consents (order_id, consent_text_id, ip, user_agent) VALUES ($1, $2, '203.0.113.78', 'TestBrowser/1')`, [pastA, text.id]);
  // The widget's rate-limit counter of the address the consent came from.
  await sqlRows(`INSERT INTO rate_limit_hits (bucket, window_start, count) VALUES ('widget_booking|203.0.113.78', now(), 1)`);
  // A cashier's note in the till naming the guest (the till's rows are append-only: erasure may rewrite only such texts).
  await sqlRows(`INSERT INTO till_movements (shift_id, kind, amount, comment, user_id)
    SELECT id, 'paid_in', '10.00', $1, $2 FROM till_shifts WHERE location_id = 1 AND state = 'open' ORDER BY id LIMIT 1`, [`Сдача для ${A.typed}`, w.users.admin.id]);
  const [other] = await sqlRows(`SELECT id FROM order_participants WHERE order_id = $1 AND position = 2`, [pastA]);
  await sqlRows(`UPDATE order_participants SET name = 'Спутник Агаты' WHERE id = $1`, [other.id]);
}, 120_000);
afterAll(async () => { await h?.close(); });

describe('#47 finding and exporting a person', () => {
  it('finds a person\'s orders by phone however typed, or by e-mail in any case, and nobody else\'s; the search is logged', async () => {
    const byPhone = await people(`phone=${encodeURIComponent(A.typed)}`);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().orders.map((o: Json) => o.id).sort()).toEqual([pastA, futureA].sort());
    expect(byPhone.json().upcoming).toEqual([futureA]);
    const byEmail = await people(`email=${encodeURIComponent(A.email.toUpperCase())}`);
    expect(byEmail.json().orders.map((o: Json) => o.id).sort()).toEqual([pastA, futureA].sort());
    const [entry] = await sqlRows(`SELECT subject, after FROM activity_entries WHERE kind = 'people.searched' ORDER BY id DESC LIMIT 1`);
    expect(entry).toEqual({ subject: A.email.toLowerCase(), after: { orders_found: 2 } });
  });

  it('asks for a phone or an e-mail, in the caller\'s language', async () => {
    const none = await exportOf({}, '', w.tokens.admin, 'en');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ phone: ['Give a phone or an e-mail.'] });
    expect((await people('')).json()).toEqual({ phone: ['Укажите телефон или электронную почту.'] });
  });

  it('is for administrators of the location: staff and managers get 403, another location\'s administrator 404', async () => {
    for (const token of [w.tokens.staff, w.tokens.manager]) {
      expect((await people(`phone=${A.phone}`, token)).statusCode).toBe(403);
      expect((await exportOf({ phone: A.phone }, '', token)).statusCode).toBe(403);
      expect((await erase({ phone: A.phone, reason: 'x' }, 'ru', token)).statusCode).toBe(403);
    }
    const elsewhere = await h.userWithToken('admin.elsewhere@example.com', [[2, 40]]);
    expect((await people(`phone=${A.phone}`, elsewhere.token)).statusCode).toBe(404);
    expect((await exportOf({ phone: A.phone }, '', elsewhere.token)).statusCode).toBe(404);
  });

  it('an export holds every kind of record that names the person, and no other person\'s', async () => {
    const res = await exportOf({ phone: A.typed });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.orders.map((o: Json) => o.id).sort()).toEqual([pastA, futureA].sort());
    const past = data.orders.find((o: Json) => o.id === pastA);
    expect(past).toMatchObject({ name: A.name, phone: A.phone, email: A.email, others_in_booking: 1 });
    expect(past.comment).toContain(A.typed);
    expect(past.payments).toEqual([expect.objectContaining({ payment_type: 2, purchase: '2000.00' })]);
    expect(past.participation).toEqual([expect.objectContaining({ position: 1, name: A.name, birth_date: '1990-04-05' })]);
    expect(past.signatures).toEqual([expect.objectContaining({ signed_name: A.name, ip: '203.0.113.77', document: 'personal_data' })]);
    expect(past.consents).toEqual([expect.objectContaining({ ip: '203.0.113.78' })]);
    const future = data.orders.find((o: Json) => o.id === futureA);
    expect(future.messages.length, 'the confirmation sent to them').toBeGreaterThan(0);
    expect(future.messages[0]).toMatchObject({ recipient: A.email.toLowerCase() === future.messages[0].recipient ? A.email.toLowerCase() : A.email });
    expect(future.log.map((l: Json) => l.type)).toContain('created');
    expect(data.activity.map((a: Json) => `${a.kind} ${a.subject}`)).toContain(`order.created #${futureA}`);
    expect(data.names).toEqual([A.name]);
    const text = JSON.stringify(data);
    for (const value of [B.name, B.phone, B.email, 'Спутник Агаты', 'admin@example.com', 'staff@example.com']) expect(text, value).not.toContain(value);
  });

  it('prints the export as an HTML page in the caller\'s language', async () => {
    const ru = await exportOf({ email: A.email }, 'html');
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toContain('text/html');
    expect(ru.body).toContain('Персональные данные гостя');
    expect(ru.body).toContain(A.name);
    expect(ru.body).not.toContain(B.name);
    const en = await exportOf({ email: A.email }, 'html', w.tokens.admin, 'en');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('A guest&#39;s personal data');
  });
});

describe('#47 data requests', () => {
  const create = (body: Json, lang = 'ru') => h.call('POST', '/api/v2.2/locations/1/data_requests/', { token: w.tokens.admin, body, lang });
  const list = async (query = '') => (await h.call('GET', `/api/v2.2/locations/1/data_requests/?limit=100${query}`, { token: w.tokens.admin })).json();

  it('records a request with its legal due day: 10 working days to see the data, 30 days for a withdrawal', async () => {
    const access = await create({ kind: 'access', phone: '+79160001122', received_on: '2026-11-09' });
    expect(access.statusCode, access.body).toBe(201);
    // Monday 9 November: the 10th working day after it is Monday 23 November.
    expect(access.json()).toMatchObject({ kind: 'access', phone: '+79160001122', received_on: '2026-11-09', due_on: '2026-11-23' });
    const withdrawal = await create({ kind: 'withdrawal', email: 'w@example.com', received_on: '2026-11-09' });
    expect(withdrawal.json()).toMatchObject({ due_on: '2026-12-09' });
  });

  it('refuses a request without a contact, or received after today, each under its field', async () => {
    expect((await create({ kind: 'access' })).json()).toEqual({ phone: ['Укажите телефон или электронную почту.'] });
    const later = await create({ kind: 'access', phone: '+79160001122', received_on: addDays(w.today, 3) }, 'en');
    expect(later.statusCode).toBe(400);
    expect(later.json()).toEqual({ received_on: ['The day the request was received cannot be later than today.'] });
  });

  it('a request past its due day shows as overdue; the filters find it; closing it makes it done, once', async () => {
    const old = (await create({ kind: 'access', phone: '+79160003344', received_on: addDays(w.today, -40) })).json();
    expect(old.state).toBe('overdue');
    expect((await list('&state=overdue')).results.map((r: Json) => r.id)).toContain(old.id);
    expect((await list('&state=open')).results.map((r: Json) => r.id)).not.toContain(old.id);
    const closed = await h.call('POST', `/api/v2.2/data_requests/${old.id}/close/`, { token: w.tokens.admin, body: { comment: 'Ответили письмом' } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'done', closed_how: 'closed', comment: 'Ответили письмом' });
    const again = await h.call('POST', `/api/v2.2/data_requests/${old.id}/close/`, { token: w.tokens.admin, body: {}, lang: 'en' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This request is already done.' });
  });

  it('an export of the contact does its open access request', async () => {
    const req = (await create({ kind: 'access', email: B.email })).json();
    expect((await exportOf({ email: B.email })).statusCode).toBe(200);
    const row = (await list()).results.find((r: Json) => r.id === req.id);
    expect(row).toMatchObject({ state: 'done', closed_how: 'exported' });
  });
});

describe('#47 erasure', () => {
  let before: Json;
  let withdrawal: number;

  it('waits until the person\'s bookings still to come are cancelled', async () => {
    const res = await erase({ phone: A.phone, reason: 'Отзыв согласия' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: `This guest has bookings still to come (#${futureA}): cancel them first, then erase the data.` });
    expect((await h.call('DELETE', `/api/v2.1/booking/${futureA}/`, { token: w.tokens.admin })).statusCode).toBeLessThan(300);
    await h.runJobs();
  });

  it('erases the person: no text column of any table holds their name, phone or e-mail; nobody else is touched', async () => {
    withdrawal = (await h.call('POST', '/api/v2.2/locations/1/data_requests/', { token: w.tokens.admin, body: { kind: 'withdrawal', phone: A.phone } })).json().id;
    before = {
      payments: await sqlRows(`SELECT id, purchase, payment_type, status FROM payments WHERE location_id = 1 ORDER BY id`),
      orders: await sqlRows(`SELECT id, cost, purchase, paid, status FROM orders WHERE location_id = 1 ORDER BY id`),
      report: (await h.call('GET', `/api/v2.2/locations/1/payments/?limit=1&totals=1&date_from=${addDays(w.today, -60)}&date_to=${addDays(w.today, 10)}`, { token: w.tokens.admin })).json().totals ?? null,
    };
    expect(await columnsHolding(A.name), 'before the erasure the name is held').not.toEqual([]);
    // Letters as the mail folder keeps them without SMTP (the real mailer): one to the guest, one to another.
    const mailer = createMailer({ from: 'venue@example.com', mailDir: path.join(h.config.dataDir, 'mail'), log: h.app.log });
    await mailer.send({ to: A.email, subject: `Бронь ${A.name}`, text: `Здравствуйте, ${A.name}!` });
    await mailer.send({ to: B.email, subject: `Бронь ${B.name}`, text: 'Здравствуйте!' });
    const res = await erase({ phone: A.typed, email: A.email, reason: `Письмо ${A.name} от 20.11` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orders_erased: 2 });
    for (const value of [A.name, A.phone, A.phone.slice(1), A.phone.slice(2), A.email, '203.0.113.77', '203.0.113.78', '1990-04-05', 'Спутник Агаты']) {
      expect(await columnsHolding(value), `${value} is still held`).toEqual([]);
    }
    expect(await columnsHolding(B.name), 'another guest stays').not.toEqual([]);
    expect(await columnsHolding(B.email)).not.toEqual([]);
  });

  it('the mail folder (no SMTP) keeps no letter to the erased guest; others\' letters stay', async () => {
    const mailDir = path.join(h.config.dataDir, 'mail');
    expect(fs.readdirSync(mailDir).filter((f) => f.toLowerCase().includes(A.email.toLowerCase()))).toEqual([]);
    expect(fs.readdirSync(mailDir).filter((f) => f.includes(B.email)).length).toBe(1);
  });

  it('a certificate\'s buyer with no booking is erased too: the certificate and its money stay', async () => {
    const F = { name: 'Фаина Дарительница', phone: '+79165550777', email: 'faina.gift@example.com' };
    await sqlRows(`INSERT INTO certificates (unique_number, creating_location_id, rate, type, status, booked_by) VALUES ('PEOPLE-F-1', 1, '3000.00', 'digital', 'ACTIVE', $1)`, [JSON.stringify(F)]);
    expect((await exportOf({ email: F.email })).json().certificates).toEqual([expect.objectContaining({ unique_number: 'PEOPLE-F-1', rate: '3000.00' })]);
    const res = await erase({ email: F.email, reason: 'Просьба покупателя' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orders_erased: 0 });
    for (const value of [F.name, F.phone, F.email]) expect(await columnsHolding(value), value).toEqual([]);
    expect(await sqlRows(`SELECT rate, status FROM certificates WHERE unique_number = 'PEOPLE-F-1'`)).toEqual([{ rate: '3000.00', status: 'ACTIVE' }]);
  });

  it('money records and reports are unchanged', async () => {
    expect(await sqlRows(`SELECT id, purchase, payment_type, status FROM payments WHERE location_id = 1 ORDER BY id`)).toEqual(before.payments);
    expect(await sqlRows(`SELECT id, cost, purchase, paid, status FROM orders WHERE location_id = 1 ORDER BY id`)).toEqual(before.orders);
    const report = (await h.call('GET', `/api/v2.2/locations/1/payments/?limit=1&totals=1&date_from=${addDays(w.today, -60)}&date_to=${addDays(w.today, 10)}`, { token: w.tokens.admin })).json().totals ?? null;
    expect(report).toEqual(before.report);
  });

  it('the consent proof stays as the version, the text\'s hash, the time and a keyed hash of the name and phone', async () => {
    const [sig] = await sqlRows(`SELECT s.signed_name, s.text_hash, s.signed_at, s.subject_hash, t.text_hash AS version_hash FROM consent_signatures s JOIN consent_texts t ON t.id = s.consent_text_id WHERE s.order_id = $1`, [pastA]);
    const [key] = await sqlRows(`SELECT value FROM app_secrets WHERE name = 'personal_data_hash'`);
    expect(sig.signed_name).toBe('');
    expect(sig.text_hash).toBe(sig.version_hash);
    expect(sig.signed_at).toBeInstanceOf(Date);
    expect(sig.subject_hash).toBe(crypto.createHmac('sha256', key.value).update(`${A.name.toLowerCase()}|${A.phone}`).digest('hex'));
  });

  it('the erasure is logged without the erased values; the person\'s open requests are done', async () => {
    const [logged] = await sqlRows(`SELECT orders, reason, by_retention, user_id FROM person_erasures WHERE orders = 2 ORDER BY id DESC LIMIT 1`);
    expect(logged).toEqual({ orders: 2, reason: 'Письмо *** от 20.11', by_retention: false, user_id: w.users.admin.id });
    const [entry] = await sqlRows(`SELECT subject, after FROM activity_entries WHERE kind = 'people.erased' AND subject LIKE '#%' ORDER BY id DESC LIMIT 1`);
    expect(entry.after).toEqual({ orders_erased: 2, erase_reason: 'Письмо *** от 20.11', by_retention: false });
    const [req] = await sqlRows(`SELECT status, closed_how, phone FROM data_requests WHERE id = $1`, [withdrawal]);
    expect(req).toEqual({ status: 'done', closed_how: 'erased', phone: '' });
    expect(await sqlRows(`SELECT type, data, author_user_id FROM order_logs WHERE order_id = $1 AND type = 'personal_data_erased'`, [pastA]))
      .toEqual([{ type: 'personal_data_erased', data: { by: 'staff' }, author_user_id: w.users.admin.id }]);
    const order = (await h.call('GET', `/api/v2.2/orders/${pastA}/`, { token: w.tokens.admin })).json();
    expect(order).toMatchObject({ name: '—', phone: '' });
  });

  it('activity entries and the till\'s closed records stay as they are: an erasure\'s transaction may rewrite only their texts, never their kind, time, author or money, nor delete one', async () => {
    const client = await h.database.pool.connect();
    const refused = async (statement: string) => {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.erasure', 'on', true)`);
      try {
        await client.query(statement);
        return 'done';
      } catch (error) {
        return (error as { code: string }).code;
      } finally {
        await client.query('ROLLBACK');
      }
    };
    try {
      const [entry] = await sqlRows(`SELECT id FROM activity_entries ORDER BY id LIMIT 1`);
      expect(await refused(`UPDATE activity_entries SET subject = '***' WHERE id = ${entry.id}`)).toBe('done');
      expect(await refused(`UPDATE activity_entries SET kind = 'people.erased' WHERE id = ${entry.id}`)).toBe('42501');
      expect(await refused(`UPDATE activity_entries SET created = now() - interval '1 day' WHERE id = ${entry.id}`)).toBe('42501');
      expect(await refused(`DELETE FROM activity_entries WHERE id = ${entry.id}`)).toBe('42501');
      const [movement] = await sqlRows(`SELECT id FROM till_movements ORDER BY id LIMIT 1`);
      expect(await refused(`UPDATE till_movements SET comment = '***' WHERE id = ${movement.id}`)).toBe('done');
      expect(await refused(`UPDATE till_movements SET amount = amount + 1 WHERE id = ${movement.id}`)).toBe('42501');
      const [count] = await sqlRows(`SELECT id FROM till_counts ORDER BY id LIMIT 1`);
      expect(await refused(`UPDATE till_counts SET counted_cash = counted_cash + 1 WHERE id = ${count.id}`)).toBe('42501');
      const [closed] = await sqlRows(`SELECT id FROM till_shifts WHERE state = 'closed' ORDER BY id LIMIT 1`);
      expect(await refused(`UPDATE till_shifts SET float_comment = '***' WHERE id = ${closed.id}`)).toBe('done');
      expect(await refused(`UPDATE till_shifts SET float = float + 1 WHERE id = ${closed.id}`)).toBe('42501');
    } finally {
      client.release();
    }
  });

  it('a second erasure finds nobody', async () => {
    const res = await erase({ phone: A.phone, reason: 'again' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This location holds no bookings with this phone or e-mail.' });
    expect((await people(`phone=${A.phone}`)).json().orders).toEqual([]);
  });
});

describe('#47 retention', () => {
  it('erases exactly the people whose last session is older than the setting, once when two runs meet', async () => {
    const C = { name: 'Вадим Старый', phone: '+79165550001' };
    const D = { name: 'Дарья Вернувшаяся', phone: '+79165550002' };
    const E = { name: 'Евгений Недавний', phone: '+79165550003' };
    const c = await pastOrder(C, 250);
    const d = [await pastOrder(D, 260), await pastOrder(D, 20)];
    const e = await pastOrder(E, 100);
    const off = await applyRetention(h.database.db);
    expect(off, 'retention is off by default').toBe(0);
    const set = await h.call('PUT', '/api/v2.2/locations/1/data_retention/', { token: w.tokens.admin, body: { retention_months: 6 } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await h.call('GET', '/api/v2.2/locations/1/data_retention/', { token: w.tokens.admin })).json()).toEqual({ retention_months: 6 });
    const [first, second] = await Promise.all([applyRetention(h.database.db), applyRetention(h.database.db)]);
    const erased = await sqlRows(`SELECT id FROM orders WHERE personal_data_erased_at IS NOT NULL AND id = ANY($1::bigint[])`, [[c, ...d, e]]);
    expect(erased.map((r) => Number(r.id))).toEqual([c]);
    expect(await columnsHolding(C.name)).toEqual([]);
    expect(await columnsHolding(D.name)).not.toEqual([]);
    expect(await columnsHolding(E.name)).not.toEqual([]);
    const runs = await sqlRows(`SELECT orders, by_retention, user_id FROM person_erasures WHERE by_retention ORDER BY id`);
    expect(runs.filter((r) => r.orders === 1).length, 'the person is erased once').toBeGreaterThanOrEqual(1);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await sqlRows(`SELECT count(*)::int AS n FROM person_erasures WHERE subject_hash IN (SELECT subject_hash FROM person_erasures GROUP BY subject_hash HAVING count(*) > 1)`)).toEqual([{ n: 0 }]);
    expect((await h.call('PUT', '/api/v2.2/locations/1/data_retention/', { token: w.tokens.admin, body: { retention_months: null } })).statusCode).toBe(200);
  });

  it('refuses a retention outside 1-120 months', async () => {
    const res = await h.call('PUT', '/api/v2.2/locations/1/data_retention/', { token: w.tokens.admin, body: { retention_months: 0 }, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['retention_months']);
  });
});
