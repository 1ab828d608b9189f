// #47 Retention: where a location sets it, a guest's personal data are erased a set number of months
// after their last session (off by default). A guest is their phone; without one their e-mail;
// without either each order stands alone (a walk-in's name). Their last session is the latest session
// of any of their orders (an order without sessions counts from its creation), in the location's own
// time. One job of the one outbox does it hourly and books its own next run: its claim runs it in one
// process at a time, and each person is erased in their own transaction with their orders locked and
// re-checked (not erased yet), so a second chain erases nothing twice.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueUnlessWaiting } from '../../platform/jobs';
import { recordEffects } from '../../platform/effects';
import { requireRoleAt } from '../locations/service';
import { notFound } from '../../platform/errors';
import { eraseInTransaction } from './erase';
import { erasureKey, subjectHash } from './person';

export const RETENTION_JOB = 'people.retention';
export const RETENTION_EVERY_MS = 3_600_000;
/** People erased per run: a location turning retention on for the first time is worked off over a few runs. */
const PEOPLE_PER_RUN = 500;

export const RETENTION_REASON = { ru: 'Истёк срок хранения', en: 'Retention period passed' } as const;

/** The people whose last session is older than their location's retention: the person's key and orders. */
export async function peoplePastRetention(db: Db, limit = PEOPLE_PER_RUN): Promise<{ locationId: number; key: string; orderIds: number[] }[]> {
  const rows = await db.execute<{ location_id: number; person: string; order_ids: string[] }>(sql`
    WITH people AS (
      SELECT o.location_id, o.id,
        coalesce(nullif(o.phone, ''), nullif(lower(o.email), ''), 'order:' || o.id) AS person,
        coalesce((SELECT max(ps.time_start)::timestamp FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id WHERE op.order_id = o.id),
          (o.created_at AT TIME ZONE l.timezone)) AS last_local,
        (now() AT TIME ZONE l.timezone) - make_interval(months => l.personal_data_retention_months) AS cutoff_local
      FROM orders o JOIN locations l ON l.id = o.location_id
      WHERE l.personal_data_retention_months IS NOT NULL AND o.personal_data_erased_at IS NULL
    )
    SELECT location_id, person, array_agg(id ORDER BY id)::text[] AS order_ids FROM people
    GROUP BY location_id, person
    HAVING max(last_local) < min(cutoff_local)
    ORDER BY location_id, person LIMIT ${limit}`);
  return rows.rows.map((r) => ({ locationId: r.location_id, key: r.person, orderIds: r.order_ids.map(Number) }));
}

/** One run: erases every person past their location's retention; answers how many orders were erased. */
export async function applyRetention(db: Db, mailDir: string | null = null): Promise<number> {
  const key = await erasureKey(db);
  let erased = 0;
  for (const person of await peoplePastRetention(db)) {
    erased += await eraseInTransaction(db, {
      locationId: person.locationId, orderIds: person.orderIds, key, reason: RETENTION_REASON.ru, userId: null, byRetention: true,
      contactHash: subjectHash(key, person.key),
    }, mailDir);
  }
  return erased;
}

export async function scheduleRetention(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, RETENTION_JOB, runAt);
}

/** The setting as the API answers it. */
export async function getRetention(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  const [row] = (await db.execute<{ months: number | null }>(sql`SELECT personal_data_retention_months AS months FROM locations WHERE id = ${locationId}`)).rows;
  if (!row) throw notFound();
  return { retention_months: row.months };
}

export async function saveRetention(db: Db, userId: number, locationId: number, months: number | null) {
  await requireRoleAt(db, userId, locationId);
  return db.transaction(async (tx) => {
    const [row] = (await tx.execute<{ months: number | null; name: string }>(sql`SELECT personal_data_retention_months AS months, name FROM locations WHERE id = ${locationId} FOR UPDATE`)).rows;
    if (!row) throw notFound();
    await tx.execute(sql`UPDATE locations SET personal_data_retention_months = ${months} WHERE id = ${locationId}`);
    await recordEffects(tx, {
      activity: { locationId, kind: 'retention.changed', subject: row.name, before: { retention_months: row.months }, after: { retention_months: months } },
    });
    return { retention_months: months };
  });
}
