// The booking widget's settings of a location (the tools page, role id 40): how many minutes an
// online booking holds its places while the customer pays, and until how many hours before the
// session the customer may cancel on their page.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireManagerAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

export interface WidgetSettings {
  payment_minutes: number;
  cancel_hours: number;
  /** #39 The phone customers call (the order page's "call the venue"); '' when none. */
  phone: string;
}

export async function getWidgetSettings(db: Db, userId: number, locationId: number): Promise<WidgetSettings> {
  await requireManagerAt(db, userId, locationId);
  const [row] = await db.select({ payment_minutes: locations.widgetPaymentMinutes, cancel_hours: locations.customerCancelHours, phone: locations.phone })
    .from(locations).where(eq(locations.id, locationId));
  if (!row) throw notFound();
  return row;
}

export async function saveWidgetSettings(db: Db, userId: number, locationId: number, input: Omit<WidgetSettings, 'phone'> & { phone?: string }): Promise<WidgetSettings> {
  const before = await getWidgetSettings(db, userId, locationId);
  // A call without the phone (the spec's two fields) keeps it.
  const phone = input.phone ?? before.phone;
  await db.transaction(async (tx) => {
    await tx.update(locations).set({ widgetPaymentMinutes: input.payment_minutes, customerCancelHours: input.cancel_hours, phone })
      .where(eq(locations.id, locationId));
    await recordEffects(tx, { activity: activityChange(locationId, 'widget.changed', '', { ...before }, { payment_minutes: input.payment_minutes, cancel_hours: input.cancel_hours, phone }) });
  });
  return getWidgetSettings(db, userId, locationId);
}
