// #29 YooKassa's API v3 (https://yookassa.ru/developers/api), the subset we use, over plain HTTPS:
// Basic auth (shop id : secret key), JSON bodies, an Idempotence-Key on every POST. The base URL is
// YOOKASSA_API_URL (tests point it at tests/providers/yookassa.ts).
import type { LinkRequest, ProviderLink, ProviderState, Receipt } from './provider';
import { ApiError } from '../../platform/errors';
import { asFailure, ProviderHttpError } from './errors';

export interface YooKassaAccount { apiUrl: string; shopId: string; secretKey: string }

/** The provider's payment as far as we read it. */
interface YooPayment { id: string; status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'; confirmation?: { confirmation_url?: string } }

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
    throw new ProviderHttpError(0, (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer');
  }
  const text = await res.text();
  if (!res.ok) {
    // YooKassa's errors are {type: error, code, description}: the code is safe to show, never our secrets.
    let code = `HTTP ${res.status}`;
    try { code = String((JSON.parse(text) as { code?: string }).code ?? code); } catch { /* not JSON */ }
    throw new ProviderHttpError(res.status, code);
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
      capture: true,
      confirmation: { type: 'redirect', return_url: req.returnUrl },
      description: req.description.slice(0, 128),
      metadata: req.metadata,
      ...(req.receipt ? { receipt: receiptBody(req.receipt) } : {}),
    }, req.idempotenceKey);
    const url = payment.confirmation?.confirmation_url;
    if (!payment.id || !url) throw new ProviderHttpError(200, 'no confirmation_url');
    return { externalId: payment.id, url };
  } catch (err) {
    throw asFailure(err);
  }
}

/** What the provider says of a payment: succeeded is paid, canceled is declined; unknown when it does not know the id. */
export async function yooKassaPaymentState(account: YooKassaAccount, externalId: string): Promise<ProviderState> {
  try {
    const p = await call<YooPayment>(account, 'GET', `/payments/${encodeURIComponent(externalId)}`);
    if (p.id !== externalId) return 'unknown';
    return p.status === 'succeeded' ? 'paid' : p.status === 'canceled' ? 'declined' : 'pending';
  } catch (err) {
    if (err instanceof ProviderHttpError && err.status === 404) return 'unknown';
    throw err;
  }
}

/** The "check connection" call: GET /me needs valid credentials (401 otherwise). */
export async function checkYooKassa(account: YooKassaAccount): Promise<void> {
  try {
    await call(account, 'GET', '/me');
  } catch (err) {
    if (err instanceof ProviderHttpError && (err.status === 401 || err.status === 403)) throw new ApiError(400, { key: 'payment_provider_auth_failed' });
    if (err instanceof ProviderHttpError) throw new ApiError(400, { key: 'payment_provider_unreachable', params: { reason: err.message } });
    throw err;
  }
}
