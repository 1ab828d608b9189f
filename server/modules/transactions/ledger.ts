// The location balance as a ledger. Every change locks the location's row first (SELECT ... FOR
// UPDATE), so concurrent transactions of one location queue up and each running total `total`
// follows the previous one: none is lost, and the balance (the sum) always equals the last total.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { transactions } from '../../db/schema';
import { fromCents, toCents } from '../../../domain/pricing';
import type { LiveRecord } from '../../platform/effects';

export const TRANSACTION_TYPES = ['refill', 'chargeoff', 'refund', 'overdraft', 'minimumfee', 'vatfee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Money in (+) or out (-) of the location's account, by type. */
export const INCOMING: readonly TransactionType[] = ['refill', 'refund'];
export const signedAmount = (type: TransactionType, amount: string) =>
  fromCents(Math.abs(toCents(amount)) * (INCOMING.includes(type) ? 1 : -1));

// The ledger's lock is platform/locks.ts lockLedger (the location row), in the one lock order.
export { lockLedger } from '../../platform/locks';

async function lastTotal(tx: Tx, locationId: number): Promise<number> {
  const [row] = await tx.select({ total: transactions.total }).from(transactions)
    .where(eq(transactions.locationId, locationId)).orderBy(sql`${transactions.id} desc`).limit(1);
  return row ? toCents(row.total) : 0;
}

export interface NewTransaction {
  locationId: number;
  type: TransactionType;
  /** Signed amount. */
  amount: string;
  operationDt?: Date;
  description?: string;
  session?: string | null;
  number?: string | null;
  debtOpen?: boolean;
  userId?: number | null;
  currencyId?: number | null;
  originalTransactionId?: number | null;
  additional?: boolean;
}

/** Appends a transaction; the caller's transaction must hold lockLedger for the location, and records its ledgerEvent. */
export async function appendTransaction(tx: Tx, t: NewTransaction) {
  const total = (await lastTotal(tx, t.locationId)) + toCents(t.amount);
  const [row] = await tx.insert(transactions).values({
    locationId: t.locationId, type: t.type, amount: t.amount, total: fromCents(total),
    operationDt: t.operationDt ?? new Date(), description: t.description ?? '', session: t.session ?? null, number: t.number ?? null,
    debtOpen: t.debtOpen ?? false, userId: t.userId ?? null, currencyId: t.currencyId ?? null,
    originalTransactionId: t.originalTransactionId ?? null, additional: t.additional ?? false,
  }).returning();
  return row!;
}

/** The live event of a ledger change (the caller records it with the change's other after-effects). */
export const ledgerEvent = (locationId: number, transactionId: number): LiveRecord => ({ location: locationId, kind: 'transaction', payload: { transaction_id: transactionId } });

/** After an amount changed in place, every later running total of the location is rebuilt (the caller records its ledgerEvent). */
export async function rebuildTotalsFrom(tx: Tx, locationId: number, fromId: number): Promise<void> {
  const [before] = await tx.select({ total: transactions.total }).from(transactions)
    .where(and(eq(transactions.locationId, locationId), sql`${transactions.id} < ${fromId}`)).orderBy(sql`${transactions.id} desc`).limit(1);
  let running = before ? toCents(before.total) : 0;
  const rows = await tx.select({ id: transactions.id, amount: transactions.amount }).from(transactions)
    .where(and(eq(transactions.locationId, locationId), gte(transactions.id, fromId))).orderBy(asc(transactions.id));
  for (const r of rows) {
    running += toCents(r.amount);
    await tx.update(transactions).set({ total: fromCents(running) }).where(eq(transactions.id, r.id));
  }
}
