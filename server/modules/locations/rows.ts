// Rows of a location's own tables (`id`, `location_id`), as small writes (server/platform/writes.ts)
// change them: the row must exist and the caller must have the declared role at its location.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import { requireRoleAt } from './service';

/** Before a change of the row named by the path: a missing row and a stranger's alike are 404; too low a role, 403. */
export async function requireRowAt(db: Db, userId: number, table: PgTable & { id: PgColumn; locationId: PgColumn }, id: number): Promise<void> {
  const [row] = await db.select({ locationId: table.locationId }).from(table as PgTable).where(eq(table.id, id));
  if (!row) throw notFound();
  await requireRoleAt(db, userId, Number(row.locationId));
}
