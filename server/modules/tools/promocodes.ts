// Promo codes of a location (the tools page). The spec has no screen for them; the booking form
// checks them (orders/coupons.ts), which also counts their uses. Stored `discount` below 1 is a
// fraction of the price, 1 or more a flat amount: `type` is that rule made explicit on the wire.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promocodeStatus } from '../../../domain/promocodes';
import { promocodes } from '../../db/schema';
import { termsOf } from '../orders/coupons';
import { fieldError, notFound } from '../../platform/errors';
import { locationToday, requireManagerAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

export type PromocodeType = 'fraction' | 'flat';

export interface PromocodeInput {
  code: string;
  type: PromocodeType;
  /** Decimal text with at most two decimals (numeric(12,2)). */
  discount: string;
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  active: boolean;
}

type Row = typeof promocodes.$inferSelect;

export const promocodeType = (discount: string): PromocodeType => (Number(discount) < 1 ? 'fraction' : 'flat');

/** `status`: the domain's rule on the location's business date, as a booking today would check it. */
function json(r: Row, today: string) {
  return {
    id: r.id, code: r.code, type: promocodeType(r.discount), discount: r.discount, valid_from: r.validFrom, valid_to: r.validTo,
    usage_limit: r.usageLimit, used_count: r.usedCount, active: r.active, status: promocodeStatus(termsOf(r), today), created: r.createdAt.toISOString(),
  };
}

/** The type decides how the discount is read, so the two must agree (see the header). */
function checkInput(input: PromocodeInput): void {
  const d = Number(input.discount);
  if (input.type === 'fraction' && !(d > 0 && d < 1)) throw fieldError('discount', 'promocode_fraction_range');
  if (input.type === 'flat' && d < 1) throw fieldError('discount', 'promocode_flat_min');
  if (input.valid_from && input.valid_to && input.valid_to < input.valid_from) throw fieldError('valid_to', 'date_order');
}

/** Codes match without regard to case (as the booking form checks them), so names are unique that way. */
async function assertCodeFree(db: Db, locationId: number, code: string, exceptId: number | null): Promise<void> {
  const where = [eq(promocodes.locationId, locationId), sql`upper(${promocodes.code}) = upper(${code})`];
  if (exceptId !== null) where.push(ne(promocodes.id, exceptId));
  const [taken] = await db.select({ id: promocodes.id }).from(promocodes).where(and(...where)).limit(1);
  if (taken) throw fieldError('code', 'promocode_code_taken');
}

/** What the activity log keeps of a code. */
const logged = (r: Row) => ({ code: r.code, discount: r.discount, valid_from: r.validFrom, valid_to: r.validTo, usage_limit: r.usageLimit, active: r.active });

const values = (input: PromocodeInput) => ({
  code: input.code, discount: input.discount, validFrom: input.valid_from, validTo: input.valid_to,
  usageLimit: input.usage_limit, active: input.active,
});

/** A unique-index race (two creates of one code at once) reads as the same field error. */
async function uniqueOr<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw fieldError('code', 'promocode_code_taken');
    throw err;
  }
}

export async function listPromocodes(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  const rows = await db.select().from(promocodes).where(eq(promocodes.locationId, locationId)).orderBy(asc(promocodes.code));
  const today = await locationToday(db, locationId);
  return rows.map((r) => json(r, today));
}

export async function createPromocode(db: Db, userId: number, locationId: number, input: PromocodeInput) {
  await requireManagerAt(db, userId, locationId);
  checkInput(input);
  await assertCodeFree(db, locationId, input.code, null);
  const [row] = await uniqueOr(() => db.transaction(async (tx) => {
    const rows = await tx.insert(promocodes).values({ locationId, ...values(input) }).returning();
    await recordEffects(tx, { activity: activityChange(locationId, 'promocode.created', rows[0]!.code, null, logged(rows[0]!)) });
    return rows;
  }));
  return json(row!, await locationToday(db, locationId));
}

async function ownPromocode(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(promocodes).where(eq(promocodes.id, id));
  if (!row) throw notFound();
  await requireManagerAt(db, userId, row.locationId);
  return row;
}

export async function getPromocode(db: Db, userId: number, id: number) {
  const row = await ownPromocode(db, userId, id);
  return json(row, await locationToday(db, row.locationId));
}

/** The used count is the server's (bookings count it); an edit never resets it. */
export async function updatePromocode(db: Db, userId: number, id: number, input: PromocodeInput) {
  const existing = await ownPromocode(db, userId, id);
  checkInput(input);
  await assertCodeFree(db, existing.locationId, input.code, id);
  const [row] = await uniqueOr(() => db.transaction(async (tx) => {
    const rows = await tx.update(promocodes).set(values(input)).where(eq(promocodes.id, id)).returning();
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'promocode.updated', rows[0]!.code, logged(existing), logged(rows[0]!)) });
    return rows;
  }));
  return json(row!, await locationToday(db, existing.locationId));
}

/** Switching a code off or on again (the deactivate action) without resending the whole form. */
export async function setPromocodeActive(db: Db, userId: number, id: number, active: boolean) {
  const existing = await ownPromocode(db, userId, id);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx.update(promocodes).set({ active }).where(eq(promocodes.id, id)).returning();
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'promocode.updated', existing.code, { active: existing.active }, { active }) });
    return rows;
  });
  return json(row!, await locationToday(db, existing.locationId));
}

/** Orders keep the code's text, not a reference, so deleting never rewrites an order. */
export async function deletePromocode(db: Db, userId: number, id: number): Promise<void> {
  const existing = await ownPromocode(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.delete(promocodes).where(eq(promocodes.id, id));
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'promocode.deleted', existing.code, logged(existing), null) });
  });
}
