// #29 YooKassa's API v3 (https://yookassa.ru/developers/api), the subset we use, over plain HTTPS:
// Basic auth (shop id : secret key), JSON bodies, an Idempotence-Key on every POST. The base URL is
// YOOKASSA_API_URL (tests point it at tests/providers/yookassa.ts).
import type { LinkRequest, ProviderLink, ProviderPayment, ProviderReceipt, ProviderRefund, Receipt, ReceiptStatus, RefundRequest, SettlementRequest } from './types';
import { ApiError } from '../../platform/errors';
import { asFailure, ProviderHttpError, providerFailureParams } from './errors';

export interface YooKassaAccount { apiUrl: string; shopId: string; secretKey: string }

/** The provider's payment as far as we read it. */
interface YooPayment {
  id: string; status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'; confirmation?: { confirmation_url?: string }; receipt_registration?: string;
  amount?: { value?: unknown; currency?: unknown }; test?: unknown;
}

/** YooKassa's receipt_registration / receipt status; anything else (absent) is no receipt. */
const receiptStatusOf = (v: string | undefined): ReceiptStatus | null => (v === 'pending' || v === 'succeeded' || v === 'canceled' ? v : null);

const TIMEOUT_MS = 15_000;

async function call<T>(account: YooKassaAccount, method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
  const auth = Buffer.from(`${account.shopId}:${account.secretKey}`).toString('base64');
  let res: Response;
  try {
    res = await fetch(`${account.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProviderHttpError(0, (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer', 'yookassa');
  }
  const text = await res.text();
  if (!res.ok) {
    // YooKassa's errors are {type: error, code, description}: the code is safe to show, never our secrets.
    let code = `HTTP ${res.status}`;
    try { code = String((JSON.parse(text) as { code?: string }).code ?? code); } catch { /* not JSON */ }
    throw new ProviderHttpError(res.status, code, 'yookassa');
  }
  return JSON.parse(text) as T;
}

function receiptBody(r: Receipt) {
  return {
    customer: r.email ? { email: r.email } : { phone: r.phone },
    ...(r.taxSystemCode ? { tax_system_code: r.taxSystemCode } : {}),
    items: r.items.map((i) => ({
      description: i.description.slice(0, 128), quantity: String(i.quantity), amount: { value: i.price, currency: r.currency },
      vat_code: r.vatCode, payment_subject: 'service', payment_mode: i.paymentMode,
    })),
  };
}

export async function createYooKassaPayment(account: YooKassaAccount, req: LinkRequest): Promise<ProviderLink> {
  try {
    const payment = await call<YooPayment>(account, 'POST', '/payments', {
      amount: { value: req.amount, currency: req.currency },
      // #38 Two-stage: the customer's money is held (waiting_for_capture) and taken only when we
      // capture it, which we do while the order still owes it and its link is open; else we cancel
      // it and no money moves (a late payment on a closed link). https://yookassa.ru/developers/payment-acceptance/getting-started/payment-process#capture-true
      capture: false,
      confirmation: { type: 'redirect', return_url: req.returnUrl },
      description: req.description.slice(0, 128),
      metadata: req.metadata,
      ...(req.receipt ? { receipt: receiptBody(req.receipt) } : {}),
    }, req.idempotenceKey);
    const url = payment.confirmation?.confirmation_url;
    if (!payment.id || !url) throw new ProviderHttpError(200, 'no confirmation_url', 'yookassa');
    return { externalId: payment.id, url };
  } catch (err) {
    throw asFailure(err);
  }
}

const UNKNOWN: ProviderPayment = { state: 'unknown', receiptStatus: null, amount: null, currency: null, test: false };

/** A payment object as our word: succeeded is paid, waiting_for_capture held, canceled declined; with what it says was paid and whether it is a test. */
function paymentOf(p: YooPayment): ProviderPayment {
  const state = p.status === 'succeeded' ? 'paid' : p.status === 'waiting_for_capture' ? 'held' : p.status === 'canceled' ? 'declined' : 'pending';
  const amount = typeof p.amount?.value === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(p.amount.value) ? p.amount.value : null;
  const currency = typeof p.amount?.currency === 'string' ? p.amount.currency.toUpperCase() : null;
  // Only an explicit `true` is a test payment (a live shop's payments say false).
  return { state, receiptStatus: receiptStatusOf(p.receipt_registration), amount, currency, test: p.test === true };
}

/** What the provider says of a payment (paymentOf); unknown when it does not know the id. With its receipt's registration. */
export async function yooKassaPaymentState(account: YooKassaAccount, externalId: string): Promise<ProviderPayment> {
  try {
    const p = await call<YooPayment>(account, 'GET', `/payments/${encodeURIComponent(externalId)}`);
    return p.id === externalId ? paymentOf(p) : UNKNOWN;
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status === 404) return UNKNOWN;
    throw err;
  }
}

/**
 * #38 POST /payments/{id}/capture (the whole amount) or POST /payments/{id}/cancel of a payment held
 * (waiting_for_capture), with an Idempotence-Key stable per payment: a retry is the same capture.
 * YooKassa refuses (4xx) a payment no longer held (captured, cancelled, its hold expired): the
 * payment is read back and answered as it is; no answer, a 5xx or a 429 goes up (asked again).
 */
async function settleHeld(account: YooKassaAccount, externalId: string, action: 'capture' | 'cancel', body: unknown, idempotenceKey: string): Promise<ProviderPayment> {
  try {
    const p = await call<YooPayment>(account, 'POST', `/payments/${encodeURIComponent(externalId)}/${action}`, body, idempotenceKey);
    return p.id === externalId ? paymentOf(p) : UNKNOWN;
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status >= 400 && err.status < 500 && err.status !== 429) return yooKassaPaymentState(account, externalId);
    throw err;
  }
}

export function captureYooKassaPayment(account: YooKassaAccount, req: { externalId: string; amount: string; currency: string; idempotenceKey: string }): Promise<ProviderPayment> {
  return settleHeld(account, req.externalId, 'capture', { amount: { value: req.amount, currency: req.currency } }, req.idempotenceKey);
}

export function cancelYooKassaPayment(account: YooKassaAccount, req: { externalId: string; idempotenceKey: string }): Promise<ProviderPayment> {
  return settleHeld(account, req.externalId, 'cancel', {}, req.idempotenceKey);
}

/** The provider's refund as far as we read it (https://yookassa.ru/developers/api#refund_object). */
interface YooRefund { id: string; payment_id: string; status: 'pending' | 'succeeded' | 'canceled'; amount: { value: string }; receipt_registration?: string; cancellation_details?: { reason?: string } }

const refundOf = (r: YooRefund): ProviderRefund => ({
  externalId: r.id, paymentExternalId: r.payment_id, amount: r.amount.value,
  status: r.status === 'succeeded' ? 'succeeded' : r.status === 'canceled' ? 'failed' : 'pending',
  error: r.status === 'canceled' ? (r.cancellation_details?.reason ?? 'canceled') : null,
  receiptStatus: r.receipt_registration ?? null,
});

/**
 * POST /refunds. A refusal (a 4xx: the payment is not refundable, the amount too big, bad
 * credentials) is a failed refund naming YooKassa's code; no answer, a 5xx or a 429 says nothing
 * about it, so the ProviderHttpError goes up and the refund is asked again with the same key.
 */
export async function createYooKassaRefund(account: YooKassaAccount, req: RefundRequest): Promise<ProviderRefund> {
  try {
    return refundOf(await call<YooRefund>(account, 'POST', '/refunds', {
      payment_id: req.paymentExternalId,
      amount: { value: req.amount, currency: req.currency },
      ...(req.receipt ? { receipt: receiptBody(req.receipt) } : {}),
    }, req.idempotenceKey));
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      return { externalId: null, paymentExternalId: req.paymentExternalId, amount: req.amount, status: 'failed', error: err.message, receiptStatus: null };
    }
    throw err;
  }
}

/** GET /refunds/{id}: null when YooKassa does not know it (for this shop). */
export async function yooKassaRefund(account: YooKassaAccount, externalId: string): Promise<ProviderRefund | null> {
  try {
    const r = await call<YooRefund>(account, 'GET', `/refunds/${encodeURIComponent(externalId)}`);
    return r.id === externalId ? refundOf(r) : null;
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status === 404) return null;
    throw err;
  }
}

/** YooKassa's receipt object (https://yookassa.ru/developers/api#receipt_object), as far as we read it. */
interface YooReceipt { id: string; status: string; payment_id?: string }

/**
 * #29 receipts: POST /receipts, a settlement receipt of a prepaid payment: type payment, the payment
 * it settles, the items as rendered (full_payment) and the prepayment offset (settlements). The key is
 * stable per payment, so a retry after no answer is the same receipt.
 */
export async function createYooKassaSettlement(account: YooKassaAccount, req: SettlementRequest): Promise<ProviderReceipt> {
  const body = receiptBody(req.receipt);
  const r = await call<YooReceipt>(account, 'POST', '/receipts', {
    type: 'payment', payment_id: req.paymentExternalId, send: true, ...body,
    settlements: [{ type: 'prepayment', amount: { value: req.amount, currency: req.receipt.currency } }],
  }, req.idempotenceKey);
  return { externalId: r.id, status: receiptStatusOf(r.status) ?? 'pending' };
}

/** GET /receipts/{id}: null when YooKassa does not know it. */
export async function yooKassaReceipt(account: YooKassaAccount, externalId: string): Promise<ProviderReceipt | null> {
  try {
    const r = await call<YooReceipt>(account, 'GET', `/receipts/${encodeURIComponent(externalId)}`);
    return r.id === externalId ? { externalId: r.id, status: receiptStatusOf(r.status) ?? 'pending' } : null;
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status === 404) return null;
    throw err;
  }
}

/** The "check connection" call: GET /me needs valid credentials (401 otherwise). */
export async function checkYooKassa(account: YooKassaAccount): Promise<void> {
  try {
    await call(account, 'GET', '/me');
  } catch (err) {
    if (err instanceof ProviderHttpError && (err.status === 401 || err.status === 403)) throw new ApiError(400, { key: 'payment_provider_auth_failed' });
    if (err instanceof ProviderHttpError) throw new ApiError(400, { key: 'payment_provider_unreachable', params: providerFailureParams(err) });
    throw err;
  }
}
