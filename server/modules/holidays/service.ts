// The holiday calendar of a country (day types 8 and 9). A manager (role id 40) of a location
// edits the calendar of that location's country.
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, holidays, locations } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireManagerAt, requireRoleAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

async function countryOf(db: Db, locationId: number): Promise<number> {
  const [row] = await db.select({ countryId: cities.countryId }).from(locations).innerJoin(cities, eq(cities.id, locations.cityId))
    .where(eq(locations.id, locationId));
  if (!row) throw notFound();
  return row.countryId;
}

const json = (h: typeof holidays.$inferSelect) => ({ id: h.id, date: h.date, kind: h.kind, name: h.name, country: h.countryId });

export async function listHolidays(db: Db, userId: number, locationId: number, year: number) {
  await requireRoleAt(db, userId, locationId);
  const countryId = await countryOf(db, locationId);
  const rows = await db.select().from(holidays).where(and(eq(holidays.countryId, countryId),
    gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`))).orderBy(holidays.date);
  return rows.map(json);
}

export async function addHoliday(db: Db, userId: number, input: { location: number; date: string; kind: 'holiday' | 'pre_holiday'; name: string }) {
  await requireManagerAt(db, userId, input.location);
  const countryId = await countryOf(db, input.location);
  const row = await db.transaction(async (tx) => {
    const [added] = await tx.insert(holidays).values({ countryId, date: input.date, kind: input.kind, name: input.name })
      .onConflictDoNothing().returning();
    // The calendar is the country's; the log's entry is at the location it was changed from.
    if (added) {
      await recordEffects(tx, {
        activity: activityChange(input.location, 'holiday.created', added.name, null, { date: added.date, kind: added.kind, name: added.name }),
        live: { countrySchedule: countryId },
      });
    }
    return added;
  });
  if (!row) throw fieldError('date', 'holiday_exists');
  return json(row);
}

export async function removeHoliday(db: Db, userId: number, id: number, locationId: number): Promise<void> {
  await requireManagerAt(db, userId, locationId);
  const countryId = await countryOf(db, locationId);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(holidays).where(and(eq(holidays.id, id), eq(holidays.countryId, countryId))).returning();
    if (!deleted) throw notFound();
    await recordEffects(tx, {
      activity: activityChange(locationId, 'holiday.deleted', deleted.name, { date: deleted.date, kind: deleted.kind, name: deleted.name }, null),
      live: { countrySchedule: countryId },
    });
  });
}
