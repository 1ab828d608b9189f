// #29 Real online money through YooKassa, against a local YooKassa (tests/providers/yookassa.ts) over
// real HTTP: the settings' rules, the bill, the widget's prepayment and the top-up, what YooKassa
// receives, notifications that are replayed, out of order or forged, and the lost-notification job.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, jobs, orderLogs, orders, paymentProviders, payments, transactions, webhookDeliveries, webhooks } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';

const NOTIFY = '/api/v2.1/payments/yookassa/notifications/';
const SHOP = { shop_id: '501234', secret_key: 'test_location_secret_AbC123' };
const HOME = { shop_id: '777000', secret_key: 'test_installation_secret_XyZ' };

let h: Harness;
let w: World;
let yoo: LocalYooKassa;

beforeAll(async () => {
  yoo = await startLocalYooKassa();
  yoo.shops.set(SHOP.shop_id, SHOP.secret_key);
  yoo.shops.set(HOME.shop_id, HOME.secret_key);
  h = await createHarness({ config: { yookassaApiUrl: yoo.url } });
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); await yoo.close(); });

const put = (url: string, body: unknown, token = w.tokens.admin) => h.call('PUT', url, { token, body, lang: 'en' });
const notify = (id: string, event?: string) => h.call('POST', NOTIFY, { body: yoo.notification(id, event) });
const paymentRow = async (id: number) => (await h.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('payment provider settings', () => {
  it('role 40 at the location, the owner for the installation; secrets never read back, kept when not given; sandbox only in demo mode; check connection', async () => {
    const loc = '/api/v2.1/locations/1/payment_provider/';
    expect((await h.call('GET', loc, { token: w.tokens.admin })).json()).toMatchObject({ provider: null, secret_key_set: false, sandbox_available: true });
    // A cashier (role 10) and a manager (role 20) there: 403; a role 40 elsewhere only: 404, nothing said about location 1.
    expect((await h.call('GET', loc, { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await put(loc, { provider: 'yookassa', ...SHOP }, w.tokens.manager)).statusCode).toBe(403);
    const elsewhere = await h.userWithToken('boss-of-2@example.com', [[2, 40]]);
    expect((await h.call('GET', loc, { token: elsewhere.token })).statusCode).toBe(404);
    expect((await put(loc, { provider: 'yookassa', ...SHOP }, elsewhere.token)).statusCode).toBe(404);

    // YooKassa needs its shop id and secret key; receipts need the VAT code.
    const missing = await put(loc, { provider: 'yookassa', receipts: true });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['secret_key', 'shop_id', 'vat_code']);
    expect((await put(loc, { provider: 'yookassa', ...SHOP, vat_code: 13 })).statusCode).toBe(400);

    const saved = await put(loc, { provider: 'yookassa', ...SHOP, receipts: true, vat_code: 1, tax_system_code: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ provider: 'yookassa', shop_id: SHOP.shop_id, secret_key_set: true, webhook_secret_set: false, receipts: true, vat_code: 1, tax_system_code: 2, sandbox_available: true,
      // #42 where each provider sends its notifications, under PUBLIC_URL (the tab shows the chosen one to copy).
      notification_urls: { yookassa: 'http://backoffice.test/api/v2.1/payments/yookassa/notifications/', stripe: 'http://backoffice.test/api/v2.1/payments/stripe/webhook/' } });
    // A PUT without the secret keeps it; the secret is in no answer, no activity entry and not in the table as written.
    const again = await put(loc, { provider: 'yookassa', shop_id: SHOP.shop_id, receipts: true, vat_code: 1, tax_system_code: 2 });
    expect(again.json().secret_key_set).toBe(true);
    const stored = (await h.database.db.select().from(paymentProviders).where(eq(paymentProviders.locationId, 1)))[0]!;
    expect(stored.secretKeyEnc).not.toContain(SHOP.secret_key);
    const entries = await h.database.db.select().from(activityEntries).where(eq(activityEntries.kind, 'payment_provider.changed'));
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const text of [saved.body, again.body, (await h.call('GET', loc, { token: w.tokens.admin })).body, JSON.stringify(entries)]) {
      expect(text).not.toContain(SHOP.secret_key);
    }
    expect(entries[0]!.after).toMatchObject({ provider: 'yookassa', secret_key_set: true, secret_key_changed: true });

    // Check connection: GET /me with the stored credentials; a wrong key is told apart.
    const check = await h.call('POST', `${loc}check/`, { token: w.tokens.admin });
    expect(check.json()).toEqual({ ok: true, provider: 'yookassa' });
    expect(yoo.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v3/me', shopId: SHOP.shop_id });
    const loc2 = '/api/v2.1/locations/2/payment_provider/';
    expect((await put(loc2, { provider: 'yookassa', shop_id: SHOP.shop_id, secret_key: 'wrong' })).statusCode).toBe(200);
    const bad = await h.call('POST', `${loc2}check/`, { token: w.tokens.admin, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('refused these credentials');

    // The sandbox: offered in demo mode only (the config is read per request).
    expect((await put(loc2, { provider: 'sandbox' })).statusCode).toBe(200);
    h.config.paymentSandbox = false;
    try {
      const refused = await put(loc2, { provider: 'sandbox' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ provider: ['The sandbox provider is for the demo only: no money moves through it.'] });
    } finally {
      h.config.paymentSandbox = true;
    }
    expect((await put(loc2, { provider: null })).json()).toMatchObject({ provider: null, secret_key_set: false });

    // The installation's account: the owner only (admin is), a role 40 alone is not enough.
    const boss1 = await h.userWithToken('boss-of-1@example.com', [[1, 40]]);
    expect((await h.call('GET', '/api/v2.1/payment_provider/', { token: boss1.token })).statusCode).toBe(403);
    expect((await put('/api/v2.1/payment_provider/', { provider: 'yookassa', ...HOME }, boss1.token)).statusCode).toBe(403);
    const home = await put('/api/v2.1/payment_provider/', { provider: 'yookassa', ...HOME });
    expect(home.json()).toMatchObject({ provider: 'yookassa', shop_id: HOME.shop_id, secret_key_set: true });
    expect(home.body).not.toContain(HOME.secret_key);
  });
});

describe('money through YooKassa', () => {
  it('a bill: the request YooKassa receives; notifications replayed 10 times and out of order settle once; forged ones change nothing', async () => {
    const [hook] = await h.database.db.insert(webhooks).values({ locationId: 1, url: 'http://127.0.0.1:9/hook', secret: 'hook-secret-0123456789' }).returning();
    const session = `${addDays(w.today, 3)} 06:00`;
    const id = await book(w, bookingBody(w.pg.dayRoom, session, { persons: 3, email: 'payer@example.com' }));
    const before = yoo.requests.length;
    const billed = await pay(w, id, { payment_type: 4, purchase: '1000.00' });
    expect(billed.statusCode, billed.body).toBe(201);
    const order = (await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const [link] = await h.database.db.select().from(payments).where(and(eq(payments.orderId, id), eq(payments.paymentType, 4)));
    expect(link).toMatchObject({ provider: 'yookassa', status: 'processing' });
    const created = yoo.payments.get(link!.externalId!)!;
    // The order's link is YooKassa's confirmation page, never the sandbox.
    expect(order.bill).toBe(created.confirmation.confirmation_url);

    const sent = yoo.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v3/payments')!;
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${SHOP.shop_id}:${SHOP.secret_key}`).toString('base64')}`);
    expect(sent.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body).toMatchObject({
      amount: { value: '1000.00', currency: 'RUB' }, capture: false, // #38 two-stage: held, then captured while the order owes it
      // A desk order has no customer page: the customer returns to the location's booking page.
      confirmation: { type: 'redirect', return_url: 'http://backoffice.test/widget/?location=1&lang=ru' },
      metadata: { payment_id: String(link!.id), order_id: String(id) },
    });
    // 54-FZ: the customer's e-mail, one session of 3 persons (1000 does not divide by 3: two items, to the kopeck), before the session.
    expect(sent.body!.receipt).toEqual({
      customer: { email: 'payer@example.com' }, tax_system_code: 2,
      items: [
        { description: `Сеанс: Day room, ${session.slice(8, 10)}.${session.slice(5, 7)}.${session.slice(0, 4)} 06:00`, quantity: '2', amount: { value: '333.33', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment' },
        { description: expect.stringMatching(/^Сеанс: Day room, /), quantity: '1', amount: { value: '333.34', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment' },
      ],
    });

    // Forged: an id nobody knows, and ours claimed paid while YooKassa still says pending: nothing changes.
    expect((await h.call('POST', NOTIFY, { body: { type: 'notification', event: 'payment.succeeded', object: { id: 'forged-0000', status: 'succeeded' } } })).statusCode).toBe(200);
    const claimed = await h.call('POST', NOTIFY, { body: { type: 'notification', event: 'payment.succeeded', object: { id: link!.externalId, status: 'succeeded', paid: true } } });
    expect(claimed.statusCode).toBe(200);
    expect((await paymentRow(link!.id)).status).toBe('processing');
    expect((await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.paid).toBe('0.00');
    // Nonsense is a 400, never a 500.
    expect((await h.call('POST', NOTIFY, { body: { object: 5 } })).statusCode).toBe(400);

    // The customer pays; ten notifications at once, and a stale "canceled" among them: one payment.
    yoo.succeed(link!.externalId!);
    const answers = await Promise.all([...Array.from({ length: 10 }, () => notify(link!.externalId!)), notify(link!.externalId!, 'payment.canceled')]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(11).fill(200));
    expect((await paymentRow(link!.id)).status).toBe('paid');
    const after = (await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    expect(after.paid).toBe('1000.00');
    const paidLogs = await h.database.db.select().from(orderLogs).where(and(eq(orderLogs.orderId, id), eq(orderLogs.type, 'paid')));
    expect(paidLogs).toHaveLength(1);
    const settled = await h.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hook!.id), eq(webhookDeliveries.event, 'payment.settled')));
    expect(settled).toHaveLength(1);
  });

  it('the widget\'s prepayment and a top-up through YooKassa; a lost notification is settled by the job: one letter, one ledger line', async () => {
    const day = addDays(w.today, 4);
    const res = await h.app.inject({
      method: 'POST', url: '/api/public/locations/1/bookings/?lang=en', remoteAddress: '198.51.100.77',
      payload: { name: 'Olga', phone: '+79161234567', email: 'olga.yoo@example.com', persons: 2, promocode: '', personal_data_consent: true, playground_id: w.pg.dayRoom, session_dt: `${day} 06:00` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json() as Json;
    const orderId = booked.order.id as number;
    const [link] = await h.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const created = yoo.payments.get(link!.externalId!)!;
    expect(booked.payment_url).toBe(created.confirmation.confirmation_url);
    // #40 The payment's description names what is bought: the day, the time, the playground and the guests.
    expect(created).toMatchObject({ amount: { value: '3000.00', currency: 'RUB' }, description: `Order #${orderId}: ${day.split('-').reverse().join('.')} 06:00–06:00, Day room, guests: 2` });
    const sent = yoo.requests.find((r) => r.body?.metadata?.payment_id === String(link!.id))!;
    expect(sent.body!.receipt.customer).toEqual({ email: 'olga.yoo@example.com' });
    // A widget order's customer returns to their own booking page.
    expect(sent.body!.confirmation.return_url).toMatch(new RegExp(`^http://backoffice.test/widget/order/${orderId}-[0-9a-f]{32}\\?lang=en$`));

    // Paid on YooKassa's page; the notification never comes. The job asks 15 minutes on.
    yoo.succeed(link!.externalId!);
    const [check] = await h.database.db.select().from(jobs).where(and(eq(jobs.kind, 'payment.check'), sql`${jobs.payload}->>'paymentId' = ${String(link!.id)}`));
    expect(check!.runAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await h.runJobs();
    expect((await paymentRow(link!.id)).status).toBe('processing');
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, check!.id));
    await h.runJobs();
    await h.runJobs();
    expect((await paymentRow(link!.id)).status).toBe('paid');
    // The notification arriving late changes nothing: one confirmation letter (after the held booking's, #40).
    expect((await notify(link!.externalId!)).statusCode).toBe(200);
    await h.runJobs();
    expect(h.letters.filter((l) => l.to === 'olga.yoo@example.com').map((l) => / is confirmed$/.test(l.subject) ? 'confirmed' : /: please pay by /.test(l.subject) ? 'held' : l.subject))
      .toEqual(['held', 'confirmed']);

    // A top-up goes to the installation's account (its shop), and books one ledger line however often it is told.
    await h.database.db.execute(sql`UPDATE locations SET allow_refill = true WHERE id = 1`);
    const topUp = await h.call('POST', '/api/v2.2/locations/1/refill/', { token: w.tokens.admin, body: { amount: '700' } });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const paymentId = topUp.json().payment_id as number;
    const row = await paymentRow(paymentId);
    const made = yoo.payments.get(row.externalId!)!;
    expect(topUp.json().payment_url).toBe(made.confirmation.confirmation_url);
    expect(made.recipient.account_id).toBe(HOME.shop_id);
    expect(made.amount).toEqual({ value: '700.00', currency: 'RUB' });
    expect(made.confirmation.return_url).toBe(`http://backoffice.test/locations/1/check_payment/${paymentId}`);
    yoo.succeed(row.externalId!);
    await Promise.all([notify(row.externalId!), notify(row.externalId!), notify(row.externalId!)]);
    const lines = await h.database.db.select().from(transactions).where(and(eq(transactions.type, 'refill'), eq(transactions.description, `#${paymentId}`)));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amount).toBe('700.00');
    expect((await h.call('POST', '/api/v2.2/locations/1/check_payment/', { token: w.tokens.admin, body: { payment_id: paymentId } })).json()).toMatchObject({ status: 'paid' });
  });
});
