// #29 A local Stripe for the tests: the documented subset the product's SDK calls, over real HTTP.
// POST /v1/checkout/sessions (form-encoded, Stripe's bracket notation), GET /v1/checkout/sessions/:id,
// GET /v1/balance (the check call); POST /v1/refunds, GET /v1/refunds/:id, GET /v1/checkout/sessions?payment_intent= (#29 refunds);
// POST /v1/checkout/sessions/:id/expire (a link closed on our side); Bearer auth with a secret key (401 otherwise, as Stripe answers);
// an Idempotency-Key on a POST answered again with the first answer (the same parameters) or refused
// (other parameters), as Stripe does for 24 hours. A test completes or expires a session (what the
// customer did on Stripe's page) and builds the events Stripe would send, signed as Stripe signs them
// (https://docs.stripe.com/webhooks#verify-manually). Every request is kept for assertions.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, any>;

export interface SeenStripeRequest { method: string; path: string; auth: string | null; idempotencyKey: string | null; contentType: string | null; form: Json | null }

export interface LocalStripe {
  /** The API base, as STRIPE_API_URL takes it. */
  url: string;
  /** Secret keys it accepts: key -> account id. */
  keys: Map<string, string>;
  sessions: Map<string, Json>;
  requests: SeenStripeRequest[];
  /** The customer paid on Checkout: complete, paid, with a payment intent and a charge. */
  complete(id: string): Json;
  expire(id: string): Json;
  /** The event Stripe would send about a session (a charge for charge.refunded, with its refunds list), as JSON text. */
  event(type: string, sessionId: string): string;
  /** Refunds made (through the API or the dashboard), by id. */
  refunds: Map<string, Json>;
  /** The status the next refunds get (Stripe's card refunds are mostly succeeded at once; pending until `settleRefund`). */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** A refund made in Stripe's dashboard of a paid session's payment (amount in minor units). */
  dashboardRefund(sessionId: string, amount: number): Json;
  close(): Promise<void>;
}

/**
 * Stripe-Signature for `payload`, as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`,
 * keyed with the endpoint's signing secret (the whole `whsec_…` text).
 */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Stripe's form encoding back into objects: `line_items[0][price_data][currency]=rub`. */
function decodeForm(raw: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: any = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export async function startLocalStripe(): Promise<LocalStripe> {
  const keys = new Map<string, string>();
  const sessions = new Map<string, Json>();
  const owner = new Map<string, string>();
  const replays = new Map<string, { raw: string; status: number; body: Json }>();
  const requests: SeenStripeRequest[] = [];
  const refunds = new Map<string, Json>();
  const refundOwner = new Map<string, string>();
  const state = { refundStatus: 'succeeded' as 'succeeded' | 'pending' | 'failed' };
  const sessionOfIntent = (pi: string) => [...sessions.values()].find((s) => s.payment_intent === pi);
  const refundedOf = (pi: string) => [...refunds.values()].filter((r) => r.payment_intent === pi && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
  const makeRefund = (s: Json, amount: number, metadata: Json) => {
    const status = state.refundStatus;
    const refund = {
      id: id('re'), object: 'refund', amount, currency: s.currency, payment_intent: s.payment_intent, charge: s._charge, status, metadata,
      failure_reason: status === 'failed' ? 'lost_or_stolen_card' : null, created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    refundOwner.set(refund.id, owner.get(s.id)!);
    return refund;
  };

  const send = (res: http.ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers }).end(JSON.stringify(body));
  const error = (res: http.ServerResponse, status: number, type: string, message: string, code?: string) =>
    send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const path = (req.url ?? '').replace(/\?.*$/, '');
      const auth = req.headers.authorization ?? null;
      const key = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const contentType = req.headers['content-type'] ?? null;
      const form = req.method === 'POST' ? decodeForm(raw) : null;
      requests.push({ method: req.method!, path, auth, idempotencyKey, contentType, form });
      const account = keys.get(key);
      if (!account) return error(res, 401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****`);
      const replayKey = idempotencyKey ? `${account}:${idempotencyKey}` : null;
      if (req.method === 'POST' && replayKey && replays.has(replayKey)) {
        const first = replays.get(replayKey)!;
        if (first.raw !== raw) return error(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        return send(res, first.status, first.body, { 'idempotent-replayed': 'true' });
      }
      const remember = (body: Json) => { if (replayKey) replays.set(replayKey, { raw, status: 200, body }); return send(res, 200, body); };

      if (req.method === 'GET' && path === '/v1/balance') return send(res, 200, { object: 'balance', available: [], pending: [], livemode: false });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (!/^application\/x-www-form-urlencoded/.test(contentType ?? '')) return error(res, 400, 'invalid_request_error', 'form-encoded body expected');
        const item = form?.line_items?.[0];
        const amount = item?.price_data?.unit_amount;
        if (form?.mode !== 'payment') return error(res, 400, 'invalid_request_error', 'mode', 'parameter_invalid_string');
        if (!item || !/^[1-9]\d*$/.test(String(amount)) || !/^[a-z]{3}$/.test(String(item.price_data.currency)) || !item.price_data.product_data?.name) {
          return error(res, 400, 'invalid_request_error', 'line_items', 'parameter_missing');
        }
        if (!form.success_url) return error(res, 400, 'invalid_request_error', 'success_url', 'parameter_missing');
        const now = Math.floor(Date.now() / 1000);
        const expires = form.expires_at ? Number(form.expires_at) : now + 24 * 3600;
        if (expires < now + 30 * 60 || expires > now + 24 * 3600) return error(res, 400, 'invalid_request_error', 'expires_at must be 30 minutes to 24 hours away', 'parameter_invalid_integer');
        const sid = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
        const session = {
          id: sid, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', livemode: false,
          amount_total: Number(amount) * Number(item.quantity ?? 1), currency: item.price_data.currency,
          client_reference_id: form.client_reference_id ?? null, metadata: form.metadata ?? {},
          success_url: form.success_url, cancel_url: form.cancel_url ?? null, expires_at: expires, created: now, payment_intent: null,
          url: `http://${req.headers.host}/c/pay/${sid}`,
          // Kept for the charge this session's payment makes (payment_intent_data.metadata).
          _intentMetadata: form.payment_intent_data?.metadata ?? {},
        };
        sessions.set(sid, session);
        owner.set(sid, account);
        const { _intentMetadata, ...answer } = session;
        return remember(answer);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const pi = String(form?.payment_intent ?? '');
        const s = sessionOfIntent(pi);
        if (!pi || !s || owner.get(s.id) !== account) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${pi}'`, 'resource_missing');
        const left = s.amount_total - refundedOf(pi);
        const amount = form?.amount === undefined ? left : Number(form.amount);
        if (!Number.isInteger(amount) || amount <= 0) return error(res, 400, 'invalid_request_error', 'amount', 'parameter_invalid_integer');
        if (left <= 0) return error(res, 400, 'invalid_request_error', 'already refunded', 'charge_already_refunded');
        if (amount > left) return error(res, 400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge', 'amount_too_large');
        return remember(makeRefund(s, amount, form?.metadata ?? {}));
      }
      const rm = /^\/v1\/refunds\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && rm) {
        const r = refunds.get(decodeURIComponent(rm[1]!));
        if (!r || refundOwner.get(r.id) !== account) return error(res, 404, 'invalid_request_error', `No such refund: '${rm[1]}'`, 'resource_missing');
        return send(res, 200, r);
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        const pi = new URL(req.url!, 'http://x').searchParams.get('payment_intent');
        const found = [...sessions.values()].filter((s) => owner.get(s.id) === account && (!pi || s.payment_intent === pi));
        const data = found.slice(0, 1).map(({ _intentMetadata, _charge, ...answer }) => answer);
        return send(res, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: found.length > 1, data });
      }
      // #29 A link we closed: only an open session can be expired (https://docs.stripe.com/api/checkout/sessions/expire).
      const xm = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === 'POST' && xm) {
        const s = sessions.get(decodeURIComponent(xm[1]!));
        if (!s || owner.get(s.id) !== account) return error(res, 404, 'invalid_request_error', `No such checkout.session: '${xm[1]}'`, 'resource_missing');
        if (s.status !== 'open') return error(res, 400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
        s.status = 'expired';
        const { _intentMetadata, _charge, ...answer } = s;
        return send(res, 200, answer);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const s = sessions.get(decodeURIComponent(m[1]!));
        // Another account's session is as unknown as one that does not exist.
        if (!s || owner.get(s.id) !== account) return error(res, 404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`, 'resource_missing');
        const { _intentMetadata, _charge, ...answer } = s;
        return send(res, 200, answer);
      }
      return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const session = (sid: string) => {
    const s = sessions.get(sid);
    if (!s) throw new Error(`no session ${sid}`);
    return s;
  };
  const event = (type: string, sid: string) => {
    const { _intentMetadata, _charge, ...s } = session(sid);
    // The charge with its refunds, newest first (https://docs.stripe.com/api/charges/object#charge_object-refunds).
    const list = [...refunds.values()].filter((r) => s.payment_intent && r.payment_intent === s.payment_intent).reverse();
    const refunded = s.payment_intent ? refundedOf(s.payment_intent) : 0;
    const object = type === 'charge.refunded'
      ? { id: _charge ?? id('ch'), object: 'charge', amount: s.amount_total, amount_refunded: refunded, currency: s.currency, refunded: refunded >= s.amount_total, payment_intent: s.payment_intent, metadata: _intentMetadata,
        refunds: { object: 'list', data: list, has_more: false, total_count: list.length, url: `/v1/charges/${_charge}/refunds` } }
      : s;
    return JSON.stringify({
      id: id('evt'), object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type, livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object },
    });
  };
  return {
    url, keys, sessions, requests, refunds,
    get refundStatus() { return state.refundStatus; },
    set refundStatus(v) { state.refundStatus = v; },
    dashboardRefund: (sid, amount) => makeRefund(session(sid), amount, {}),
    complete: (sid) => Object.assign(session(sid), { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), _charge: id('ch') }),
    expire: (sid) => Object.assign(session(sid), { status: 'expired' }),
    event,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
