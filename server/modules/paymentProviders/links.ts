// #29 Opening a payment link through a provider for a payment row already inserted (status
// processing): the provider's id becomes the payment's external_id, and a link that a provider can
// be asked about gets the lost-notification job. Runs inside the caller's transaction: a provider
// that refuses rolls the payment back (the caller sees a 400 naming the reason); a payment the
// provider made for a transaction that then fails is a link nobody was given.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { currencies, locations, payments } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { fromCents, toCents } from '../../../domain/pricing';
import { PAYMENT_CHECK_AFTER_MS, PAYMENT_CHECK_JOB, type LinkRequest, type PaymentProvider } from './types';

/** The currency a location takes money in (for top-ups: its b2b currency); RUB when it has none set (YooKassa's own). */
export async function currencyOf(tx: DbOrTx, locationId: number, b2b = false): Promise<string> {
  const [row] = await tx.select({ code: currencies.code }).from(locations)
    .innerJoin(currencies, eq(currencies.id, b2b ? locations.b2bCurrencyId : locations.currencyId)).where(eq(locations.id, locationId));
  return row?.code ?? 'RUB';
}

export async function openLink(tx: Tx, provider: PaymentProvider, paymentId: number, req: Omit<LinkRequest, 'idempotenceKey'>): Promise<string> {
  // Two decimals always ("700.00"), as YooKassa writes amounts.
  const { externalId, url } = await provider.createLink({ ...req, amount: fromCents(toCents(req.amount)), idempotenceKey: crypto.randomUUID() });
  // #29 receipts: a receipt sent is pending until the provider registers it; an account with receipts
  // on that could send none (the order names no e-mail or phone) is `not_sent`, so the payments list
  // shows it as unregistered; one with a session paid ahead (full_prepayment) owes a settlement
  // receipt once the session has begun.
  const receiptStatus = req.receipt ? 'pending' : provider.receipts ? 'not_sent' : null;
  const settlementStatus = req.receipt?.items.some((i) => i.paymentMode === 'full_prepayment') ? 'due' : null;
  await tx.update(payments).set({ externalId, provider: provider.name, receiptStatus, settlementStatus }).where(eq(payments.id, paymentId));
  if (provider.polls) await enqueueJob(tx, PAYMENT_CHECK_JOB, { paymentId }, new Date(Date.now() + PAYMENT_CHECK_AFTER_MS));
  return url;
}
