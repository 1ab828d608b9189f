// #38 refunds go back the way their money came: a cancel with refund=original gives the certificate
// its money back (a line in its ledger, ACTIVE again, or EXPIRED kept), the card a card refund with
// the terminal's reference, cash in cash; cash for another tender's money needs a reason and a
// manager; POST /refund/ by a tender never takes more than that tender paid in; a partial refund
// comes from the latest payment first; the order shows what each tender holds.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, certificateRedemptions, certificates, locations } from '../../server/db/schema';
import { addDays } from '../../domain/businessDay';
import { book, bookingBody, comments, getOrder, makeWorld, pay, type Json, type World } from './bookingFixture';
import { createHarness, type Harness } from './harness';

let h: Harness;
let w: World;
let day = 2;
let certNo = 0;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
}, 60_000);
afterAll(async () => { await h.close(); });

/** A fresh ACTIVE certificate of location 1 worth `rate`, `expiresAt` optional. */
async function certificate(rate: string, expiresAt: string | null = null) {
  const [loc] = await h.database.db.select({ currencyId: locations.currencyId }).from(locations).where(eq(locations.id, 1));
  const [c] = await h.database.db.insert(certificates).values({
    uniqueNumber: `RT${String(++certNo).padStart(6, '0')}`, creatingLocationId: 1, rate, type: 'digital', status: 'ACTIVE', currencyId: loc!.currencyId, expiresAt,
  }).returning();
  return c!;
}
const certificateNow = async (id: number) => {
  const [c] = await h.database.db.select({ status: certificates.status, rate: certificates.rate }).from(certificates).where(eq(certificates.id, id));
  const [spent] = await h.database.db.select({ sum: sql<string>`coalesce(sum(${certificateRedemptions.amount}), 0)::text` }).from(certificateRedemptions)
    .where(eq(certificateRedemptions.certificateId, id));
  return { status: c!.status, balance: (Number(c!.rate) - Number(spent!.sum)).toFixed(2) };
};
/** A day-room order of 3000 (2 persons). */
const order = async () => book(w, bookingBody(w.pg.dayRoom, `${addDays(w.today, day++)} 06:00`, { persons: 2 }));
const paid = async (id: number, body: Json) => {
  const res = await pay(w, id, body);
  expect(res.statusCode, res.body).toBe(201);
};
const cancel = (id: number, query: string, token = w.tokens.staff) => h.call('DELETE', `/api/v2.1/booking/${id}/${query}`, { token, lang: 'en' });
const refund = (id: number, body: Json, token = w.tokens.staff) => h.call('POST', `/api/v2.2/orders/${id}/refund/`, { token, body, lang: 'en' });
const tenders = (o: Json) => o.refund_tenders.map((t: Json) => [t.tender, t.amount]);
const refundRows = (o: Json) => o.payments.filter((p: Json) => p.status === 'refunded').map((p: Json) => [p.payment_type, p.purchase, p.external_id]);

describe('a cancel gives every tender back its own way (refund=original)', () => {
  it('certificate, card and cash paid together: the certificate gets its money and ACTIVE back, the card a card refund, cash in cash', async () => {
    const cert = await certificate('1500.00');
    const id = await order();
    await paid(id, { payment_type: 3, purchase: '1500', certificate: cert.uniqueNumber });
    await paid(id, { payment_type: 6, purchase: '1000', external_id: 'TERM-1' });
    await paid(id, { payment_type: 2, purchase: '500' });
    expect(await certificateNow(cert.id)).toEqual({ status: 'USED', balance: '0.00' });
    const before = await getOrder(w, id);
    // Latest paid first: what the cancel question lists.
    expect(tenders(before)).toEqual([['cash', '500.00'], ['card', '1000.00'], ['certificate', '1500.00']]);
    expect(before.refund_tenders[2]).toMatchObject({ payment_type: 3, certificate_number: cert.uniqueNumber, certificate_expired: false });

    const res = await cancel(id, '?refund=original&external_id=TERM-REF-9');
    expect(res.statusCode, res.body).toBe(204);
    const after = await getOrder(w, id);
    expect(after).toMatchObject({ status: 4, paid: '0.00', to_refund: '0.00', refund_tenders: [], refund_split: [] });
    expect(refundRows(after)).toEqual([[2, '-500.00', null], [6, '-1000.00', 'TERM-REF-9'], [3, '-1500.00', null]]);
    expect(await certificateNow(cert.id)).toEqual({ status: 'ACTIVE', balance: '1500.00' });
    // The certificate's ledger has the line back, tied to the refund.
    const lines = await h.database.db.select().from(certificateRedemptions).where(eq(certificateRedemptions.certificateId, cert.id));
    expect(lines.map((l) => l.amount)).toEqual(['1500.00', '-1500.00']);
    expect((await comments(w, id)).filter((e) => e.type === 'refunded').map((e) => [e.data.payment_type, e.data.amount])).toEqual([[2, '500.00'], [6, '1000.00'], [3, '1500.00']]);
    // The certificate pays again, all of it.
    const next = await order();
    await paid(next, { payment_type: 3, purchase: '1500', certificate: cert.uniqueNumber });
  });

  it('the same certificate cancelled twice over is never paid out in cash: a cashier\'s refund=cash is refused without a reason, and with one (a manager\'s decision)', async () => {
    const cert = await certificate('5000.00');
    const id = await order();
    await paid(id, { payment_type: 3, purchase: '3000', certificate: cert.uniqueNumber });
    const noReason = await cancel(id, '?refund=cash');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ refund_reason: ['Paying out in cash money that came by card, certificate or online needs a reason (3-500 characters).'] });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '3000.00' });
    const short = await cancel(id, '?refund=cash&refund_reason=no');
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json())).toEqual(['refund_reason']);
    const cashier = await cancel(id, '?refund=cash&refund_reason=Customer%20insists');
    expect(cashier.statusCode).toBe(403);
    expect(cashier.json().detail).toMatch(/Only a manager or an administrator of this location/);
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '3000.00' });
    expect(await certificateNow(cert.id)).toEqual({ status: 'ACTIVE', balance: '2000.00' });

    // A manager may, with the reason kept in the log and the activity entry; the certificate is not restored then.
    const manager = await cancel(id, '?refund=cash&refund_reason=Certificate%20lost%2C%20approved', w.tokens.manager);
    expect(manager.statusCode, manager.body).toBe(204);
    const after = await getOrder(w, id);
    expect(refundRows(after)).toEqual([[2, '-3000.00', null]]);
    expect(await certificateNow(cert.id)).toEqual({ status: 'ACTIVE', balance: '2000.00' });
    const [logged] = (await comments(w, id)).filter((e) => e.type === 'refunded');
    expect(logged!.data).toMatchObject({ payment_type: 2, amount: '3000.00', refund_reason: 'Certificate lost, approved', instead_of: '3000.00' });
    const activity = await h.database.db.select().from(activityEntries).where(eq(activityEntries.subject, `#${id}`));
    expect(activity.filter((a) => a.kind === 'money.refund').map((a) => (a.after as Json).refund_reason)).toEqual(['Certificate lost, approved']);
  });

  it('a cashier pays out cash instead with a manager\'s confirmation typed at the desk: wrong or a non-manager\'s refused, the manager named in the log', async () => {
    const id = await order();
    await paid(id, { payment_type: 6, purchase: '3000' });
    const ask = (approval: Json) => h.call('DELETE', `/api/v2.1/booking/${id}/?refund=cash&refund_reason=Terminal%20broken`, { token: w.tokens.staff, lang: 'en', body: { approval } });
    const wrong = await ask({ email: 'manager@example.com', password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ approval: ['The manager\'s e-mail or password is wrong.'] });
    const cashier = await ask({ email: 'staff@example.com', password: 'staff123' });
    expect(cashier.json()).toEqual({ approval: ['This person is not a manager or an administrator of this location.'] });
    expect(await getOrder(w, id)).toMatchObject({ status: 6, paid: '3000.00' });
    const ok = await ask({ email: 'Manager@Example.com', password: 'manager123' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(refundRows(await getOrder(w, id))).toEqual([[2, '-3000.00', null]]);
    const [logged] = (await comments(w, id)).filter((e) => e.type === 'refunded');
    expect(logged!.data).toMatchObject({ refund_reason: 'Terminal broken', instead_of: '3000.00', approved_by: w.users.manager.name, approved_by_id: w.users.manager.id });
    expect(logged!.author.name).toBe(w.users.staff.name);
  });

  it('an expired certificate gets its balance back and stays EXPIRED; the order says so before the cancel', async () => {
    const cert = await certificate('3000.00', addDays(w.today, 30));
    const id = await order();
    await paid(id, { payment_type: 3, purchase: '3000', certificate: cert.uniqueNumber });
    await h.database.db.update(certificates).set({ expiresAt: addDays(w.today, -1) }).where(eq(certificates.id, cert.id));
    expect((await getOrder(w, id)).refund_tenders).toEqual([expect.objectContaining({ tender: 'certificate', amount: '3000.00', certificate_expired: true })]);
    expect((await cancel(id, '?refund=original')).statusCode).toBe(204);
    expect(await certificateNow(cert.id)).toEqual({ status: 'EXPIRED', balance: '3000.00' });
    const [logged] = (await comments(w, id)).filter((e) => e.type === 'refunded');
    expect(logged!.data).toMatchObject({ payment_type: 3, certificate: cert.uniqueNumber, certificate_expired: true });
  });

  it('without refund the money stays on the order, split by tender for the order page; cash alone goes back in cash with no reason', async () => {
    const cert = await certificate('1000.00');
    const id = await order();
    await paid(id, { payment_type: 2, purchase: '2000' });
    await paid(id, { payment_type: 3, purchase: '1000', certificate: cert.uniqueNumber });
    expect((await cancel(id, '')).statusCode).toBe(204);
    expect(await getOrder(w, id)).toMatchObject({ to_refund: '3000.00' });
    expect(tenders(await getOrder(w, id))).toEqual([['certificate', '1000.00'], ['cash', '2000.00']]);
    expect((await getOrder(w, id)).refund_split.map((t: Json) => [t.tender, t.amount])).toEqual([['certificate', '1000.00'], ['cash', '2000.00']]);
    // Cash up to the cash it holds needs no reason.
    const cash = await refund(id, { payment_type: 2, amount: '2000.00' });
    expect(cash.statusCode, cash.body).toBe(200);
    // Cash beyond it is the certificate's money: a reason.
    const more = await refund(id, { payment_type: 2, amount: '500.00' });
    expect(more.statusCode).toBe(400);
    expect(Object.keys(more.json())).toEqual(['refund_reason']);
    const back = await refund(id, { payment_type: 3 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ paid: '0.00', to_refund: '0.00' });
    expect(await certificateNow(cert.id)).toEqual({ status: 'ACTIVE', balance: '1000.00' });
  });
});

describe('POST /refund/ by tender', () => {
  it('payment_type 3 and 6 refund at most what that tender paid into the order; the card refund keeps the terminal\'s reference', async () => {
    const cert = await certificate('800.00');
    const id = await order();
    await paid(id, { payment_type: 3, purchase: '800', certificate: cert.uniqueNumber });
    await paid(id, { payment_type: 6, purchase: '2200' });
    expect((await cancel(id, '')).statusCode).toBe(204);
    const over = await refund(id, { payment_type: 3, amount: '900.00' });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toMatch(/^At most 800\.00.*paid by gift certificate/);
    const overCard = await refund(id, { payment_type: 6, amount: '2300.00' });
    expect(overCard.json().amount[0]).toMatch(/^At most 2,200\.00.*paid by card/);
    const longRef = await refund(id, { payment_type: 6, external_id: 'X'.repeat(65) });
    expect(longRef.statusCode).toBe(400);
    expect(Object.keys(longRef.json())).toEqual(['external_id']);
    const card = await refund(id, { payment_type: 6, external_id: 'RRN 000123' });
    expect(card.statusCode, card.body).toBe(200);
    expect(refundRows(card.json())).toEqual([[6, '-2200.00', 'RRN 000123']]);
    const partial = await refund(id, { payment_type: 3, amount: '300.00' });
    expect(partial.statusCode).toBe(200);
    expect(await certificateNow(cert.id)).toEqual({ status: 'ACTIVE', balance: '300.00' });
    expect(tenders(partial.json())).toEqual([['certificate', '500.00']]);
  });

  it('an overpayment (a discount added after paying) is split latest paid first, never more from a tender than it paid in', async () => {
    const cert = await certificate('2000.00');
    const dt = `${addDays(w.today, day++)} 06:00`;
    const id = await book(w, bookingBody(w.pg.dayRoom, dt, { persons: 2 }));
    await paid(id, { payment_type: 3, purchase: '2000', certificate: cert.uniqueNumber });
    await paid(id, { payment_type: 6, purchase: '800' });
    await paid(id, { payment_type: 2, purchase: '200' });
    const edited = await h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: bookingBody(w.pg.dayRoom, dt, { persons: 2, promocode: 'MINUS500' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await getOrder(w, id);
    expect(now).toMatchObject({ purchase: '2500.00', paid: '3000.00', to_refund: '500.00' });
    // Latest first: all the cash, then the card; the certificate, paid first, keeps its money.
    expect(now.refund_split.map((t: Json) => [t.tender, t.amount])).toEqual([['cash', '200.00'], ['card', '300.00']]);
    const card = await refund(id, { payment_type: 6 });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ to_refund: '0.00', paid: '2500.00' });
    expect(refundRows(card.json())).toEqual([[6, '-500.00', null]]);
  });
});
