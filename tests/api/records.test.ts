// Money and records (issue #6, server): payments list and CSV, the ledger under concurrency,
// type changes and refunds, top-ups settled once, orders list, certificates, launcher sessions.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { certificates, jobs, playgrounds, transactions, users } from '../../server/db/schema';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { createHarness, type Harness } from './harness';
import { csvRecords } from './csvRead';
import { declaredLists } from '../../server/platform/lists';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { expireCertificates } from '../../server/modules/certificates/service';

let h: Harness;
let admin: string;
let manager: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin@example.com', 'admin123');
  manager = await h.login('manager@example.com', 'manager123');
});
afterAll(async () => { await h.close(); });

async function ledger(locationId: number) {
  const rows = await h.database.db.select().from(transactions).where(eq(transactions.locationId, locationId)).orderBy(transactions.id);
  const sum = rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  return { rows, sum, last: rows.length ? Math.round(Number(rows.at(-1)!.total) * 100) : 0 };
}

describe('payments list', () => {
  it('lists with filters, exports CSV with BOM, localised headers and neutralised text, hides only type 7', async () => {
    const manual = await h.call('POST', '/api/v2.1/locations/1/payments/', { token: admin, body: { purchase: '150', comment: '=HYPERLINK("x")' } });
    expect(manual.statusCode).toBe(201);
    const list = (await h.call('GET', '/api/v2.1/locations/1/payments/?payment_type=7', { token: admin })).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([manual.json().id]);
    // The demo's refund at the desk is the location's one negative payment.
    const negative = (await h.call('GET', '/api/v2.1/locations/1/payments/?purchase_sign=negative', { token: admin })).json() as { purchase: string }[];
    expect(negative.map((p) => p.purchase)).toEqual(['-1500.00']);
    const csv = await h.call('GET', '/api/v2.1/locations/1/payments/?payment_type=7&format=csv', { token: admin, lang: 'en' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    expect(csv.body.startsWith('\uFEFFID,Order,Payment type,Created,Status,Test,External ID,Amount,Comment,Receipt,User\r\n')).toBe(true);
    expect(csv.body).toContain(`'=HYPERLINK(""x"")`);
    expect(csv.body).toContain(',150.00\u00a0₽,');
    const ru = await h.call('GET', '/api/v2.1/locations/1/payments/?csv=true&payment_type=7', { token: admin, lang: 'ru' });
    expect(ru.body.startsWith('\uFEFFID,Заказ,Тип оплаты')).toBe(true);
    // Hide the manual payment; a cash payment of an order cannot be hidden.
    const hidden = await h.call('PATCH', `/api/v2.1/payment/${manual.json().id}/actual/`, { token: admin, body: { actual: false } });
    expect(hidden.statusCode).toBe(200);
    expect((await h.call('GET', '/api/v2.1/locations/1/payments/?payment_type=7', { token: admin })).json()).toEqual([]);
    const cash = (await h.call('GET', '/api/v2.1/locations/1/payments/?payment_type=2', { token: admin })).json()[0];
    const refused = await h.call('PATCH', `/api/v2.1/payment/${cash.id}/actual/`, { token: admin, lang: 'en', body: { actual: false } });
    expect(refused.json()).toEqual({ non_field_errors: ['Only manual payments (type 7) can be hidden.'] });
    const badDates = await h.call('GET', '/api/v2.1/locations/1/payments/?date_start=2026-05-02&date_end=2026-05-01', { token: admin, lang: 'en' });
    expect(badDates.json()).toEqual({ date_end: ['The end date must not be before the start date.'] });
  });

  it('tells customers\' payments from the location\'s own top-ups with the payer filter (issue #18)', async () => {
    const topUp = await h.call('POST', '/api/v2.2/locations/1/refill/', { token: admin, body: { amount: '700' }, headers: { 'idempotency-key': `payer-${crypto.randomUUID()}` } });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const topUpId = topUp.json().payment_id as number;
    const manual = (await h.call('POST', '/api/v2.1/locations/1/payments/', { token: admin, body: { purchase: '90', comment: 'refill' } })).json();
    const ids = async (query: string) => ((await h.call('GET', `/api/v2.1/locations/1/payments/${query}`, { token: admin })).json() as { id: number }[]).map((p) => p.id);
    // Without the filter both, as before; `customers` leaves the top-up out (a manual payment that
    // happens to say "refill" is still a customer's); `topups` lists only it.
    expect(await ids('')).toEqual(expect.arrayContaining([topUpId, manual.id]));
    const customers = await ids('?payer=customers');
    expect(customers).toContain(manual.id);
    expect(customers).not.toContain(topUpId);
    // The new top-up and the demo's one of 20 days ago, no customer's payment.
    const topUps = await ids('?payer=topups');
    expect(topUps).toContain(topUpId);
    expect(topUps).toHaveLength(2);
    expect(topUps).not.toContain(manual.id);
    const csv = await h.call('GET', '/api/v2.1/locations/1/payments/?payer=customers&format=csv', { token: admin });
    expect(csv.body).not.toContain(`\r\n${topUpId},`);
    const bad = await h.call('GET', '/api/v2.1/locations/1/payments/?payer=staff', { token: admin, lang: 'en' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('ledger', () => {
  it('keeps every one of 50 concurrent transactions and a running total equal to the sum', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.call('POST', '/api/v2.1/transactions/create_transaction/', {
      token: admin, body: { type: i % 2 ? 'refill' : 'chargeoff', amount: `${10 + i}.25`, location: 2, description: `t${i}` },
    })));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const l = await ledger(2);
    expect(l.rows.length).toBe(51);
    expect(l.last).toBe(l.sum);
    let running = 0;
    for (const r of l.rows) {
      running += Math.round(Number(r.amount) * 100);
      expect(Math.round(Number(r.total) * 100)).toBe(running);
    }
    const balance = (await h.call('GET', '/api/v2.1/locations/2/', { token: admin })).json().balance;
    expect(Math.round(Number(balance) * 100)).toBe(l.sum);
  });

  it('writes a transaction, a refund and a top-up link once per Idempotency-Key, also when the retries race', async () => {
    const keyed = (url: string, body: unknown, key: string) => h.call('POST', url, { token: admin, body, headers: { 'idempotency-key': key } });
    const count = async () => Number((await h.database.pool.query('SELECT count(*) AS n FROM transactions WHERE location_id = 3')).rows[0].n);
    const before = await count();
    const created = await Promise.all(Array.from({ length: 6 }, () =>
      keyed('/api/v2.1/transactions/create_transaction/', { type: 'chargeoff', amount: '70', location: 3 }, 'ledger-1')));
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    const refunds = await Promise.all(Array.from({ length: 4 }, () =>
      keyed('/api/v2.2/transactions/create_transaction/', { original_transaction: created[0]!.json().id, amount: '20', location: 3 }, 'ledger-2')));
    expect(new Set(refunds.map((r) => r.json().id)).size).toBe(1);
    expect(await count()).toBe(before + 2);
    const links = await Promise.all(Array.from({ length: 3 }, () => keyed('/api/v2.2/locations/1/refill/', { amount: '500' }, 'refill-1')));
    expect(links.map((r) => r.statusCode)).toEqual(Array(3).fill(200));
    expect(new Set(links.map((r) => r.json().payment_url)).size).toBe(1);
  });

  it('changes a type (direction and later totals follow) and refunds at most what is left', async () => {
    const created = (await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, body: { type: 'chargeoff', amount: '300', location: 3 } })).json();
    expect(created.amount).toBe('-300.00');
    const changed = await h.call('POST', '/api/v2.2/transactions/change_type/', { token: admin, body: { transaction_id: created.id, type: 'refill' } });
    expect(changed.json()).toMatchObject({ type: 'refill', amount: '300.00' });
    let l = await ledger(3);
    expect(l.last).toBe(l.sum);
    const refund = await h.call('POST', '/api/v2.2/transactions/create_transaction/', { token: admin, body: { original_transaction: created.id, amount: '200', location: 3 } });
    expect(refund.json()).toMatchObject({ amount: '-200.00', original_transaction: created.id });
    const tooMuch = await h.call('POST', '/api/v2.2/transactions/create_transaction/', { token: admin, lang: 'en', body: { original_transaction: created.id, amount: '150', location: 3 } });
    expect(tooMuch.json()).toEqual({ amount: ['At most $100.00 of this transaction is left to refund.'] });
    l = await ledger(3);
    expect(l.last).toBe(l.sum);
    const long = await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, lang: 'en', body: { type: 'refill', amount: '123456789', location: 3 } });
    expect(long.json()).toEqual({ amount: ['Ensure this field has no more than 8 characters.'] });
  });

  it('reads an operation time without an offset on the location\'s clock, one with an offset as it is', async () => {
    const at = async (location: number, operation_dt: string) => {
      const res = await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, body: { type: 'refill', amount: '1', location, operation_dt } });
      expect(res.statusCode, operation_dt).toBe(201);
      const { rows } = await h.database.pool.query<{ at: Date }>('SELECT operation_dt AS at FROM transactions WHERE id = $1', [res.json().id]);
      return rows[0]!.at.toISOString();
    };
    // Moscow (UTC+3) and Brooklyn (UTC-5 in March): the staff form sends the time as typed.
    expect(await at(1, '2026-03-07T14:05')).toBe('2026-03-07T11:05:00.000Z');
    expect(await at(3, '2026-03-07 14:05')).toBe('2026-03-07T19:05:00.000Z');
    expect(await at(3, '2026-03-07T14:05:00+00:00')).toBe('2026-03-07T14:05:00.000Z');
    expect(await at(3, '2026-03-07T14:05:00Z')).toBe('2026-03-07T14:05:00.000Z');
  });

  it('needs transactions.edit and transactions.all to change the ledger', async () => {
    // A manager with transactions.edit without transactions.all (role 20 at location 1) can neither add, change a type nor refund.
    const editor = (await h.userWithToken('ledger-editor@example.com', [[1, 20]], ['transactions.edit'])).token;
    const res = await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: editor, body: { type: 'refill', amount: '1', location: 1 } });
    expect(res.statusCode).toBe(403);
    const t = (await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, body: { type: 'refill', amount: '40', location: 1 } })).json();
    const change = await h.call('POST', '/api/v2.2/transactions/change_type/', { token: editor, body: { transaction_id: t.id, type: 'chargeoff' } });
    expect(change.statusCode).toBe(403);
    const refund = await h.call('POST', '/api/v2.2/transactions/create_transaction/', { token: editor, body: { original_transaction: t.id, amount: '10', location: 1 } });
    expect(refund.statusCode).toBe(403);
    const [after] = await h.database.db.select().from(transactions).where(eq(transactions.id, t.id));
    expect([after!.type, after!.amount]).toEqual(['refill', '40.00']);
    expect(await h.database.db.select().from(transactions).where(eq(transactions.originalTransactionId, t.id))).toEqual([]);
  });

  it('requires the type, amount and location of a new transaction, the amount of a refund and of a top-up', async () => {
    const empty = await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, lang: 'en', body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ type: ['This field is required.'], amount: ['This field is required.'], location: ['This field is required.'] });
    const t = (await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, body: { type: 'refill', amount: '5', location: 3 } })).json();
    const refund = await h.call('POST', '/api/v2.2/transactions/create_transaction/', { token: admin, lang: 'en', body: { original_transaction: t.id, location: 3 } });
    expect(refund.statusCode).toBe(400);
    expect(refund.json()).toEqual({ amount: ['This field is required.'] });
    const topUp = await h.call('POST', '/api/v2.2/locations/1/refill/', { token: admin, lang: 'en', body: {} });
    expect(topUp.statusCode).toBe(400);
    expect(topUp.json()).toEqual({ amount: ['This field is required.'] });
  });

  it('books overdraft, minimum fee and VAT fee as outgoing, and filters by them', async () => {
    const fees = '/api/v2.1/transactions/?location=3&limit=1000&transaction_kind=overdraft,minimumfee,vatfee';
    const before = (await h.call('GET', fees, { token: admin })).json().count;
    for (const type of ['overdraft', 'minimumfee', 'vatfee']) {
      const res = await h.call('POST', '/api/v2.1/transactions/create_transaction/', { token: admin, body: { type, amount: '12.50', location: 3, description: `fee ${type}` } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ type, amount: '-12.50' });
      const listed = (await h.call('GET', `/api/v2.1/transactions/?location=3&limit=1000&transaction_kind=${type}`, { token: admin })).json();
      expect(listed.results.every((r: { type: string }) => r.type === type)).toBe(true);
      expect(listed.results.map((r: { id: number }) => r.id)).toContain(res.json().id);
    }
    const out = (await h.call('GET', `${fees}&transaction_type=out`, { token: admin })).json();
    expect(out.count).toBe(before + 3);
    const l = await ledger(3);
    expect(l.last).toBe(l.sum);
  });

  it('lists with direction, kind and paging, and exports CSV', async () => {
    const out = (await h.call('GET', '/api/v2.1/transactions/?location=1&transaction_type=out&limit=5', { token: admin })).json();
    expect(out.results.every((t: { amount: string }) => Number(t.amount) < 0)).toBe(true);
    const refills = (await h.call('GET', '/api/v2.1/transactions/?location=1&transaction_kind=refill', { token: admin })).json();
    expect(refills.results.every((t: { type: string }) => t.type === 'refill')).toBe(true);
    const csv = await h.call('GET', '/api/v2.1/transactions/?location=1&format=csv&date_start=2020-01-01&date_end=2040-01-01', { token: admin });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="transactions_2020-01-01_2040-01-01.csv"');
    expect(csv.body.split('\r\n').filter(Boolean).length).toBe(1 + refills.count + (await h.call('GET', '/api/v2.1/transactions/?location=1&transaction_kind=chargeoff', { token: admin })).json().count);
    // The export names the location, as the list does, not its number.
    // Found by the declaration's label, wherever the column stands.
    const location = (await declaredLists()).find((d) => d.path === '/api/v2.1/transactions/')!.columns.find((c) => c.key === 'location')!;
    const [head, first] = csvRecords(csv.body);
    const at = head!.indexOf(location.label!.ru);
    expect(at, head!.join(',')).toBeGreaterThanOrEqual(0);
    expect(first![at]).toBe('VR Арена Москва');
  });
});

describe('top-up', () => {
  it('books the refill once, even when the provider calls back twice', async () => {
    const start = (await h.call('POST', '/api/v2.2/locations/1/refill/', { token: admin, body: { amount: '2500' } })).json();
    expect(start.payment_url).toMatch(/\/sandbox\/pay\/[0-9a-f]{32}$/);
    const token = start.payment_url.split('/').pop();
    const before = await ledger(1);
    const payload = JSON.stringify({ external_id: `sandbox-${token}`, outcome: 'paid' });
    const headers = { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(h.config.paymentSandboxSecret, payload) };
    const first = await h.call('POST', '/api/v2.1/payments/sandbox/callback/', { body: payload, headers });
    const second = await h.call('POST', '/api/v2.1/payments/sandbox/callback/', { body: payload, headers });
    expect([first.json().result, second.json().result]).toEqual(['settled', 'already']);
    const after = await ledger(1);
    expect(after.rows.length).toBe(before.rows.length + 1);
    expect(after.sum - before.sum).toBe(250000);
    const status = await h.call('POST', '/api/v2.2/locations/1/check_payment/', { token: admin, body: { payment_id: start.payment_id } });
    expect(status.json()).toEqual({ payment_id: start.payment_id, status: 'paid' });
    const refused = await h.call('POST', '/api/v2.2/locations/2/refill/', { token: admin, lang: 'en', body: { amount: '100' } });
    expect(refused.json()).toEqual({ non_field_errors: ['Top-ups are not available for this location.'] });
  });
});

describe('orders list', () => {
  it('filters by status, pages, and counts a 02:00 order on the previous business day', async () => {
    const all = (await h.call('GET', '/api/v2.1/locations/1/orders/?limit=3', { token: admin })).json();
    expect(all.results).toHaveLength(3);
    const cancelled = (await h.call('GET', '/api/v2.1/locations/1/orders/?status=4&limit=100', { token: admin })).json();
    expect(cancelled.results.every((o: { status: number }) => o.status === 4)).toBe(true);
    const [o] = await h.database.db.execute<{ id: number }>(sql`update orders set created_at = '2031-06-11 02:00:00+03' where id = (select min(id) from orders where location_id = 1) returning id`).then((r) => r.rows);
    const prev = (await h.call('GET', '/api/v2.1/locations/1/orders/?date_from=2031-06-10&date_to=2031-06-10', { token: admin })).json();
    expect(prev.results.map((r: { id: number }) => r.id)).toEqual([Number(o!.id)]);
    const same = (await h.call('GET', '/api/v2.1/locations/1/orders/?date_from=2031-06-11&date_to=2031-06-11', { token: admin })).json();
    expect(same.count).toBe(0);
  });
});

describe('certificates', () => {
  it('creates a batch, activates one (letter), resends it, and keeps permissions', async () => {
    const created = await h.call('POST', '/api/v2.2/certificate/', { token: admin, body: { rate: '2000', type: 'digital', design: 'classic', quantity: 3, location_id: 1 } });
    expect(created.statusCode).toBe(201);
    const numbers = created.json().map((c: { unique_number: string }) => c.unique_number);
    expect(numbers).toHaveLength(3);
    for (const n of numbers) expect(n).toMatch(/^[0-9A-F]{12}$/);
    const tooLong = await h.call('POST', '/api/v2.2/certificate/', { token: admin, lang: 'en', body: { rate: '2000', type: 'digital', design: 'x'.repeat(16), quantity: 101, location_id: 1 } });
    expect(tooLong.json()).toEqual({ design: ['Ensure this field has no more than 15 characters.'], quantity: ['Ensure this value is less than or equal to 100.'] });
    const noCert = (await h.userWithToken('no-certificates@example.com', [[1, 20]], [])).token;
    const noRight = await h.call('POST', '/api/v2.2/certificate/', { token: noCert, body: { rate: '2000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
    expect(noRight.statusCode).toBe(403);
    const [adminUser] = await h.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const activate = (seller: string) => h.call('POST', `/api/v2.2/certificate/${numbers[0]}/activate/`, {
      token: admin, lang: 'en', body: { seller, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 },
    });
    expect((await activate('not-a-uuid')).json()).toEqual({ seller: ['Must be a valid UUID.'] });
    expect((await activate(crypto.randomUUID())).json()).toEqual({ seller: ['not found'] });
    const ok = await activate(adminUser!.uid);
    expect(ok.json()).toEqual({ unique_number: numbers[0], status: 'ACTIVE' });
    expect((await activate(adminUser!.uid)).json()).toEqual({ non_field_errors: ['Only an unpaid certificate can be activated.'] });
    await h.runJobs();
    expect(h.letters.filter((l) => l.to === 'ivan@example.com')).toHaveLength(1);
    expect((await h.call('POST', `/api/v2.2/certificate/${numbers[0]}/resend/`, { token: admin, body: { location_id: 1 } })).statusCode).toBe(200);
    await h.runJobs();
    const letters = h.letters.filter((l) => l.to === 'ivan@example.com');
    expect(letters).toHaveLength(2);
    expect(letters[0]!.text).toContain(numbers[0]);
    const list = (await h.call('GET', `/api/v2.1/locations/1/certificates/?search=${numbers[0]!.slice(0, 6)}`, { token: admin })).json();
    expect(list.results.map((c: { unique_number: string; status: string }) => [c.unique_number, c.status])).toEqual([[numbers[0], 'ACTIVE']]);
    // The list needs the certificate permission (a manager without it).
    expect((await h.call('GET', '/api/v2.1/locations/1/certificates/', { token: noCert })).statusCode).toBe(403);
    // The demo manager (role 20) has the certificate permissions a role-20 user can use (#25).
    expect((await h.call('GET', '/api/v2.1/locations/1/certificates/', { token: manager })).statusCode).toBe(200);
  });

  it('requires rate and design, checks the buyer fields, caps the code at 15 characters', async () => {
    const none = await h.call('POST', '/api/v2.2/certificate/', { token: admin, lang: 'en', body: { type: 'digital', quantity: 1, location_id: 1 } });
    expect(none.json()).toEqual({ rate: [expect.any(String)], design: ['This field is required.'] });
    const [c] = (await h.call('POST', '/api/v2.2/certificate/', { token: admin, body: { rate: '1000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } })).json();
    const [adminUser] = await h.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const buyer = { seller: adminUser!.uid, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 };
    const activate = (code: string, body: Record<string, unknown>) => h.call('POST', `/api/v2.2/certificate/${code}/activate/`, { token: admin, lang: 'en', body });
    expect((await activate(c.unique_number, { ...buyer, name: '', phone: '', email: '' })).json())
      .toEqual({ name: [expect.any(String)], phone: [expect.any(String)], email: [expect.any(String)] });
    expect((await activate(c.unique_number, { ...buyer, email: 'ivan@' })).json()).toEqual({ email: ['Enter a valid email address.'] });
    // Digits only, as the screen checks, but longer than the server's 20 characters.
    expect((await activate(c.unique_number, { ...buyer, phone: `+7${'9'.repeat(20)}` })).json()).toEqual({ phone: ['Digits only, with an optional leading plus'] });
    // The certificate code (the number, 12 characters) is at most 15 characters: a longer one in a path names
    // no certificate (404, as any bad path parameter); in the search it is refused (400).
    const long = 'A'.repeat(16);
    expect((await activate(long, buyer)).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v2.2/certificate/${long}/resend/`, { token: admin, body: { location_id: 1 } })).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v2.1/locations/1/certificates/?search=${long}`, { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', `/api/v2.1/locations/1/certificates/?search=${long.slice(1)}`, { token: admin })).statusCode).toBe(200);
    expect((await activate(c.unique_number, buyer)).json()).toEqual({ unique_number: c.unique_number, status: 'ACTIVE' });
  });

  it('certificate.create without certificate.activate: creates, but neither activates nor resends', async () => {
    const creator = (await h.userWithToken('certificate-creator@example.com', [[1, 20]], ['certificate', 'certificate.create'])).token;
    const [creatorUser] = await h.database.db.select().from(users).where(eq(users.email, 'certificate-creator@example.com'));
    const created = await h.call('POST', '/api/v2.2/certificate/', { token: creator, body: { rate: '1000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
    expect(created.statusCode).toBe(201);
    const code = created.json()[0].unique_number;
    const activated = await h.call('POST', `/api/v2.2/certificate/${code}/activate/`, {
      token: creator, body: { seller: creatorUser!.uid, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 },
    });
    expect(activated.statusCode).toBe(403);
    const [active] = await h.database.db.select().from(certificates).where(eq(certificates.status, 'ACTIVE')).limit(1);
    const resent = await h.call('POST', `/api/v2.2/certificate/${active!.uniqueNumber}/resend/`, { token: creator, body: { location_id: 1 } });
    expect(resent.statusCode).toBe(403);
    const [after] = await h.database.db.select().from(certificates).where(eq(certificates.uniqueNumber, code));
    expect(after!.status).toBe('NOT_PAID');
  });

  it('expires certificates past their date', async () => {
    const [c] = await h.database.db.select().from(certificates).where(eq(certificates.status, 'ACTIVE')).limit(1);
    await h.database.db.update(certificates).set({ expiresAt: '2020-01-01' }).where(eq(certificates.id, c!.id));
    await h.database.db.insert(jobs).values({ kind: 'certificates.expire', payload: {} });
    await h.runJobs();
    const [after] = await h.database.db.select().from(certificates).where(eq(certificates.id, c!.id));
    expect(after!.status).toBe('EXPIRED');
  });

  it('expires a certificate after its last day on its location\'s clock, not the UTC date (#18)', async () => {
    // A Brooklyn certificate valid through 14.01.2030: at 23:30 UTC it is 18:30 there, still its
    // last day (the UTC date, the 15th, expired it then); at 05:30 UTC on the 15th it is past.
    const [c] = await h.database.db.select().from(certificates).where(eq(certificates.status, 'ACTIVE')).limit(1);
    await h.database.db.update(certificates).set({ expiresAt: '2030-01-14', creatingLocationId: 3 }).where(eq(certificates.id, c!.id));
    const status = async () => (await h.database.db.select().from(certificates).where(eq(certificates.id, c!.id)))[0]!.status;
    await expireCertificates(h.database.db, new Date('2030-01-14T23:30:00Z'));
    expect(await status()).toBe('ACTIVE');
    await expireCertificates(h.database.db, new Date('2030-01-15T05:30:00Z'));
    expect(await status()).toBe('EXPIRED');
  });
});

describe('launcher sessions', () => {
  it('records a session once by uuid and charges the licence fee once', async () => {
    const [pg] = await h.database.db.select().from(playgrounds).where(eq(playgrounds.locationId, 1)).limit(1);
    const report = { uuid: crypto.randomUUID(), started: '2026-11-20T10:00:00+03:00', players_cnt: 3, session_type: 1 };
    const before = await ledger(1);
    const post = () => h.call('POST', '/api/v2.2/launcher/sessions/', { body: report, headers: { authorization: `Playground ${pg!.uuidToken}` } });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(200);
    const after = await ledger(1);
    expect(after.rows.length).toBe(before.rows.length + 1);
    expect(after.rows.at(-1)!.amount).toBe('-150.00');
    // Nothing English is stored for people (#18): the description is the playground's name; the type says "Списание" / "Charge-off".
    expect([after.rows.at(-1)!.type, after.rows.at(-1)!.description]).toEqual(['chargeoff', pg!.name]);
    const wrong = await h.call('POST', '/api/v2.2/launcher/sessions/', { lang: 'en', body: report, headers: { authorization: 'Playground nope' } });
    expect(wrong.statusCode).toBe(401);
    const list = (await h.call('GET', '/api/v2.1/locations/1/launcher_sessions/?limit=1', { token: admin })).json();
    expect(list.count).toBeGreaterThan(1);
    const csv = await h.call('GET', '/api/v2.1/locations/1/launcher_sessions/?format=csv', { token: admin });
    expect(csv.body).toContain(report.uuid);
  });
});

describe('certificate sellers', () => {
  it('offers the location\'s staff to choose a seller from, to those who may activate there', async () => {
    const res = await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: admin });
    expect(res.statusCode).toBe(200);
    const staff = res.json() as { uid: string; name: string; email: string; label: string }[];
    // The demo staff of location 1 (and the users other tests gave a role there), nobody from elsewhere.
    expect(staff.map((s) => s.email)).toEqual(expect.arrayContaining(['admin@example.com', 'manager@example.com', 'staff@example.com']));
    const atOne = await h.database.db.execute(sql`SELECT DISTINCT u.email FROM users u JOIN user_location_roles r ON r.user_id = u.id WHERE r.location_id = 1`);
    expect(staff.map((s) => s.email).sort()).toEqual(atOne.rows.map((r) => r.email).sort());
    expect(staff.find((s) => s.email === 'staff@example.com')?.label).toBe('Светлана Кассир (staff@example.com)');
    // Location 3: its administrator only (the manager and the cashier work at 1 and 2).
    expect(((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=3', { token: admin })).json() as { email: string }[]).map((s) => s.email))
      .toEqual(['admin@example.com']);
    // Whoever is offered is taken by the activation.
    const [created] = (await h.call('POST', '/api/v2.2/certificate/', { token: admin, body: { rate: '1000', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } })).json();
    const seller = staff.find((s) => s.email === 'staff@example.com')!.uid;
    const ok = await h.call('POST', `/api/v2.2/certificate/${created.unique_number}/activate/`, {
      token: admin, body: { seller, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Without the activate permission, or with no role at the location: refused.
    const noActivate = (await h.userWithToken('no-activate@example.com', [[1, 20]], ['certificate'])).token;
    expect((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: noActivate })).statusCode).toBe(403);
    // The demo manager (role 20, certificate.activate) may.
    expect((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: manager })).statusCode).toBe(200);
    const outsider = await h.userWithToken('seller-outsider@example.com', [[2, 40]], ['certificate.activate']);
    expect([403, 404]).toContain((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=1', { token: outsider.token })).statusCode);
    expect((await h.call('GET', '/api/v2.2/certificate/sellers/?location_id=x', { token: admin })).statusCode).toBe(400);
  });
});

describe('certificate rates and designs', () => {
  it('lists the location\'s rates and the designs (each at most 15 characters)', async () => {
    const rates = (await h.call('GET', '/api/v2.2/certificate_rates/?location_id=1', { token: admin })).json();
    expect(rates.map((r: { rate: string }) => r.rate)).toEqual(['1000.00', '2000.00', '3000.00', '5000.00', '10000.00']);
    const designs = (await h.call('GET', '/api/v2.2/certificate_designs/', { token: admin })).json();
    expect(designs.length).toBeGreaterThan(0);
    for (const d of designs) expect(d.name.length).toBeLessThanOrEqual(15);
    const badRate = await h.call('POST', '/api/v2.2/certificate/', { token: admin, lang: 'en', body: { rate: '1234', type: 'digital', design: 'classic', quantity: 1, location_id: 1 } });
    expect(badRate.json()).toEqual({ rate: ['Not a valid choice.'] });
  });
});

describe('disputes', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
    const boundary = `----dispute${crypto.randomBytes(6).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
      chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores a dispute with its files, checks file content and requires the text', async () => {
    const [t] = await h.database.db.select().from(transactions).where(eq(transactions.locationId, 1)).limit(1);
    const ok = multipart([{ name: 'text', data: 'The fee is wrong' }, { name: 'files', filename: 'scan.png', data: PNG }, { name: 'files', filename: 'act.pdf', data: '%PDF-1.4 test' }]);
    const res = await h.call('POST', `/api/v2.1/transactions/${t!.id}/dispute/`, { token: admin, body: ok.body, headers: ok.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().files.map((f: { name: string }) => f.name)).toEqual(['scan.png', 'act.pdf']);
    // The files are private: a token and the role at the transaction's location (route-access.test.ts).
    expect((await h.call('GET', res.json().files[0].url)).statusCode).toBe(401);
    const file = await h.call('GET', res.json().files[0].url, { token: admin });
    expect(file.statusCode).toBe(200);
    const listed = (await h.call('GET', `/api/v2.1/transactions/${t!.id}/dispute/`, { token: admin })).json();
    expect(listed.map((d: { text: string }) => d.text)).toEqual(['The fee is wrong']);
    const fake = multipart([{ name: 'text', data: 'x' }, { name: 'files', filename: 'virus.pdf', data: 'MZ not a pdf' }]);
    const refused = await h.call('POST', `/api/v2.1/transactions/${t!.id}/dispute/`, { token: admin, lang: 'en', body: fake.body, headers: fake.headers });
    expect(refused.json()).toEqual({ files: ['Attach PDF, PNG, JPEG, WebP or GIF files.'] });
    const noText = multipart([{ name: 'files', filename: 'scan.png', data: PNG }]);
    const empty = await h.call('POST', `/api/v2.1/transactions/${t!.id}/dispute/`, { token: admin, lang: 'en', body: noText.body, headers: noText.headers });
    expect(empty.json()).toEqual({ text: ['This field is required.'] });
    // Over its limit the text is refused on its field (#18), not cut short.
    const long = multipart([{ name: 'text', data: 'x'.repeat(TEXT_LIMITS.disputeText + 1) }]);
    const tooLong = await h.call('POST', `/api/v2.1/transactions/${t!.id}/dispute/`, { token: admin, lang: 'en', body: long.body, headers: long.headers });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ text: [`Ensure this field has no more than ${TEXT_LIMITS.disputeText} characters.`] });
  });
});
