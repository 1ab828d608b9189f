// #29 Real online money through Stripe Checkout, against a local Stripe (tests/providers/stripe.ts) over
// real HTTP through the official SDK: the settings' rules, the bill and the widget's prepayment, what
// Stripe receives, signed events (replayed, out of order, badly signed), an expired session, the
// lost-event job.
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, jobs, locations, orderLogs, orders, payments, refunds, webhookDeliveries, webhooks } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { startLocalStripe, stripeSignature, type LocalStripe } from '../providers/stripe';

const WEBHOOK = '/api/v2.1/payments/stripe/webhook/';
const KEY = 'sk_test_51LocationOneKey0123456789';
const WHSEC = 'whsec_location_one_signing_secret_0123';

let h: Harness;
let w: World;
let stripe: LocalStripe;

beforeAll(async () => {
  stripe = await startLocalStripe();
  stripe.keys.set(KEY, 'acct_1location');
  h = await createHarness({ config: { stripeApiUrl: stripe.url } });
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); await stripe.close(); });

const put = (url: string, body: unknown, token = w.tokens.admin) => h.call('PUT', url, { token, body, lang: 'en' });
const deliver = (payload: string, signature?: string) => h.app.inject({
  method: 'POST', url: WEBHOOK, payload,
  headers: { 'content-type': 'application/json; charset=utf-8', 'accept-language': 'en', ...(signature ? { 'stripe-signature': signature } : {}) },
});
/** The event Stripe sends about a session, signed as Stripe signs it (with `secret`, at `t`). */
const send = (type: string, sessionId: string, secret = WHSEC, t?: number) => {
  const payload = stripe.event(type, sessionId);
  return deliver(payload, stripeSignature(payload, secret, t));
};
const paymentRow = async (id: number) => (await h.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const orderRow = async (id: number) => (await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linkOf = async (orderId: number) => (await h.database.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.paymentType, 4))))[0]!;

describe('Stripe settings', () => {
  it('stripe takes a secret key and a signing secret of Stripe\'s kinds, never read back; check connection tells a wrong key apart', async () => {
    const loc = '/api/v2.1/locations/1/payment_provider/';
    expect((await put(loc, { provider: 'stripe', secret_key: KEY, webhook_secret: WHSEC }, w.tokens.manager)).statusCode).toBe(403);
    const missing = await put(loc, { provider: 'stripe' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['secret_key', 'webhook_secret']);
    // The publishable key and a text that is no signing secret: refused, each on its field.
    const wrongKinds = await put(loc, { provider: 'stripe', secret_key: 'pk_test_51Publishable', webhook_secret: 'secret' });
    expect(wrongKinds.json()).toEqual({
      secret_key: ['Not a Stripe secret key: it starts with sk_ (rk_ for a restricted key); the publishable pk_ key is not it.'],
      webhook_secret: ['Not a webhook signing secret: it starts with whsec_ (Developers → Webhooks → the endpoint → Signing secret).'],
    });

    // Receipts are YooKassa's (54-FZ): a Stripe account keeps none.
    const saved = await put(loc, { provider: 'stripe', secret_key: KEY, webhook_secret: WHSEC, receipts: true, vat_code: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ provider: 'stripe', shop_id: '', secret_key_set: true, webhook_secret_set: true, receipts: false, vat_code: null, tax_system_code: null, sandbox_available: true,
      // #42 where each provider sends its notifications, under PUBLIC_URL (the tab shows the chosen one to copy).
      notification_urls: { yookassa: 'http://backoffice.test/api/v2.1/payments/yookassa/notifications/', stripe: 'http://backoffice.test/api/v2.1/payments/stripe/webhook/' } });
    const kept = await put(loc, { provider: 'stripe' });
    expect(kept.json()).toMatchObject({ secret_key_set: true, webhook_secret_set: true });
    const entries = await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'payment_provider.changed'), eq(activityEntries.locationId, 1)));
    expect(entries[0]!.after).toMatchObject({ provider: 'stripe', secret_key_changed: true, webhook_secret_changed: true });
    for (const text of [saved.body, kept.body, (await h.call('GET', loc, { token: w.tokens.admin })).body, JSON.stringify(entries)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(WHSEC);
    }

    // Check connection: the balance, with the stored key as Bearer; a key Stripe does not know is said to be wrong.
    expect((await h.call('POST', `${loc}check/`, { token: w.tokens.admin })).json()).toEqual({ ok: true, provider: 'stripe' });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance', auth: `Bearer ${KEY}` });
    const loc2 = '/api/v2.1/locations/2/payment_provider/';
    expect((await put(loc2, { provider: 'stripe', secret_key: 'sk_test_unknown_key', webhook_secret: 'whsec_other' })).statusCode).toBe(200);
    const bad = await h.call('POST', `${loc2}check/`, { token: w.tokens.admin, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'Stripe refused this secret key: check it (Developers → API keys).' });
  });
});

describe('money through Stripe', () => {
  it('a bill: what Stripe receives; a bad signature changes nothing; a completed event replayed and out of order settles once', async () => {
    // Our signatures are Stripe's own (cross-checked with the SDK's test helper).
    const t = Math.floor(Date.now() / 1000);
    expect(stripeSignature('{"a":1}', WHSEC, t)).toBe(new Stripe(KEY).webhooks.generateTestHeaderString({ payload: '{"a":1}', secret: WHSEC, timestamp: t }));

    const [hook] = await h.database.db.insert(webhooks).values({ locationId: 1, url: 'http://127.0.0.1:9/hook', secret: 'hook-secret-0123456789' }).returning();
    const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 3)} 06:00`, { persons: 2 }));
    const before = stripe.requests.length;
    const billed = await pay(w, id, { payment_type: 4, purchase: '1000.00' });
    expect(billed.statusCode, billed.body).toBe(201);
    const link = await linkOf(id);
    expect(link).toMatchObject({ provider: 'stripe', status: 'processing' });
    const session = stripe.sessions.get(link.externalId!)!;
    expect((await orderRow(id)).bill).toBe(session.url);

    const sent = stripe.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(sent).toMatchObject({ auth: `Bearer ${KEY}`, contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/) });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const names = { payment_id: String(link.id), order_id: String(id), location_id: '1' };
    // 1000.00 RUB is 100000 kopecks; a staff bill has no hold, so no expires_at (Stripe's 24 hours).
    expect(sent.form).toEqual({
      mode: 'payment',
      // #40 What is bought, as Stripe's page shows it: the day, the time, the playground and the guests.
      line_items: [{ quantity: '1', price_data: { currency: 'rub', unit_amount: '100000', product_data: {
        name: `Заказ № ${id}: ${addDays(w.today, 3).split('-').reverse().join('.')} 06:00–06:00, Day room, гостей: 2` } } }],
      success_url: 'http://backoffice.test/widget/?location=1&lang=ru', cancel_url: 'http://backoffice.test/widget/?location=1&lang=ru',
      metadata: names, client_reference_id: String(link.id), payment_intent_data: { metadata: names },
    });

    // Refused, nothing changes: no signature, another secret, a changed body, a signature older than Stripe's 5 minutes.
    const payload = stripe.event('checkout.session.completed', link.externalId!);
    stripe.complete(link.externalId!);
    const refusals = [
      await deliver(payload),
      await deliver(payload, stripeSignature(payload, 'whsec_someone_else')),
      await deliver(payload.replace('"livemode":false', '"livemode":true'), stripeSignature(payload, WHSEC)),
      await send('checkout.session.completed', link.externalId!, WHSEC, t - 600),
      await deliver('{"a":'.repeat(5000), stripeSignature('x', WHSEC)),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[1]!.json()).toEqual({ detail: 'The Stripe-Signature header does not sign this event with a signing secret set here.' });
    expect((await paymentRow(link.id)).status).toBe('processing');
    expect((await orderRow(id)).paid).toBe('0.00');

    // Paid: ten completed events at once and a stale "expired" among them: one payment, one log line, one activity entry, one webhook.
    const answers = await Promise.all([...Array.from({ length: 10 }, () => send('checkout.session.completed', link.externalId!)), send('checkout.session.expired', link.externalId!)]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(11).fill(200));
    expect(answers.map((a) => a.json().result).sort()).toEqual([...Array(10).fill('already'), 'settled']);
    expect((await paymentRow(link.id)).status).toBe('paid');
    expect((await orderRow(id)).paid).toBe('1000.00');
    expect(await h.database.db.select().from(orderLogs).where(and(eq(orderLogs.orderId, id), eq(orderLogs.type, 'paid')))).toHaveLength(1);
    expect(await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'money.payment'), eq(activityEntries.subject, `#${id}`)))).toHaveLength(1);
    expect(await h.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, hook!.id), eq(webhookDeliveries.event, 'payment.settled')))).toHaveLength(1);
    // A charge.refunded naming no refund: nothing recorded, the order's money unchanged.
    const refunded = await send('charge.refunded', link.externalId!);
    expect(refunded.json()).toEqual({ result: 'unknown' });
    expect((await orderRow(id)).paid).toBe('1000.00');
  });

  it('the widget\'s prepayment expires with the hold and a lost event is settled by the job; an expired session declines its bill', async () => {
    const [loc] = await h.database.db.select({ minutes: locations.widgetPaymentMinutes }).from(locations).where(eq(locations.id, 1));
    const res = await h.app.inject({
      method: 'POST', url: '/api/public/locations/1/bookings/?lang=en', remoteAddress: '198.51.100.78',
      payload: { name: 'Olga', phone: '+79161234567', email: 'olga.stripe@example.com', persons: 2, promocode: '', personal_data_consent: true, playground_id: w.pg.dayRoom, session_dt: `${addDays(w.today, 4)} 06:00` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = (res.json() as Json).order.id as number;
    const [link] = await h.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect((res.json() as Json).payment_url).toBe(stripe.sessions.get(link!.externalId!)!.url);
    const sent = stripe.requests.find((r) => r.form?.metadata?.payment_id === String(link!.id))!;
    expect(sent.form!.line_items[0].price_data).toMatchObject({ currency: 'rub', unit_amount: '300000' });
    // The hold (20 minutes) is shorter than Stripe's least, 30: the session gets 31, never Stripe's 24 hours.
    const life = Number(sent.form!.expires_at) - Date.now() / 1000;
    expect(life).toBeGreaterThan(Math.max(loc!.minutes, 30) * 60 - 5);
    expect(life).toBeLessThan(Math.max(loc!.minutes, 31) * 60 + 5);

    // The held booking's letter goes at once (#40), long before the check is due.
    await h.runJobs();
    // Paid on Stripe's page; the event never comes. The job asks 15 minutes on.
    stripe.complete(link!.externalId!);
    const [check] = await h.database.db.select().from(jobs).where(and(eq(jobs.kind, 'payment.check'), sql`${jobs.payload}->>'paymentId' = ${String(link!.id)}`));
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, check!.id));
    await h.runJobs();
    await h.runJobs();
    expect((await paymentRow(link!.id)).status).toBe('paid');
    // The held booking's letter at once (#40), then one confirmation.
    expect(h.letters.filter((l) => l.to === 'olga.stripe@example.com').map((l) => / is confirmed$/.test(l.subject) ? 'confirmed' : /: please pay by /.test(l.subject) ? 'held' : l.subject))
      .toEqual(['held', 'confirmed']);

    // A bill the customer let expire: declined, the order unpaid with its log saying so.
    const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 5)} 06:00`));
    expect((await pay(w, id, { payment_type: 4, purchase: '500.00' })).statusCode).toBe(201);
    const bill = await linkOf(id);
    stripe.expire(bill.externalId!);
    expect((await send('checkout.session.expired', bill.externalId!)).json()).toEqual({ result: 'settled' });
    expect((await paymentRow(bill.id)).status).toBe('failed');
    expect(await h.database.db.select().from(orderLogs).where(and(eq(orderLogs.orderId, id), eq(orderLogs.type, 'payment_failed')))).toHaveLength(1);
    expect((await orderRow(id)).paid).toBe('0.00');
  });

  it('a link closed on our side is expired at Stripe after the commit: paid another way, or its order cancelled; one already paid is left to settle late', async () => {
    const expireCalls = () => stripe.requests.filter((r) => r.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(r.path));
    const before = expireCalls().length;
    // Paid in cash in full while its link is open: the link is closed here and expired at Stripe.
    const paidCash = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 7)} 06:00`, { persons: 2 }));
    expect((await pay(w, paidCash, { payment_type: 4, purchase: '1000.00' })).statusCode).toBe(201);
    const first = await linkOf(paidCash);
    const full = (await orderRow(paidCash)).purchase;
    expect((await pay(w, paidCash, { payment_type: 2, purchase: full })).statusCode).toBe(201);
    expect((await paymentRow(first.id)).status).toBe('cancelled');
    expect(stripe.sessions.get(first.externalId!)!.status).toBe('open');
    await h.runJobs();
    expect(expireCalls().slice(before).map((r) => r.path)).toEqual([`/v1/checkout/sessions/${first.externalId}/expire`]);
    expect(expireCalls().at(-1)).toMatchObject({ auth: `Bearer ${KEY}` });
    expect(stripe.sessions.get(first.externalId!)!.status).toBe('expired');

    // Cancelled with its link open, and the customer pays in the same moment: Stripe refuses the
    // expire (no longer open), the job is done, and the payment settles as a late one (owed back).
    const cancelled = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 8)} 06:00`, { persons: 2 }));
    expect((await pay(w, cancelled, { payment_type: 4, purchase: '1000.00' })).statusCode).toBe(201);
    const second = await linkOf(cancelled);
    expect((await h.call('DELETE', `/api/v2.1/booking/${cancelled}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    stripe.complete(second.externalId!);
    await h.runJobs();
    expect(expireCalls().slice(before)).toHaveLength(2);
    const [job] = await h.database.db.select().from(jobs).where(and(eq(jobs.kind, 'payment.close'), sql`${jobs.payload}->>'paymentId' = ${String(second.id)}`));
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(job!.doneAt).not.toBeNull();
    expect((await send('checkout.session.completed', second.externalId!)).json()).toEqual({ result: 'late' });
  });

  it('refunds through Stripe: a partial refund of the payment_intent in minor units with an Idempotency-Key, a pending one settled by the job; a dashboard refund recorded once; our own refund\'s event not doubling it', async () => {
    const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 6)} 06:00`, { persons: 2 }));
    expect((await pay(w, id, { payment_type: 4, purchase: '3000.00' })).statusCode).toBe(201);
    const link = await linkOf(id);
    const pi = stripe.complete(link.externalId!).payment_intent as string;
    expect((await send('checkout.session.completed', link.externalId!)).json()).toEqual({ result: 'settled' });
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    const refund = (body: Json, key?: string) => h.call('POST', `/api/v2.2/orders/${id}/refund/`, {
      token: w.tokens.staff, body, lang: 'en', ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
    // This payment's (#38: a late payment of an earlier test is refunded by the product too).
    const refundCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form?.payment_intent === pi);

    // 1250.50 RUB back: Stripe receives the session's payment_intent, 125050 kopecks, our key; the order gives it back.
    const first = await refund({ payment_type: 1, amount: '1250.50' }, 'stripe-refund-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]).toMatchObject({ auth: `Bearer ${KEY}`, form: { payment_intent: pi, amount: '125050' } });
    expect(refundCalls()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.json()).toMatchObject({ paid: '1749.50', to_refund: '1749.50', online_refundable: '1749.50',
      refunds: [{ provider: 'stripe', amount: '1250.50', status: 'succeeded', external: false, external_id: expect.stringMatching(/^re_/) }] });
    expect((await refund({ payment_type: 1, amount: '1250.50' }, 'stripe-refund-1')).headers['idempotent-replayed']).toBe('true');
    expect(refundCalls()).toHaveLength(1);

    // Stripe's event about our own refund: already ours, not recorded again.
    expect((await send('charge.refunded', link.externalId!)).json()).toEqual({ result: 'already' });
    expect((await getOrder(w, id)).paid).toBe('1749.50');

    // A refund made in Stripe's dashboard (500.00): its event, twice, records it once as external; the same refund read back from Stripe.
    const dash = stripe.dashboardRefund(link.externalId!, 50000);
    const twice = [await send('charge.refunded', link.externalId!), await send('charge.refunded', link.externalId!)];
    expect(twice.map((r) => r.json())).toEqual([{ result: 'settled' }, { result: 'already' }]);
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/refunds/${dash.id}`)).toBe(true);
    const order = await getOrder(w, id);
    expect(order).toMatchObject({ paid: '1249.50', online_refundable: '1249.50' });
    expect(order.refunds.map((r: Json) => [r.amount, r.status, r.external, r.user])).toEqual([['1250.50', 'succeeded', false, { name: expect.any(String) }], ['500.00', 'succeeded', true, null]]);
    expect(await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'money.refund'), eq(activityEntries.subject, `#${id}`)))).toHaveLength(2);

    // Stripe answers pending: the order keeps its money until the refund.check job reads it succeeded.
    stripe.refundStatus = 'pending';
    const pending = await refund({ payment_type: 1 });
    stripe.refundStatus = 'succeeded';
    expect(pending.json()).toMatchObject({ paid: '1249.50', refund_pending: '1249.50', refunds: [{}, {}, { amount: '1249.50', status: 'pending' }] });
    expect(refundCalls().at(-1)!.form).toMatchObject({ amount: '124950' });
    const [row] = await h.database.db.select().from(refunds).where(and(eq(refunds.orderId, id), eq(refunds.status, 'pending')));
    stripe.refunds.get(row!.externalId!)!.status = 'succeeded';
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, 'refund.check'), sql`${jobs.payload}->>'refundId' = ${String(row!.id)}`));
    await h.runJobs();
    expect(await getOrder(w, id)).toMatchObject({ paid: '0.00', refund_pending: '0.00', to_refund: '0.00' });
    expect(refundCalls()).toHaveLength(2);
  });
});
