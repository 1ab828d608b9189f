// Account top-up through the payment provider (#29: the installation's): a processing payment and a link; when the provider
// reports it paid, a refill transaction is added to the ledger exactly once (the payment's status
// changes from processing only once, under its row lock).
import type { IdempotentCall } from '../../platform/idempotency';
import { idempotentTransaction } from '../../platform/locks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { locations, payments } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
import { appendTransaction, lockLedger } from './ledger';
import { providerFor, type PaymentConfig } from '../paymentProviders/provider';
import { currencyOf, openLink } from '../paymentProviders/links';
import { topUpReceipt } from '../paymentProviders/receipt';

export const REFILL_COMMENT = 'refill';

/** SQL: a payment is a location's top-up (as startRefill writes it), not a customer's money. */
export const isTopUpPayment = sql`(${payments.orderId} IS NULL AND ${payments.paymentType} = 1 AND ${payments.comment} = ${REFILL_COMMENT})`;

export async function startRefill(db: Db, userId: number, config: PaymentConfig, locationId: number, amount: string, call?: IdempotentCall) {
  await requireRoleAt(db, userId, locationId);
  const [loc] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  if (!loc.allowRefill) throw fieldError('non_field_errors', 'refill_not_allowed');
  // #29: a top-up goes to the installation's own account (its provider), not the location's.
  const provider = await providerFor(db, config, null);
  // A retry with the same key gets the same link, not a second pending top-up.
  return idempotentTransaction(db, call, async (tx) => {
    const [payment] = await tx.insert(payments).values({
      locationId, paymentType: 1, status: 'processing', purchase: amount, userId, comment: REFILL_COMMENT, provider: provider.name,
    }).returning();
    const currency = await currencyOf(tx, locationId, true);
    const payment_url = await openLink(tx, provider, payment!.id, {
      amount, currency, description: `Пополнение баланса: ${loc.name}`.slice(0, 128),
      returnUrl: `${config.publicUrl}/locations/${locationId}/check_payment/${payment!.id}`,
      metadata: { payment_id: String(payment!.id), location_id: String(locationId), top_up: '1' },
      receipt: provider.receipts ? await topUpReceipt(tx, provider, userId, loc.name, amount, currency) : null,
    });
    return { payment_id: payment!.id, payment_url };
  });
}

export async function refillStatus(db: Db, userId: number, locationId: number, paymentId: number) {
  await requireRoleAt(db, userId, locationId);
  const [p] = await db.select({ status: payments.status }).from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.locationId, locationId), isNull(payments.orderId)));
  if (!p) throw notFound();
  return { payment_id: paymentId, status: p.status };
}

/** Called by settleBillPayment inside its transaction when a refill payment is paid: its ledger line (the caller records its ledgerEvent). */
export async function bookRefill(tx: Tx, payment: { id: number; locationId: number; purchase: string; userId: number | null }) {
  await lockLedger(tx, payment.locationId);
  const [loc] = await tx.select({ currencyId: locations.b2bCurrencyId }).from(locations).where(eq(locations.id, payment.locationId));
  return appendTransaction(tx, {
    locationId: payment.locationId, type: 'refill', amount: payment.purchase, description: `#${payment.id}`, // the payment; the type column says "top-up" in the reader's language
    number: String(payment.id), userId: payment.userId, currencyId: loc?.currencyId ?? null,
  });
}
