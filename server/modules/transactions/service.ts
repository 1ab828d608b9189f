// Balance transactions: the list across the user's locations (and its CSV), adding one, changing
// a type, refunding. Who may change it is declared on the routes (TRANSACTIONS_EDIT: role 40 at the
// location, transactions.edit and transactions.all); every change holds the location's ledger lock (ledger.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies, locations, transactions } from '../../db/schema';
import { moneyParam } from '../../platform/messages';
import { fieldError, notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/auth';
import { fromCents, toCents } from '../../../domain/pricing';
import { instantOfLocal } from '../../../domain/zonedTime';
import { currencyJson, requireRoleAt } from '../locations/service';
import type { IdempotentCall } from '../../platform/idempotency';
import { idempotentTransaction, lockedTransaction } from '../../platform/locks';
import { listRecords } from '../../platform/lists';
import { transactionList } from './lists';
import { appendTransaction, ledgerEvent, lockLedger, rebuildTotalsFrom, signedAmount, type TransactionType } from './ledger';
import { recordEffects } from '../../platform/effects';

/** A transaction as the list shows it. */
async function shown(db: Db, user: AuthUser, id: number) {
  const [row] = await listRecords(db, transactionList, await transactionList.scope(db, user, { id }), [eq(transactions.id, id)]);
  return row!;
}

/** A wall-clock time without a zone or offset ('YYYY-MM-DD HH:mm', or with a T, seconds allowed). */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/**
 * The operation's instant: now when none is given; a time with an offset (or Z) as it is; a bare
 * wall-clock time is the location's (what the staff form sends: the browser's own zone must not
 * move a ledger entry by hours when the desk PC is set to another one).
 */
async function operationInstant(db: Db, text: string | null, locationId: number): Promise<Date> {
  if (!text) return new Date();
  const wall = WALL_CLOCK.exec(text.trim());
  if (!wall) return new Date(text);
  const [loc] = await db.select({ timezone: locations.timezone }).from(locations).where(eq(locations.id, locationId));
  return new Date(instantOfLocal(loc?.timezone ?? 'UTC', `${wall[1]} ${wall[2]}`));
}

export async function createTransaction(db: Db, user: AuthUser, input: {
  type: TransactionType; amount: string; operation_dt: string | null; description: string; number: string | null;
  debt_open: boolean; location: number; session: string | null;
}, call?: IdempotentCall) {
  await requireRoleAt(db, user.id, input.location);
  const operationDt = await operationInstant(db, input.operation_dt, input.location);
  const created = await idempotentTransaction(db, call, async (tx) => {
    await lockLedger(tx, input.location);
    const [loc] = await tx.select({ currencyId: locations.b2bCurrencyId }).from(locations).where(eq(locations.id, input.location));
    const appended = await appendTransaction(tx, {
      locationId: input.location, type: input.type, amount: signedAmount(input.type, input.amount),
      operationDt, description: input.description,
      number: input.number, debtOpen: input.debt_open, session: input.session, userId: user.id, currencyId: loc?.currencyId ?? null,
    });
    // A manual line of the ledger is a money action (#28): who wrote it, and what.
    await recordEffects(tx, {
      activity: { locationId: input.location, kind: 'money.transaction', subject: input.number ?? `#${appended.id}`,
        before: null, after: { type: input.type, amount: signedAmount(input.type, input.amount), description: input.description } },
      live: ledgerEvent(input.location, appended.id),
    });
    return appended;
  });
  return shown(db, user, created.id);
}

/** change_type: the new type also sets the direction, and later running totals are rebuilt. */
export async function changeType(db: Db, user: AuthUser, transactionId: number, type: TransactionType) {
  const [t] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!t) throw notFound();
  await requireRoleAt(db, user.id, t.locationId);
  await lockedTransaction(db, async (tx) => {
    await lockLedger(tx, t.locationId);
    await tx.update(transactions).set({ type, amount: signedAmount(type, t.amount) }).where(eq(transactions.id, transactionId));
    await rebuildTotalsFrom(tx, t.locationId, transactionId);
    await recordEffects(tx, {
      activity: { locationId: t.locationId, kind: 'money.transaction_type', subject: t.number ?? `#${t.id}`,
        before: { type: t.type, amount: t.amount }, after: { type, amount: signedAmount(type, t.amount) } },
      live: ledgerEvent(t.locationId, transactionId),
    });
  });
  return shown(db, user, transactionId);
}

/** A refund reverses (part of) a transaction: the opposite sign, never more than is left. */
export async function refund(db: Db, user: AuthUser, input: {
  original_transaction: number; amount: string; location: number; session: string | null; operation_dt: string | null;
  description: string; type: TransactionType;
}, call?: IdempotentCall) {
  await requireRoleAt(db, user.id, input.location);
  const operationDt = await operationInstant(db, input.operation_dt, input.location);
  const created = await idempotentTransaction(db, call, async (tx) => {
    await lockLedger(tx, input.location);
    const [original] = await tx.select().from(transactions)
      .where(and(eq(transactions.id, input.original_transaction), eq(transactions.locationId, input.location)));
    if (!original) throw fieldError('original_transaction', 'invalid_choice');
    if (original.originalTransactionId !== null) throw fieldError('original_transaction', 'refund_of_refund');
    const [{ refunded } = { refunded: '0' }] = await tx.select({ refunded: sql<string>`coalesce(sum(abs(${transactions.amount})), 0)::text` })
      .from(transactions).where(eq(transactions.originalTransactionId, original.id));
    const left = Math.abs(toCents(original.amount)) - toCents(refunded);
    const amount = Math.abs(toCents(input.amount));
    if (amount > left) {
      // The amount in the transaction's currency, as every message that names money (#25: "не больше 500.00").
      const [currency] = original.currencyId === null ? [] : await tx.select().from(currencies).where(eq(currencies.id, original.currencyId));
      throw fieldError('amount', 'refund_too_big', { max: moneyParam(fromCents(left), currencyJson(currency)) });
    }
    const direction = toCents(original.amount) > 0 ? -1 : 1;
    const appended = await appendTransaction(tx, {
      locationId: input.location, type: input.type, amount: fromCents(amount * direction),
      operationDt,
      description: input.description, session: input.session ?? original.session, userId: user.id,
      currencyId: original.currencyId, originalTransactionId: original.id,
    });
    await recordEffects(tx, {
      activity: { locationId: input.location, kind: 'money.transaction_refund', subject: original.number ?? `#${original.id}`,
        before: { refunded: fromCents(toCents(refunded)) }, after: { refunded: fromCents(toCents(refunded) + amount), amount: fromCents(amount * direction) } },
      live: ledgerEvent(input.location, appended.id),
    });
    return appended;
  });
  return shown(db, user, created.id);
}

