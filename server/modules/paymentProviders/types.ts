// #41 The payment providers' shared words: what a link, a payment, a refund and a receipt are, and the
// jobs' names. Their own file, so provider.ts (which picks an implementation) and the implementations
// (yookassa.ts, stripe.ts) and settings.ts all import it, and none of them imports another in a circle.
import type { Config } from '../../config';
/** What a link is made from: the amount in the account's currency, where the customer returns, what names our payment. */
export interface LinkRequest {
  amount: string;
  currency: string;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
  /** One per attempt: a retried request with it is answered with the same payment, not a second one. */
  idempotenceKey: string;
  receipt?: Receipt | null;
  /** How long the link may be paid (a booking's hold before its auto-cancel); none: the provider's default. Stripe's expires_at. */
  lifeMinutes?: number | null;
}

/** A 54-FZ receipt sent with the payment (YooKassa): the customer's contact and one item per session. */
export interface Receipt {
  email: string | null;
  phone: string | null;
  currency: string;
  vatCode: number;
  taxSystemCode: number | null;
  items: { description: string; quantity: number; price: string; paymentMode: 'full_prepayment' | 'full_payment' }[];
}

export interface ProviderLink { externalId: string; url: string }
/**
 * paid / declined: final; pending: not yet; unknown: the provider does not know the payment;
 * held (#38): the customer paid and the provider holds the money until we capture or cancel it
 * (YooKassa's waiting_for_capture of a two-stage payment).
 */
export type ProviderState = 'paid' | 'declined' | 'pending' | 'held' | 'unknown';
/**
 * #29 receipts: a payment as the provider has it: its state and, when a receipt went with it, the receipt's (pending, succeeded, canceled).
 * #38 What it says was paid (amount as "1500.00", ISO currency; null when it does not say) and whether
 * it was made in the provider's test mode: settling checks both against the link.
 */
export interface ProviderPayment { state: ProviderState; receiptStatus: ReceiptStatus | null; amount: string | null; currency: string | null; test: boolean }
export type ReceiptStatus = 'pending' | 'succeeded' | 'canceled';

/** #29 receipts: the settlement receipt of a prepaid payment (54-FZ's offset of the prepayment once the service is rendered). */
export interface SettlementRequest {
  paymentExternalId: string;
  /** The prepayment it offsets: the items' total. */
  amount: string;
  /** Stable per payment: a retry is the same receipt. */
  idempotenceKey: string;
  receipt: Receipt;
}
/** A receipt as the provider has it. */
export interface ProviderReceipt { externalId: string; status: ReceiptStatus }

/** A refund of a provider's payment (#29 refunds): one Idempotence-Key for every attempt of one refund. */
export interface RefundRequest {
  paymentExternalId: string;
  amount: string;
  currency: string;
  idempotenceKey: string;
  receipt?: Receipt | null;
}

/** The provider's word on a refund: `failed` with the provider's reason when it refused it. */
export interface ProviderRefund {
  externalId: string | null;
  paymentExternalId: string;
  amount: string;
  status: 'pending' | 'succeeded' | 'failed';
  error: string | null;
  /** The refund receipt's state (pending, succeeded, canceled) when the provider reports one. */
  receiptStatus: string | null;
}

export type ProviderName = 'yookassa' | 'stripe' | 'sandbox';

/**
 * #42 Where each provider sends its word (paymentNotices/routes.ts serves them): the settings answer
 * these under the installation's PUBLIC_URL, for the owner to paste into the provider's dashboard.
 */
export const NOTIFICATION_PATHS = {
  yookassa: '/api/v2.1/payments/yookassa/notifications/',
  stripe: '/api/v2.1/payments/stripe/webhook/',
} as const;
export const PROVIDER_NAMES = ['yookassa', 'stripe', 'sandbox'] as const;

export interface PaymentProvider {
  name: ProviderName;
  /** Whether the account asks for 54-FZ receipts with its payments. */
  receipts: boolean;
  vatCode: number | null;
  taxSystemCode: number | null;
  createLink(req: LinkRequest): Promise<ProviderLink>;
  /** The provider's word on a payment (the sandbox has none to give: its callback is its word). */
  fetchState(externalId: string): Promise<ProviderPayment>;
  /** Whether a job should ask about its links still processing after a while (lost notifications). */
  polls: boolean;
  /** #29 refunds: gives back (part of) a payment. Throws ProviderHttpError when the answer is unknown (no answer, 5xx): ask again with the same key. */
  refund?(req: RefundRequest): Promise<ProviderRefund>;
  /** Makes a link we closed unpayable at the provider (Stripe's expire); with a provider without it (YooKassa cannot cancel a pending payment) a late payment is held and cancelled, or refunded. */
  closeLink?(externalId: string): Promise<void>;
  /**
   * #38 Two-stage payments (YooKassa's capture: false): takes the money held for a payment, or lets
   * it go (no money moves). Answer the payment as it is after. A refusal (it is not held any more)
   * answers the payment as the provider has it; no answer throws ProviderHttpError (asked again, same key).
   */
  capture?(req: { externalId: string; amount: string; currency: string; idempotenceKey: string }): Promise<ProviderPayment>;
  release?(req: { externalId: string; idempotenceKey: string }): Promise<ProviderPayment>;
  /** A refund as the provider has it (null: it does not know the id). */
  fetchRefund?(externalId: string): Promise<ProviderRefund | null>;
  /** #29 receipts: sends a prepayment's settlement receipt (YooKassa). Throws ProviderHttpError on a refusal or no answer. */
  sendSettlementReceipt?(req: SettlementRequest): Promise<ProviderReceipt>;
  /** A receipt as the provider has it (null: it does not know the id). */
  fetchReceipt?(externalId: string): Promise<ProviderReceipt | null>;
}

/** What making links needs of the configuration. */
export type PaymentConfig = Pick<Config, 'publicUrl' | 'paymentSandbox' | 'yookassaApiUrl' | 'stripeApiUrl' | 'paymentProviderKey' | 'widgetSecret'>;

/** How often the job asks about a link still processing, and for how long. */
export const PAYMENT_CHECK_JOB = 'payment.check';
export const PAYMENT_CHECK_AFTER_MS = 15 * 60_000;
/** #29 A link closed on our side (payment `cancelled`) is closed at its provider after the commit. */
export const LINK_CLOSE_JOB = 'payment.close';
/** The providers whose links can be closed (YooKassa cannot cancel a payment waiting for the customer). */
export const LINK_CLOSING_PROVIDERS = ['stripe'] as const;
/** #38 The providers whose payments are two-stage (held, then captured or let go): a closed link of theirs is still read by the payment.check job. */
export const TWO_STAGE_PROVIDERS = ['yookassa'] as const;
/** #29 refunds: a refund still pending is asked about again (and one whose request got no answer is sent again, same key). */
export const REFUND_CHECK_JOB = 'refund.check';
/** #29 receipts: sends a prepayment's settlement receipt once its sessions have begun, then reads it until final. */
export const SETTLEMENT_RECEIPT_JOB = 'receipt.settle';
