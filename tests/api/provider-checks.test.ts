// #38 What a payment provider says is checked before it settles anything, against the local YooKassa
// and Stripe (tests/providers/) over real HTTP and real PostgreSQL: another amount or currency than the
// link's settles nothing (said on the payment, in the activity log and /metrics); a signed Stripe event
// without its data is a 400; a test-mode payment settles nothing on a live install (and counts in no
// total) but does on the demo; test keys on a live install are warned about; YooKassa's payments are
// two-stage (captured while the order owes them, else cancelled: no money moves), and a payment that
// still reaches a closed link is refunded in full through its provider at once.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, jobs, locations, orderLogs, orders, payments, refunds, transactions } from '../../server/db/schema';
import { paymentsByType, revenuePerDay } from '../../server/modules/dashboards/data';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';
import { startLocalStripe, stripeSignature, type LocalStripe } from '../providers/stripe';

const NOTIFY = '/api/v2.1/payments/yookassa/notifications/';
const WEBHOOK = '/api/v2.1/payments/stripe/webhook/';
/** A live shop (its payments are real: test false) and a test shop (test_ key: its payments are test ones). */
const LIVE_SHOP = { shop_id: '610001', secret_key: 'live_location_secret_Q1w2E3' };
const TEST_SHOP = { shop_id: '610002', secret_key: 'test_location_secret_R4t5Y6' };
const HOME_TEST_SHOP = { shop_id: '610003', secret_key: 'test_installation_secret_U7i8' };
const STRIPE_KEY = 'sk_test_51ProviderChecks0123456789';
const WHSEC = 'whsec_provider_checks_signing_secret_01';

let h: Harness;
let w: World;
let yoo: LocalYooKassa;
let stripe: LocalStripe;

beforeAll(async () => {
  yoo = await startLocalYooKassa();
  for (const s of [LIVE_SHOP, TEST_SHOP, HOME_TEST_SHOP]) yoo.shops.set(s.shop_id, s.secret_key);
  yoo.liveShops.add(LIVE_SHOP.shop_id);
  stripe = await startLocalStripe();
  stripe.keys.set(STRIPE_KEY, 'acct_1checks');
  h = await createHarness({ config: { yookassaApiUrl: yoo.url, stripeApiUrl: stripe.url } });
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); await yoo.close(); await stripe.close(); });

const db = () => h.database.db;
const put = (url: string, body: unknown) => h.call('PUT', url, { token: w.tokens.admin, body, lang: 'en' });
const useYooKassa = async (shop: typeof LIVE_SHOP, extra: Json = {}) => {
  const res = await put('/api/v2.1/locations/1/payment_provider/', { provider: 'yookassa', ...shop, ...extra });
  expect(res.statusCode, res.body).toBe(200);
};
const useStripe = async () => {
  const res = await put('/api/v2.1/locations/1/payment_provider/', { provider: 'stripe', secret_key: STRIPE_KEY, webhook_secret: WHSEC });
  expect(res.statusCode, res.body).toBe(200);
};
/** Runs `work` as a live install (not the demo: no sandbox), then back to the demo. */
const live = async (work: () => Promise<void>) => {
  h.config.paymentSandbox = false;
  try { await work(); } finally { h.config.paymentSandbox = true; }
};
const notify = (id: string, event?: string) => h.call('POST', NOTIFY, { body: yoo.notification(id, event) });
const deliver = (payload: string, secret = WHSEC) => h.app.inject({
  method: 'POST', url: WEBHOOK, payload,
  headers: { 'content-type': 'application/json; charset=utf-8', 'accept-language': 'en', 'stripe-signature': stripeSignature(payload, secret) },
});
const sendStripe = (type: string, sessionId: string) => deliver(stripe.event(type, sessionId));
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const linkOf = async (orderId: number) => (await db().select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.paymentType, 4))).orderBy(payments.id)).at(-1)!;
const logTypes = async (orderId: number) => (await db().select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(orderLogs.id)).map((e) => e.type);
/** A booking of the day room on day `n` with a bill of `amount` through the location's provider: the order and its link. */
const billed = async (n: number, amount: string, over: Json = {}) => {
  const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, n)} 06:00`, { persons: 2, ...over }));
  const res = await pay(w, id, { payment_type: 4, purchase: amount });
  expect(res.statusCode, res.body).toBe(201);
  return { id, link: await linkOf(id) };
};
const metric = async (name: string, labels: string) => {
  const text = (await h.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
};
const mismatches = (provider: string) => metric('backoffice_payment_provider_mismatch_total', `provider="${provider}"`);
const yooCalls = (externalId: string, action: 'capture' | 'cancel') => yoo.requests.filter((r) => r.method === 'POST' && r.path === `/v3/payments/${externalId}/${action}`);

describe('the amount and currency the provider reports', () => {
  it('YooKassa: 1.00 of a 1500.00 link, or USD on a RUB link, settles nothing: the payment stays pending, the order page says what was reported, one activity entry, counted in /metrics; nothing is captured', async () => {
    await useYooKassa(LIVE_SHOP);
    const counted = await mismatches('yookassa');
    // Taken at once (a payment made before links were two-stage), for 1.00.
    const { id, link } = await billed(3, '1500.00');
    Object.assign(yoo.payments.get(link.externalId!)!, { status: 'succeeded', paid: true, amount: { value: '1.00', currency: 'RUB' } });
    for (let i = 0; i < 3; i++) expect((await notify(link.externalId!)).json()).toEqual({ result: 'mismatch' });
    expect(await paymentRow(link.id)).toMatchObject({ status: 'processing', providerMismatch: { amount: '1.00', currency: 'RUB' } });
    expect(await orderRow(id)).toMatchObject({ paid: '0.00', status: 2 });
    expect((await getOrder(w, id)).payments.find((p: Json) => p.id === link.id)).toMatchObject({ status: 'processing', provider_mismatch: { amount: '1.00', currency: 'RUB' } });
    expect(await logTypes(id)).not.toContain('paid');

    // Held for the right amount but in dollars: not captured, never settled.
    const other = await billed(4, '1500.00');
    yoo.succeed(other.link.externalId!);
    Object.assign(yoo.payments.get(other.link.externalId!)!, { amount: { value: '1500.00', currency: 'USD' } });
    expect((await notify(other.link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'mismatch' });
    expect(yooCalls(other.link.externalId!, 'capture')).toHaveLength(0);
    expect((await paymentRow(other.link.id)).providerMismatch).toEqual({ amount: '1500.00', currency: 'USD' });
    expect((await orderRow(other.id)).paid).toBe('0.00');

    const entries = await db().select().from(activityEntries).where(eq(activityEntries.kind, 'money.provider_mismatch')).orderBy(activityEntries.id);
    expect(entries.map((e) => [e.subject, e.before, e.after])).toEqual([
      [`#${id}`, { payment_id: link.id, amount: '1500.00', currency: 'RUB' }, { payment_id: link.id, provider: 'yookassa', amount: '1.00', currency: 'RUB' }],
      [`#${other.id}`, { payment_id: other.link.id, amount: '1500.00', currency: 'RUB' }, { payment_id: other.link.id, provider: 'yookassa', amount: '1500.00', currency: 'USD' }],
    ]);
    // Once per payment, however often the provider tells it.
    expect(await mismatches('yookassa')).toBe(counted + 2);
  });

  it('Stripe: a session paid for 1.00, or in USD, on a RUB link settles nothing; said and counted once each', async () => {
    await useStripe();
    const counted = await mismatches('stripe');
    const cheap = await billed(5, '1500.00');
    Object.assign(stripe.sessions.get(cheap.link.externalId!)!, { amount_total: 100 });
    stripe.complete(cheap.link.externalId!);
    const dollars = await billed(6, '1500.00');
    Object.assign(stripe.sessions.get(dollars.link.externalId!)!, { currency: 'usd' });
    stripe.complete(dollars.link.externalId!);
    for (const b of [cheap, dollars, cheap]) expect((await sendStripe('checkout.session.completed', b.link.externalId!)).json()).toEqual({ result: 'mismatch' });
    expect((await paymentRow(cheap.link.id))).toMatchObject({ status: 'processing', providerMismatch: { amount: '1.00', currency: 'RUB' } });
    expect((await paymentRow(dollars.link.id))).toMatchObject({ status: 'processing', providerMismatch: { amount: '1500.00', currency: 'USD' } });
    for (const b of [cheap, dollars]) expect((await orderRow(b.id)).paid).toBe('0.00');
    const entries = await db().select().from(activityEntries)
      .where(and(eq(activityEntries.kind, 'money.provider_mismatch'), sql`${activityEntries.after}->>'provider' = 'stripe'`));
    expect(entries).toHaveLength(2);
    expect(await mismatches('stripe')).toBe(counted + 2);
  });
});

describe('bodies that are signed or well-formed JSON but not what the provider sends', () => {
  it('a correctly signed Stripe event without its data object is a 400 in DRF\'s shape, never a 500; an odd refunds list changes nothing', async () => {
    await useStripe();
    for (const payload of ['{}', '[]', '{"data":null}', '{"type":"checkout.session.completed","data":{}}', '{"type":"checkout.session.completed","data":{"object":null}}', '{"type":"x","data":[]}']) {
      const res = await deliver(payload);
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      const body = res.json() as Json;
      expect(body.detail, payload).toBeUndefined();
      expect(Object.keys(body).length, payload).toBeGreaterThan(0);
      for (const messages of Object.values(body)) expect(JSON.stringify(messages)).toMatch(/^[[{]/);
    }
    expect((await deliver('{}')).json()).toEqual({ type: ['This field is required.'], data: ['This field is required.'] });
    expect((await deliver('{"type":"checkout.session.completed","data":{}}')).json()).toEqual({ data: { object: ['This field is required.'] } });
    // A signed charge.refunded naming one of our payments whose refunds list is not a list of refunds: ignored, not a 500.
    const { link } = await billed(7, '500.00');
    for (const data of ['"x"', '[null, 5, "re_1"]']) {
      const odd = JSON.stringify({ id: 'evt_odd', type: 'charge.refunded', data: { object: { id: 'ch_odd', metadata: { payment_id: String(link.id) }, refunds: { data: JSON.parse(data) } } } });
      const res = await deliver(odd);
      expect(res.statusCode, res.body).toBe(200);
    }
    // YooKassa's notification without its object, or with one that names nothing: a 400 too.
    for (const body of [{}, { event: 'payment.succeeded' }, { event: 'payment.succeeded', object: null }, { event: 5, object: { id: 'x' } }, []]) {
      expect((await h.call('POST', NOTIFY, { body })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('test-mode payments', () => {
  it('on a live install a YooKassa test payment settles nothing: let go at YooKassa, flagged, the order still owes, in no total and no statistics; a test top-up credits nothing', async () => {
    await useYooKassa(TEST_SHOP);
    await live(async () => {
      const [loc] = await db().select({ tz: locations.timezone }).from(locations).where(eq(locations.id, 1));
      const period = { from: addDays(w.today, -1), to: addDays(w.today, 1) };
      const revenue = async () => (await revenuePerDay(db(), 1, loc!.tz!, period)).reduce((s, r) => s + Number(r.sum), 0);
      const byType4 = async () => (await paymentsByType(db(), 1, loc!.tz!, period)).find((r) => r.type === 4)?.count ?? 0;
      const totals = async () => ((await h.call('GET', '/api/v2.1/locations/1/payments/?format=totals&payer=all', { token: w.tokens.admin })).json() as Json).totals[0].sums.purchase as string;
      const [revenueBefore, byTypeBefore, totalsBefore] = [await revenue(), await byType4(), await totals()];

      const { id, link } = await billed(8, '1500.00');
      yoo.succeed(link.externalId!);
      expect((await notify(link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'test' });
      expect((await notify(link.externalId!)).json()).toEqual({ result: 'already' });
      // Nothing taken, even pretend money: cancelled at YooKassa.
      expect(yooCalls(link.externalId!, 'capture')).toHaveLength(0);
      expect(yooCalls(link.externalId!, 'cancel')).toHaveLength(1);
      expect(yooCalls(link.externalId!, 'cancel')[0]!.idempotenceKey).toBe(`release-${link.externalId}`);
      expect(await paymentRow(link.id)).toMatchObject({ status: 'failed', test: true });
      expect(await orderRow(id)).toMatchObject({ paid: '0.00', status: 2 });
      const order = await getOrder(w, id);
      expect(order).toMatchObject({ need_paid: expect.stringMatching(/^[1-9]/) });
      expect(order.payments.find((p: Json) => p.id === link.id)).toMatchObject({ test: true, status: 'failed' });
      expect((await comments(w, id)).map((e) => e.type)).toContain('test_payment');
      expect(await db().select().from(activityEntries).where(and(eq(activityEntries.kind, 'money.test_payment'), eq(activityEntries.subject, `#${id}`)))).toHaveLength(1);
      // Badged in the payments list, and in none of its totals nor the statistics.
      const listed = ((await h.call('GET', '/api/v2.1/locations/1/payments/?payer=all', { token: w.tokens.admin })).json() as Json[]).find((p) => p.id === link.id);
      expect(listed).toMatchObject({ test: true });
      expect(await totals()).toBe(totalsBefore);
      expect(await revenue()).toBe(revenueBefore);
      expect(await byType4()).toBe(byTypeBefore);

      // A top-up through the installation's test shop: no ledger line, no balance.
      expect((await put('/api/v2.1/payment_provider/', { provider: 'yookassa', ...HOME_TEST_SHOP })).statusCode).toBe(200);
      await db().execute(sql`UPDATE locations SET allow_refill = true WHERE id = 1`);
      const [{ balance: balanceBefore }] = (await db().execute<{ balance: string }>(sql`SELECT coalesce(sum(amount), 0)::text AS balance FROM ${transactions} WHERE location_id = 1`)).rows as [{ balance: string }];
      const topUp = await h.call('POST', '/api/v2.2/locations/1/refill/', { token: w.tokens.admin, body: { amount: '700' } });
      expect(topUp.statusCode, topUp.body).toBe(200);
      const row = await paymentRow(topUp.json().payment_id);
      yoo.succeed(row.externalId!);
      expect((await notify(row.externalId!)).json()).toEqual({ result: 'test' });
      expect(await paymentRow(row.id)).toMatchObject({ status: 'failed', test: true });
      expect(await db().select().from(transactions).where(eq(transactions.description, `#${row.id}`))).toHaveLength(0);
      const [{ balance }] = (await db().execute<{ balance: string }>(sql`SELECT coalesce(sum(amount), 0)::text AS balance FROM ${transactions} WHERE location_id = 1`)).rows as [{ balance: string }];
      expect(balance).toBe(balanceBefore);
    });
  });

  it('on a live install a Stripe test-mode session (livemode false) settles nothing and is not refunded; on the demo it settles as before', async () => {
    await useStripe();
    await live(async () => {
      const { id, link } = await billed(9, '1000.00');
      stripe.complete(link.externalId!);
      expect((await sendStripe('checkout.session.completed', link.externalId!)).json()).toEqual({ result: 'test' });
      expect(await paymentRow(link.id)).toMatchObject({ status: 'failed', test: true });
      expect(await orderRow(id)).toMatchObject({ paid: '0.00', status: 2 });
      expect(await db().select().from(refunds).where(eq(refunds.paymentId, link.id))).toHaveLength(0);
    });
    // The demo (PAYMENT_SANDBOX on): test payments are its payments.
    const { id, link } = await billed(10, '1000.00');
    stripe.complete(link.externalId!);
    expect((await sendStripe('checkout.session.completed', link.externalId!)).json()).toEqual({ result: 'settled' });
    expect(await paymentRow(link.id)).toMatchObject({ status: 'paid', test: false });
    expect((await orderRow(id)).paid).toBe('1000.00');
  });

  it('on the demo a YooKassa test payment is captured and settles, as before', async () => {
    await useYooKassa(TEST_SHOP);
    const { id, link } = await billed(11, '1000.00');
    yoo.succeed(link.externalId!);
    expect((await notify(link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'settled' });
    expect(yooCalls(link.externalId!, 'capture')).toHaveLength(1);
    expect(await paymentRow(link.id)).toMatchObject({ status: 'paid', test: false });
    expect((await orderRow(id)).paid).toBe('1000.00');
  });

  it('saving test keys on a live install answers a warning (ru and en), read back while they are stored; live keys and the demo none', async () => {
    const loc = '/api/v2.1/locations/1/payment_provider/';
    await live(async () => {
      const saved = await put(loc, { provider: 'yookassa', ...TEST_SHOP });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().warnings).toEqual([expect.stringMatching(/^These are test keys: .*pays no order and credits no balance/)]);
      const ru = (await h.call('GET', loc, { token: w.tokens.admin, lang: 'ru' })).json();
      expect(ru.warnings).toEqual([expect.stringMatching(/^Это тестовые ключи/)]);
      expect((await put(loc, { provider: 'stripe', secret_key: STRIPE_KEY, webhook_secret: WHSEC })).json().warnings).toHaveLength(1);
      expect((await put('/api/v2.1/payment_provider/', { provider: 'yookassa', ...HOME_TEST_SHOP })).json().warnings).toHaveLength(1);
      const liveKeys = await put(loc, { provider: 'yookassa', ...LIVE_SHOP });
      expect(liveKeys.json().warnings).toBeUndefined();
    });
    expect((await put(loc, { provider: 'yookassa', ...TEST_SHOP })).json().warnings).toBeUndefined();
  });
});

describe('a payment after its link was closed', () => {
  it('YooKassa holds it: captured while the order still owes it (one capture, a stable key); let go when the link was closed (paid in cash, or the order cancelled and the notification lost) or the order owes less: no money moves', async () => {
    await useYooKassa(LIVE_SHOP);
    // Still owed: captured for the link's amount, settled.
    const owed = await billed(12, '1000.00');
    yoo.succeed(owed.link.externalId!);
    expect((await notify(owed.link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'settled' });
    expect(yooCalls(owed.link.externalId!, 'capture').map((r) => [r.idempotenceKey, r.body])).toEqual([
      [`capture-${owed.link.externalId}`, { amount: { value: '1000.00', currency: 'RUB' } }]]);
    expect((await orderRow(owed.id)).paid).toBe('1000.00');
    expect((await notify(owed.link.externalId!)).json()).toEqual({ result: 'already' });

    // Paid in full in cash while the link was open: the link closes; the customer pays it after all: let go.
    const cash = await billed(13, '1000.00');
    const full = (await orderRow(cash.id)).purchase;
    expect((await pay(w, cash.id, { payment_type: 2, purchase: full })).statusCode).toBe(201);
    expect((await paymentRow(cash.link.id)).status).toBe('cancelled');
    yoo.succeed(cash.link.externalId!);
    expect((await notify(cash.link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'released' });
    expect(yooCalls(cash.link.externalId!, 'capture')).toHaveLength(0);
    expect(yooCalls(cash.link.externalId!, 'cancel').map((r) => r.idempotenceKey)).toEqual([`release-${cash.link.externalId}`]);
    expect(yoo.payments.get(cash.link.externalId!)!.status).toBe('canceled');
    expect(await orderRow(cash.id)).toMatchObject({ paid: full, status: 6 });
    expect((await paymentRow(cash.link.id)).status).toBe('cancelled');
    expect((await notify(cash.link.externalId!)).json()).toEqual({ result: 'already' });
    expect((await logTypes(cash.id)).filter((t) => t === 'payment_released' || t === 'refund_due' || t === 'paid')).toEqual(['paid', 'payment_released']);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, cash.id))).toHaveLength(0);

    // Cancelled with its link open; the notification is lost: the payment.check job lets it go.
    const cancelled = await billed(14, '1000.00');
    expect((await h.call('DELETE', `/api/v2.1/booking/${cancelled.id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    yoo.succeed(cancelled.link.externalId!);
    await db().update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, 'payment.check'), sql`${jobs.payload}->>'paymentId' = ${String(cancelled.link.id)}`));
    await h.runJobs();
    expect(yoo.payments.get(cancelled.link.externalId!)!.status).toBe('canceled');
    expect(await orderRow(cancelled.id)).toMatchObject({ paid: '0.00', status: 4 });
    expect(await logTypes(cancelled.id)).toContain('payment_released');

    // The link is open but the order now owes less than it (part paid in cash): let go, the link failed.
    const less = await billed(15, '1000.00');
    const purchase = Number((await orderRow(less.id)).purchase);
    expect((await pay(w, less.id, { payment_type: 2, purchase: (purchase - 500).toFixed(2) })).statusCode).toBe(201);
    expect((await paymentRow(less.link.id)).status).toBe('processing');
    yoo.succeed(less.link.externalId!);
    expect((await notify(less.link.externalId!, 'payment.waiting_for_capture')).json()).toEqual({ result: 'released' });
    expect((await paymentRow(less.link.id)).status).toBe('failed');
    expect((await orderRow(less.id)).paid).toBe((purchase - 500).toFixed(2));
  });

  it('Stripe: a session paid after its link was closed is refunded in full through Stripe at once, by the system, and said on the order\'s log', async () => {
    await useStripe();
    const { id, link } = await billed(16, '1000.00');
    const full = (await orderRow(id)).purchase;
    expect((await pay(w, id, { payment_type: 2, purchase: full })).statusCode).toBe(201);
    // Paid in the same moment (before the expire job): Stripe took the money.
    const pi = stripe.complete(link.externalId!).payment_intent as string;
    expect((await sendStripe('checkout.session.completed', link.externalId!)).json()).toEqual({ result: 'late' });
    const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form?.payment_intent === pi);
    expect(calls.map((r) => r.form!.amount)).toEqual(['100000']);
    const [refund] = await db().select().from(refunds).where(eq(refunds.paymentId, link.id));
    expect(refund).toMatchObject({ provider: 'stripe', amount: '1000.00', status: 'succeeded', automatic: true, userId: null });
    // The refund job is queued with it (in the settle's transaction) and has nothing left to do.
    expect(await db().select().from(jobs).where(and(eq(jobs.kind, 'refund.check'), sql`${jobs.payload}->>'refundId' = ${String(refund!.id)}`))).toHaveLength(1);
    expect(await orderRow(id)).toMatchObject({ paid: full, status: 6 });
    const log = await comments(w, id);
    expect(log.map((e) => e.type).filter((t) => ['late_refund', 'refunded', 'refund_due'].includes(t))).toEqual(['late_refund', 'refunded']);
    expect(log.find((e) => e.type === 'refunded')!.data).toMatchObject({ amount: '1000.00', by: 'system' });
    expect(await getOrder(w, id)).toMatchObject({ to_refund: '0.00', refunds: [{ amount: '1000.00', status: 'succeeded', automatic: true, by_customer: false, user: null }] });
    // Told again: nothing more.
    expect((await sendStripe('checkout.session.completed', link.externalId!)).json()).toEqual({ result: 'already' });
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, link.id))).toHaveLength(1);
  });

  it('YooKassa: a payment that arrives already taken on a cancelled order is refunded in full at once, with its 54-FZ refund receipt', async () => {
    await useYooKassa(LIVE_SHOP, { receipts: true, vat_code: 1 });
    const { id, link } = await billed(17, '1000.00', { email: 'late.payer@example.com' });
    // Made as a one-stage payment (before links were two-stage): YooKassa takes the money at once.
    yoo.payments.get(link.externalId!)!.capture = true;
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    yoo.succeed(link.externalId!);
    expect((await notify(link.externalId!)).json()).toEqual({ result: 'late' });
    const sent = yoo.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds' && r.body?.payment_id === link.externalId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ amount: { value: '1000.00', currency: 'RUB' }, receipt: { customer: { email: 'late.payer@example.com' } } });
    expect((await db().select().from(refunds).where(eq(refunds.paymentId, link.id)))[0]).toMatchObject({ status: 'succeeded', automatic: true, receiptStatus: 'pending' });
    expect(await orderRow(id)).toMatchObject({ paid: '0.00', status: 4 });
    expect((await logTypes(id)).filter((t) => ['late_refund', 'refunded', 'refund_due'].includes(t))).toEqual(['late_refund', 'refunded']);
  });
});
