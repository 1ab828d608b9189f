// One way to lock. Every write that holds row locks runs in `lockedTransaction`: it bounds every
// lock wait of the transaction (PostgreSQL's lock_timeout, LOCK_TIMEOUT) and answers a wait over it,
// or a deadlock, with 409 and the caller's message, so no request waits without limit and a busy
// desk sees "try again" instead of a spinner.
//
// Rows are locked in one order, the same on every path, so two writes never wait on each other in
// a circle (a path takes the ones it needs, skipping the rest):
//   1. an idempotency key (platform/idempotency.ts: the write's claim comes first);
//   2. a playground (technical sessions);
//   3. an order (lockOrder);
//   4. playsessions (orders/booking.ts lockPlaysession: by playground, then start time);
//   5. a payment (the provider's callback: lockPaymentByExternalId);
//   6. a certificate (lockCertificate);
//   7. a promo code (its use is counted with an UPDATE that re-checks the limit);
//   8. a location's ledger (lockLedger: the location row);
//   9. a webhook delivery; a schedule group, a location's webhooks, a location's consent texts (advisory locks).
// #43 The till stands outside this order, and cannot close a circle: a till's row (lockTill) is
// taken only to open a shift on it, with nothing else; a shift's row (lockShift) is taken FOR UPDATE
// only by its own count or confirmation, with nothing else, and FOR SHARE by money at the desk and
// movements, last, wherever in their path the money is written (after the order, the sessions, a
// certificate). Shares never wait on each other, so no two money writes wait on one another through it.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { certificates, locations, orders, playgrounds, tillShifts, tills } from '../db/schema';
import { LockConflictError } from './errors';
import { idempotent, type IdempotentCall } from './idempotency';
import type { MessageKey } from './messages';
import { lockConflictsTotal } from './metrics';

/** The longest any statement of a locked transaction waits for a lock. */
export const LOCK_TIMEOUT = '5s';

const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK = '40P01';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

/** Runs `work` in a transaction whose lock waits are bounded; a wait over the bound is a 409 with `busy`. */
export async function lockedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, busy: MessageKey = 'busy'): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
      return work(tx);
    });
  } catch (err) {
    const code = pgCode(err);
    if (code === LOCK_NOT_AVAILABLE || code === DEADLOCK) {
      lockConflictsTotal.inc({ reason: code === DEADLOCK ? 'deadlock' : 'timeout' });
      throw new LockConflictError(409, { key: busy });
    }
    throw err;
  }
}

/**
 * A write a client may retry (an Idempotency-Key): a locked transaction whose first step claims the
 * key (lock order 1), so a retry answers the first write's result instead of writing twice.
 */
export function idempotentTransaction<T>(db: Db, call: IdempotentCall | undefined, work: (tx: Tx) => Promise<T>, busy?: MessageKey): Promise<T> {
  return lockedTransaction(db, (tx) => idempotent(tx, call, () => work(tx)), busy);
}

/** Locks an order's row; false when there is no such order. */
export async function lockOrder(tx: Tx, orderId: number): Promise<boolean> {
  const locked = await tx.execute(sql`SELECT id FROM ${orders} WHERE id = ${orderId} FOR UPDATE`);
  return locked.rows.length > 0;
}

/** Locks a certificate found by its number (any case, optionally of one creating location); its id or null. */
export async function lockCertificate(tx: Tx, code: string, creatingLocationId?: number): Promise<number | null> {
  const location = creatingLocationId === undefined ? sql`` : sql` AND creating_location_id = ${creatingLocationId}`;
  const locked = await tx.execute<{ id: number }>(sql`
    SELECT id FROM ${certificates} WHERE upper(unique_number) = upper(${code.trim()})${location} FOR UPDATE`);
  return locked.rows[0] ? Number(locked.rows[0].id) : null;
}

/** Locks a location's ledger (its row): transactions of one location queue up, each total follows the last. */
export async function lockLedger(tx: Tx, locationId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM ${locations} WHERE id = ${locationId} FOR UPDATE`);
}

/** Locks a location's webhook list (an advisory lock): two saves of the same URL cannot both pass the check. */
export async function lockWebhooks(tx: Tx, locationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhooks'), ${locationId})`);
}

/** #40 Locks a location's consent texts (an advisory lock): two saves number their versions one after the other. */
export async function lockConsentTexts(tx: Tx, locationId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('consent_texts'), ${locationId})`);
}

/** Locks a playground's row (technical sessions start and stop one at a time). */
export async function lockPlayground(tx: Tx, playgroundId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM ${playgrounds} WHERE id = ${playgroundId} FOR UPDATE`);
}

/** #43 Locks a till's row (one shift opens on it at a time); false when there is no such till. */
export async function lockTill(tx: Tx, tillId: number): Promise<boolean> {
  const locked = await tx.execute(sql`SELECT id FROM ${tills} WHERE id = ${tillId} FOR UPDATE`);
  return locked.rows.length > 0;
}

/**
 * #43 Locks a shift's row and answers its state as it is then (null: no such shift): `update` for
 * its count and confirmation, `share` for money landing in it (waits for a count in progress, then
 * reads what it left).
 */
export async function lockShift(tx: Tx, shiftId: number, mode: 'update' | 'share'): Promise<string | null> {
  const locked = await tx.execute<{ state: string }>(sql`SELECT state FROM ${tillShifts} WHERE id = ${shiftId} FOR ${sql.raw(mode === 'update' ? 'UPDATE' : 'SHARE')}`);
  return locked.rows[0]?.state ?? null;
}
