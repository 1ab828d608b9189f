// Payments through the API: POST /api/v2.1/booking/{id}/pay/ (cash, certificate, bill, card),
// payment links by the sandbox provider with its signed callback and the durable auto-cancel, and
// standalone payments of a location (POST /api/v2.1/locations/{id}/payments/).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateRedemptions, certificates, jobs, locationEvents, payments } from '../../server/db/schema';
import { autoCancelIfUnpaid } from '../../server/modules/orders/billing';
import { cancelBooking } from '../../server/modules/orders/booking';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { addDays } from '../../domain/businessDay';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, comments, getOrder, makeWorld, pastOrder, pay, slotAt, type Json, type World } from './bookingFixture';

let h: Harness;
let w: World;

const CALLBACK = '/api/v2.1/payments/sandbox/callback/';

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

function expect400(res: { statusCode: number; body: string; json: () => unknown }, body: unknown) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(body);
}

const game = () => w.games['Beat Saber']!;
const payEn = (id: number, body: Record<string, unknown>, token = w.tokens.staff) =>
  h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token, body, lang: 'en' });

/** The provider's signed callback, as the sandbox (or a real provider) sends it. */
function callback(externalId: string, outcome: 'paid' | 'declined', signature?: string) {
  const body = { external_id: externalId, outcome };
  return h.call('POST', CALLBACK, {
    body, lang: 'en', headers: { 'x-sandbox-signature': signature ?? sandboxSignature(h.config.paymentSandboxSecret, JSON.stringify(body)) },
  });
}

async function jobOf(orderId: number) {
  const rows = await h.database.db.select().from(jobs).where(and(eq(jobs.kind, 'order.auto_cancel'), sql`(${jobs.payload}->>'orderId')::bigint = ${orderId}`));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Makes an order's auto-cancel job due now and runs the due jobs, as the worker would. */
async function runAutoCancel(orderId: number) {
  await h.database.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.kind, 'order.auto_cancel'), sql`(${jobs.payload}->>'orderId')::bigint = ${orderId}`));
  return h.runJobs();
}

describe('POST /api/v2.1/booking/{id}/pay/', () => {
  it('records a payment (201); the order is pending until paid covers the purchase, then paid; never more than is owed', async () => {
    const dt = '2030-04-01 10:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    const res = await pay(w, id, { payment_type: 2, purchase: '1000', external_id: 'CASH-1' });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    expect(payment).toEqual({
      id: expect.any(Number), order: id, payment_type: 2, created: expect.any(String), status: 'paid', external_id: 'CASH-1',
      purchase: '1000.00', comment: '', user: { id: w.users.staff.id, name: w.users.staff.name, email: w.users.staff.email }, actual: true,
      // #29 receipts: cash at the desk goes through the venue's own register: no receipt of ours.
      receipt_status: null, settlement_status: null,
      // #43 The demo's open shift at the first desk: the desk's cash lands in it.
      shift: { id: expect.any(Number), till: { id: expect.any(Number), name: 'Касса 1' } },
    });
    expect(Date.now() - Date.parse(payment.created)).toBeLessThan(60_000);
    expect(await getOrder(w, id)).toMatchObject({ status: 2, purchase: '1900.00', paid: '1000.00', need_paid: '900.00' });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ need_paid: true, not_paid: false, paid: false });

    // More than is left to pay is refused, with what is left, in the request's language.
    expect400(await payEn(id, { payment_type: 2, purchase: '900.01' }), { purchase: ['The amount is more than is left to pay: 900.00\u00a0₽.'] });
    const ru = await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.staff, body: { payment_type: 2, purchase: '5000' }, lang: 'ru' });
    expect(ru.json()).toEqual({ purchase: ['Сумма больше, чем осталось оплатить: 900,00\u00a0₽.'] });

    const card = await pay(w, id, { payment_type: 6, purchase: '890,00', external_id: '' }, w.tokens.manager);
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json()).toMatchObject({ payment_type: 6, purchase: '890.00', external_id: null, user: { id: w.users.manager.id } });
    expect((await pay(w, id, { payment_type: 2, purchase: '10' })).json()).toMatchObject({ payment_type: 2, status: 'paid', purchase: '10.00' });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '1900.00', need_paid: '0.00' });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ paid: true, need_paid: false, pending: false });
    expect400(await payEn(id, { payment_type: 2, purchase: 100.5 }), { purchase: ['The order is already paid in full.'] });

    const order = await getOrder(w, id);
    expect(order.payments.map((p: Json) => [p.payment_type, p.purchase, p.status, p.user?.name])).toEqual([
      [2, '1000.00', 'paid', w.users.staff.name], [6, '890.00', 'paid', w.users.manager.name], [2, '10.00', 'paid', w.users.staff.name],
    ]);
    const log = await comments(w, id);
    expect(log.map((e) => [e.type, e.author?.name, e.data.purchase])).toEqual([
      ['created', w.users.staff.name, '1900.00'], ['paid', w.users.staff.name, '1000.00'], ['paid', w.users.manager.name, '890.00'],
      ['paid', w.users.staff.name, '10.00'],
    ]);
  });

  it('cancelling a paid order: refund=cash pays cash back (a negative cash payment, logged), refund=original the card to the card; without it the money is shown as to refund', async () => {
    const refunded = await book(w, bookingBody(w.pg.cube2, '2030-04-01 16:00'));
    expect((await pay(w, refunded, { payment_type: 6, purchase: '1000' })).statusCode).toBe(201);
    // #38: card money is not paid out in cash without a reason (and a manager).
    expect((await h.call('DELETE', `/api/v2.1/booking/${refunded}/?refund=cash`, { token: w.tokens.staff })).statusCode).toBe(400);
    expect((await h.call('DELETE', `/api/v2.1/booking/${refunded}/?refund=original`, { token: w.tokens.staff })).statusCode).toBe(204);
    const back = await getOrder(w, refunded);
    expect(back).toMatchObject({ status: 4, paid: '0.00', need_paid: '0.00', to_refund: '0.00' });
    expect(back.payments.map((p: Json) => [p.payment_type, p.purchase, p.comment])).toEqual([[6, '1000.00', ''], [6, '-1000.00', '']]);

    const cash = await book(w, bookingBody(w.pg.cube2, '2030-04-01 18:00'));
    expect((await pay(w, cash, { payment_type: 2, purchase: '1000' })).statusCode).toBe(201);
    expect((await h.call('DELETE', `/api/v2.1/booking/${cash}/?refund=cash`, { token: w.tokens.staff })).statusCode).toBe(204);
    expect((await getOrder(w, cash)).payments.map((p: Json) => [p.payment_type, p.purchase])).toEqual([[2, '1000.00'], [2, '-1000.00']]);
    expect((await comments(w, refunded)).map((e) => [e.type, e.data.amount])).toEqual([['created', undefined], ['paid', undefined], ['cancelled', undefined], ['refunded', '1000.00']]);

    const kept = await book(w, bookingBody(w.pg.cube2, '2030-04-01 17:00'));
    expect((await pay(w, kept, { payment_type: 2, purchase: '700' })).statusCode).toBe(201);
    expect((await h.call('DELETE', `/api/v2.1/booking/${kept}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    expect(await getOrder(w, kept)).toMatchObject({ status: 4, paid: '700.00', need_paid: '0.00', to_refund: '700.00' });
    expect((await h.call('DELETE', `/api/v2.1/booking/${kept}/?refund=card`, { token: w.tokens.staff, lang: 'en' })).statusCode).toBe(400);
  });

  it('ten identical payments sent at once record one: the order is never paid beyond its price', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-01 13:00'));
    const { purchase } = await getOrder(w, id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(w, id, { payment_type: 2, purchase })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toHaveProperty('purchase');
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: purchase, need_paid: '0.00' });
    expect((await getOrder(w, id)).payments).toHaveLength(1);
  });

  it('an Idempotency-Key answers a retry with the first payment, also when the retries race; another body with the key is refused', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-01 14:00'));
    const send = (body: Json, key: string) => h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.staff, body, lang: 'en', headers: { 'idempotency-key': key } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send({ payment_type: 2, purchase: '500' }, 'retry-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(await getOrder(w, id)).toMatchObject({ paid: '500.00' });
    // The same key with another amount: 409, nothing recorded.
    const other = await send({ payment_type: 2, purchase: '400' }, 'retry-1');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'This Idempotency-Key was already used for another request.' });
    // A refused request stores nothing: the same key works once the body is right.
    expect((await send({ payment_type: 2, purchase: '99999' }, 'retry-2')).statusCode).toBe(400);
    expect((await send({ payment_type: 2, purchase: '100' }, 'retry-2')).statusCode).toBe(201);
    expect400(await send({ payment_type: 2, purchase: '1' }, 'bad key with spaces'), { idempotency_key: ['The Idempotency-Key header must be 1 to 200 visible characters.'] });
    expect(await getOrder(w, id)).toMatchObject({ paid: '600.00' });
    // A key is the caller's own: another cashier's same key is another request.
    const managers = await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { token: w.tokens.manager, body: { payment_type: 2, purchase: '500' }, headers: { 'idempotency-key': 'retry-1' } });
    expect(managers.statusCode, managers.body).toBe(201);
    expect(managers.json().user.id).toBe(w.users.manager.id);
  });

  it('a payment repeated with the same external id and amount answers the first one', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-01 15:00'));
    const first = await pay(w, id, { payment_type: 6, purchase: '300', external_id: 'TERM-77' });
    const again = await pay(w, id, { payment_type: 6, purchase: '300', external_id: 'TERM-77' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect(await getOrder(w, id)).toMatchObject({ paid: '300.00' });
  });

  it('checks the payment type, the amount and the certificate number', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-01 11:00'));
    expect400(await payEn(id, { payment_type: 5, purchase: '100' }), { payment_type: ['Choose cash, certificate, bill or card.'] });
    for (const paymentType of [1, 7, '2', 2.5]) {
      expect400(await payEn(id, { payment_type: paymentType, purchase: '100' }), { payment_type: ['Choose cash, certificate, bill or card.'] });
    }
    expect400(await payEn(id, { payment_type: 2 }), { purchase: ['This field is required.'] });
    expect400(await payEn(id, {}), { payment_type: ['This field is required.'], purchase: ['This field is required.'] });
    for (const purchase of ['abc', '-5', '1.234', '']) {
      const res = await payEn(id, { payment_type: 2, purchase });
      expect(res.statusCode, purchase).toBe(400);
      expect(Object.keys(res.json()), purchase).toEqual(['purchase']);
    }
    expect400(await payEn(id, { payment_type: 2, purchase: '12345678901' }), { purchase: ['Ensure this field has no more than 10 characters.'] });
    expect400(await payEn(id, { payment_type: 3, purchase: '100' }), { certificate: ['Enter the certificate number.'] });
    expect400(await payEn(id, { payment_type: 3, purchase: '100', certificate: '' }), { certificate: ['Enter the certificate number.'] });
    expect(await getOrder(w, id)).toMatchObject({ paid: '0.00', payments: [] });
  });

  it('refuses a cancelled order (400 non_field_errors) but takes payment after play; 404 for no order or no role', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-01 12:00'));
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    expect400(await payEn(id, { payment_type: 2, purchase: '100' }), { non_field_errors: ['A cancelled order cannot be paid.'] });
    const past = await pastOrder(w);
    // Customers pay at the desk after playing: an order whose session is over still takes payments.
    const afterPlay = await payEn(past, { payment_type: 2, purchase: '100' });
    expect(afterPlay.statusCode, afterPlay.body).toBe(201);
    expect(await getOrder(w, past)).toMatchObject({ paid: '100.00' });
    expect((await payEn(999999, { payment_type: 2, purchase: '100' })).statusCode).toBe(404);
    const foreign = await book(w, bookingBody(w.pg.foreign, '2030-04-01 12:00', { game_id: game() }), w.tokens.admin);
    expect((await payEn(foreign, { payment_type: 2, purchase: '100' })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v2.1/booking/${id}/pay/`, { body: { payment_type: 2, purchase: '1' } })).statusCode).toBe(401);
  });
});

describe('paying with a certificate (payment_type 3)', () => {
  it('an unknown, not paid, expired, past-date or short certificate fails under certificate, and nothing is recorded', async () => {
    // 4275: 3 x 1500 less 5 %.
    const id = await book(w, bookingBody(w.pg.cube1, '2030-04-02 10:00', { persons: 3, game_id: game() }));
    const [lapsed] = await h.database.db.insert(certificates).values({
      uniqueNumber: 'LAPSED0001', creatingLocationId: 1, rate: '9000.00', type: 'digital', status: 'ACTIVE', expiresAt: addDays(w.today, -1),
    }).returning();
    for (const [certificate, message] of [
      ['NOSUCHCERT', 'Certificate not found.'],
      [w.certs.notPaid, 'The certificate is not active.'],
      [w.certs.expired, 'The certificate has expired.'],
      [lapsed!.uniqueNumber, 'The certificate has expired.'],
      [w.certs.active3000, 'The certificate has only 3,000.00\u00a0₽ left.'],
    ] as const) {
      expect400(await payEn(id, { payment_type: 3, purchase: '3500', certificate }), { certificate: [message] });
    }
    expect(await getOrder(w, id)).toMatchObject({ status: 2, paid: '0.00', payments: [] });
    expect(await h.database.db.select().from(certificateRedemptions)).toEqual([]);
  });

  it('pays only in its own currency: a RUB certificate is refused on a USD order, taken at another RUB location', async () => {
    // An order of location 3 (Brooklyn, USD), written directly: the pay call is what is tried.
    const { rows: [usdOrder] } = await h.database.pool.query(`INSERT INTO orders (location_id, name, phone, persons, order_type, status, cost, purchase, paid)
      VALUES (3, 'Guest', '+15550000001', 1, 1, 2, 100, 100, 0) RETURNING id`);
    const refused = await h.call('POST', `/api/v2.1/booking/${usdOrder.id}/pay/`, { token: w.tokens.admin, lang: 'en', body: { payment_type: 3, purchase: '10', certificate: w.certs.active3000 } });
    expect(refused.json()).toEqual({ certificate: ['The certificate is in RUB; this order is paid in USD.'] });
    expect(await getOrder(w, usdOrder.id, w.tokens.admin)).toMatchObject({ paid: '0.00' });
    // Location 2 is in RUB too: a location-1 certificate pays there.
    const rubLocation2 = await h.database.db.insert(certificates).values({
      uniqueNumber: 'NETWORK0001', creatingLocationId: 2, rate: '500.00', type: 'digital', status: 'ACTIVE', expiresAt: addDays(w.today, 30),
    }).returning();
    const order = await book(w, bookingBody(w.pg.cube2, '2030-04-02 16:00'));
    const taken = await pay(w, order, { payment_type: 3, purchase: '100', certificate: rubLocation2[0]!.uniqueNumber });
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('paying part keeps it active with the rest; paying the rest uses it up; after that it fails', async () => {
    const a = await book(w, bookingBody(w.pg.cube1, '2030-04-02 11:00', { persons: 3, game_id: game() }));
    const b = await book(w, bookingBody(w.pg.cube1, '2030-04-02 12:00', { persons: 3, game_id: game() }));
    const cert = w.certs.active3000;
    const first = await pay(w, a, { payment_type: 3, purchase: '1000', certificate: cert.toLowerCase() });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ payment_type: 3, purchase: '1000.00', status: 'paid' });
    const status = async () => (await h.database.db.select().from(certificates).where(eq(certificates.uniqueNumber, cert)))[0]!.status;
    expect(await status()).toBe('ACTIVE');
    expect(await getOrder(w, a)).toMatchObject({ paid: '1000.00', need_paid: '3275.00', status: 2 });
    expect400(await payEn(b, { payment_type: 3, purchase: '2500', certificate: cert }), { certificate: ['The certificate has only 2,000.00\u00a0₽ left.'] });
    expect((await pay(w, b, { payment_type: 3, purchase: '2000', certificate: cert })).statusCode).toBe(201);
    expect(await status()).toBe('USED');
    expect400(await payEn(b, { payment_type: 3, purchase: '1', certificate: cert }), { certificate: ['The certificate has been used up.'] });
    expect(await getOrder(w, b)).toMatchObject({ paid: '2000.00', need_paid: '2275.00' });
    const [{ id: certId }] = (await h.database.pool.query('SELECT id FROM certificates WHERE unique_number = $1', [cert])).rows;
    const ledger = await h.database.db.select().from(certificateRedemptions).where(eq(certificateRedemptions.certificateId, certId)).orderBy(certificateRedemptions.id);
    expect(ledger.map((r) => r.amount)).toEqual(['1000.00', '2000.00']);
  });

  it('two payments at once with one certificate, each for more than half its balance: exactly one succeeds', async () => {
    const a = await book(w, bookingBody(w.pg.cube1, '2030-04-03 10:00', { persons: 3, game_id: game() }));
    const b = await book(w, bookingBody(w.pg.cube1, '2030-04-03 11:00', { persons: 3, game_id: game() }));
    const results = await Promise.all([a, b].map((id) => payEn(id, { payment_type: 3, purchase: '3000', certificate: w.certs.active5000 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ certificate: ['The certificate has only 2,000.00\u00a0₽ left.'] });
    const paid = [(await getOrder(w, a)).paid, (await getOrder(w, b)).paid].sort();
    expect(paid).toEqual(['0.00', '3000.00']);

    // Many at once on different orders: the balance is never spent twice.
    const [cert] = await h.database.db.insert(certificates).values({
      uniqueNumber: 'RACE000001', creatingLocationId: 1, rate: '1000.00', type: 'digital', status: 'ACTIVE',
    }).returning();
    const ids = [];
    for (const time of ['12:00', '12:30', '13:00', '13:30', '15:00', '15:30', '16:00', '16:30']) {
      ids.push(await book(w, bookingBody(w.pg.cube1, `2030-04-03 ${time}`, { persons: 1, game_id: game() })));
    }
    const many = await Promise.all(ids.map((id) => payEn(id, { payment_type: 3, purchase: '600', certificate: cert!.uniqueNumber })));
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(many.filter((r) => r.statusCode === 400).every((r) => r.json().certificate[0] === 'The certificate has only 400.00\u00a0c.u. left.')).toBe(true);
    const spent = await h.database.db.select().from(certificateRedemptions).where(eq(certificateRedemptions.certificateId, cert!.id));
    expect(spent.map((r) => r.amount)).toEqual(['600.00']);
  });
});

describe('GET /api/v2.2/orders/{id}/certificate_balance/ (#38: the pay dialog splits the debt by it)', () => {
  const balance = (orderId: number, code: string, token = w.tokens.staff) =>
    h.call('GET', `/api/v2.2/orders/${orderId}/certificate_balance/?code=${encodeURIComponent(code)}`, { token, lang: 'en' });

  it('answers what is left on it, the number as stored; less after a payment; the pay call\'s refusals otherwise; nothing to another location\'s staff', async () => {
    const order = await book(w, bookingBody(w.pg.cube1, '2030-04-05 10:00', { persons: 3, game_id: game() }));
    const [cert] = await h.database.db.insert(certificates).values({
      uniqueNumber: 'SPLIT00001', creatingLocationId: 1, rate: '1500.00', type: 'digital', status: 'ACTIVE', expiresAt: addDays(w.today, 30),
    }).returning();
    const first = await balance(order, 'split00001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ unique_number: 'SPLIT00001', remaining: '1500.00' });
    expect((await pay(w, order, { payment_type: 3, purchase: '400', certificate: 'SPLIT00001' })).statusCode).toBe(201);
    expect((await balance(order, 'SPLIT00001')).json()).toEqual({ unique_number: 'SPLIT00001', remaining: '1100.00' });
    // Reading it changed nothing.
    expect((await h.database.db.select().from(certificates).where(eq(certificates.id, cert!.id)))[0]!.status).toBe('ACTIVE');

    for (const [code, message] of [
      ['NOSUCHCERT', 'Certificate not found.'],
      [w.certs.notPaid, 'The certificate is not active.'],
      [w.certs.expired, 'The certificate has expired.'],
    ] as const) {
      expect400(await balance(order, code), { certificate: [message] });
    }
    const { rows: [usdOrder] } = await h.database.pool.query(`INSERT INTO orders (location_id, name, phone, persons, order_type, status, cost, purchase, paid)
      VALUES (3, 'Guest', '+15550000002', 1, 1, 2, 100, 100, 0) RETURNING id`);
    expect400(await balance(usdOrder.id, 'SPLIT00001', w.tokens.admin), { certificate: ['The certificate is in RUB; this order is paid in USD.'] });
    // Staff of location 1 have no role at location 3: its order is not theirs to ask about.
    expect([403, 404]).toContain((await balance(usdOrder.id, 'SPLIT00001')).statusCode);
    expect((await h.call('GET', `/api/v2.2/orders/${order}/certificate_balance/?code=SPLIT00001`, {})).statusCode).toBe(401);
  });
});

describe('payment links (bill) by the sandbox provider', () => {
  const LINK = /^http:\/\/backoffice\.test\/sandbox\/pay\/([0-9a-f]{32})$/;

  async function billOrder(dt: string, over: Record<string, unknown> = {}) {
    const id = await book(w, bookingBody(w.pg.cube2, dt, { bill: true, cancel_delay: 30, ...over }));
    // The link's letter to the customer goes out now; only the auto-cancel waits for its time.
    await h.runJobs();
    const order = await getOrder(w, id);
    const token = LINK.exec(order.bill)?.[1];
    expect(token, order.bill).toBeDefined();
    return { id, order, token: token!, externalId: `sandbox-${token}` };
  }

  it('bill: true with cancel_delay makes a processing payment (type 4), a link on the order and a durable auto-cancel job', async () => {
    const started = Date.now();
    const { id, order, token } = await billOrder('2030-04-04 10:00');
    expect(order).toMatchObject({ status: 2, purchase: '1900.00', paid: '0.00', cancel_delay: 30, bill: `${h.config.publicUrl}/sandbox/pay/${token}` });
    expect(order.payments).toEqual([expect.objectContaining({ payment_type: 4, status: 'processing', purchase: '1900.00', external_id: `sandbox-${token}` })]);
    const job = await jobOf(id);
    expect(job.doneAt).toBeNull();
    expect(job.payload).toMatchObject({ orderId: id, paymentId: order.payments[0].id });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(started + 30 * 60_000 - 5_000);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 5_000);
    // The link opens the provider's page with the amount.
    const page = await h.call('GET', `/sandbox/pay/${token}`, { lang: 'en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The amount as every screen writes money (#25), in the page's language and the location's currency.
    expect(page.body).toMatch(/1,900\.00\s₽/);
    expect(page.body).toContain(`Order № ${id}`);
    // #29: the sandbox says before anything else that no money moves, in the page's language.
    expect(page.body).toContain('<p class="demo" id="demo-mode" role="note">Demo mode: this is a test payment, no real money moves.</p>');
    expect((await h.call('GET', `/sandbox/pay/${token}`, { lang: 'ru' })).body).toContain('Демо-режим: это тестовая оплата, настоящие деньги не списываются');
    expect((await h.call('GET', `/sandbox/pay/${'0'.repeat(32)}`, { lang: 'en' })).statusCode).toBe(404);
    // Nothing runs before its time.
    expect(await h.runJobs()).toBe(0);
  });

  it('a bill taken in the pay dialog is a pending payment with its link; the order is paid only when the provider settles it, once', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-04-04 17:00'));
    const res = await pay(w, id, { payment_type: 4, purchase: '1900' });
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json();
    expect(bill).toMatchObject({ payment_type: 4, status: 'processing', purchase: '1900.00', payment_url: expect.stringMatching(LINK) });
    expect(await getOrder(w, id)).toMatchObject({ status: 2, paid: '0.00', need_paid: '1900.00', bill: bill.payment_url });
    // No auto-cancel: the order existed before the link, and staff asked for a link, not a deadline.
    expect(await h.database.db.select().from(jobs).where(and(eq(jobs.kind, 'order.auto_cancel'), sql`(${jobs.payload}->>'orderId')::bigint = ${id}`))).toEqual([]);
    expect((await comments(w, id)).map((e) => e.type)).toEqual(['created', 'bill', 'bill_sent']);
    // The customer gets the link by e-mail (the order has one), in the staff's language here.
    expect(bill.sent_to).toBe('guest@example.com');
    const before = h.letters.length;
    await h.runJobs();
    const letter = h.letters.slice(before).find((l) => l.to === 'guest@example.com');
    expect(letter?.subject).toBe(`Ссылка на оплату заказа №${id} в VR Арена Москва`);
    expect(letter?.text).toContain(bill.payment_url);
    expect(letter?.text).toMatch(/1\s900,00\s₽/);
    // Without an e-mail nothing is sent: the link can only be copied.
    const noMail = await book(w, bookingBody(w.pg.cube2, '2030-04-04 18:00', { email: '' }));
    expect((await pay(w, noMail, { payment_type: 4, purchase: '100' })).json()).toMatchObject({ sent_to: null, payment_url: expect.stringMatching(LINK) });
    // A bill above what is owed is refused like any payment.
    expect400(await payEn(id, { payment_type: 4, purchase: '1900.01' }), { purchase: ['The amount is more than is left to pay: 1,900.00\u00a0₽.'] });
    const token = LINK.exec(bill.payment_url)![1]!;
    expect((await callback(`sandbox-${token}`, 'paid')).json()).toEqual({ result: 'settled' });
    expect((await callback(`sandbox-${token}`, 'paid')).json()).toEqual({ result: 'already' });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '1900.00', need_paid: '0.00' });
  });

  it('the signed callback "paid" pays the payment and the order; the same callback again changes nothing', async () => {
    const { id, externalId, token } = await billOrder('2030-04-04 11:00');
    const res = await callback(externalId, 'paid');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'settled' });
    const order = await getOrder(w, id);
    expect(order).toMatchObject({ status: 6, paid: '1900.00', need_paid: '0.00' });
    expect(order.payments.map((p: Json) => [p.payment_type, p.status, p.purchase])).toEqual([[4, 'paid', '1900.00']]);
    const again = await callback(externalId, 'paid');
    expect(again.json()).toEqual({ result: 'already' });
    expect(await getOrder(w, id)).toEqual(order);
    // A late "declined" does not undo it either.
    expect((await callback(externalId, 'declined')).json()).toEqual({ result: 'already' });
    expect(await getOrder(w, id)).toEqual(order);
    const log = await comments(w, id);
    const staff = { name: w.users.staff.name };
    expect(log.map((e) => [e.type, e.author])).toEqual([['created', staff], ['bill', staff], ['bill_sent', staff], ['paid', null]]);
    expect(log[3]!.data).toMatchObject({ payment_type: 4, purchase: '1900.00', paid: '1900.00' });
    expect((await h.call('GET', `/sandbox/pay/${token}`, { lang: 'en' })).body).toContain('already been processed');
    expect((await callback('sandbox-unknown', 'paid')).json()).toEqual({ result: 'unknown' });
  });

  it('refuses a callback with a wrong or missing signature (403) and changes nothing', async () => {
    const { id, externalId } = await billOrder('2030-04-04 12:00');
    const forged = sandboxSignature('not-the-secret', JSON.stringify({ external_id: externalId, outcome: 'paid' }));
    for (const signature of [forged, '', 'abc', forged.toUpperCase()]) {
      const res = await callback(externalId, 'paid', signature);
      expect(res.statusCode, signature).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    // Signed for another body.
    const other = sandboxSignature(h.config.paymentSandboxSecret, JSON.stringify({ external_id: externalId, outcome: 'declined' }));
    expect((await callback(externalId, 'paid', other)).statusCode).toBe(403);
    expect(await getOrder(w, id)).toMatchObject({ status: 2, paid: '0.00', payments: [expect.objectContaining({ status: 'processing' })] });
  });

  it('"declined" fails the payment; the order stays pending and can still be paid otherwise', async () => {
    const { id, externalId } = await billOrder('2030-04-04 13:00');
    expect((await callback(externalId, 'declined')).json()).toEqual({ result: 'settled' });
    const order = await getOrder(w, id);
    expect(order).toMatchObject({ status: 2, paid: '0.00', need_paid: '1900.00' });
    expect(order.payments.map((p: Json) => p.status)).toEqual(['failed']);
    const staff = { name: w.users.staff.name };
    expect((await comments(w, id)).map((e) => [e.type, e.author])).toEqual([['created', staff], ['bill', staff], ['bill_sent', staff], ['payment_failed', null]]);
    expect((await callback(externalId, 'paid')).json()).toEqual({ result: 'already' });
    expect((await getOrder(w, id)).paid).toBe('0.00');
  });

  it('every change of an order and its payment, whoever makes it (desk, provider, auto-cancel job), records a live event at its location in the same commit', async () => {
    const head = async () => Number((await h.database.db.select({ seq: sql<string>`coalesce(max(${locationEvents.seq}), 0)` }).from(locationEvents)
      .where(eq(locationEvents.locationId, 1)))[0]!.seq);
    /** The events of location 1 that `change` committed, as [kind, order id]. */
    const eventsOf = async (change: () => Promise<unknown>) => {
      const before = await head();
      await change();
      const rows = await h.database.db.select().from(locationEvents)
        .where(and(eq(locationEvents.locationId, 1), sql`${locationEvents.seq} > ${before}`)).orderBy(locationEvents.seq);
      return rows.map((r) => [r.kind, (r.payload as { order_id?: number | null }).order_id ?? null]);
    };
    let settled!: Awaited<ReturnType<typeof billOrder>>;
    expect(await eventsOf(async () => { settled = await billOrder('2030-04-05 10:00'); })).toContainEqual(['order', settled.id]);
    // Settled by the provider's callback: the order and its payment.
    const paid = await eventsOf(() => callback(settled.externalId, 'paid'));
    expect(paid).toContainEqual(['order', settled.id]);
    expect(paid).toContainEqual(['payment', settled.id]);
    // Declined by the provider: the payment.
    const declined = await billOrder('2030-04-05 11:00');
    expect(await eventsOf(() => callback(declined.externalId, 'declined'))).toContainEqual(['payment', declined.id]);
    // Cancelled by the auto-cancel job.
    const left = await billOrder('2030-04-05 12:00');
    expect(await eventsOf(() => runAutoCancel(left.id))).toContainEqual(['order', left.id]);
    // Edited and cancelled at the desk.
    const desk = await book(w, bookingBody(w.pg.cube2, '2030-04-05 13:00'));
    expect(await eventsOf(async () => {
      const res = await h.call('PUT', `/api/v2.1/booking/${desk}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, '2030-04-05 13:00', { persons: 2 }) });
      expect(res.statusCode, res.body).toBe(200);
    })).toContainEqual(['order', desk]);
    expect(await eventsOf(async () => {
      expect((await h.call('DELETE', `/api/v2.1/booking/${desk}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    })).toContainEqual(['order', desk]);
    // A refused change records nothing.
    expect(await eventsOf(() => callback(settled.externalId, 'paid', 'forged'))).toEqual([]);
  });

  it('auto-cancel: an order still unpaid when its delay runs out is cancelled (author none), its link closed, its places freed', async () => {
    const dt = '2030-04-04 15:00';
    const { id, externalId, order: made } = await billOrder(dt, { persons: 4 });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 0 });
    expect(await runAutoCancel(id)).toBe(1);
    const order = await getOrder(w, id);
    expect(order.status).toBe(4);
    expect(order.payments.map((p: Json) => p.status)).toEqual(['cancelled']);
    const log = await comments(w, id);
    const staff = { name: w.users.staff.name };
    expect(log.map((e) => [e.type, e.author])).toEqual([['created', staff], ['bill', staff], ['bill_sent', staff], ['auto_cancelled', null]]);
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 4 });
    expect((await jobOf(id)).doneAt).not.toBeNull();
    // A payment after that does not revive the order: its money is recorded and owed back (#25).
    expect((await callback(externalId, 'paid')).json()).toEqual({ result: 'late' });
    expect(await getOrder(w, id)).toMatchObject({ status: 4, paid: made.purchase, need_paid: '0.00', to_refund: made.purchase });
    expect(await slotAt(w, w.pg.cube2, dt)).toMatchObject({ available_persons: 4 });
    expect(await h.runJobs()).toBe(0);
  });

  it('auto-cancel leaves a paid order alone, and one paid in part at the desk', async () => {
    const paid = await billOrder('2030-04-04 16:00');
    expect((await callback(paid.externalId, 'paid')).statusCode).toBe(200);
    const before = await getOrder(w, paid.id);
    expect(await runAutoCancel(paid.id)).toBe(1);
    expect(await getOrder(w, paid.id)).toEqual(before);
    expect((await jobOf(paid.id)).doneAt).not.toBeNull();

    const part = await billOrder('2030-04-04 17:00');
    expect((await pay(w, part.id, { payment_type: 2, purchase: '500' })).statusCode).toBe(201);
    expect(await runAutoCancel(part.id)).toBe(1);
    expect(await getOrder(w, part.id)).toMatchObject({ status: 2, paid: '500.00' });
    expect((await comments(w, part.id)).map((e) => e.type)).toEqual(['created', 'bill', 'bill_sent', 'paid']);
  });

  it('auto-cancel checks again under the order lock: an order paid after the job looked is not cancelled', async () => {
    const { id, order } = await billOrder('2030-04-04 21:00');
    // The job's handler, with the order paid at the desk between its look and its cancel.
    await autoCancelIfUnpaid(h.database.db, id, order.payments[0].id, async (orderId) => {
      expect((await pay(w, orderId, { payment_type: 2, purchase: '475' })).statusCode).toBe(201);
      await cancelBooking(h.database.db, { userId: null }, orderId, 'auto_cancelled');
    });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '475.00' });
    expect((await comments(w, id)).map((e) => e.type)).toEqual(['created', 'bill', 'bill_sent', 'paid']);
  });

  it('a link declined and then left unpaid is auto-cancelled too', async () => {
    const { id, externalId } = await billOrder('2030-04-04 18:00');
    expect((await callback(externalId, 'declined')).statusCode).toBe(200);
    expect(await runAutoCancel(id)).toBe(1);
    const order = await getOrder(w, id);
    expect(order.status).toBe(4);
    expect(order.payments.map((p: Json) => p.status)).toEqual(['failed']);
    expect((await comments(w, id)).map((e) => e.type)).toEqual(['created', 'bill', 'bill_sent', 'payment_failed', 'auto_cancelled']);
  });

  it('cancelling an order closes its open link: a later payment does not bring the order back and take its places again, it is owed back', async () => {
    const dt = '2030-04-04 19:00';
    const { id, externalId, order: made } = await billOrder(dt, { persons: 4 });
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    // Someone else takes the freed places.
    const next = await book(w, bookingBody(w.pg.cube2, dt, { persons: 4 }));
    const res = await callback(externalId, 'paid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'late' });
    expect(await getOrder(w, id)).toMatchObject({ status: 4, paid: made.purchase, to_refund: made.purchase, payments: [expect.objectContaining({ status: 'paid' })] });
    const slot = await slotAt(w, w.pg.cube2, dt);
    expect(slot.available_persons).toBe(0);
    expect(slot.orders.filter((o: Json) => o.status !== 4).map((o: Json) => o.id)).toEqual([next]);
    // Its auto-cancel job finds nothing left to do.
    expect(await runAutoCancel(id)).toBe(1);
    expect((await comments(w, id)).map((e) => e.type)).toEqual(['created', 'bill', 'bill_sent', 'cancelled', 'paid', 'refund_due']);
  });

  it('a bill added when editing asks for what is still owed', async () => {
    const dt = '2030-04-04 20:00';
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    expect((await pay(w, id, { payment_type: 2, purchase: '400' })).statusCode).toBe(201);
    const res = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, dt, { bill: true, cancel_delay: 15 }) });
    expect(res.statusCode, res.body).toBe(200);
    const order = await getOrder(w, id);
    expect(order.bill).toMatch(LINK);
    expect(order.cancel_delay).toBe(15);
    expect(order.payments.map((p: Json) => [p.payment_type, p.status, p.purchase])).toEqual([[2, 'paid', '400.00'], [4, 'processing', '1975.00']]);
    expect((await callback(order.payments[1].external_id, 'paid')).json()).toEqual({ result: 'settled' });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '2375.00', need_paid: '0.00' });
  });
});

describe('POST /api/v2.1/locations/{id}/payments/: standalone payments', () => {
  const URL1 = '/api/v2.1/locations/1/payments/';

  it('records a manual payment of the location (201), not tied to an order', async () => {
    const res = await h.call('POST', URL1, { token: w.tokens.staff, body: { purchase: '1234567,50', external_id: 'EXT-9', comment: 'Cafe' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number), order: null, payment_type: 7, created: expect.any(String), status: 'paid', external_id: 'EXT-9',
      purchase: '1234567.50', comment: 'Cafe', user: { id: w.users.staff.id, name: w.users.staff.name, email: w.users.staff.email }, actual: true,
      receipt_status: null, settlement_status: null,
    });
    const [row] = await h.database.db.select().from(payments).where(eq(payments.id, res.json().id));
    expect(row).toMatchObject({ locationId: 1, orderId: null, paymentType: 7, purchase: '1234567.50' });
    const minimal = await h.call('POST', URL1, { token: w.tokens.staff, body: { purchase: 250 } });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json()).toMatchObject({ purchase: '250.00', external_id: null, comment: '' });
  });

  it('the amount is required, a number, at most 10 characters; 404 without a role at the location', async () => {
    const post = (body: unknown, token = w.tokens.staff, url = URL1) => h.call('POST', url, { token, body, lang: 'en' });
    expect400(await post({}), { purchase: ['This field is required.'] });
    expect400(await post({ purchase: '12345678901' }), { purchase: ['Ensure this field has no more than 10 characters.'] });
    expect((await post({ purchase: '1234567.501' })).json().purchase[0]).toBe('Ensure this field has no more than 10 characters.');
    expect400(await post({ purchase: 'ten' }), { purchase: ['A valid number is required.'] });
    expect400(await post({ purchase: '10', extra: 1 }), { extra: ['Unknown field.'] });
    expect((await post({ purchase: '10' }, w.tokens.staff, '/api/v2.1/locations/2/payments/')).statusCode).toBe(404);
    expect((await post({ purchase: '10' }, w.tokens.admin, '/api/v2.1/locations/2/payments/')).statusCode).toBe(201);
    expect((await h.call('POST', URL1, { body: { purchase: '10' } })).statusCode).toBe(401);
  });
});

// #30 "Book and pay": POST /booking/ with `payment` books and takes the whole price in one
// transaction; with an Idempotency-Key a retry answers the first booking and payment.
describe('POST /api/v2.1/booking/ with payment (book and pay)', () => {
  const bookPay = (body: Json, key?: string) => h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body, lang: 'en', headers: key ? { 'idempotency-key': key } : {} });
  const count = async (table: 'orders' | 'payments' | 'activity_entries') =>
    Number((await h.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  it('books and pays the order\'s price once: a retried call answers the first order and payment, one payment, the booking\'s and the payment\'s activity entries', async () => {
    const body = bookingBody(w.pg.cube2, '2030-04-02 10:00', { persons: 2, payment: { payment_type: 2 } });
    const before = { orders: await count('orders'), payments: await count('payments'), activity: await count('activity_entries') };
    const answers = await Promise.all([bookPay(body, 'walk-in-1'), bookPay(body, 'walk-in-1')]);
    expect(answers.map((a) => a.statusCode), answers[0]!.body).toEqual([201, 201]);
    const again = await bookPay(body, 'walk-in-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(answers[0]!.json());
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    const { id, payment } = answers[0]!.json();
    expect(await count('orders')).toBe(before.orders + 1);
    expect(await count('payments')).toBe(before.payments + 1);
    // #41 The booking's entry and the payment's: each change its own.
    expect(await count('activity_entries')).toBe(before.activity + 2);
    const order = await getOrder(w, id);
    // The amount is the order's price, taken in cash; the order is paid.
    expect(payment).toMatchObject({ order: id, payment_type: 2, purchase: order.purchase, status: 'paid' });
    expect(Number(order.purchase)).toBeGreaterThan(0);
    expect(order).toMatchObject({ status: 6, paid: order.purchase, need_paid: '0.00' });
    expect(order.payments).toHaveLength(1);
    expect((await comments(w, id)).filter((c) => c.type === 'paid')).toHaveLength(1);
    const [activity] = (await h.database.pool.query(`SELECT kind, subject FROM activity_entries ORDER BY id DESC LIMIT 1`)).rows;
    expect(activity).toEqual({ kind: 'money.payment', subject: `#${id}` });
    // By card, without a key: a body without payment still answers just the id (the book helper checks it).
    const card = await bookPay(bookingBody(w.pg.cube2, '2030-04-02 11:00', { payment: { payment_type: 6 } }));
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().payment).toMatchObject({ payment_type: 6 });
    await book(w, bookingBody(w.pg.cube2, '2030-04-02 12:00', { payment: null }));
  });

  it('a refused booking records no payment and no order; nothing to pay, a link and other payment types are refused', async () => {
    const before = { orders: await count('orders'), payments: await count('payments') };
    // The session has fewer places than asked for: no order, so no payment.
    const full = await bookPay(bookingBody(w.pg.cube2, '2030-04-02 13:00', { persons: 99, payment: { payment_type: 2 } }), 'walk-in-2');
    expect(full.statusCode).toBe(400);
    expect400(await bookPay(bookingBody(w.pg.cube2, '2030-04-02 13:00', { order_type: 3, payment: { payment_type: 2 } })),
      { payment: ['Nothing to pay: book and pay is for paid orders with a price.'] });
    expect400(await bookPay(bookingBody(w.pg.cube2, '2030-04-02 13:00', { bill: true, cancel_delay: 30, payment: { payment_type: 2 } })),
      { payment: ['Choose either a payment link or a payment now, not both.'] });
    for (const payment of [{ payment_type: 3 }, { payment_type: 4 }, { payment_type: 2, purchase: '1' }, {}]) {
      const res = await bookPay(bookingBody(w.pg.cube2, '2030-04-02 13:00', { payment }));
      expect(res.statusCode, JSON.stringify(payment)).toBe(400);
    }
    expect({ orders: await count('orders'), payments: await count('payments') }).toEqual(before);
    // The refused call stored nothing under its key: the same key books once the body is right.
    const fixed = await bookPay(bookingBody(w.pg.cube2, '2030-04-02 13:00', { persons: 1, payment: { payment_type: 2 } }), 'walk-in-2');
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('a walk-in without name and phone only where the location allows it; its details are added later', async () => {
    const bare = bookingBody(w.pg.cube2, '2030-04-02 15:00', { name: '', phone: '', email: '', payment: { payment_type: 2 } });
    const before = await count('orders');
    expect400(await bookPay(bare), { name: ['This field may not be blank.'], phone: ['Digits only, with an optional leading plus'] });
    expect(await count('orders')).toBe(before);
    const setting = async (on: boolean) => {
      const res = await h.call('PUT', '/api/v2.1/locations/1/', { token: w.tokens.admin, body: { walk_ins_without_details: on } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().walk_ins_without_details).toBe(on);
    };
    await setting(true);
    try {
      const [entry] = (await h.database.pool.query(`SELECT kind, before, after FROM activity_entries ORDER BY id DESC LIMIT 1`)).rows;
      expect(entry).toMatchObject({ before: { walk_ins_without_details: false }, after: { walk_ins_without_details: true } });
      const res = await bookPay(bare);
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json();
      expect(await getOrder(w, id)).toMatchObject({ name: '', phone: '', status: 6 });
      // The guest's details later: the same booking with them (the order page's edit).
      const edit = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: { ...bookingBody(w.pg.cube2, '2030-04-02 15:00'), name: 'Anna', phone: '+79990001122' } });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await getOrder(w, id)).toMatchObject({ name: 'Anna', phone: '+79990001122', status: 6 });
    } finally {
      await setting(false);
    }
  });
});
