// Early-booking conditions of a location: booking at least `days` ahead takes `discount` percent off.
// The booking price (orders/booking.ts) reads these rows on every booking; nothing is cached.
// Only the location's administrators (role id 40) see or change them.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { earlyBookingConditions } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireManagerAt } from '../locations/service';

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
  const [row] = await db.insert(earlyBookingConditions).values({ locationId, ...input }).returning();
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
  await ownCondition(db, userId, id);
  const [row] = await db.update(earlyBookingConditions).set(input).where(eq(earlyBookingConditions.id, id)).returning();
  return json(row!);
}

export async function deleteCondition(db: Db, userId: number, id: number): Promise<void> {
  await ownCondition(db, userId, id);
  await db.delete(earlyBookingConditions).where(eq(earlyBookingConditions.id, id));
}
