// The booking widget's settings of a location (the tools page, role id 40): how many minutes an
// online booking holds its places while the customer pays, and until how many hours before the
// session the customer may cancel on their page. #42 With a warning while a schedule takes a
// prepayment the location cannot take online (the widget turns those guests away).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireManagerAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';
import { translate, type Lang } from '../../platform/messages';
import { onlinePaymentsAt, type PaymentConfig } from '../paymentProviders/provider';
import { prepaidSchedules } from '../schedules/prepayment';

export interface WidgetSettings {
  payment_minutes: number;
  cancel_hours: number;
  /** #39 The phone customers call (the order page's "call the venue"); '' when none. */
  phone: string;
}

async function readSettings(db: Db, userId: number, locationId: number): Promise<WidgetSettings> {
  await requireManagerAt(db, userId, locationId);
  const [row] = await db.select({ payment_minutes: locations.widgetPaymentMinutes, cancel_hours: locations.customerCancelHours, phone: locations.phone })
    .from(locations).where(eq(locations.id, locationId));
  if (!row) throw notFound();
  return row;
}

/** #42 What the owner should know (the form shows it above its fields): each prepaid schedule the widget cannot sell. */
async function warningsOf(db: Db, payments: PaymentConfig, locationId: number, lang: Lang): Promise<{ warnings?: string[] }> {
  if ((await onlinePaymentsAt(db, payments, locationId)).provider) return {};
  const prepaid = await prepaidSchedules(db, locationId);
  return prepaid.length ? { warnings: prepaid.map((p) => translate(lang, 'widget_prepaid_without_provider', { schedule: p.name, group: p.group, percent: p.percent })) } : {};
}

export async function getWidgetSettings(db: Db, payments: PaymentConfig, userId: number, locationId: number, lang: Lang): Promise<WidgetSettings & { warnings?: string[] }> {
  return { ...await readSettings(db, userId, locationId), ...await warningsOf(db, payments, locationId, lang) };
}

export async function saveWidgetSettings(db: Db, payments: PaymentConfig, userId: number, locationId: number, input: Omit<WidgetSettings, 'phone'> & { phone?: string }, lang: Lang) {
  const before = await readSettings(db, userId, locationId);
  // A call without the phone (the spec's two fields) keeps it.
  const phone = input.phone ?? before.phone;
  await db.transaction(async (tx) => {
    await tx.update(locations).set({ widgetPaymentMinutes: input.payment_minutes, customerCancelHours: input.cancel_hours, phone })
      .where(eq(locations.id, locationId));
    await recordEffects(tx, { activity: activityChange(locationId, 'widget.changed', '', { ...before }, { payment_minutes: input.payment_minutes, cancel_hours: input.cancel_hours, phone }) });
  });
  return getWidgetSettings(db, payments, userId, locationId, lang);
}
