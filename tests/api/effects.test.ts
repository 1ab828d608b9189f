// #41 After-effects in one place: every write declares what it records (the route table says it,
// for declared and hand-written routes alike), a request that records what its route does not
// declare fails in tests, and every change a person makes at a location is in its activity log:
// a booking, an edit, a move and a cancel each leave exactly one entry, with the person, before and
// after; a cancel's entry says what the order held (guests, session, price, paid by tender). The
// entries are append-only in the database. The jobs table is the one outbox: money first, finished
// jobs pruned after 30 days.
import Fastify from 'fastify';
import pino from 'pino';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, jobs } from '../../server/db/schema';
import { EXPIRE_EVENTS_JOB } from '../../server/modules/live/retention';
import { FINISHED_JOB_DAYS, JobWorker, PRUNE_JOBS_JOB, enqueueJob, jobPriority, pruneFinishedJobs } from '../../server/platform/jobs';
import { ACTIVITY_KIND_LABELS } from '../../domain/activity';
import { installEffectsScope, recordEffects } from '../../server/platform/effects';
import { createHarness, type Harness } from './harness';
import { entriesNotInWords, entriesWrittenBy } from './activityEntries';
import { book, bookingBody, getOrder, makeWorld, pay, type World } from './bookingFixture';
import { apiRoutes, routeKey } from './routeWalk';

let h: Harness;
let w: World;

beforeAll(async () => {
  h = await createHarness();
  w = await makeWorld(h);
});
afterAll(async () => { await h.close(); });

const entriesOf = (change: () => Promise<{ statusCode: number; body: string }>, status: number) => entriesWrittenBy(h, change, status);

describe('declarations', () => {
  it('every write of the API declares what it records: an activity kind of domain/activity.ts, or why none', () => {
    const writes = apiRoutes(h.app).filter((r) => !r.page && r.method !== 'GET' && !r.url.startsWith('/api/docs'));
    expect(writes.length).toBeGreaterThan(90);
    const undeclared = writes.filter((r) => !r.records).map(routeKey);
    expect(undeclared, 'add `records` to the defineWrite, or `config: { records }` to the route (server/platform/effects.ts WriteRecords)').toEqual([]);
    const kinds = new Set(Object.keys(ACTIVITY_KIND_LABELS));
    for (const r of writes) {
      const activity = r.records!.activity;
      if (typeof activity === 'object' && 'none' in activity) expect(activity.none.length, `${routeKey(r)}: why it writes no activity entry`).toBeGreaterThan(10);
      else for (const kind of [activity].flat()) expect(kinds.has(kind as string), `${routeKey(r)}: ${kind}`).toBe(true);
    }
  });

  it('a request that records what its route does not declare fails (a mistake the tests see), and its change is rolled back', async () => {
    const app = Fastify();
    installEffectsScope(app);
    app.post('/declared', { config: { records: { activity: { none: 'declares none, records one' } } } }, async () => {
      await h.database.db.transaction((tx) => recordEffects(tx, { activity: { locationId: 1, kind: 'promocode.created', subject: 'UNDECLARED' } }));
      return { ok: true };
    });
    app.post('/right', { config: { records: { activity: 'promocode.created' } } }, async () => {
      await h.database.db.transaction((tx) => recordEffects(tx, { activity: { locationId: 1, kind: 'promocode.created', subject: 'DECLARED' } }));
      return { ok: true };
    });
    const wrong = await app.inject({ method: 'POST', url: '/declared' });
    expect(wrong.statusCode).toBe(500);
    expect((await app.inject({ method: 'POST', url: '/right' })).statusCode).toBe(200);
    const subjects = (await h.database.db.select({ subject: activityEntries.subject }).from(activityEntries)).map((e) => e.subject);
    expect(subjects).toContain('DECLARED');
    expect(subjects).not.toContain('UNDECLARED');
    await app.close();
  });
});

describe('bookings in the activity log', () => {
  it('a booking, an edit, a move and a cancel: one entry each, with the person, before and after', async () => {
    const staff = w.users.staff.id;
    const body = bookingBody(w.pg.cube2, '2030-05-06 11:00', { persons: 2, name: 'Анна Журнал' });
    let id = 0;
    const made = await entriesOf(async () => {
      const res = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body });
      id = res.json().id;
      return res;
    }, 201);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ userId: staff, locationId: 1, kind: 'order.created', subject: `#${id}`, before: null });
    // The price as it was made (the location's discounts on the session's 2000).
    const price = (await getOrder(w, id)).purchase;
    expect(made[0]!.after).toEqual({ customer: 'Анна Журнал', guests: 2, session: 'Куб 2 2030-05-06 11:00', order_type: 1, price });

    const edited = await entriesOf(() => h.call('PUT', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff, body: { ...body, persons: 3, comment: 'у окна' } }), 200);
    expect(edited.map((e) => [e.userId, e.kind, e.subject, e.before, e.after])).toEqual([
      [staff, 'order.updated', `#${id}`, { guests: 2, comment: '' }, { guests: 3, comment: 'у окна' }],
    ]);

    const priceOf3 = (await getOrder(w, id)).purchase;
    const moved = await entriesOf(() => h.call('PUT', `/api/v2.1/booking/${id}/`, {
      token: w.tokens.staff, body: { ...body, persons: 3, comment: 'у окна', session_dt: '2030-05-06 19:00' } }), 200);
    const movedPrice = (await getOrder(w, id)).purchase;
    expect(movedPrice).not.toBe(priceOf3);
    expect(moved.map((e) => [e.userId, e.kind, e.before, e.after])).toEqual([
      [staff, 'order.moved', { price: priceOf3, session: 'Куб 2 2030-05-06 11:00' }, { price: movedPrice, session: 'Куб 2 2030-05-06 19:00' }],
    ]);

    const cancelled = await entriesOf(() => h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.staff }), 204);
    expect(cancelled.map((e) => [e.userId, e.kind, e.subject])).toEqual([[staff, 'order.cancelled', `#${id}`]]);
    expect(cancelled[0]!.before).toEqual({ customer: 'Анна Журнал', guests: 3, session: 'Куб 2 2030-05-06 19:00', order_type: 1, price: movedPrice, paid: '0.00' });
    expect(cancelled[0]!.after).toEqual({ by: 'staff' });
  });

  it('"who cancelled order 1234, and what did it hold?": the cancel\'s entry in GET /locations/{id}/activity/ names the person, guests, session, price and what was paid by which tender', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-05-07 12:00', { persons: 4, name: 'Пётр Отмена' }));
    const price = (await getOrder(w, id)).purchase;
    expect((await pay(w, id, { payment_type: 2, purchase: '500' })).statusCode).toBe(201);
    expect((await pay(w, id, { payment_type: 6, purchase: '700', external_id: 'RRN-41' })).statusCode).toBe(201);
    expect((await pay(w, id, { payment_type: 3, purchase: '300', certificate: w.certs.active5000 })).statusCode).toBe(201);
    // The manager cancels; the money stays on the order to give back later.
    const [entry] = await entriesOf(() => h.call('DELETE', `/api/v2.1/booking/${id}/`, { token: w.tokens.manager }), 204);
    expect(entry).toMatchObject({ userId: w.users.manager.id, kind: 'order.cancelled' });

    const list = async (lang: 'ru' | 'en') => (await h.call('GET', `/api/v2.1/locations/1/activity/?kind=order.cancelled&limit=100`, { token: w.tokens.admin, lang })).json();
    const en = (await list('en')).results.find((r: { text: string }) => r.text === `Booking cancelled: #${id}`);
    expect(en).toMatchObject({ user: w.users.manager.name, kind: 'order.cancelled' });
    expect(en.before).toEqual({
      customer: 'Пётр Отмена', guests: 4, session: 'Куб 2 2030-05-07 12:00', order_type: 1, price, paid: '1500.00',
      paid_cash: '500.00', paid_card: '700.00', paid_certificate: '300.00',
    });
    expect(en.after).toEqual({ by: 'staff', refund: 'none' });
    expect((await list('ru')).results.some((r: { text: string }) => r.text === `Бронирование отменено: #${id}`)).toBe(true);
  });

  it('a cancel that gives the money back each tender its own way: the cancel\'s entry, then one money entry per refund', async () => {
    const id = await book(w, bookingBody(w.pg.cube2, '2030-05-08 12:00', { persons: 1 }));
    expect((await pay(w, id, { payment_type: 2, purchase: '400' })).statusCode).toBe(201);
    expect((await pay(w, id, { payment_type: 6, purchase: '100', external_id: 'RRN-42' })).statusCode).toBe(201);
    const entries = await entriesOf(() => h.call('DELETE', `/api/v2.1/booking/${id}/?refund=original&external_id=RRN-43`, { token: w.tokens.manager }), 204);
    expect(entries.map((e) => e.kind)).toEqual(['order.cancelled', 'money.refund', 'money.refund']);
    expect(entries[0]!.before).toMatchObject({ paid: '500.00', paid_cash: '400.00', paid_card: '100.00' });
    expect(entries[0]!.after).toEqual({ by: 'staff', refund: 'original' });
  });

  it('a multi-booking and its change of sessions: one entry each', async () => {
    const multi = (playsessions: { playground_id: number; session_dt: string }[]) => ({
      location_id: 1, date: '2030-05-09', cost: '4000', persons: 2, order_type: 1, name: 'Мульти', phone: '+79995550001', email: 'multi@example.com', playsessions,
    });
    let id = 0;
    const made = await entriesOf(async () => {
      const res = await h.call('POST', '/api/v2.2/multibooking/', { token: w.tokens.admin, body: multi([{ playground_id: w.pg.cube2, session_dt: '2030-05-09 11:00' }, { playground_id: w.pg.cube2, session_dt: '2030-05-09 12:00' }]) });
      id = res.json().order_id;
      return res;
    }, 201);
    expect(made.map((e) => [e.kind, (e.after as { session: string }).session])).toEqual([['order.created', 'Куб 2 2030-05-09 11:00; Куб 2 2030-05-09 12:00']]);
    const moved = await entriesOf(() => h.call('POST', `/api/v2.2/multibooking/${id}/update_part/`, { token: w.tokens.admin,
      body: multi([{ playground_id: w.pg.cube2, session_dt: '2030-05-09 11:00' }, { playground_id: w.pg.cube2, session_dt: '2030-05-09 13:00' }]) }), 200);
    expect(moved.map((e) => [e.kind, (e.before as { session: string }).session, (e.after as { session: string }).session])).toEqual([
      ['order.moved', 'Куб 2 2030-05-09 11:00; Куб 2 2030-05-09 12:00', 'Куб 2 2030-05-09 11:00; Куб 2 2030-05-09 13:00'],
    ]);
  });
});

describe('append-only', () => {
  it('the database refuses to change or remove an activity entry (UPDATE, DELETE, TRUNCATE), whoever asks', async () => {
    const [newest] = await h.database.db.select({ id: activityEntries.id }).from(activityEntries).orderBy(desc(activityEntries.id)).limit(1);
    const id = newest?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    const refused = (statement: string) => h.database.pool.query(statement).then(() => 'done', (e: { code?: string; message: string }) => `${e.code}: ${e.message}`);
    expect(await refused(`UPDATE activity_entries SET subject = 'changed' WHERE id = ${id}`)).toBe('42501: activity entries are append-only: UPDATE refused');
    expect(await refused(`DELETE FROM activity_entries WHERE id = ${id}`)).toBe('42501: activity entries are append-only: DELETE refused');
    expect(await refused('TRUNCATE activity_entries')).toBe('42501: activity entries are append-only: TRUNCATE refused');
    const [kept] = await h.database.db.select().from(activityEntries).where(eq(activityEntries.id, id));
    expect(kept!.subject).not.toBe('changed');
  });
});

describe('the one outbox: the jobs table', () => {
  const log = pino({ level: 'silent' });

  it('money at a provider runs before letters and webhooks queued earlier (priority, then when due)', async () => {
    expect([jobPriority('refund.check'), jobPriority('payment.check'), jobPriority('payment.close'), jobPriority('receipt.settle')]).toEqual([0, 0, 0, 0]);
    expect(jobPriority('order.auto_cancel')).toBeLessThan(jobPriority('mail.bill'));
    expect(jobPriority('webhook.deliver')).toBe(jobPriority('mail.widget_order'));
    const ran: string[] = [];
    const handler = (name: string) => async () => { ran.push(name); };
    // A flood of letters due minutes ago, then a refund check due now.
    for (let i = 0; i < 3; i++) await enqueueJob(h.database.db, 'mail.test_letter', { i }, new Date(Date.now() - 600_000 + i));
    await enqueueJob(h.database.db, 'webhook.test_deliver', {}, new Date(Date.now() - 300_000));
    await enqueueJob(h.database.db, 'refund.test_check', {}, new Date());
    const worker = new JobWorker(h.database.db, { 'mail.test_letter': handler('letter'), 'webhook.test_deliver': handler('webhook'), 'refund.test_check': handler('refund') }, log);
    // Other kinds queued by the tests above stay (no handler here): only ours are claimed in this order.
    await h.database.db.update(jobs).set({ runAt: sql`now() + interval '1 day'` }).where(sql`${jobs.kind} NOT LIKE '%.test_%' AND ${jobs.doneAt} IS NULL`);
    expect(await worker.runDue(10)).toBe(5);
    expect(ran).toEqual(['refund', 'letter', 'letter', 'letter', 'webhook']);
  });

  it('a started worker drains a backlog larger than one batch without pausing between batches', async () => {
    // 50 letters due (a morning's reminders): with a pause of a minute between looks, only a batch
    // that leaves more due may go on at once; one pause would leave 30 waiting for a minute.
    await h.database.db.update(jobs).set({ runAt: sql`now() + interval '1 day'` }).where(sql`${jobs.doneAt} IS NULL`);
    let ran = 0;
    for (let i = 0; i < 50; i++) await enqueueJob(h.database.db, 'mail.test_batch', { i });
    const worker = new JobWorker(h.database.db, { 'mail.test_batch': async () => { ran++; } }, log, 60_000);
    worker.start();
    try {
      await expect.poll(() => ran, { timeout: 10_000 }).toBe(50);
    } finally {
      await worker.stop();
    }
  });

  it('a batch kind\'s due jobs run together (up to its size, in their order); a throw retries each of them later', async () => {
    await h.database.db.update(jobs).set({ runAt: sql`now() + interval '1 day'` }).where(sql`${jobs.doneAt} IS NULL`);
    for (let i = 0; i < 7; i++) await enqueueJob(h.database.db, 'sms.test_many', { i }, new Date(Date.now() - 60_000 + i));
    await enqueueJob(h.database.db, 'mail.test_single', { i: 'single' });
    const calls: unknown[][] = [];
    let fail = true;
    const worker = new JobWorker(h.database.db, {
      'sms.test_many': { size: 3, many: async (payloads) => { calls.push(payloads.map((p: { i: number }) => p.i)); if (fail && calls.length === 2) throw new Error('gateway down'); } },
      'mail.test_single': async () => { calls.push(['single']); },
    }, log);
    expect(await worker.runDue(100)).toBe(8);
    expect(calls).toEqual([[0, 1, 2], [3, 4, 5], [6], ['single']]);
    // The batch that threw: each of its jobs tried once, booked again after the backoff; the others done.
    const left = await h.database.db.select({ payload: jobs.payload, attempts: jobs.attempts, later: sql<boolean>`${jobs.runAt} > now() + interval '20 seconds'` })
      .from(jobs).where(sql`${jobs.kind} = 'sms.test_many' AND ${jobs.doneAt} IS NULL`);
    expect(left.map((j) => [(j.payload as { i: number }).i, j.attempts, j.later]).sort()).toEqual([[3, 1, true], [4, 1, true], [5, 1, true]]);
    fail = false;
  });

  it(`finished jobs are pruned after ${FINISHED_JOB_DAYS} days by a daily job; pending and dead ones stay`, async () => {
    const old = new Date(Date.now() - (FINISHED_JOB_DAYS + 1) * 86_400_000);
    const recent = new Date(Date.now() - (FINISHED_JOB_DAYS - 1) * 86_400_000);
    const rows = await h.database.db.insert(jobs).values([
      { kind: 'prune.test', payload: { n: 'old done' }, doneAt: old, runAt: old },
      { kind: 'prune.test', payload: { n: 'recent done' }, doneAt: recent, runAt: recent },
      { kind: 'prune.test', payload: { n: 'old pending' }, runAt: old },
      { kind: 'prune.test', payload: { n: 'old dead' }, runAt: old, attempts: 10 },
    ]).returning({ id: jobs.id });
    expect(await pruneFinishedJobs(h.database.db)).toBeGreaterThanOrEqual(1);
    const left = await h.database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'prune.test'));
    expect(left.map((r) => (r.payload as { n: string }).n).sort()).toEqual(['old dead', 'old pending', 'recent done']);
    expect(rows).toHaveLength(4);
    // The server books the daily run at start (main.ts) and the job books its next one, as the
    // hourly expiry of the live events does (it booked none while it counted itself as waiting).
    for (const [kind, hours] of [[PRUNE_JOBS_JOB, 24], [EXPIRE_EVENTS_JOB, 1]] as const) {
      await h.database.db.update(jobs).set({ doneAt: new Date() }).where(sql`${jobs.kind} = ${kind} AND ${jobs.doneAt} IS NULL`);
      await enqueueJob(h.database.db, kind, {});
      await h.runJobs();
      const next = await h.database.db.select({ runAt: jobs.runAt }).from(jobs).where(sql`${jobs.kind} = ${kind} AND ${jobs.doneAt} IS NULL`);
      expect(next, kind).toHaveLength(1);
      expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + (hours - 0.1) * 3_600_000);
    }
  });
});

describe('#42 the activity log in words', () => {
  it('every entry this file\'s changes wrote reads in words in ru and en: no key, code, id or JSON (tests/api/activityReading.ts)', async () => {
    const problems = await entriesNotInWords(h);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
