// #29 receipts (54-FZ) against a local YooKassa (tests/providers/yookassa.ts) over real HTTP: each
// payment's receipt state as YooKassa reports it, the payments list's "without a registered receipt",
// and the settlement receipt of a prepaid session once it has been played.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderPlaysessions, orders, payments, playsessions } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, getOrder, makeWorld, pay, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';
import { startLocalYooKassa, type LocalYooKassa } from '../providers/yookassa';

const NOTIFY = '/api/v2.1/payments/yookassa/notifications/';
const SHOP = { shop_id: '502345', secret_key: 'test_receipts_secret_QwE789' };

let h: Harness;
let w: World;
let yoo: LocalYooKassa;

beforeAll(async () => {
  yoo = await startLocalYooKassa();
  yoo.shops.set(SHOP.shop_id, SHOP.secret_key);
  h = await createHarness({ config: { yookassaApiUrl: yoo.url } });
  w = await makeWorld(h);
  const saved = await h.call('PUT', '/api/v2.1/locations/1/payment_provider/', { token: w.tokens.admin, body: { provider: 'yookassa', ...SHOP, receipts: true, vat_code: 1 } });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => { await h.close(); await yoo.close(); });

const notify = (id: string) => h.call('POST', NOTIFY, { body: yoo.notification(id) });
const paymentRow = async (id: number) => (await h.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const jobsOf = (kind: string, paymentId: number) => h.database.db.select().from(jobs)
  .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'paymentId' = ${String(paymentId)}`, sql`${jobs.doneAt} IS NULL`));
/** Runs a payment's waiting jobs of a kind now, as if their time had come. */
async function runNow(kind: string, paymentId: number) {
  for (const j of await jobsOf(kind, paymentId)) await h.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, j.id));
  await h.runJobs();
}

/** A desk order on a session `days` ahead, billed through YooKassa; answers the order and its link. */
async function billed(days: number, time: string, over: Record<string, unknown> = {}, noContact = false) {
  const id = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, days)} ${time}`, { persons: 2, ...over }));
  if (noContact) await h.database.db.update(orders).set({ email: null, phone: '' }).where(eq(orders.id, id));
  const res = await pay(w, id, { payment_type: 4, purchase: '2000.00' });
  expect(res.statusCode, res.body).toBe(201);
  const [link] = await h.database.db.select().from(payments).where(and(eq(payments.orderId, id), eq(payments.paymentType, 4)));
  return { id, link: link! };
}

describe('receipts', () => {
  it('keeps each payment\'s receipt state from YooKassa (notification and the check job); the list filters exactly the unregistered ones; the desk never', async () => {
    const registered = await billed(3, '06:00', { email: 'reg@example.com' });
    const refused = await billed(4, '06:00', { email: 'refused@example.com' });
    const late = await billed(5, '06:00', { email: 'late@example.com' });
    const noContact = await billed(6, '06:00', {}, true);
    // Sent with a receipt: pending until YooKassa registers it; none could go without an e-mail or phone.
    expect(await paymentRow(registered.link.id)).toMatchObject({ receiptStatus: 'pending', settlementStatus: 'due' });
    expect(await paymentRow(noContact.link.id)).toMatchObject({ receiptStatus: 'not_sent', settlementStatus: null });
    expect(yoo.requests.find((r) => r.body?.metadata?.payment_id === String(noContact.link.id))!.body!.receipt).toBeUndefined();

    for (const p of [registered, refused, late, noContact]) yoo.succeed(p.link.externalId!);
    yoo.registerReceipt(registered.link.externalId!, 'succeeded');
    yoo.registerReceipt(refused.link.externalId!, 'canceled');
    for (const p of [registered, refused, late, noContact]) expect((await notify(p.link.externalId!)).statusCode).toBe(200);
    expect((await paymentRow(registered.link.id)).receiptStatus).toBe('succeeded');
    expect((await paymentRow(refused.link.id)).receiptStatus).toBe('canceled');
    expect((await paymentRow(late.link.id)).receiptStatus).toBe('pending');
    // No notification tells a receipt's registration: the payment.check job reads it again.
    yoo.registerReceipt(late.link.externalId!, 'succeeded');
    await runNow('payment.check', late.link.id);
    expect((await paymentRow(late.link.id)).receiptStatus).toBe('succeeded');

    // Cash at the desk goes through the venue's own register: no receipt state, never listed.
    const cashOrder = await book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, 7)} 06:00`, { persons: 2 }));
    expect((await pay(w, cashOrder, { payment_type: 2, purchase: '2000.00' })).statusCode).toBe(201);

    // The order page shows each payment's receipt (en: the location's screen reads the codes).
    const page = await getOrder(w, refused.id);
    expect(page.payments).toEqual([expect.objectContaining({ id: refused.link.id, receipt_status: 'canceled', settlement_status: 'due' })]);
    expect((await getOrder(w, cashOrder)).payments).toEqual([expect.objectContaining({ payment_type: 2, receipt_status: null, settlement_status: null })]);

    const list = async (q: string) => (await h.call('GET', `/api/v2.1/locations/1/payments/?${q}`, { token: w.tokens.admin })).json() as { id: number; order: number | null; receipt_status: string | null }[];
    const unregistered = await list('receipt=unregistered');
    const ours = new Set([registered, refused, late, noContact].map((p) => p.link.id));
    expect(unregistered.filter((r) => ours.has(r.id)).map((r) => [r.id, r.receipt_status]).sort())
      .toEqual([[refused.link.id, 'canceled'], [noContact.link.id, 'not_sent']].sort());
    expect(unregistered.every((r) => r.receipt_status !== null && r.receipt_status !== 'succeeded')).toBe(true);
    expect(unregistered.some((r) => r.order === cashOrder)).toBe(false);
    expect((await list('receipt=all')).some((r) => r.order === cashOrder)).toBe(true);
    // An unknown value is a 400, not a 500.
    expect((await h.call('GET', '/api/v2.1/locations/1/payments/?receipt=nope', { token: w.tokens.admin })).statusCode).toBe(400);
  });

  it('sends the settlement receipt once the prepaid session has been played: once, with a stable key, re-checked to succeeded', async () => {
    const { id, link } = await billed(2, '06:00', { email: 'settle@example.com', persons: 3 });
    yoo.succeed(link.externalId!);
    expect((await notify(link.externalId!)).statusCode).toBe(200);
    expect((await notify(link.externalId!)).statusCode).toBe(200);
    // One job, booked for the session's start.
    const booked = await jobsOf('receipt.settle', link.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    const receiptPosts = () => yoo.requests.filter((r) => r.method === 'POST' && r.path === '/v3/receipts');
    const before = receiptPosts().length;

    // Run early (the session still ahead): nothing is sent, the job waits for the start again.
    await runNow('receipt.settle', link.id);
    expect(receiptPosts()).toHaveLength(before);
    expect((await paymentRow(link.id)).settlementStatus).toBe('due');

    // The session is played (moved to yesterday): the receipt goes, once.
    const yesterday = addDays(w.today, -1);
    const [ops] = await h.database.db.select().from(orderPlaysessions).where(eq(orderPlaysessions.orderId, id));
    await h.database.db.update(playsessions).set({ timeStart: `${yesterday} 06:00`, businessDate: yesterday }).where(eq(playsessions.id, ops!.playsessionId));
    await runNow('receipt.settle', link.id);
    const sent = receiptPosts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotenceKey).toBe(`settlement-${link.externalId}`);
    expect(sent[0]!.shopId).toBe(SHOP.shop_id);
    expect(sent[0]!.body).toMatchObject({
      type: 'payment', payment_id: link.externalId, send: true, customer: { email: 'settle@example.com' },
      settlements: [{ type: 'prepayment', amount: { value: '2000.00', currency: 'RUB' } }],
    });
    // 2000 for 3 persons: two items to the kopeck, both a full payment now.
    expect(sent[0]!.body!.items.map((i: any) => [i.quantity, i.amount.value, i.payment_mode])).toEqual([['1', '666.66', 'full_payment'], ['2', '666.67', 'full_payment']]);
    const row = await paymentRow(link.id);
    expect(row).toMatchObject({ settlementStatus: 'pending' });
    expect(yoo.receipts.has(row.settlementReceiptId!)).toBe(true);

    // Sent again after a lost answer (the state back to due): the same key, the same receipt.
    await h.database.db.update(payments).set({ settlementStatus: 'due' }).where(eq(payments.id, link.id));
    await h.database.db.insert(jobs).values({ kind: 'receipt.settle', payload: { paymentId: link.id }, runAt: new Date() });
    await h.runJobs();
    expect(receiptPosts().slice(before).map((r) => r.idempotenceKey)).toEqual([`settlement-${link.externalId}`, `settlement-${link.externalId}`]);
    expect([...yoo.receipts.values()].filter((r) => r.payment_id === link.externalId)).toHaveLength(1);
    expect((await paymentRow(link.id)).settlementReceiptId).toBe(row.settlementReceiptId);

    // Re-checked with GET /receipts/{id} until registered; the order page shows it.
    yoo.registerReceipt(row.settlementReceiptId!, 'succeeded');
    await runNow('receipt.settle', link.id);
    expect(yoo.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/receipts/${row.settlementReceiptId}` });
    expect((await paymentRow(link.id)).settlementStatus).toBe('succeeded');
    expect((await getOrder(w, id)).payments[0]).toMatchObject({ settlement_status: 'succeeded' });
    // A job running again sends nothing more and asks nothing.
    const seen = yoo.requests.length;
    await h.database.db.insert(jobs).values({ kind: 'receipt.settle', payload: { paymentId: link.id }, runAt: new Date() });
    await h.runJobs();
    expect(yoo.requests.length).toBe(seen);
  });
});
