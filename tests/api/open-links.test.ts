// Issue #25, money: an order paid in full any way closes its open payment links; a settlement that
// still arrives on a closed link (a paid or a cancelled order) is recorded and owed back, never
// silently added or dropped; the refund clears it; a refund row reads as a refund; amounts taken
// are above zero on every route that takes money.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';

let h: Harness;
let w: World;

const CALLBACK = '/api/v2.1/payments/sandbox/callback/';
const LINK = /\/sandbox\/pay\/([0-9a-f]{32})$/;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

/** The provider's signed callback, as the sandbox (or a real provider) sends it. */
async function providerSays(externalId: string, outcome: 'paid' | 'declined') {
  const body = { external_id: externalId, outcome };
  const res = await h.call('POST', CALLBACK, { body, headers: { 'x-sandbox-signature': sandboxSignature(h.config.paymentSandboxSecret, JSON.stringify(body)) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
}

/** A bill made in the pay dialog: a payment link of `amount`; its external id and page token. */
async function billOf(orderId: number, amount: string) {
  const res = await pay(w, orderId, { payment_type: 4, purchase: amount });
  expect(res.statusCode, res.body).toBe(201);
  const token = LINK.exec(res.json().payment_url)![1]!;
  return { token, externalId: `sandbox-${token}`, paymentId: res.json().id as number };
}

const refund = (id: number, paymentType: number, lang = 'ru') =>
  h.call('POST', `/api/v2.2/orders/${id}/refund/`, { token: w.tokens.staff, body: { payment_type: paymentType }, lang });

const statusOf = async (paymentId: number) => (await h.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status;

let hour = 10;
/** A fresh session of "Куб 2" (session-priced), one per test. */
const nextSlot = () => `2031-02-${String(1 + Math.floor((hour - 10) / 12)).padStart(2, '0')} ${String(10 + ((hour++ - 10) % 12)).padStart(2, '0')}:00`;

describe('an order paid in full closes its open links', () => {
  it('cash after a bill: the link closes, its page says the order is paid; a late settlement is a refund due; the refund clears it', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, nextSlot()));
    const price = (await getOrder(w, id)).purchase as string;
    const link = await billOf(id, price);
    const cash = await pay(w, id, { payment_type: 2, purchase: price });
    expect(cash.statusCode, cash.body).toBe(201);

    // The link is closed, said in the log with its amount.
    expect(await statusOf(link.paymentId)).toBe('cancelled');
    expect((await comments(w, id)).find((e) => e.type === 'links_closed')?.data).toMatchObject({ payment_ids: [link.paymentId], amount: price });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: price, need_paid: '0.00', to_refund: '0.00' });
    // Its page says the order is paid and offers no payment, in the customer's language.
    const en = await h.call('GET', `/sandbox/pay/${link.token}`, { lang: 'en' });
    expect(en.body).toContain('This order is already paid');
    expect(en.body).not.toContain('name="outcome"');
    expect((await h.call('GET', `/sandbox/pay/${link.token}`, { lang: 'ru' })).body).toContain('Заказ уже оплачен');

    // The provider settles it anyway: recorded, the overpayment owed back, not silently kept.
    expect(await providerSays(link.externalId, 'paid')).toBe('late');
    const twice = (Number(price) * 2).toFixed(2);
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: twice, to_refund: price });
    expect((await comments(w, id)).filter((e) => e.type === 'refund_due').map((e) => e.data)).toEqual([{ amount: price, by: 'system', payment_id: link.paymentId }]);
    // A repeated callback changes nothing.
    expect(await providerSays(link.externalId, 'paid')).toBe('already');
    expect(await getOrder(w, id)).toMatchObject({ paid: twice, to_refund: price });

    // The refund gives back the overpayment only; the order stays paid; a second one is refused.
    const back = await refund(id, 2);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 6, paid: price, need_paid: '0.00', to_refund: '0.00' });
    const row = (back.json().payments as Json[]).at(-1)!;
    // A refund row reads as a refund, not as paid.
    expect(row).toMatchObject({ payment_type: 2, purchase: `-${price}`, status: 'refunded' });
    expect((await refund(id, 2, 'en')).json()).toEqual({ non_field_errors: ['This order holds no money to refund.'] });
  });

  it('every way of paying in full closes the links: a certificate, card, another link; a part payment leaves them open', async () => {
    // "Send the payment link" in the booking form, then a certificate pays the whole order.
    const byCert = await book(w, bookingBody(w.pg.cube2, nextSlot(), { bill: true, cancel_delay: 60 }));
    const certOrder = await getOrder(w, byCert);
    const formLink = certOrder.payments[0] as Json;
    expect(formLink).toMatchObject({ payment_type: 4, status: 'processing' });
    expect((await pay(w, byCert, { payment_type: 3, purchase: certOrder.purchase, certificate: w.certs.active5000 })).statusCode).toBe(201);
    expect(await statusOf(formLink.id)).toBe('cancelled');

    // A part in cash leaves the link open; the card paying the rest closes it.
    const byCard = await book(w, bookingBody(w.pg.cube2, nextSlot()));
    const price = (await getOrder(w, byCard)).purchase as string;
    const link = await billOf(byCard, price);
    expect((await pay(w, byCard, { payment_type: 2, purchase: '100' })).statusCode).toBe(201);
    expect(await statusOf(link.paymentId)).toBe('processing');
    expect((await pay(w, byCard, { payment_type: 6, purchase: (Number(price) - 100).toFixed(2) })).statusCode).toBe(201);
    expect(await statusOf(link.paymentId)).toBe('cancelled');

    // Two links: the one paid closes the other.
    const twoLinks = await book(w, bookingBody(w.pg.cube2, nextSlot()));
    const total = (await getOrder(w, twoLinks)).purchase as string;
    const first = await billOf(twoLinks, total);
    const second = await billOf(twoLinks, total);
    expect(await providerSays(second.externalId, 'paid')).toBe('settled');
    expect(await statusOf(first.paymentId)).toBe('cancelled');
    expect(await statusOf(second.paymentId)).toBe('paid');
    expect(await getOrder(w, twoLinks)).toMatchObject({ status: 6, paid: total, to_refund: '0.00' });
    // A declined callback on the closed one changes nothing.
    expect(await providerSays(first.externalId, 'declined')).toBe('already');
    expect(await statusOf(first.paymentId)).toBe('cancelled');
  });

  it('an edit that lowers the price to what is paid closes the links too', async () => {
    const dt = nextSlot();
    const id = await book(w, bookingBody(w.pg.cube2, dt));
    const price = (await getOrder(w, id)).purchase as string;
    const rest = (Number(price) - 500).toFixed(2);
    expect((await pay(w, id, { payment_type: 2, purchase: rest })).statusCode).toBe(201);
    const link = await billOf(id, '500');
    const edit = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, dt, { promocode: 'MINUS500' }) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await getOrder(w, id)).toMatchObject({ status: 6, purchase: rest, paid: rest, to_refund: '0.00' });
    expect(await statusOf(link.paymentId)).toBe('cancelled');
  });

  it('a cancelled order: its link says so; a late settlement keeps it cancelled and owes all of it back', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, nextSlot()));
    const price = (await getOrder(w, id)).purchase as string;
    const link = await billOf(id, price);
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    expect((await h.call('GET', `/sandbox/pay/${link.token}`, { lang: 'en' })).body).toContain('This order is cancelled');

    expect(await providerSays(link.externalId, 'paid')).toBe('late');
    expect(await getOrder(w, id)).toMatchObject({ status: 4, paid: price, need_paid: '0.00', to_refund: price });
    expect((await comments(w, id)).find((e) => e.type === 'refund_due')?.data).toMatchObject({ amount: price, by: 'system' });
    const back = await refund(id, 1);
    expect(back.json()).toMatchObject({ status: 4, paid: '0.00', to_refund: '0.00' });
  });

  it('a settlement racing a cash payment never pays twice silently: either the cash is refused or the extra is owed back', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const id = await book(w, bookingBody(w.pg.cube2, nextSlot()));
      const price = (await getOrder(w, id)).purchase as string;
      const link = await billOf(id, price);
      const takeCash = () => pay(w, id, { payment_type: 2, purchase: price });
      const settle = () => providerSays(link.externalId, 'paid');
      let cash: Awaited<ReturnType<typeof takeCash>>;
      let settled: string;
      // The first two rounds fix the order (cash first, then the link first), so both branches below
      // always run whatever the machine's timing; the others race, the callback a little later each round.
      if (i === 0) { cash = await takeCash(); settled = await settle(); }
      else if (i === 1) { settled = await settle(); cash = await takeCash(); }
      else {
        const later = new Promise((resolve) => { setTimeout(resolve, (i - 2) * 15); });
        [cash, settled] = await Promise.all([takeCash(), later.then(settle)]);
      }
      outcomes.add(settled);
      const order = await getOrder(w, id);
      const held = (order.payments as Json[]).filter((p) => p.status === 'paid').reduce((s, p) => s + Math.round(Number(p.purchase) * 100), 0);
      // What the payments hold is what the order says it holds.
      expect(held, JSON.stringify(order.payments)).toBe(Math.round(Number(order.paid) * 100));
      if (cash.statusCode === 201) {
        // Cash first: the link was closed and its money is owed back.
        expect(settled).toBe('late');
        expect(order).toMatchObject({ paid: (Number(price) * 2).toFixed(2), to_refund: price });
      } else {
        // The link first: the cash is refused as the order is paid.
        expect(settled).toBe('settled');
        expect(cash.json()).toEqual({ purchase: ['Заказ уже полностью оплачен.'] });
        expect(order).toMatchObject({ paid: price, to_refund: '0.00' });
      }
    }
    // Both orders were seen, so the check above ran on each.
    expect([...outcomes].sort()).toEqual(['late', 'settled']);
  });
});

describe('the payments list and its exports say a refund', () => {
  it('a refund row is "refunded" in the JSON and "Возврат"/"Refund" in CSV', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, nextSlot()));
    const price = (await getOrder(w, id)).purchase as string;
    expect((await pay(w, id, { payment_type: 2, purchase: price })).statusCode).toBe(201);
    // Cancelled with the cash refund: a negative cash row.
    expect((await h.call('DELETE', `/api/v2.1/booking/${id}/?refund=cash`, { token: w.tokens.admin })).statusCode).toBe(204);
    const list = (await h.call('GET', `/api/v2.1/locations/1/payments/`, { token: w.tokens.admin })).json() as Json[];
    expect(list.filter((p) => p.order === id).map((p) => [p.purchase, p.status])).toEqual([[`-${price}`, 'refunded'], [price, 'paid']]);
    for (const [lang, word] of [['ru', 'Возврат'], ['en', 'Refund']] as const) {
      const csv = (await h.call('GET', `/api/v2.1/locations/1/payments/?format=csv`, { token: w.tokens.admin, lang })).body;
      const line = csv.split('\n').find((l) => l.startsWith(`${(list.find((p) => p.order === id && p.status === 'refunded') as Json).id},`))!;
      expect(line, csv.slice(0, 300)).toContain(word);
    }
  });
});

describe('amounts taken are above zero', () => {
  const cases: [string, string, (amount: unknown) => Record<string, unknown>, string][] = [];
  let order = 0;
  beforeAll(async () => {
    order = await book(w, bookingBody(w.pg.cube2, nextSlot()));
  });
  cases.push(
    ['pay (cash)', 'POST /booking/{id}/pay/', (a) => ({ payment_type: 2, purchase: a }), 'purchase'],
    ['pay (bill)', 'POST /booking/{id}/pay/', (a) => ({ payment_type: 4, purchase: a }), 'purchase'],
    ['standalone payment', 'POST /api/v2.1/locations/1/payments/', (a) => ({ purchase: a }), 'purchase'],
    ['top-up', 'POST /api/v2.2/locations/1/refill/', (a) => ({ amount: a }), 'amount'],
    ['transaction', 'POST /api/v2.1/transactions/create_transaction/', (a) => ({ type: 'refill', amount: a, location: 1 }), 'amount'],
    ['transaction refund', 'POST /api/v2.2/transactions/create_transaction/', (a) => ({ original_transaction: 1, amount: a, location: 1 }), 'amount'],
    ['certificate sale', 'POST /api/v2.2/certificate/', (a) => ({ rate: a, type: 'digital', design: 'classic', location_id: 1 }), 'rate'],
    ['multi-booking cost', 'POST /api/v2.2/multibooking/', (a) => ({
      cost: a, persons: 2, name: 'Guest', email: 'g@example.com', phone: '+79990001122', order_type: 1, location_id: 1, date: '2031-03-01',
      playsessions: [{ playground_id: w.pg.cube1, session_dt: '2031-03-01 12:00' }],
    }), 'cost'],
  );
  for (const [name, route, body, field] of cases) {
    it(`${name} (${route}): 0 and negatives are a field error in ru and en`, async () => {
      const [method, path] = route.replace('/booking/{id}/', `/api/v2.1/booking/${order}/`).split(' ') as [string, string];
      for (const amount of ['0', '0.00', 0, '-5', -100]) {
        for (const [lang, text] of [['ru', 'Сумма должна быть больше нуля.'], ['en', 'The amount must be greater than zero.']] as const) {
          const res = await h.call(method, path, { token: w.tokens.admin, body: body(amount), lang });
          expect(res.statusCode, `${amount} ${res.body}`).toBe(400);
          expect(res.json()[field], `${amount} ${res.body}`).toEqual([text]);
        }
      }
    });
  }

  it('a free multi-booking may cost 0; a paid one may not', async () => {
    const body = (orderType: number) => ({
      cost: '0', persons: 2, name: 'Guest', email: 'g@example.com', phone: '+79990001122', order_type: orderType, location_id: 1, date: '2031-03-02',
      playsessions: [{ playground_id: w.pg.cube1, session_dt: '2031-03-02 12:00' }],
    });
    const free = await h.call('POST', '/api/v2.2/multibooking/', { token: w.tokens.admin, body: body(3), lang: 'en' });
    expect(free.json().cost).toBeUndefined();
    const paid = await h.call('POST', '/api/v2.2/multibooking/', { token: w.tokens.admin, body: body(1), lang: 'en' });
    expect(paid.json()).toMatchObject({ cost: ['The amount must be greater than zero.'] });
  });

  it('no payment of 0 is logged', async () => {
    const zero = await h.database.db.select().from(payments).where(eq(payments.purchase, '0'));
    expect(zero).toEqual([]);
  });
});
