// The payments list of a location (and its CSV), and hiding manual payments.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
import { paymentJson } from '../orders/payments';
import { recordEffects } from '../../platform/effects';

/** PATCH /payment/{id}/actual/: only manual payments (type 7) can be hidden or shown again. */
export async function setPaymentActual(db: Db, userId: number, paymentId: number, actual: boolean) {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) throw notFound();
  await requireRoleAt(db, userId, p.locationId);
  if (p.paymentType !== 7) throw fieldError('non_field_errors', 'only_manual_hidden');
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx.update(payments).set({ actual }).where(eq(payments.id, paymentId)).returning();
    await recordEffects(tx, { activity: { locationId: p.locationId, kind: 'money.payment_hidden', subject: p.externalId ?? `#${p.id}`,
      before: { actual: p.actual, amount: p.purchase }, after: { actual, amount: p.purchase } } });
    return rows;
  });
  return paymentJson(updated!, null);
}
