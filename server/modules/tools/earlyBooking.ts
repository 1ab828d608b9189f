// Early-booking conditions of a location: booking at least `days` ahead takes `discount` percent off.
// The booking price (orders/booking.ts) reads these rows on every booking; nothing is cached.
// Only the location's administrators (role id 40) see or change them.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earlyBookingConditions } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireManagerAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

export interface EarlyBookingInput {
  days: number;
  discount: number;
}

type Row = typeof earlyBookingConditions.$inferSelect;
const json = (r: Row) => ({ id: r.id, days: r.days, discount: r.discount });

export async function listConditions(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  const rows = await db.select().from(earlyBookingConditions).where(eq(earlyBookingConditions.locationId, locationId))
    .orderBy(asc(earlyBookingConditions.days), asc(earlyBookingConditions.id));
  return rows.map(json);
}

export async function createCondition(db: Db, userId: number, locationId: number, input: EarlyBookingInput) {
  await requireManagerAt(db, userId, locationId);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx.insert(earlyBookingConditions).values({ locationId, ...input }).returning();
    await recordEffects(tx, { activity: activityChange(locationId, 'early_booking.changed', '', null, { days: input.days, discount_percent: input.discount }) });
    return rows;
  });
  return json(row!);
}

/** The condition, once the user is shown to administer its location (404 for strangers). */
async function ownCondition(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(earlyBookingConditions).where(eq(earlyBookingConditions.id, id));
  if (!row) throw notFound();
  await requireManagerAt(db, userId, row.locationId);
  return row;
}

export async function updateCondition(db: Db, userId: number, id: number, input: EarlyBookingInput) {
  const existing = await ownCondition(db, userId, id);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx.update(earlyBookingConditions).set(input).where(eq(earlyBookingConditions.id, id)).returning();
    // Both sides whole: "7 days, 10 %" reads as a condition, a lone changed number does not.
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'early_booking.changed', '', { days: existing.days, discount_percent: existing.discount }, { days: input.days, discount_percent: input.discount }) });
    return rows;
  });
  return json(row!);
}

export async function deleteCondition(db: Db, userId: number, id: number): Promise<void> {
  const existing = await ownCondition(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.delete(earlyBookingConditions).where(eq(earlyBookingConditions.id, id));
    await recordEffects(tx, { activity: activityChange(existing.locationId, 'early_booking.changed', '', { days: existing.days, discount_percent: existing.discount }, null) });
  });
}
