// #29 Stripe through its official SDK (https://docs.stripe.com/api/checkout/sessions), the subset we
// use: a Checkout Session per link (mode payment, one line item in the currency's minor units), read
// back by its id; the balance as the "check connection" call. STRIPE_API_URL's scheme, host and port
// become the SDK's protocol/host/port (tests point it at tests/providers/stripe.ts).
import Stripe from 'stripe';
import { ApiError } from '../../platform/errors';
import { fromCents, toCents } from '../../../domain/pricing';
import { asFailure, ProviderHttpError, providerFailureParams } from './errors';
import type { LinkRequest, ProviderLink, ProviderPayment, ProviderRefund, ProviderState, RefundRequest } from './types';

export interface StripeAccount { apiUrl: string; secretKey: string }

const TIMEOUT_MS = 15_000;

export function stripeClient(account: StripeAccount): Stripe {
  const url = new URL(account.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(account.secretKey, {
    host: url.hostname, port: Number(url.port) || (protocol === 'http' ? 80 : 443), protocol,
    // One retry of a lost answer, with the same Idempotency-Key: answered with the same session.
    timeout: TIMEOUT_MS, maxNetworkRetries: 1, telemetry: false,
  });
}

// Stripe's amounts are integers in the currency's smallest unit (https://docs.stripe.com/currencies#zero-decimal):
// most currencies have cents, these none, and these three decimals (sent with a last digit of 0).
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** "1000.00" RUB is 100000; "1000.00" JPY is 1000 (a fraction of a yen cannot be charged: refused). */
export function minorUnits(amount: string, currency: string): number {
  const cents = toCents(amount);
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) {
    if (cents % 100 !== 0) throw new ProviderHttpError(400, `${currency.toUpperCase()} amounts are whole`, 'stripe');
    return cents / 100;
  }
  return THREE_DECIMAL.has(code) ? cents * 10 : cents;
}

/** Stripe's minor units back into our amount: 150050 RUB is "1500.50", 1000 JPY is "1000.00". */
export function fromMinorUnits(units: number, currency: string): string {
  const code = currency.toLowerCase();
  const cents = ZERO_DECIMAL.has(code) ? units * 100 : THREE_DECIMAL.has(code) ? Math.round(units / 10) : units;
  return fromCents(cents);
}

/** Stripe takes an expiry from 30 minutes to 24 hours after the session is made; a shorter hold still gets 30 (and a minute's margin for clocks). */
export function expiresAt(lifeMinutes: number, now = Date.now()): number {
  const seconds = Math.min(24 * 3600, Math.max(31 * 60, Math.round(lifeMinutes * 60)));
  return Math.floor(now / 1000) + seconds;
}

/** The SDK's errors as ours: Stripe's HTTP status (0: no answer) and its error code, never our key. */
function asHttp(err: unknown): unknown {
  if (err instanceof Stripe.errors.StripeError) return new ProviderHttpError(err.statusCode ?? 0, err.code ?? err.type, 'stripe');
  return err;
}

export async function createStripeSession(account: StripeAccount, req: LinkRequest): Promise<ProviderLink> {
  try {
    const session = await stripeClient(account).checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: req.currency.toLowerCase(), unit_amount: minorUnits(req.amount, req.currency), product_data: { name: req.description.slice(0, 250) } } }],
      // Paid or given up, the customer comes back to the same page (as YooKassa's return_url): it shows the order's state.
      success_url: req.returnUrl, cancel_url: req.returnUrl,
      metadata: req.metadata,
      client_reference_id: req.metadata.payment_id,
      // The payment and its charge carry the same names: a refund made in Stripe's dashboard (charge.refunded) names our payment.
      payment_intent_data: { metadata: req.metadata },
      ...(req.lifeMinutes ? { expires_at: expiresAt(req.lifeMinutes) } : {}),
    }, { idempotencyKey: req.idempotenceKey });
    if (!session.id || !session.url) throw new ProviderHttpError(200, 'no session url', 'stripe');
    return { externalId: session.id, url: session.url };
  } catch (err) {
    throw asFailure(asHttp(err));
  }
}

const UNKNOWN: ProviderPayment = { state: 'unknown', receiptStatus: null, amount: null, currency: null, test: false };

/**
 * What Stripe says of a session: paid when its payment_status is paid, declined once it expired;
 * unknown when Stripe does not know the id. #38 With what it charged (amount_total in the currency's
 * minor units, back into ours) and whether it was made in test mode (livemode false).
 */
export async function stripeSessionState(account: StripeAccount, externalId: string): Promise<ProviderPayment> {
  try {
    const session = await stripeClient(account).checkout.sessions.retrieve(externalId);
    if (session.id !== externalId) return UNKNOWN;
    const state: ProviderState = session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'declined' : 'pending';
    const currency = typeof session.currency === 'string' ? session.currency.toUpperCase() : null;
    const amount = Number.isSafeInteger(session.amount_total) && currency ? fromMinorUnits(session.amount_total!, currency) : null;
    // Only an explicit false is a test: a session that does not say is taken as live (never settles less).
    return { state, receiptStatus: null, amount, currency, test: session.livemode === false };
  } catch (err) {
    const e = asHttp(err);
    if (e instanceof ProviderHttpError && e.status === 404) return UNKNOWN;
    throw e;
  }
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id ?? null);

/**
 * Our payment's id is its Checkout Session's; a refund names the session's payment_intent. Asked of
 * Stripe when needed (a refund is rare) rather than kept: no column, and a session read back is Stripe's word.
 */
async function intentOf(client: Stripe, sessionId: string): Promise<string | null> {
  return idOf((await client.checkout.sessions.retrieve(sessionId)).payment_intent);
}

/** The session a payment_intent was paid through (our payment's external id), null when none of this account's. */
async function sessionOfIntent(client: Stripe, intent: string | null): Promise<string | null> {
  if (!intent) return null;
  return (await client.checkout.sessions.list({ payment_intent: intent, limit: 1 })).data[0]?.id ?? null;
}

const refundOf = (r: Stripe.Refund, paymentExternalId: string): ProviderRefund => ({
  externalId: r.id, paymentExternalId, amount: fromMinorUnits(r.amount, r.currency),
  // requires_action (a bank-transfer customer's details) is still on its way; canceled and failed give nothing back.
  status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending',
  error: r.status === 'failed' || r.status === 'canceled' ? (r.failure_reason ?? r.status) : null,
  receiptStatus: null,
});

/**
 * #29 A refund through Stripe (https://docs.stripe.com/api/refunds/create): of the session's
 * payment_intent, the amount in minor units, our key as the SDK's Idempotency-Key (a retry is
 * answered with the same refund). Stripe's refusal (a 4xx: already refunded, more than is left) is a
 * failed refund naming its code; no answer, a 5xx or a 429 goes up: asked again with the same key.
 */
export async function createStripeRefund(account: StripeAccount, req: RefundRequest): Promise<ProviderRefund> {
  const failed = (error: string): ProviderRefund => ({ externalId: null, paymentExternalId: req.paymentExternalId, amount: req.amount, status: 'failed', error, receiptStatus: null });
  try {
    const client = stripeClient(account);
    const intent = await intentOf(client, req.paymentExternalId);
    if (!intent) return failed('no payment_intent');
    const refund = await client.refunds.create({ payment_intent: intent, amount: minorUnits(req.amount, req.currency) }, { idempotencyKey: req.idempotenceKey });
    return refundOf(refund, req.paymentExternalId);
  } catch (err) {
    const e = asHttp(err);
    if (e instanceof ProviderHttpError && e.status >= 400 && e.status < 500 && e.status !== 429) return failed(e.message);
    throw e;
  }
}

/** A refund as Stripe has it, named by the session its payment_intent was paid through; null when Stripe does not know it. */
export async function stripeRefund(account: StripeAccount, externalId: string): Promise<ProviderRefund | null> {
  try {
    const client = stripeClient(account);
    const r = await client.refunds.retrieve(externalId);
    if (r.id !== externalId) return null;
    return refundOf(r, (await sessionOfIntent(client, idOf(r.payment_intent))) ?? '');
  } catch (err) {
    const e = asHttp(err);
    if (e instanceof ProviderHttpError && e.status === 404) return null;
    throw e;
  }
}

/** The "check connection" call: the account's balance needs a valid secret key (401 otherwise). */
export async function checkStripe(account: StripeAccount): Promise<void> {
  try {
    await stripeClient(account).balance.retrieve();
  } catch (err) {
    const e = asHttp(err);
    if (e instanceof ProviderHttpError && (e.status === 401 || e.status === 403)) throw new ApiError(400, { key: 'stripe_auth_failed' });
    if (e instanceof ProviderHttpError) throw new ApiError(400, { key: 'payment_provider_unreachable', params: providerFailureParams(e) });
    throw e;
  }
}

/** The event, when `header` (Stripe-Signature) signs exactly these bytes with `secret` within Stripe's 5 minutes; else null. */
export function verifyStripeEvent(raw: Buffer, header: string, secret: string): Stripe.Event | null {
  try {
    return Stripe.webhooks.constructEvent(raw, header, secret);
  } catch {
    return null;
  }
}

/**
 * #29 A link we closed (its order paid another way, or cancelled) is closed at Stripe too
 * (https://docs.stripe.com/api/checkout/sessions/expire): the customer can no longer pay it. A
 * session no longer open (paid in the meantime, expired) is refused by Stripe with a 400: nothing to
 * do, a payment that came through is settled as a late one (#38: refunded in full at once). No answer goes up: asked again.
 */
export async function expireStripeSession(account: StripeAccount, externalId: string): Promise<void> {
  try {
    await stripeClient(account).checkout.sessions.expire(externalId);
  } catch (err) {
    const e = asHttp(err);
    if (e instanceof ProviderHttpError && e.status >= 400 && e.status < 500 && e.status !== 429) return;
    throw e;
  }
}
