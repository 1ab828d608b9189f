// #29 One way to talk to a payment provider. Every money flow that makes a payment link (a staff
// bill, the widget's prepayment, a location's top-up) asks `providerFor` for the provider of its
// account (the location's; a top-up: the installation's) and calls `createLink`; settling stays the
// one idempotent settleBillPayment (orders/billing.ts), whoever reports the outcome (the sandbox's
// callback, YooKassa's notification or Stripe's signed event after we re-read the payment, the
// lost-notification job).
import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { isTestKey, loadAccount, type ProviderAccount } from './settings';
import { cancelYooKassaPayment, captureYooKassaPayment, createYooKassaPayment, createYooKassaRefund, createYooKassaSettlement, yooKassaPaymentState, yooKassaReceipt, yooKassaRefund } from './yookassa';
import { createStripeRefund, createStripeSession, expireStripeSession, stripeRefund, stripeSessionState } from './stripe';

import type { PaymentConfig, PaymentProvider, ProviderName } from './types';

// The shared types and job names, for the modules that import them with the provider.
export * from './types';

export function sandboxProvider(config: PaymentConfig): PaymentProvider {
  return {
    name: 'sandbox', receipts: false, vatCode: null, taxSystemCode: null, polls: false,
    createLink: async () => {
      const token = crypto.randomBytes(16).toString('hex');
      return { externalId: `sandbox-${token}`, url: `${config.publicUrl}/sandbox/pay/${token}` };
    },
    fetchState: async () => ({ state: 'unknown', receiptStatus: null, amount: null, currency: null, test: false }),
  };
}

export function providerOf(config: PaymentConfig, account: ProviderAccount): PaymentProvider | null {
  if (account.provider === 'yookassa' && account.shopId && account.secretKey) {
    const api = { apiUrl: config.yookassaApiUrl, shopId: account.shopId, secretKey: account.secretKey };
    return {
      name: 'yookassa', receipts: account.receipts, vatCode: account.vatCode, taxSystemCode: account.taxSystemCode, polls: true,
      createLink: (req) => createYooKassaPayment(api, req),
      fetchState: (id) => yooKassaPaymentState(api, id),
      capture: (req) => captureYooKassaPayment(api, req),
      release: (req) => cancelYooKassaPayment(api, req),
      refund: (req) => createYooKassaRefund(api, req),
      fetchRefund: (id) => yooKassaRefund(api, id),
      sendSettlementReceipt: (req) => createYooKassaSettlement(api, req),
      fetchReceipt: (id) => yooKassaReceipt(api, id),
    };
  }
  if (account.provider === 'stripe' && account.secretKey) {
    const api = { apiUrl: config.stripeApiUrl, secretKey: account.secretKey };
    return {
      name: 'stripe', receipts: false, vatCode: null, taxSystemCode: null, polls: true,
      createLink: (req) => createStripeSession(api, req),
      fetchState: (id) => stripeSessionState(api, id),
      refund: (req) => createStripeRefund(api, req),
      fetchRefund: (id) => stripeRefund(api, id),
      closeLink: (id) => expireStripeSession(api, id),
    };
  }
  return null;
}

/**
 * The provider of an account (a location's; null: the installation's, for top-ups): its own real
 * provider when one is set up; else the sandbox in demo mode (never for an account with a real
 * provider); else none, and asking for a link is a 400 (payment_provider_off).
 */
export async function providerFor(db: DbOrTx, config: PaymentConfig, locationId: number | null): Promise<PaymentProvider> {
  const { provider } = await resolveProvider(db, config, locationId);
  if (provider) return provider;
  throw fieldError('non_field_errors', 'payment_provider_off');
}

/** The rule of providerFor without the refusal: the provider links would go through (null: none), and the account it read. */
async function resolveProvider(db: DbOrTx, config: PaymentConfig, locationId: number | null): Promise<{ provider: PaymentProvider | null; account: ProviderAccount | null }> {
  const account = await loadAccount(db, config, locationId);
  const real = account ? providerOf(config, account) : null;
  if (real) return { provider: real, account };
  const chosenReal = account?.provider === 'yookassa' || account?.provider === 'stripe';
  return { provider: config.paymentSandbox && !chosenReal ? sandboxProvider(config) : null, account };
}

/**
 * #42 Whether a location takes money online, by the same rule as providerFor (so the setup checklist,
 * the widget's refusal and the schedule's default prepayment never disagree with the links): the
 * provider its links go through (null: none, a link is refused), and whether a live install holds
 * test keys there (#38: their payments pay no order).
 */
export async function onlinePaymentsAt(db: DbOrTx, config: PaymentConfig, locationId: number): Promise<{ provider: ProviderName | null; testKeys: boolean }> {
  const { provider, account } = await resolveProvider(db, config, locationId);
  return { provider: provider?.name ?? null, testKeys: !config.paymentSandbox && !!provider && isTestKey(provider.name, account?.secretKey ?? null) };
}

/** The provider a payment was made through, to ask it about that payment (null: none to ask). */
export async function providerOfPayment(db: DbOrTx, config: PaymentConfig, payment: { provider: string | null; locationId: number; isTopUp: boolean }): Promise<PaymentProvider | null> {
  if (payment.provider !== 'yookassa' && payment.provider !== 'stripe') return null;
  const account = await loadAccount(db, config, payment.isTopUp ? null : payment.locationId);
  const provider = account ? providerOf(config, account) : null;
  return provider?.name === payment.provider ? provider : null;
}
