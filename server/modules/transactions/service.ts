// Balance transactions: the list across the user's locations (and its CSV), adding one, changing
// a type, refunding. Changes need both transactions.edit and transactions.all (the specs' rule)
// and a role at the location; every change holds the location's ledger lock (ledger.ts).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies, locations, transactions, userLocationRoles, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requirePermission, type AuthUser } from '../../platform/auth';
import { fromCents, toCents } from '../../../domain/pricing';
import { requireRoleAt } from '../locations/service';
import { appendTransaction, INCOMING, lockLedger, rebuildTotalsFrom, signedAmount, type TransactionType } from './ledger';

export interface TransactionFilters {
  date_start?: string;
  date_end?: string;
  location?: number[];
  transaction_type?: 'all' | 'in' | 'out';
  transaction_kind?: TransactionType[];
  /** One transaction (to answer a change with the list's shape). */
  id?: number;
}

function requireEditor(user: AuthUser) {
  requirePermission(user, 'transactions.edit');
  requirePermission(user, 'transactions.all');
}

/** The list's query (not yet run); rows carry their JSON names so the CSV cursor can read them. */
export function transactionsQuery(db: Db, userId: number, f: TransactionFilters) {
  const mine = db.select({ id: userLocationRoles.locationId }).from(userLocationRoles).where(eq(userLocationRoles.userId, userId));
  const localDate = sql`(${transactions.operationDt} at time zone ${locations.timezone})::date`;
  const where: SQL[] = [inArray(transactions.locationId, mine)];
  if (f.location?.length) where.push(inArray(transactions.locationId, f.location));
  if (f.date_start) where.push(sql`${localDate} >= ${f.date_start}`);
  if (f.date_end) where.push(sql`${localDate} <= ${f.date_end}`);
  if (f.transaction_type === 'in') where.push(sql`${transactions.amount} > 0`);
  if (f.transaction_type === 'out') where.push(sql`${transactions.amount} < 0`);
  if (f.transaction_kind?.length) where.push(inArray(transactions.type, f.transaction_kind));
  if (f.id !== undefined) where.push(eq(transactions.id, f.id));
  const fields = {
    id: transactions.id,
    location_id: sql<number>`${transactions.locationId}`.as('location_id'),
    session: transactions.session,
    operation_dt: sql<string>`to_char(${transactions.operationDt} at time zone ${locations.timezone}, 'YYYY-MM-DD HH24:MI')`.as('operation_dt'),
    description: transactions.description,
    amount: transactions.amount,
    additional: transactions.additional,
    total: transactions.total,
    currency: sql<string | null>`${currencies.code}`.as('currency'),
    license: transactions.license,
    code: transactions.code,
    type: transactions.type,
    user_email: sql<string | null>`${users.email}`.as('user_email'),
    number: transactions.number,
    debt_open: sql<boolean>`${transactions.debtOpen}`.as('debt_open'),
    original_transaction: sql<number | null>`${transactions.originalTransactionId}`.as('original_transaction'),
  };
  const from = () => db.select(fields).from(transactions)
    .innerJoin(locations, eq(locations.id, transactions.locationId))
    .leftJoin(currencies, eq(currencies.id, transactions.currencyId))
    .leftJoin(users, eq(users.id, transactions.userId))
    .where(and(...where));
  const count = db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(transactions)
    .innerJoin(locations, eq(locations.id, transactions.locationId)).where(and(...where));
  return { rows: () => from().orderBy(desc(transactions.operationDt), desc(transactions.id)), count };
}

export async function listTransactions(db: Db, userId: number, f: TransactionFilters, limit: number, offset: number) {
  if (f.date_start && f.date_end && f.date_end < f.date_start) throw fieldError('date_end', 'date_order');
  const q = transactionsQuery(db, userId, f);
  const [[{ count } = { count: 0 }], results] = await Promise.all([q.count, q.rows().limit(limit).offset(offset)]);
  return { count, results };
}

/** A transaction as the list shows it. */
async function shown(db: Db, userId: number, id: number) {
  const [row] = await transactionsQuery(db, userId, { id }).rows();
  return row!;
}

export async function createTransaction(db: Db, user: AuthUser, input: {
  type: TransactionType; amount: string; operation_dt: string | null; description: string; number: string | null;
  debt_open: boolean; location: number; session: string | null;
}) {
  requireEditor(user);
  await requireRoleAt(db, user.id, input.location);
  const created = await db.transaction(async (tx) => {
    await lockLedger(tx, input.location);
    const [loc] = await tx.select({ currencyId: locations.b2bCurrencyId }).from(locations).where(eq(locations.id, input.location));
    return appendTransaction(tx, {
      locationId: input.location, type: input.type, amount: signedAmount(input.type, input.amount),
      operationDt: input.operation_dt ? new Date(input.operation_dt) : new Date(), description: input.description,
      number: input.number, debtOpen: input.debt_open, session: input.session, userId: user.id, currencyId: loc?.currencyId ?? null,
    });
  });
  return shown(db, user.id, created.id);
}

/** change_type: the new type also sets the direction, and later running totals are rebuilt. */
export async function changeType(db: Db, user: AuthUser, transactionId: number, type: TransactionType) {
  requireEditor(user);
  const [t] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!t) throw notFound();
  await requireRoleAt(db, user.id, t.locationId);
  await db.transaction(async (tx) => {
    await lockLedger(tx, t.locationId);
    await tx.update(transactions).set({ type, amount: signedAmount(type, t.amount) }).where(eq(transactions.id, transactionId));
    await rebuildTotalsFrom(tx, t.locationId, transactionId);
  });
  return shown(db, user.id, transactionId);
}

/** A refund reverses (part of) a transaction: the opposite sign, never more than is left. */
export async function refund(db: Db, user: AuthUser, input: {
  original_transaction: number; amount: string; location: number; session: string | null; operation_dt: string | null;
  description: string; type: TransactionType;
}) {
  requireEditor(user);
  await requireRoleAt(db, user.id, input.location);
  const created = await db.transaction(async (tx) => {
    await lockLedger(tx, input.location);
    const [original] = await tx.select().from(transactions)
      .where(and(eq(transactions.id, input.original_transaction), eq(transactions.locationId, input.location)));
    if (!original) throw fieldError('original_transaction', 'invalid_choice');
    if (original.originalTransactionId !== null) throw fieldError('original_transaction', 'refund_of_refund');
    const [{ refunded } = { refunded: '0' }] = await tx.select({ refunded: sql<string>`coalesce(sum(abs(${transactions.amount})), 0)::text` })
      .from(transactions).where(eq(transactions.originalTransactionId, original.id));
    const left = Math.abs(toCents(original.amount)) - toCents(refunded);
    const amount = Math.abs(toCents(input.amount));
    if (amount > left) throw fieldError('amount', 'refund_too_big', { max: fromCents(left) });
    const direction = toCents(original.amount) > 0 ? -1 : 1;
    return appendTransaction(tx, {
      locationId: input.location, type: input.type, amount: fromCents(amount * direction),
      operationDt: input.operation_dt ? new Date(input.operation_dt) : new Date(),
      description: input.description, session: input.session ?? original.session, userId: user.id,
      currencyId: original.currencyId, originalTransactionId: original.id,
    });
  });
  return shown(db, user.id, created.id);
}

export const isIncoming = (type: TransactionType) => INCOMING.includes(type);
