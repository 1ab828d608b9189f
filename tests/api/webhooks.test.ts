// Webhooks: GET/POST /locations/{id}/webhooks/, PUT/DELETE /webhook/{id}/, the delivery log and resend,
// and real delivery to a local receiver: signed JSON POSTs for order created, changed, paid,
// cancelled, payment created and certificate activated, written to the outbox in the change's own
// transaction, retried with growing delays, switched off on 410, refused for private targets
// unless allowed, delivered once by several workers, and delivered after a server is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignature } from '../../server/modules/sandbox/routes';
import { buildApp } from '../../server/app';
import { freePort } from '../../server/db/embedded';
import { jobs, users, webhookDeliveries, webhooks } from '../../server/db/schema';
import { createJobWorker } from '../../server/jobs';
import { isPublicAddress, targetProblem } from '../../server/modules/webhooks/address';
import { MAX_ATTEMPTS, postOnce, RETRY_DELAYS_MINUTES } from '../../server/modules/webhooks/delivery';
import { createHarness, type Harness } from './harness';
import { book, bookingBody, makeWorld, type Json, type World } from './bookingFixture';

interface Received { headers: http.IncomingHttpHeaders; body: string; json: Json }

/** A local HTTP receiver whose answers a test chooses. */
async function startReceiver(port = 0) {
  const got: Received[] = [];
  let answer: () => { status: number; body: string } = () => ({ status: 200, body: 'thanks' });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      got.push({ headers: req.headers, body, json: JSON.parse(body) });
      const a = answer();
      res.writeHead(a.status, { 'content-type': 'text/plain' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    answer: (fn: typeof answer) => { answer = fn; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let h: Harness;
let w: World;
let rx: Receiver;

beforeAll(async () => {
  h = await createHarness({ config: { webhookAllowPrivate: true } });
  w = await makeWorld(h);
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await h.close();
});

const HOOKS = '/api/v2.1/locations/1/webhooks/';
const hmac = (secret: string, body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

async function createHook(body: Json, locationId = 1): Promise<Json> {
  const res = await h.call('POST', `/api/v2.1/locations/${locationId}/webhooks/`, { token: w.tokens.admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Switches every webhook off except the given ones, so each test sees only its own deliveries. */
async function onlyHooks(...ids: number[]) {
  await h.database.db.update(webhooks).set({ active: sql`${webhooks.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` });
}

async function deliveriesOf(hookId: number): Promise<Json[]> {
  const res = await h.call('GET', `/api/v2.1/webhook/${hookId}/deliveries/?limit=100`, { token: w.tokens.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

let nextHour = 10;
/** A fresh session of Куб 2 (2030; 2000 per session, 5 % early booking: 1900 to pay). */
const freshSession = () => `2030-05-${String(1 + Math.floor((nextHour - 10) / 12)).padStart(2, '0')} ${String(10 + ((nextHour++ - 10) % 12)).padStart(2, '0')}:00`;

describe('webhook calls', () => {
  it('creates a webhook and shows its secret once; lists and changes it; administrators only', async () => {
    const created = await createHook({ url: rx.url, extra: true });
    expect(created).toEqual({
      id: expect.any(Number), url: rx.url, extra: true, active: true, disabled_reason: null, created: expect.any(String),
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const list = await h.call('GET', HOOKS, { token: w.tokens.admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ id: created.id, url: rx.url, extra: true, active: true, disabled_reason: null, created: created.created });
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
    // The demo data's webhook, switched off by its target.
    const demo = (list.json() as Json[]).find((x) => x.url === 'https://crm.example.com/hooks/vr-arena')!;
    expect(demo).toMatchObject({ active: false, disabled_reason: 'HTTP 410 Gone' });
    expect((await deliveriesOf(demo.id)).map((d) => [d.event, d.status, d.log.map((a: Json) => a.status_code)])).toEqual([
      ['order.cancelled', 'gone', [410]], ['payment.created', 'delivered', [503, 200]],
    ]);

    const put = await h.call('PUT', `/api/v2.1/webhook/${created.id}/`, { token: w.tokens.admin, body: { url: `${rx.url}?v=2`, extra: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, url: `${rx.url}?v=2`, extra: false, active: true });
    expect(put.json().secret).toBeUndefined();

    // Role 20 and 10 at location 1: 403, also at location 3 where they have none (nobody's administrator); no token: 401.
    expect((await h.call('GET', HOOKS, { token: w.tokens.manager })).statusCode).toBe(403);
    expect((await h.call('POST', HOOKS, { token: w.tokens.staff, body: { url: rx.url } })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2.1/locations/3/webhooks/', { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await h.call('PUT', `/api/v2.1/webhook/${created.id}/`, { token: w.tokens.manager, body: { url: rx.url } })).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v2.1/webhook/${created.id}/deliveries/`, { token: w.tokens.staff })).statusCode).toBe(403);
    expect((await h.call('GET', HOOKS)).statusCode).toBe(401);

    expect((await h.call('DELETE', `/api/v2.1/webhook/${created.id}/`, { token: w.tokens.manager })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/v2.1/webhook/${created.id}/`, { token: w.tokens.admin })).statusCode).toBe(204);
    expect((await h.call('DELETE', `/api/v2.1/webhook/${created.id}/`, { token: w.tokens.admin })).statusCode).toBe(404);
  });

  it('refuses a second webhook with the same URL at a location, with a field error in ru and en (#25)', async () => {
    const url = `${rx.url}?dup=1`;
    const first = await createHook({ url });
    const again = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url }, lang: 'en' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ url: ['This location already has a webhook with this URL.'] });
    // The same address written another way (the host's case) is the same webhook.
    const upper = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: url.replace('127.0.0.1', '127.0.0.1').replace('http://', 'HTTP://') }, lang: 'ru' });
    expect(upper.json()).toEqual({ url: ['У этой локации уже есть вебхук с таким адресом.'] });
    // Another location may have it; a change onto another webhook's URL is refused, keeping its own is not.
    expect((await h.call('POST', '/api/v2.1/locations/2/webhooks/', { token: w.tokens.admin, body: { url } })).statusCode).toBe(201);
    const second = await createHook({ url: `${rx.url}?dup=2` });
    expect((await h.call('PUT', `/api/v2.1/webhook/${second.id}/`, { token: w.tokens.admin, body: { url, extra: false } })).statusCode).toBe(400);
    expect((await h.call('PUT', `/api/v2.1/webhook/${first.id}/`, { token: w.tokens.admin, body: { url, extra: true } })).statusCode).toBe(200);
    // Two at once: one is saved.
    const racing = await Promise.all([1, 2].map(() => h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: `${rx.url}?dup=3` } })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('sends a signed test event on request and answers the receiver\'s result; it is in the delivery log (#25)', async () => {
    const hook = await createHook({ url: `${rx.url}?test=1` });
    const before = rx.got.length;
    const res = await h.call('POST', `/api/v2.1/webhook/${hook.id}/test/`, { token: w.tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status_code: 200, error: null, delivery_id: expect.any(Number) });
    const got = rx.got.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.json).toMatchObject({ event: 'webhook.test', location_id: 1, data: { webhook_id: hook.id } });
    expect(got[0]!.headers['x-webhook-event']).toBe('webhook.test');
    expect(got[0]!.headers['x-webhook-signature']).toBe(`sha256=${crypto.createHmac('sha256', hook.secret).update(got[0]!.body).digest('hex')}`);
    expect((await deliveriesOf(hook.id)).map((d) => [d.event, d.status, d.log.map((a: Json) => a.status_code)])).toEqual([['webhook.test', 'delivered', [200]]]);
    // A receiver that refuses: the answer says so, nothing is retried.
    rx.answer(() => ({ status: 500, body: 'down' }));
    const failed = (await h.call('POST', `/api/v2.1/webhook/${hook.id}/test/`, { token: w.tokens.admin })).json();
    rx.answer(() => ({ status: 200, body: 'thanks' }));
    expect(failed).toMatchObject({ ok: false, status_code: 500 });
    // Administrators of the location only.
    expect((await h.call('POST', `/api/v2.1/webhook/${hook.id}/test/`, { token: w.tokens.manager })).statusCode).toBe(403);
  });

  it('requires a full http(s) url and a boolean extra, in ru and en', async () => {
    let res = await h.call('POST', HOOKS, { token: w.tokens.admin, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ url: ['This field is required.'] });
    res = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: '' }, lang: 'ru' });
    expect(res.json()).toEqual({ url: ['Это поле не может быть пустым.'] });
    res = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: 'ftp://example.com/x', extra: 'yes' }, lang: 'en' });
    expect(res.json()).toEqual({ extra: ['Must be a valid boolean.'] });
    res = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: 'ftp://example.com/x' }, lang: 'en' });
    expect(res.json()).toEqual({ url: ['Enter a full http or https URL.'] });
    res = await h.call('POST', HOOKS, { token: w.tokens.admin, body: { url: 'not a url' }, lang: 'ru' });
    expect(res.json()).toEqual({ url: ['Укажите полный адрес http или https.'] });
  });
});

describe('SSRF guard', () => {
  it('knows private, loopback, link-local and reserved addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2a00:1450:4001:80b::200e', '172.32.0.1']) expect(isPublicAddress(a), a).toBe(true);
  });

  // Issue #16: IPv6 spellings of loopback and private IPv4 addresses passed as public.
  const IPV6_FORMS = [
    '::127.0.0.1', '::7f00:1', '::ffff:0:127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:127.0.0.1',
    '2002:7f00:1::', '2002:c0a8:101::1', '2002:a00:1::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001::1',
    '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b:1::a00:1', '::10.0.0.1', '::169.254.169.254', 'fe80::1%eth0', 'fec0::1', '100::1', '2001:db8::1',
  ];

  it('judges every IPv6 form by the IPv4 address it carries, or refuses it whole', () => {
    for (const a of IPV6_FORMS) expect(isPublicAddress(a), a).toBe(false);
    // The same forms around a public IPv4 address are public where the form has a public use.
    for (const a of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses each IPv6 form of a local address as a target, when saving and when delivering', async () => {
    const strictDeps = { db: h.database.db, pool: h.database.pool, config: { ...h.config, webhookAllowPrivate: false }, mailer: { send: async () => {} } };
    const strict = await buildApp(strictDeps);
    try {
      for (const a of IPV6_FORMS.filter((x) => !x.includes('%'))) {
        const url = `http://[${a}]:${new URL(rx.url).port}/hook`;
        const res = await strict.inject({ method: 'POST', url: HOOKS, headers: { authorization: `Token ${w.tokens.admin}`, 'accept-language': 'en' }, payload: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ url: ['This address is private or local; webhooks cannot be sent there.'] });
        expect(await targetProblem(url, false), url).toBe('webhook_url_private');
        // At delivery the connection is refused before it is made.
        const sent = await postOnce(url, '{}', {}, false);
        expect(sent, url).toMatchObject({ statusCode: null, error: expect.stringMatching(/^refused: /) });
      }
    } finally {
      await strict.close();
    }
  });

  it('refuses private targets when saving and when delivering, unless the server allows them', async () => {
    // The same database behind a server that does not allow private targets (the default).
    const strictDeps = { db: h.database.db, pool: h.database.pool, config: { ...h.config, webhookAllowPrivate: false }, mailer: { send: async () => {} } };
    const strict = await buildApp(strictDeps);
    try {
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]/', 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data',
        'http://[::ffff:127.0.0.1]/', 'http://0x7f000001/', 'http://2130706433/', 'https://192.168.0.10/']) {
        const res = await strict.inject({ method: 'POST', url: HOOKS, headers: { authorization: `Token ${w.tokens.admin}`, 'accept-language': 'en' }, payload: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ url: ['This address is private or local; webhooks cannot be sent there.'] });
      }
      expect(await targetProblem('http://localhost/', true)).toBeNull();
      expect(await targetProblem('http://no-such-host.invalid/', false)).toBe('webhook_url_unresolvable');

      // A webhook saved while private targets were allowed is still refused at delivery time:
      // the connection's own address lookup is checked, and nothing reaches the receiver.
      const hook = await createHook({ url: rx.url.replace('127.0.0.1', 'localhost') });
      await onlyHooks(hook.id);
      const before = rx.got.length;
      await book(w, bookingBody(w.pg.cube2, freshSession()));
      const worker = createJobWorker(strictDeps, strict.log);
      await worker.runDue();
      expect(rx.got.length).toBe(before);
      const [d] = await deliveriesOf(hook.id);
      expect(d).toMatchObject({ event: 'order.created', status: 'pending', attempts: 1 });
      expect(d!.log).toEqual([{ at: expect.any(String), status_code: null, duration_ms: expect.any(Number), response_excerpt: '', error: expect.stringMatching(/^refused: (127\.0\.0\.1|::1) is a private or local address$/) }]);
    } finally {
      await strict.close();
    }
  });
});

describe('delivery', () => {
  it('posts each event signed with the webhook secret, and logs every attempt', async () => {
    const plain = await createHook({ url: `${rx.url}?case=214`, extra: false });
    const extra = await createHook({ url: `${rx.url}/extra`, extra: true });
    await onlyHooks(plain.id, extra.id);
    const start = rx.got.length;

    const session = freshSession();
    const orderId = await book(w, bookingBody(w.pg.cube2, session, { persons: 2, name: 'Webhook Guest' }));
    // The change is committed but nothing is sent before the worker runs.
    expect(rx.got.length).toBe(start);
    await h.runJobs();
    const created = rx.got.slice(start);
    expect(created).toHaveLength(2);
    for (const r of created) {
      const secret = r.json.data.order.name ? extra.secret : plain.secret;
      expect(r.headers['x-webhook-signature']).toBe(hmac(secret, r.body));
      expect(r.headers['x-webhook-delivery']).toMatch(/^\d+$/);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-webhook-event']).toBe('order.created');
      expect(r.json).toMatchObject({ event: 'order.created', location_id: 1, event_id: created[0]!.json.event_id });
      expect(r.json.data.order).toMatchObject({ id: orderId, status: 2, persons: 2, purchase: '1900.00', paid: '0.00', playsessions: [{ playground_id: w.pg.cube2, session_dt: session, duration: 60 }] });
    }
    // Contacts only for the webhook with extra.
    expect(created.find((r) => r.json.data.order.name)!.json.data.order).toMatchObject({ name: 'Webhook Guest', phone: '+79995550000', email: 'guest@example.com' });
    expect(created.filter((r) => r.json.data.order.name)).toHaveLength(1);

    // Changed, paid (a payment, then fully paid), cancelled: in the order they happened.
    expect((await h.call('PUT', `/api/v2.1/booking/${orderId}/`, { token: w.tokens.staff, body: bookingBody(w.pg.cube2, session, { persons: 3 }) })).statusCode).toBe(200);
    expect((await h.call('POST', `/api/v2.1/booking/${orderId}/pay/`, { token: w.tokens.staff, body: { payment_type: 2, purchase: '900' } })).statusCode).toBe(201);
    expect((await h.call('POST', `/api/v2.1/booking/${orderId}/pay/`, { token: w.tokens.staff, body: { payment_type: 6, purchase: '1000' } })).statusCode).toBe(201);
    expect((await h.call('DELETE', `/api/v2.1/booking/${orderId}/`, { token: w.tokens.staff })).statusCode).toBe(204);
    await h.runJobs();
    const plainEvents = rx.got.slice(start).filter((r) => r.headers['x-webhook-signature'] === hmac(plain.secret, r.body));
    expect(plainEvents.map((r) => r.json.event)).toEqual([
      'order.created', 'order.changed', 'payment.created', 'payment.created', 'order.paid', 'order.cancelled',
    ]);
    const paidEvent = plainEvents.find((r) => r.json.event === 'order.paid')!;
    expect(paidEvent.json.data.order).toMatchObject({ id: orderId, status: 6, paid: '1900.00' });
    const payment = plainEvents.filter((r) => r.json.event === 'payment.created').map((r) => r.json.data.payment);
    expect(payment.map((p) => [p.order_id, p.payment_type, p.purchase, p.status])).toEqual(
      expect.arrayContaining([[orderId, 2, '900.00', 'paid'], [orderId, 6, '1000.00', 'paid']]));
    expect(plainEvents.find((r) => r.json.event === 'order.cancelled')!.json.data.order.status).toBe(4);

    // Certificate activated at location 1.
    const [admin] = await h.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const act = await h.call('POST', `/api/v2.2/certificate/${w.certs.notPaid}/activate/`, {
      token: w.tokens.admin, body: { seller: admin!.uid, name: 'Ivan', phone: '+79990001111', email: 'ivan@example.com', location_id: 1 },
    });
    expect(act.statusCode, act.body).toBe(200);
    await h.runJobs();
    const certEvents = rx.got.slice(start).filter((r) => r.json.event === 'certificate.activated');
    expect(certEvents).toHaveLength(2);
    expect(certEvents.find((r) => r.json.data.certificate.booked_by)!.json.data.certificate)
      .toMatchObject({ unique_number: w.certs.notPaid, status: 'ACTIVE', rate: '2000.00', booked_by: { name: 'Ivan' } });

    // The log: every delivery delivered at its first attempt, with status, excerpt and duration.
    const log = await deliveriesOf(plain.id);
    expect(log.map((d) => d.event)).toEqual(['certificate.activated', 'order.cancelled', 'order.paid', 'payment.created', 'payment.created', 'order.changed', 'order.created']);
    for (const d of log) {
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null, delivered_at: expect.any(String) });
      expect(d.log).toEqual([{ at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), response_excerpt: 'thanks', error: null }]);
    }
  });

  it('a payment link that the provider settles sends payment.settled, also for a prepayment; a declined one payment.failed', async () => {
    const hook = await createHook({ url: `${rx.url}?case=278`, extra: false });
    await onlyHooks(hook.id);
    const start = rx.got.length;
    const session = freshSession();
    const orderId = (await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, session) })).json().id;
    // Two links of part of the price each (a prepayment, then the rest), from the pay call.
    const first = (await h.call('POST', `/api/v2.1/booking/${orderId}/pay/`, { token: w.tokens.staff, body: { payment_type: 4, purchase: '500' } })).json();
    const second = (await h.call('POST', `/api/v2.1/booking/${orderId}/pay/`, { token: w.tokens.staff, body: { payment_type: 4, purchase: '300' } })).json();
    const settle = (url: string, outcome: 'paid' | 'declined') => {
      const body = { external_id: `sandbox-${/([0-9a-f]{32})$/.exec(url)![1]}`, outcome };
      return h.call('POST', '/api/v2.1/payments/sandbox/callback/', { body, headers: { 'x-sandbox-signature': sandboxSignature(h.config.paymentSandboxSecret, JSON.stringify(body)) } });
    };
    expect((await settle(first.payment_url, 'paid')).json()).toEqual({ result: 'settled' });
    expect((await settle(second.payment_url, 'declined')).json()).toEqual({ result: 'settled' });
    await h.runJobs();
    const events = rx.got.slice(start).map((r) => [r.json.event, r.json.data.payment?.id, r.json.data.payment?.status]);
    expect(events).toEqual([
      ['order.created', undefined, undefined], ['payment.created', first.id, 'processing'], ['payment.created', second.id, 'processing'],
      ['payment.settled', first.id, 'paid'], ['payment.failed', second.id, 'failed'],
    ]);
  });

  it('writes nothing when the change is rolled back, and nothing for other locations', async () => {
    const hook = await createHook({ url: `${rx.url}?case=301` });
    await onlyHooks(hook.id);
    const bad = await h.call('POST', '/api/v2.1/booking/', { token: w.tokens.staff, body: bookingBody(w.pg.cube2, freshSession(), { persons: 99 }) });
    expect(bad.statusCode).toBe(400);
    // A booking at location 2 (admin has a role there).
    const res = await h.call('POST', '/api/v2.1/locations/2/payments/', { token: w.tokens.admin, body: { purchase: '10' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  it('retries with growing delays for about three days, then gives up', async () => {
    const hook = await createHook({ url: `${rx.url}?case=312` });
    await onlyHooks(hook.id);
    rx.answer(() => ({ status: 503, body: 'busy '.repeat(200) }));
    try {
      const res = await h.call('POST', '/api/v2.1/locations/1/payments/', { token: w.tokens.admin, body: { purchase: '5' } });
      expect(res.statusCode).toBe(201);
      const [{ id }] = await deliveriesOf(hook.id);
      const delays: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const before = Date.now();
        await h.runJobs();
        const [row] = await h.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        expect(row!.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(row!.status).toBe('pending');
          delays.push(Math.round((row!.nextAttemptAt!.getTime() - before) / 60_000));
          // Time passes: the next attempt's job becomes due.
          const moved = await h.database.db.update(jobs).set({ runAt: new Date() })
            .where(and(eq(jobs.kind, 'webhook.deliver'), isNull(jobs.doneAt), sql`${jobs.payload}->>'deliveryId' = ${String(id)}`)).returning();
          expect(moved).toHaveLength(1);
        } else {
          expect(row!.status).toBe('failed');
          expect(row!.nextAttemptAt).toBeNull();
        }
      }
      expect(delays).toEqual([...RETRY_DELAYS_MINUTES]);
      for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
      const total = delays.reduce((a, b) => a + b, 0) / 60;
      expect(total).toBeGreaterThan(66);
      expect(total).toBeLessThan(78);
      const [d] = await deliveriesOf(hook.id);
      expect(d!.log).toHaveLength(MAX_ATTEMPTS);
      expect(d!.log[0]).toMatchObject({ status_code: 503, error: null });
      expect(d!.log[0].response_excerpt).toHaveLength(500);
    } finally {
      rx.answer(() => ({ status: 200, body: 'thanks' }));
    }
  });

  it('switches a webhook off when its target answers 410; resend works once it is on again', async () => {
    const hook = await createHook({ url: `${rx.url}?case=352` });
    await onlyHooks(hook.id);
    rx.answer(() => ({ status: 410, body: 'gone' }));
    try {
      await h.call('POST', '/api/v2.1/locations/1/payments/', { token: w.tokens.admin, body: { purchase: '7' } });
      await h.runJobs();
    } finally {
      rx.answer(() => ({ status: 200, body: 'thanks' }));
    }
    const [gone] = await deliveriesOf(hook.id);
    expect(gone).toMatchObject({ status: 'gone', attempts: 1 });
    const list = (await h.call('GET', HOOKS, { token: w.tokens.admin })).json() as Json[];
    expect(list.find((x) => x.id === hook.id)).toMatchObject({ active: false, disabled_reason: 'HTTP 410 Gone' });
    // No new deliveries for a switched-off webhook, and no resend.
    await h.call('POST', '/api/v2.1/locations/1/payments/', { token: w.tokens.admin, body: { purchase: '8' } });
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    const refused = await h.call('POST', `/api/v2.1/webhook/${hook.id}/deliveries/${gone!.id}/resend/`, { token: w.tokens.admin, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['The webhook is switched off; switch it on before resending.'] });

    const on = await h.call('PUT', `/api/v2.1/webhook/${hook.id}/`, { token: w.tokens.admin, body: { url: rx.url, extra: false, active: true } });
    expect(on.json()).toMatchObject({ active: true, disabled_reason: null });
    const before = rx.got.length;
    const resent = await h.call('POST', `/api/v2.1/webhook/${hook.id}/deliveries/${gone!.id}/resend/`, { token: w.tokens.admin });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0, resent_from: gone!.id, event: 'payment.created', body: gone!.body });
    await h.runJobs();
    expect(rx.got.slice(before).map((r) => r.body)).toEqual([gone!.body]);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ id: resent.json().id, status: 'delivered' });
    expect((await h.call('POST', `/api/v2.1/webhook/${hook.id}/deliveries/999999/resend/`, { token: w.tokens.admin })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v2.1/webhook/${hook.id}/deliveries/${gone!.id}/resend/`, { token: w.tokens.manager })).statusCode).toBe(403);
  });

  it('delivers each event once when several workers poll the outbox at the same time (SKIP LOCKED)', async () => {
    const hook = await createHook({ url: `${rx.url}?case=386` });
    await onlyHooks(hook.id);
    for (let i = 0; i < 6; i++) await h.call('POST', '/api/v2.1/locations/1/payments/', { token: w.tokens.admin, body: { purchase: String(20 + i) } });
    const before = rx.got.length;
    const deps = { db: h.database.db, pool: h.database.pool, config: h.config, mailer: { send: async () => {} } };
    const workers = [createJobWorker(deps, h.app.log), createJobWorker(deps, h.app.log), createJobWorker(deps, h.app.log)];
    await Promise.all(workers.map((wk) => wk.runDue()));
    const got = rx.got.slice(before).map((r) => r.json.data.payment.purchase).sort();
    expect(got).toEqual(['20.00', '21.00', '22.00', '23.00', '24.00', '25.00']);
    const log = await deliveriesOf(hook.id);
    expect(log.every((d) => d.status === 'delivered' && d.log.length === 1)).toBe(true);
  });
});

describe('outbox across a crash', () => {
  it('delivers an event whose server was killed between the change and the delivery, once the server is back', async () => {
    // A real server process on this test's database; the receiver is down at first.
    const port = await freePort();
    const rxPort = await freePort();
    const hook = await createHook({ url: `http://127.0.0.1:${rxPort}/crash` });
    await onlyHooks(hook.id);
    const dbUrl = new URL(h.database.pool.options.connectionString!).toString();
    const start = () => {
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE: 'true',
          DATA_DIR: path.join(os.tmpdir(), `webhook-crash-${port}`), WEB_DIR: path.join(os.tmpdir(), 'no-web-build') },
        stdio: 'ignore',
      });
      return child;
    };
    const waitUp = async () => {
      for (let i = 0; i < 300; i++) {
        try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return; } catch { /* not yet */ }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start');
    };
    const first = start();
    let second: ChildProcess | undefined;
    let late: Receiver | undefined;
    try {
      await waitUp();
      const res = await fetch(`http://127.0.0.1:${port}/api/v2.1/locations/1/payments/`, {
        method: 'POST', headers: { authorization: `Token ${w.tokens.admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ purchase: '42' }),
      });
      expect(res.status).toBe(201);
      // Killed at once: whether or not its worker tried (the receiver is down), the event waits in the outbox.
      const dead = new Promise((r) => first.on('exit', r));
      first.kill('SIGKILL');
      await dead;
      const [pending] = await deliveriesOf(hook.id);
      expect(pending).toMatchObject({ event: 'payment.created', status: 'pending' });
      // Its retry time comes (we do not wait the minute), the receiver is up, the server starts again.
      await h.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, 'webhook.deliver'), isNull(jobs.doneAt)));
      late = await startReceiver(rxPort);
      second = start();
      await waitUp();
      for (let i = 0; i < 100 && late.got.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(late.got.map((r) => r.json.data.payment.purchase)).toEqual(['42.00']);
      expect(late.got[0]!.headers['x-webhook-signature']).toBe(hmac(hook.secret, late.got[0]!.body));
      // The server writes "delivered" once the receiver's answer is in: a moment after the receiver has the body.
      await expect.poll(async () => (await deliveriesOf(hook.id))[0]!.status, { timeout: 5000 }).toBe('delivered');
    } finally {
      if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
      if (second) {
        const exited = new Promise((r) => second!.on('exit', r));
        second.kill('SIGTERM');
        await exited;
      }
      await late?.close();
      fs.rmSync(path.join(os.tmpdir(), `webhook-crash-${port}`), { recursive: true, force: true });
    }
  }, 60_000);
});
