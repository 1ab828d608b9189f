// #29 A local YooKassa (API v3) for the tests: the documented subset the product uses, over real HTTP.
// POST/GET /v3/payments, POST /v3/payments/{id}/capture and /cancel (#38: a two-stage payment, capture
// false, waits for capture once the customer paid: waiting_for_capture, then we take it or let it go),
// POST/GET /v3/refunds, POST/GET /v3/receipts, GET /v3/me; HTTP Basic auth
// (shop id : secret key, 401 otherwise); an Idempotence-Key required on every POST, and a repeated key
// answered with the same object (YooKassa keeps keys 24 hours); a payment's receipt items must add up
// to its amount. A test marks a payment paid (succeeded, or waiting_for_capture for a two-stage one)
// or canceled (what the customer did on YooKassa's page) and builds or sends the notification YooKassa
// would send. A shop's payments are test ones (`test: true`, as a test shop's) unless the shop is in
// `liveShops`. Every request is kept for assertions.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, any>;

export interface SeenRequest { method: string; path: string; auth: string | null; shopId: string | null; idempotenceKey: string | null; body: Json | null }

export interface LocalYooKassa {
  /** The API base, as YOOKASSA_API_URL takes it (…/v3). */
  url: string;
  /** Shops it accepts: shop id -> secret key. */
  shops: Map<string, string>;
  /** #38 Shops whose payments are real (`test: false`); the others' are test payments, as a test shop's. */
  liveShops: Set<string>;
  payments: Map<string, Json>;
  requests: SeenRequest[];
  refunds: Map<string, Json>;
  /** Receipts made with POST /receipts (a prepayment's settlement). */
  receipts: Map<string, Json>;
  /** The tax service's word on a receipt: a payment's (its receipt_registration) or a receipt's (its status). */
  registerReceipt(id: string, status: 'succeeded' | 'canceled'): Json;
  /** How the next refunds end: succeeded (YooKassa's usual), pending (until `settleRefund`), canceled. */
  refundOutcome: 'succeeded' | 'pending' | 'canceled';
  settleRefund(id: string, status: 'succeeded' | 'canceled'): Json;
  /** A refund made in YooKassa's dashboard (no API call of ours). */
  dashboardRefund(paymentId: string, value: string): Json;
  /** The customer paid: a two-stage payment (capture false) waits for capture, another succeeds. */
  succeed(id: string): Json;
  cancel(id: string): Json;
  /** The body of YooKassa's notification about a payment (its current state, or a made-up event). */
  notification(id: string, event?: string): Json;
  /** Sends the notification to `url` over HTTP, as YooKassa does. */
  notify(url: string, id: string, event?: string): Promise<number>;
  close(): Promise<void>;
}

/** The one shop of the e2e run's local YooKassa (serve-yookassa.ts), which the spec enters on the tools page. */
export const E2E_YOOKASSA_SHOP = { shopId: '510042', secretKey: 'test_e2e_local_secret' };

const money = /^\d{1,10}(\.\d{1,2})?$/;
const cents = (v: string) => Math.round(Number(v) * 100);

/**
 * `port`: a fixed one (the e2e run's, E2E_PORT + 60); `notifyUrl`: where the checkout page's "Pay"
 * sends YooKassa's notification (the app's /api/v2.1/payments/yookassa/notifications/).
 */
export async function startLocalYooKassa(opts: { port?: number; notifyUrl?: string } = {}): Promise<LocalYooKassa> {
  const shops = new Map<string, string>();
  const liveShops = new Set<string>();
  const payments = new Map<string, Json>();
  const owner = new Map<string, string>();
  const replays = new Map<string, Json>();
  const requests: SeenRequest[] = [];
  const refunds = new Map<string, Json>();
  const refunded = (paymentId: string) => [...refunds.values()].filter((r) => r.payment_id === paymentId && r.status !== 'canceled')
    .reduce((s, r) => s + cents(r.amount.value), 0);
  const makeRefund = (p: Json, amount: Json, status: string, receipt: boolean) => {
    const refund = { id: `${crypto.randomBytes(4).toString('hex')}-0015-5000-8000-${crypto.randomBytes(6).toString('hex')}`, payment_id: p.id, status, amount,
      created_at: new Date().toISOString(), ...(receipt ? { receipt_registration: 'pending' } : {}),
      ...(status === 'canceled' ? { cancellation_details: { party: 'yoo_money', reason: 'rejected_by_payee' } } : {}) };
    refunds.set(refund.id, refund);
    return refund;
  };
  const receipts = new Map<string, Json>();
  const state = { refundOutcome: 'succeeded' as 'succeeded' | 'pending' | 'canceled' };

  const error = (res: http.ServerResponse, status: number, code: string, description: string) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', id: crypto.randomUUID(), code, description }));
  };
  const send = (res: http.ServerResponse, status: number, body: Json) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const path = (req.url ?? '').replace(/\?.*$/, '');
      const authHeader = req.headers.authorization ?? null;
      const [user, pass] = authHeader?.startsWith('Basic ') ? Buffer.from(authHeader.slice(6), 'base64').toString().split(':') : [];
      let body: Json | null = null;
      try { body = raw ? JSON.parse(raw) : null; } catch { return error(res, 400, 'invalid_request', 'not JSON'); }
      // The customer's side (the e2e's browser): the confirmation page, and its "Pay", which settles the
      // payment, sends the notification and goes back to the shop's return_url, as YooKassa's page does.
      const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
      if (checkout) return customerPage(res, req.method!, decodeURIComponent(checkout[1]!), !!checkout[2]);
      const key = (req.headers['idempotence-key'] as string | undefined) ?? null;
      requests.push({ method: req.method!, path, auth: authHeader, shopId: user ?? null, idempotenceKey: key, body });
      if (!user || shops.get(user) !== pass) return error(res, 401, 'invalid_credentials', 'Authentication by given credentials failed');
      if (req.method === 'POST') {
        if (!key) return error(res, 400, 'invalid_request', 'Idempotence-Key header is required');
        const replay = replays.get(`${user}:${key}`);
        if (replay) return send(res, 200, replay);
      }
      const remember = (obj: Json) => { if (key) replays.set(`${user}:${key}`, obj); return send(res, 200, obj); };

      if (req.method === 'GET' && path === '/v3/me') return send(res, 200, { account_id: user, test: true, fiscalization_enabled: true, status: 'enabled' });
      if (req.method === 'POST' && path === '/v3/payments') {
        const amount = body?.amount;
        if (!amount || !money.test(String(amount.value)) || !/^[A-Z]{3}$/.test(String(amount.currency))) return error(res, 400, 'invalid_request', 'amount');
        if (body?.confirmation?.type !== 'redirect' || !body.confirmation.return_url) return error(res, 400, 'invalid_request', 'confirmation');
        if (body.receipt) {
          const items = body.receipt.items as Json[];
          const sum = items.reduce((s, i) => s + cents(i.amount.value) * Number(i.quantity), 0);
          if (sum !== cents(amount.value)) return error(res, 400, 'invalid_request', `receipt items add up to ${sum / 100}, not ${amount.value}`);
          if (!body.receipt.customer?.email && !body.receipt.customer?.phone) return error(res, 400, 'invalid_request', 'receipt.customer');
        }
        const id = `${crypto.randomBytes(4).toString('hex')}-000f-5000-9000-${crypto.randomBytes(6).toString('hex')}`;
        const base = `http://${req.headers.host}`;
        // `capture` is true unless sent false (YooKassa's default).
        if (body.capture !== undefined && typeof body.capture !== 'boolean') return error(res, 400, 'invalid_request', 'capture');
        const payment = {
          id, status: 'pending', paid: false, amount, description: body.description, metadata: body.metadata ?? {}, capture: body.capture !== false,
          recipient: { account_id: user, gateway_id: '1' }, created_at: new Date().toISOString(), test: !liveShops.has(user), refundable: false,
          confirmation: { type: 'redirect', return_url: body.confirmation.return_url, confirmation_url: `${base}/checkout/${id}` },
          ...(body.receipt ? { receipt_registration: 'pending' } : {}),
        };
        payments.set(id, payment);
        owner.set(id, user);
        return remember(payment);
      }
      const m = /^\/v3\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const p = payments.get(decodeURIComponent(m[1]!));
        // Another shop's payment is as unknown as one that does not exist.
        if (!p || owner.get(p.id) !== user) return error(res, 404, 'not_found', 'Payment not found');
        return send(res, 200, p);
      }
      // #38 https://yookassa.ru/developers/api#capture_payment and #cancel_payment: only a payment
      // waiting for capture; a capture takes at most the amount held (a smaller one is partial).
      const hm = /^\/v3\/payments\/([^/]+)\/(capture|cancel)$/.exec(path);
      if (req.method === 'POST' && hm) {
        const p = payments.get(decodeURIComponent(hm[1]!));
        if (!p || owner.get(p.id) !== user) return error(res, 404, 'not_found', 'Payment not found');
        if (p.status !== 'waiting_for_capture') return error(res, 400, 'invalid_request', `Payment is in ${p.status} status`);
        if (hm[2] === 'cancel') {
          Object.assign(p, { status: 'canceled', paid: false, cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } });
          return remember(p);
        }
        const amount = body?.amount ?? p.amount;
        if (!money.test(String(amount.value)) || amount.currency !== p.amount.currency || cents(amount.value) > cents(p.amount.value)) {
          return error(res, 400, 'invalid_request', 'amount');
        }
        Object.assign(p, { status: 'succeeded', paid: true, amount: { value: amount.value, currency: amount.currency }, captured_at: new Date().toISOString(), refundable: true });
        return remember(p);
      }
      if (req.method === 'POST' && path === '/v3/refunds') {
        const p = payments.get(String(body?.payment_id));
        if (!p || owner.get(p.id) !== user || p.status !== 'succeeded') return error(res, 400, 'invalid_request', 'payment_id');
        const amount = body!.amount;
        if (!amount || !money.test(String(amount.value)) || amount.currency !== p.amount.currency) return error(res, 400, 'invalid_request', 'amount');
        // Never more than what is left of the payment.
        if (cents(amount.value) + refunded(p.id) > cents(p.amount.value)) return error(res, 400, 'invalid_request', 'amount exceeds the refundable amount');
        if (body!.receipt) {
          const sum = (body!.receipt.items as Json[]).reduce((s, i) => s + cents(i.amount.value) * Number(i.quantity), 0);
          if (sum !== cents(amount.value)) return error(res, 400, 'invalid_request', `receipt items add up to ${sum / 100}, not ${amount.value}`);
        }
        return remember(makeRefund(p, amount, state.refundOutcome, !!body!.receipt));
      }
      const rm = /^\/v3\/refunds\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && rm) {
        const r = refunds.get(decodeURIComponent(rm[1]!));
        if (!r || owner.get(r.payment_id) !== user) return error(res, 404, 'not_found', 'Refund not found');
        return send(res, 200, r);
      }
      if (req.method === 'POST' && path === '/v3/receipts') {
        if (!['payment', 'refund'].includes(body?.type) || !Array.isArray(body!.items) || !body!.items.length) return error(res, 400, 'invalid_request', 'receipt');
        if (!body!.customer?.email && !body!.customer?.phone) return error(res, 400, 'invalid_request', 'customer');
        if (typeof body!.send !== 'boolean' || !Array.isArray(body!.settlements) || !body!.settlements.length) return error(res, 400, 'invalid_request', 'settlements');
        const p = payments.get(String(body!.payment_id));
        if (body!.payment_id !== undefined && (!p || owner.get(p.id) !== user)) return error(res, 400, 'invalid_request', 'payment_id');
        // The settlements add up to the items, to the kopeck.
        const items = (body!.items as Json[]).reduce((s, i) => s + cents(i.amount.value) * Number(i.quantity), 0);
        const settled = (body!.settlements as Json[]).reduce((s, x) => s + cents(x.amount.value), 0);
        if (items !== settled) return error(res, 400, 'invalid_request', `settlements add up to ${settled / 100}, not ${items / 100}`);
        const receipt = { id: `${crypto.randomBytes(4).toString('hex')}-0019-5000-9000-${crypto.randomBytes(6).toString('hex')}`, type: body!.type,
          status: 'pending', payment_id: body!.payment_id, items: body!.items, settlements: body!.settlements };
        receipts.set(receipt.id, receipt);
        owner.set(receipt.id, user);
        return remember(receipt);
      }
      const cm = /^\/v3\/receipts\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && cm) {
        const r = receipts.get(decodeURIComponent(cm[1]!));
        if (!r || owner.get(r.id) !== user) return error(res, 404, 'not_found', 'Receipt not found');
        return send(res, 200, r);
      }
      return error(res, 404, 'not_found', 'no such method');
    });
  });
  const customerPage = (res: http.ServerResponse, method: string, id: string, pay: boolean) => {
    const p = payments.get(id);
    if (!p) return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such payment');
    if (method === 'POST' && pay) {
      if (p.status === 'pending') mark(id, 'paid');
      const back = () => res.writeHead(303, { location: p.confirmation.return_url }).end();
      if (!opts.notifyUrl) return back();
      // YooKassa answers the customer first and notifies on its own; here after the notification, so the test has no race.
      return void fetch(opts.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification(id)) })
        .catch(() => undefined).then(back);
    }
    const amount = `${p.amount.value} ${p.amount.currency}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Local YooKassa</title></head><body>
<h1>Local YooKassa (test)</h1><p data-testid="checkout-amount">${amount}</p><p data-testid="checkout-status">${p.status}</p>
<form method="post" action="/checkout/${encodeURIComponent(id)}/pay"><button type="submit">Pay</button></form></body></html>`);
  };
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;

  const mark = (id: string, status: 'paid' | 'canceled') => {
    const p = payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    if (status === 'canceled') return Object.assign(p, { status, paid: false, cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } });
    // Two-stage: the money is held for the shop to capture or cancel (paid is true already).
    if (!p.capture) return Object.assign(p, { status: 'waiting_for_capture', paid: true });
    return Object.assign(p, { status: 'succeeded', paid: true, captured_at: new Date().toISOString(), refundable: true });
  };
  const notification = (id: string, event?: string) => {
    const r = refunds.get(id);
    if (r) return { type: 'notification', event: event ?? `refund.${r.status}`, object: r };
    const p = payments.get(id) ?? { id, status: 'succeeded' };
    return { type: 'notification', event: event ?? `payment.${p.status === 'pending' ? 'succeeded' : p.status}`, object: p };
  };
  return {
    url, shops, liveShops, payments, requests, refunds, receipts,
    registerReceipt: (id, status) => {
      const r = receipts.get(id);
      if (r) return Object.assign(r, { status });
      return Object.assign(payments.get(id)!, { receipt_registration: status });
    },
    get refundOutcome() { return state.refundOutcome; },
    set refundOutcome(v) { state.refundOutcome = v; },
    settleRefund: (id, status) => Object.assign(refunds.get(id)!, { status }),
    dashboardRefund: (paymentId, value) => {
      const p = payments.get(paymentId)!;
      return makeRefund(p, { value, currency: p.amount.currency }, 'succeeded', false);
    },
    succeed: (id) => mark(id, 'paid'),
    cancel: (id) => mark(id, 'canceled'),
    notification,
    notify: async (target, id, event) => (await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification(id, event)) })).status,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
