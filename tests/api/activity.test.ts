// #28 "Who changed what": a change of the tools, the schedules' neighbours and every money action
// writes exactly one activity entry in its own transaction (who, the address, before/after; a
// refused change writes none), and GET /locations/{id}/activity/ shows them to role 40 (#42: the
// installation-wide ones are in GET /activity/, owners'), in ru and en, with CSV/XLSX; nothing edits or deletes one.
// The list's paging, date range, filters, sorting and exports are the generated tests'
// (tests/api/lists.test.ts); here, what is the activity log's own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, transactions } from '../../server/db/schema';
import { createHarness, type Harness } from './harness';
import { entriesNotInWords, entriesWrittenBy } from './activityEntries';
import { book, bookingBody, makeWorld, pay, type World } from './bookingFixture';
import { csvRecords } from './csvRead';
import { readXlsx } from './xlsxRead';

let h: Harness;
let w: World;
const IP = '203.0.113.5';
const LIST = '/api/v2.1/locations/1/activity/';

beforeAll(async () => {
  // Behind a proxy, as a venue runs it: the address is the client's (X-Forwarded-For).
  h = await createHarness({ config: { trustProxy: true, webhookAllowPrivate: true } });
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const call = (method: string, url: string, token: string, body?: unknown) =>
  h.call(method, url, { token, body, lang: 'en', headers: { 'x-forwarded-for': IP } });

const entriesOf = (change: () => Promise<{ statusCode: number; body: string }>, status: number) => entriesWrittenBy(h, change, status);

describe('recording', () => {
  it('tools and playground groups: one entry per change with who, the address and only the changed fields; a refused change none', async () => {
    const admin = w.users.admin.id;
    const [created] = await entriesOf(() => call('POST', '/api/v2.1/locations/1/promocodes/', w.tokens.admin, { code: 'LOG10', type: 'fraction', discount: '0.10' }), 201);
    expect(created).toMatchObject({ userId: admin, ip: IP, locationId: 1, kind: 'promocode.created', subject: 'LOG10', before: null });
    expect(created!.after).toMatchObject({ code: 'LOG10', discount: '0.10' });
    const promoId = (await call('GET', '/api/v2.1/locations/1/promocodes/', w.tokens.admin)).json().find((p: { code: string }) => p.code === 'LOG10').id;
    const updated = await entriesOf(() => call('PUT', `/api/v2.1/promocodes/${promoId}/`, w.tokens.admin, { code: 'LOG10', type: 'fraction', discount: '0.20' }), 200);
    expect(updated.map((e) => [e.kind, e.before, e.after])).toEqual([['promocode.updated', { discount: '0.10' }, { discount: '0.20' }]]);
    // The same code again is refused: the change and its entry go together.
    expect(await entriesOf(() => call('POST', '/api/v2.1/locations/1/promocodes/', w.tokens.admin, { code: 'log10', type: 'fraction', discount: '0.10' }), 400)).toEqual([]);
    expect((await entriesOf(() => call('DELETE', `/api/v2.1/promocodes/${promoId}/`, w.tokens.admin), 204)).map((e) => [e.kind, e.after])).toEqual([['promocode.deleted', null]]);

    const early = await entriesOf(() => call('POST', '/api/v2.1/locations/1/early_booking/', w.tokens.admin, { days: 30, discount: 7 }), 201);
    expect(early.map((e) => [e.kind, e.after])).toEqual([['early_booking.changed', { days: 30, discount_percent: 7 }]]);
    const widget = await entriesOf(() => call('PUT', '/api/v2.1/locations/1/widget_settings/', w.tokens.admin, { payment_minutes: 25, cancel_hours: 5 }), 200);
    expect(widget).toHaveLength(1);
    expect(widget[0]!.kind).toBe('widget.changed');
    expect(widget[0]!.after).toMatchObject({ payment_minutes: 25 });
    const group = await entriesOf(() => call('POST', '/api/v2.1/locations/1/groups/', w.tokens.admin, { name: 'Журнал' }), 201);
    expect(group.map((e) => [e.kind, e.subject, e.userId])).toEqual([['playground_group.created', 'Журнал', admin]]);
    const holiday = await entriesOf(() => call('POST', '/api/v2.1/holidays/', w.tokens.admin, { location: 1, date: '2031-03-06', kind: 'holiday', name: 'Журнал' }), 201);
    expect(holiday.map((e) => [e.kind, e.locationId, e.after])).toEqual([['holiday.created', 1, { date: '2031-03-06', kind: 'holiday', name: 'Журнал' }]]);

    // Schedules: a copy is a creation, its removal a deletion with what it was.
    const [schedule] = (await call('GET', '/api/v2.1/schedule/?location=1', w.tokens.admin)).json();
    const copy = await entriesOf(() => call('POST', `/api/v2.1/schedule/${schedule.id}/clone/`, w.tokens.admin), 201);
    expect(copy.map((e) => [e.kind, e.subject, e.before])).toEqual([['schedule.created', `${schedule.name} (copy)`, null]]);
    const copyId = (await call('GET', '/api/v2.1/schedule/?location=1', w.tokens.admin)).json().find((s: { name: string }) => s.name === `${schedule.name} (copy)`).id;
    const removed = await entriesOf(() => call('DELETE', `/api/v2.1/schedule/${copyId}/`, w.tokens.admin), 204);
    expect(removed.map((e) => [e.kind, e.after, (e.before as { items: unknown[] }).items.length])).toEqual([['schedule.deleted', null, schedule.items.length]]);

    // A webhook: that a secret is set, never its value.
    const hook = await call('POST', '/api/v2.1/locations/1/webhooks/', w.tokens.admin, { url: 'http://127.0.0.1:9/activity', extra: false });
    expect(hook.statusCode, hook.body).toBe(201);
    const [hookEntry] = await h.database.db.select().from(activityEntries).where(eq(activityEntries.kind, 'webhook.created'));
    expect(hookEntry!.after).toEqual({ url: 'http://127.0.0.1:9/activity', extra: false, active: true, secret: 'set' });
    expect(JSON.stringify(hookEntry)).not.toContain(hook.json().secret);
  });

  it('money: a payment, a refused refund (none), the refund, a hidden payment, a type change and a certificate activation: one entry each', async () => {
    const staff = w.users.staff.id;
    const id = await book(w, bookingBody(w.pg.cube2, '2031-03-03 11:00'));
    const paid = await entriesOf(() => pay(w, id, { payment_type: 2, purchase: '500' }), 201);
    expect(paid.map((e) => [e.kind, e.subject, e.userId])).toEqual([['money.payment', `#${id}`, staff]]);
    expect(paid[0]!.after).toMatchObject({ payment_type: 2, amount: '500.00' });
    // Nothing is due back on a live order: refused, no entry.
    expect(await entriesOf(() => call('POST', `/api/v2.2/orders/${id}/refund/`, w.tokens.staff, { payment_type: 2 }), 400)).toEqual([]);
    expect((await call('DELETE', `/api/v2.1/booking/${id}/`, w.tokens.staff)).statusCode).toBe(204);
    const refund = await entriesOf(() => call('POST', `/api/v2.2/orders/${id}/refund/`, w.tokens.staff, { payment_type: 2 }), 200);
    expect(refund.map((e) => [e.kind, e.ip, e.before, e.after])).toEqual([['money.refund', IP, { paid: '500.00' }, expect.objectContaining({ paid: '0.00', amount: '500.00' })]]);

    const manual = await call('POST', '/api/v2.1/locations/1/payments/', w.tokens.admin, { purchase: '700', external_id: 'LOG-7', comment: 'x' });
    expect(manual.statusCode, manual.body).toBe(201);
    const hidden = await entriesOf(() => call('PATCH', `/api/v2.1/payment/${manual.json().id}/actual/`, w.tokens.admin, { actual: false }), 200);
    expect(hidden.map((e) => [e.kind, e.subject, e.before, e.after])).toEqual([['money.payment_hidden', 'LOG-7', { actual: true, amount: '700.00' }, { actual: false, amount: '700.00' }]]);

    const [t] = await h.database.db.select().from(transactions).where(eq(transactions.locationId, 1)).limit(1);
    const other = t!.type === 'chargeoff' ? 'overdraft' : 'chargeoff';
    const typed = await entriesOf(() => call('POST', '/api/v2.2/transactions/change_type/', w.tokens.admin, { transaction_id: t!.id, type: other }), 200);
    expect(typed.map((e) => [e.kind, (e.before as { type: string }).type, (e.after as { type: string }).type])).toEqual([['money.transaction_type', t!.type, other]]);

    // A manual ledger line and a refund of it: one entry each, with the amounts as written.
    const added = await entriesOf(() => call('POST', '/api/v2.1/transactions/create_transaction/', w.tokens.admin,
      { type: 'refill', amount: '300', location: 1, number: 'MAN-1', description: 'bank transfer' }), 201);
    expect(added.map((e) => [e.kind, e.subject, e.before, e.after])).toEqual([['money.transaction', 'MAN-1', null, { type: 'refill', amount: '300.00', description: 'bank transfer' }]]);
    const [manualLine] = await h.database.db.select().from(transactions).where(eq(transactions.number, 'MAN-1'));
    const back = await entriesOf(() => call('POST', '/api/v2.2/transactions/create_transaction/', w.tokens.admin,
      { original_transaction: manualLine!.id, amount: '100', location: 1 }), 201);
    expect(back.map((e) => [e.kind, e.subject, e.before, e.after])).toEqual([['money.transaction_refund', 'MAN-1', { refunded: '0.00' }, { refunded: '100.00', amount: '-100.00' }]]);

    const activated = await entriesOf(() => call('POST', `/api/v2.2/certificate/${w.certs.notPaid}/activate/`, w.tokens.admin,
      { seller: w.users.admin.uid, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 }), 200);
    expect(activated.map((e) => [e.kind, e.subject, e.before])).toEqual([['money.certificate_activated', w.certs.notPaid, { status: 'NOT_PAID' }]]);
  });
});

describe('GET /api/v2.1/locations/{id}/activity/', () => {
  it('role 40 reads it newest first in its language, the location\'s own entries (an owner the same); others 403/404; no route changes an entry', async () => {
    const boss = await h.userWithToken('boss-activity@example.com', [[1, 40]]);
    const en = (await h.call('GET', `${LIST}?limit=1000`, { token: w.tokens.admin, lang: 'en' })).json();
    const ru = (await h.call('GET', `${LIST}?limit=1000`, { token: w.tokens.admin, lang: 'ru' })).json();
    expect(en.results.map((r: { id: number }) => r.id)).toEqual([...en.results.map((r: { id: number }) => r.id)].sort((a: number, b: number) => b - a));
    expect(Object.keys(en.results[0]).sort()).toEqual(['after', 'before', 'created', 'id', 'ip', 'kind', 'text', 'user']);
    const byKind = (page: { results: { kind: string; text: string; user: string }[] }, kind: string) => page.results.find((r) => r.kind === kind)!;
    expect(byKind(en, 'money.certificate_activated').text).toBe(`Certificate activated: ${w.certs.notPaid}`);
    expect(byKind(ru, 'money.certificate_activated').text).toBe(`Сертификат активирован: ${w.certs.notPaid}`);
    // The demo's settled link: no one signed in, "the system".
    expect(en.results.find((r: { text: string }) => r.text === 'Payment: #2').user).toBe('System');
    expect(ru.results.find((r: { text: string }) => r.text === 'Оплата: #2').user).toBe('Система');
    expect(byKind(en, 'money.refund').user).toBe(w.users.staff.name);
    // #42 The location's own entries, the same for its administrator and an owner (its creation too);
    // installation-wide ones are in the installation's log, not here.
    expect(byKind(en, 'location.created')).toBeDefined();
    const theirs = (await h.call('GET', `${LIST}?limit=1000`, { token: boss.token })).json();
    expect(theirs.count).toBe(en.count);
    expect(en.results.some((r: { kind: string }) => r.kind === 'setup.owner_created')).toBe(false);
    // Role 20 at the location: 403; a location without a role: 404.
    expect((await h.call('GET', LIST, { token: w.tokens.manager })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/locations/2/activity/', { token: boss.token })).statusCode).toBe(404);
    // The address is in the exports (CSV and XLSX), the filter by person and kind keeps them.
    const csv = csvRecords((await h.call('GET', `${LIST}?format=csv&user=${encodeURIComponent('Светлана')}&kind=money.refund`, { token: w.tokens.admin, lang: 'en' })).body);
    expect(csv[0]).toEqual(['ID', 'When', 'Who', 'IP address', 'What', 'Before', 'After']);
    expect(csv.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([[w.users.staff.name, IP, `Refund: #${byKind(en, 'money.refund').text.split('#')[1]}`]]);
    const xlsx = readXlsx((await h.call('GET', `${LIST}?format=xlsx&kind=money.refund`, { token: w.tokens.admin, lang: 'ru' })).rawPayload);
    expect(xlsx.rows[0]!.map((c) => c.value)).toEqual(['ID', 'Когда', 'Кто', 'IP-адрес', 'Что', 'Было', 'Стало']);
    expect(xlsx.rows[1]![3]!.value).toBe(IP);
    // Entries are never edited or deleted through the API: no such route.
    const entry = en.results[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await h.call(method, `${LIST}${entry}/`, { token: w.tokens.admin, body: {} })).statusCode).toBe(404);
    }
    expect([404, 405]).toContain((await h.call('POST', LIST, { token: w.tokens.admin, body: {} })).statusCode);
    expect((await h.call('DELETE', LIST, { token: w.tokens.admin })).statusCode).toBeGreaterThanOrEqual(404);
  });
});

describe('#42 the activity log in words', () => {
  it('every entry this file\'s changes wrote reads in words in ru and en: no key, code, id or JSON (tests/api/activityReading.ts)', async () => {
    const problems = await entriesNotInWords(h);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
