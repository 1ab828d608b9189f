// The payments list of a location (and its CSV), and hiding manual payments.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
import { paymentJson } from '../orders/payments';

/** PATCH /payment/{id}/actual/: only manual payments (type 7) can be hidden or shown again. */
export async function setPaymentActual(db: Db, userId: number, paymentId: number, actual: boolean) {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) throw notFound();
  await requireRoleAt(db, userId, p.locationId);
  if (p.paymentType !== 7) throw fieldError('non_field_errors', 'only_manual_hidden');
  const [updated] = await db.update(payments).set({ actual }).where(eq(payments.id, paymentId)).returning();
  return paymentJson(updated!, null);
}
