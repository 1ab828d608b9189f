// Promo codes: whether a code can be used at a location for a session, and why not.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promocodes } from '../../db/schema';
import { promocodeStatus, type PromocodeTerms } from '../../../domain/promocodes';
import { dayParam, type MessageKey, type MessageParams } from '../../platform/messages';

/** A stored row as the domain's status rule reads it. */
export const termsOf = (row: typeof promocodes.$inferSelect): PromocodeTerms => ({
  active: row.active, valid_from: row.validFrom, valid_to: row.validTo, usage_limit: row.usageLimit, used_count: row.usedCount,
});

export type CouponCheck =
  | { valid: true; id: number; discount: string }
  | { valid: false; reason: MessageKey; params?: MessageParams };

/** Checks a code for a session on a business date ('YYYY-MM-DD'); matching ignores case. */
export async function checkCoupon(db: DbOrTx, locationId: number, code: string, sessionDate: string, opts: { alreadyUsed?: boolean } = {}): Promise<CouponCheck> {
  const [row] = await db.select().from(promocodes)
    .where(and(eq(promocodes.locationId, locationId), sql`upper(${promocodes.code}) = upper(${code.trim()})`)).limit(1);
  if (!row) return { valid: false, reason: 'promocode_invalid' };
  // The domain's status rule, the one the promo code list shows (an edited order keeps a use it holds).
  switch (promocodeStatus(termsOf(row), sessionDate, opts)) {
    case 'inactive': return { valid: false, reason: 'promocode_inactive' };
    case 'expired': return { valid: false, reason: 'promocode_expired', params: { date: dayParam(row.validTo!) } };
    case 'used_up': return { valid: false, reason: 'promocode_exhausted' };
    case 'not_started': return { valid: false, reason: 'promocode_not_started', params: { date: dayParam(row.validFrom!) } };
    case 'active': return { valid: true, id: row.id, discount: row.discount };
  }
}

/** Counts one use; the WHERE re-checks the limit so two bookings cannot both take the last use. */
export async function useCoupon(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.update(promocodes).set({ usedCount: sql`${promocodes.usedCount} + 1` })
    .where(and(eq(promocodes.id, id), sql`(${promocodes.usageLimit} is null or ${promocodes.usedCount} < ${promocodes.usageLimit})`))
    .returning({ id: promocodes.id });
  return rows.length > 0;
}

/**
 * Gives back the use an order held of its code (the order is cancelled, or edited to another code
 * or none): a limited code is used up only by orders that keep it.
 */
export async function releaseCoupon(db: DbOrTx, locationId: number, code: string | null): Promise<void> {
  if (!code) return;
  await db.update(promocodes).set({ usedCount: sql`greatest(${promocodes.usedCount} - 1, 0)` })
    .where(and(eq(promocodes.locationId, locationId), sql`upper(${promocodes.code}) = upper(${code.trim()})`));
}
