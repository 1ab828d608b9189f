// #29 refunds through the payment provider, against a local YooKassa (tests/providers/yookassa.ts)
// over real HTTP: what YooKassa receives (payment id, amount, Idempotence-Key, the refund receipt),
// a retried call refunds once, never more than was paid online, a refused refund changes nothing, a
// pending one is settled by the job, a refund made in YooKassa's dashboard is recorded once; the
// order's balance, log, activity entries and payments list after each.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, jobs, refunds } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';

const NOTIFY = '/api/v2.1/payments/yookassa/notifications/';
const SHOP = { shop_id: '502345', secret_key: 'test_refund_secret_QwE456' };

let h: Harness;
let w: World;
let yoo: LocalYooKassa;
let day = 10;

beforeAll(async () => {
  yoo = await startLocalYooKassa();
  yoo.shops.set(SHOP.shop_id, SHOP.secret_key);
  h = await createHarness({ config: { yookassaApiUrl: yoo.url } });
  w = await makeWorld(h);
  const saved = await h.call('PUT', '/api/v2.1/locations/1/payment_provider/', { token: w.tokens.admin, body: { provider: 'yookassa', ...SHOP, receipts: true, vat_code: 1 } });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => { await h.close(); await yoo.close(); });

const notify = (body: Json) => h.call('POST', NOTIFY, { body });
const refund = (id: number, body: Json, key?: string) => h.call('POST', `/api/v2.2/orders/${id}/refund/`, {
  token: w.tokens.staff, body, lang: 'en', ...(key ? { headers: { 'idempotency-key': key } } : {}),
});
const refundCalls = () => yoo.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');

/** A day-room order (3000) for 2 with `cash` paid at the desk and `online` through a YooKassa link, settled by its notification. */
async function paidOrder(cash: string | null, online: string) {
  const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, day++)} 06:00`, { persons: 2, email: 'refund.me@example.com' }));
  if (cash) expect((await pay(w, id, { payment_type: 2, purchase: cash })).statusCode).toBe(201);
  const billed = await pay(w, id, { payment_type: 4, purchase: online });
  expect(billed.statusCode, billed.body).toBe(201);
  const ext = (await getOrder(w, id)).payments.find((p: Json) => p.payment_type === 4).external_id as string;
  yoo.succeed(ext);
  expect((await notify(yoo.notification(ext))).statusCode).toBe(200);
  expect((await getOrder(w, id)).paid).toBe('3000.00');
  return { id, ext };
}
const cancel = async (id: number) => expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
const refundsLogged = async (id: number) => (await comments(w, id)).filter((e) => e.type.startsWith('refund')).map((e) => [e.type, e.data.payment_type, e.data.amount]);

describe('refunds through YooKassa', () => {
  it('a partial refund, then the rest: what YooKassa receives; a retried call refunds once; never more than was paid online', async () => {
    const { id, ext } = await paidOrder('1000.00', '2000.00');
    // Live and paid: nothing is owed back yet, but the desk's cancel question knows what came online.
    expect(await getOrder(w, id)).toMatchObject({ to_refund: '0.00', online_refundable: '0.00', online_paid: '2000.00' });
    await cancel(id);
    expect(await getOrder(w, id)).toMatchObject({ to_refund: '3000.00', online_refundable: '2000.00', online_paid: '2000.00', refund_pending: '0.00', refunds: [] });

    const first = await refund(id, { payment_type: 1, amount: '500.00' }, 'refund-once-1');
    expect(first.statusCode, first.body).toBe(200);
    const [sent] = refundCalls();
    expect(sent!.shopId).toBe(SHOP.shop_id);
    expect(sent!.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.body).toMatchObject({ payment_id: ext, amount: { value: '500.00', currency: 'RUB' }, receipt: { customer: { email: 'refund.me@example.com' } } });
    // The refund receipt: the session's item for the amount given back, 2 persons.
    expect(sent!.body!.receipt.items).toEqual([expect.objectContaining({
      quantity: '2', amount: { value: '250.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment',
    })]);
    expect(first.json()).toMatchObject({ paid: '2500.00', to_refund: '2500.00', online_refundable: '1500.00',
      refunds: [{ amount: '500.00', status: 'succeeded', external: false, receipt_status: 'pending', error: null }] });
    expect(first.json().payments).toContainEqual(expect.objectContaining({ payment_type: 1, purchase: '-500.00', status: 'refunded' }));

    // The same call again (a lost answer): the same refund, not a second one.
    const again = await refund(id, { payment_type: 1, amount: '500.00' }, 'refund-once-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(refundCalls()).toHaveLength(1);
    expect(again.json()).toMatchObject({ paid: '2500.00', refunds: [{ status: 'succeeded' }] });

    // More than is left of the online payment: refused, YooKassa not asked; the rest of it goes by default.
    const over = await refund(id, { payment_type: 1, amount: '1600.00' });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/^At most 1,500\.00.*payment provider/);
    expect(refundCalls()).toHaveLength(1);
    const rest = await refund(id, { payment_type: 1 });
    expect(rest.json()).toMatchObject({ paid: '1000.00', to_refund: '1000.00', online_refundable: '0.00' });
    expect(refundCalls().at(-1)!.body).toMatchObject({ amount: { value: '1500.00' } });
    expect(refundCalls().at(-1)!.idempotenceKey).not.toBe(sent!.idempotenceKey);
    // Nothing is left online; the cash part goes back in cash.
    expect((await refund(id, { payment_type: 1 })).statusCode).toBe(400);
    const cash = await refund(id, { payment_type: 2 });
    expect(cash.json()).toMatchObject({ paid: '0.00', to_refund: '0.00' });
    expect((await refund(id, { payment_type: 2 })).json()).toEqual({ non_field_errors: ['This order holds no money to refund.'] });

    expect(await refundsLogged(id)).toEqual([['refund_due', undefined, '3000.00'], ['refunded', 1, '500.00'], ['refunded', 1, '1500.00'], ['refunded', 2, '1000.00']]);
    const entries = await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'money.refund'), eq(activityEntries.subject, `#${id}`))).orderBy(activityEntries.id);
    expect(entries.map((e) => (e.after as Json).amount)).toEqual(['500.00', '1500.00', '1000.00']);
  });

  it('#38 a cancel with refund=original gives cash back in cash and sends the online part to YooKassa in the same call; pending until YooKassa answers', async () => {
    const { id, ext } = await paidOrder('1000.00', '2000.00');
    expect((await getOrder(w, id)).refund_tenders.map((t: Json) => [t.tender, t.provider, t.amount])).toEqual([['provider', 'yookassa', '2000.00'], ['cash', null, '1000.00']]);
    const calls = refundCalls().length;
    yoo.refundOutcome = 'pending';
    try {
      expect((await h.call('DELETE', `/api/v2.1/booking/${id}/?refund=original`, { token: w.tokens.staff })).statusCode).toBe(204);
    } finally {
      yoo.refundOutcome = 'succeeded';
    }
    expect(refundCalls().slice(calls).map((c) => [c.body!.payment_id, c.body!.amount.value])).toEqual([[ext, '2000.00']]);
    const pending = await getOrder(w, id);
    // The cash is back; the online part is on its way, not due again.
    expect(pending).toMatchObject({ status: 4, paid: '2000.00', to_refund: '2000.00', refund_pending: '2000.00', refund_split: [], refunds: [{ status: 'pending', amount: '2000.00' }] });
    expect(pending.payments.filter((p: Json) => p.status === 'refunded').map((p: Json) => [p.payment_type, p.purchase])).toEqual([[2, '-1000.00']]);
    const [row] = await h.database.db.select().from(refunds).where(eq(refunds.orderId, id));
    yoo.settleRefund(row!.externalId!, 'succeeded');
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, 'refund.check'), sql`${jobs.payload}->>'refundId' = ${String(row!.id)}`));
    await h.runJobs();
    expect(await getOrder(w, id)).toMatchObject({ paid: '0.00', to_refund: '0.00', refund_pending: '0.00', refund_tenders: [] });
  });

  it('a refused refund changes nothing; a pending one holds its amount until the job hears it succeeded, and only then is the customer told (#45)', async () => {
    const { id } = await paidOrder(null, '3000.00');
    // #45 With e-mail on, the customer hears of the refund once YooKassa has made it, not when it is asked.
    const messaging = (channels: string[]) => h.call('PUT', '/api/v2.2/locations/1/messaging/', { token: w.tokens.admin, body: { channels } });
    expect((await messaging(['email'])).statusCode).toBe(200);
    const refundNotices = async () => (await h.database.pool.query("select data->>'amount' as amount from messages where order_id = $1 and kind = 'refund' order by id", [id])).rows.map((r) => r.amount as string);
    try {
      await refundedThroughTheJob(id);
      expect(await refundNotices()).toEqual(['1000.00']);
    } finally {
      expect((await messaging([])).statusCode).toBe(200);
    }
  });

  async function refundedThroughTheJob(id: number) {
    await cancel(id);
    yoo.refundOutcome = 'canceled';
    try {
      const refused = await refund(id, { payment_type: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().non_field_errors[0]).toMatch(/refused the refund: declined by the shop\. Nothing was refunded/);
    } finally {
      yoo.refundOutcome = 'pending';
    }
    const afterRefusal = await getOrder(w, id);
    expect(afterRefusal).toMatchObject({ paid: '3000.00', to_refund: '3000.00', online_refundable: '3000.00', refunds: [{ status: 'failed', error: 'rejected_by_payee' }] });
    expect(afterRefusal.payments.filter((p: Json) => p.status === 'refunded')).toEqual([]);

    try {
      const pending = await refund(id, { payment_type: 1, amount: '1000.00' });
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json()).toMatchObject({ paid: '3000.00', refund_pending: '1000.00', online_refundable: '2000.00', refunds: [{ status: 'failed' }, { status: 'pending' }] });
    } finally {
      yoo.refundOutcome = 'succeeded';
    }
    // What is pending is not due again, in any way.
    const twice = await refund(id, { payment_type: 2, amount: '2500.00' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().amount[0]).toMatch(/^At most 2,000\.00/);

    const [row] = await h.database.db.select().from(refunds).where(and(eq(refunds.orderId, id), eq(refunds.status, 'pending')));
    yoo.settleRefund(row!.externalId!, 'succeeded');
    await h.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, 'refund.check'), sql`${jobs.payload}->>'refundId' = ${String(row!.id)}`));
    await h.runJobs();
    await h.runJobs();
    const settled = await getOrder(w, id);
    expect(settled).toMatchObject({ paid: '2000.00', refund_pending: '0.00', to_refund: '2000.00', refunds: [{ status: 'failed' }, { status: 'succeeded' }] });
    expect(settled.payments.filter((p: Json) => p.status === 'refunded').map((p: Json) => p.purchase)).toEqual(['-1000.00']);
    expect(await refundsLogged(id)).toEqual([['refund_due', undefined, '3000.00'], ['refund_failed', 1, '3000.00'], ['refund_pending', 1, '1000.00'], ['refunded', 1, '1000.00']]);
  }

  it('a refund made in YooKassa\'s dashboard is recorded once, as YooKassa reports it; a forged one changes nothing', async () => {
    const { id, ext } = await paidOrder(null, '3000.00');
    const made = yoo.dashboardRefund(ext, '1200.00');
    const told = yoo.notification(made.id);
    expect(told.event).toBe('refund.succeeded');
    expect((await notify(told)).statusCode).toBe(200);
    // Told again, also at once: each answered 200 (YooKassa stops), recorded once.
    expect((await Promise.all([notify(told), notify(told), notify(told)])).map((r) => r.json())).toEqual(Array(3).fill({ result: 'already' }));
    const order = await getOrder(w, id);
    // A live order: it owes 1200 again (pending, no longer paid).
    expect(order).toMatchObject({ status: 2, paid: '1800.00', need_paid: '1200.00', refunds: [{ amount: '1200.00', status: 'succeeded', external: true, external_id: made.id, user: null }] });
    expect(order.payments.filter((p: Json) => p.status === 'refunded').map((p: Json) => p.purchase)).toEqual(['-1200.00']);
    const logged = (await comments(w, id)).filter((e) => e.type === 'refunded');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ author: null, data: { amount: '1200.00', external: true } });

    // Forged: a refund YooKassa does not know, or one it knows for another payment, or a body that lies about the amount.
    for (const body of [
      { type: 'notification', event: 'refund.succeeded', object: { id: 'no-such-refund', payment_id: ext, status: 'succeeded', amount: { value: '3000.00', currency: 'RUB' } } },
      { type: 'notification', event: 'refund.succeeded', object: { ...made, amount: { value: '3000.00', currency: 'RUB' }, id: `${made.id}x` } },
    ]) {
      const res = await notify(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'unknown' });
    }
    expect(await getOrder(w, id)).toMatchObject({ paid: '1800.00', refunds: [{ external: true }] });
  });

  it('a customer\'s cancel of a prepaid widget booking refunds it through YooKassa at once, named the customer\'s; cancelling again refunds nothing more', async () => {
    const booked = await h.app.inject({
      method: 'POST', url: '/api/public/locations/1/bookings/?lang=en', remoteAddress: '198.51.100.91',
      payload: { name: 'Irina', phone: '+79161234598', email: 'irina.cancels@example.com', persons: 2, promocode: '', personal_data_consent: true, playground_id: w.pg.dayRoom, session_dt: `${addDays(w.today, day++)} 06:00` },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const made = booked.json() as Json;
    const ext = (await getOrder(w, made.order.id)).payments.find((p: Json) => p.payment_type === 4).external_id as string;
    yoo.succeed(ext);
    expect((await notify(yoo.notification(ext))).statusCode).toBe(200);
    const before = refundCalls().length;

    const cancelled = await h.app.inject({ method: 'POST', url: `/api/public/orders/${made.key}/cancel/?lang=en` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelled_by: 'customer', paid: '0.00', to_refund: '0.00' });
    // One refund of the whole prepayment, of that payment, with its own key.
    expect(refundCalls().slice(before).map((r) => r.body)).toEqual([expect.objectContaining({ payment_id: ext, amount: { value: made.due_now, currency: 'RUB' } })]);
    const order = await getOrder(w, made.order.id);
    expect(order).toMatchObject({ paid: '0.00', to_refund: '0.00', refund_pending: '0.00', refunds: [{ amount: made.due_now, status: 'succeeded', external: false, by_customer: true, user: null }] });
    // The log: cancelled by the customer, refunded by the customer's cancel, nothing left owed (no refund_due).
    const log = await comments(w, made.order.id);
    expect(log.filter((e) => e.type === 'refunded').map((e) => [e.author, e.data.payment_type, e.data.amount, e.data.by])).toEqual([[null, 1, made.due_now, 'customer']]);
    expect(log.some((e) => e.type === 'refund_due')).toBe(false);
    const [entry] = await h.database.db.select().from(activityEntries).where(and(eq(activityEntries.kind, 'money.refund'), eq(activityEntries.subject, `#${made.order.id}`)));
    expect(entry!.after).toMatchObject({ amount: made.due_now, by: 'customer' });

    // The same cancel again (a second click, a replayed request): refused, YooKassa not asked again.
    const again = await h.app.inject({ method: 'POST', url: `/api/public/orders/${made.key}/cancel/?lang=en` });
    expect(again.statusCode).toBe(400);
    expect(refundCalls().length).toBe(before + 1);
    await h.runJobs();
    expect((await getOrder(w, made.order.id)).refunds).toHaveLength(1);
  });
});
