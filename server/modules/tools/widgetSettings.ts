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
  /** #46 Until how many hours before the session the customer may move it on their page. */
  customer_move_hours: number;
  /** #46 What a cancel after the cut-off keeps, percent of the price (the venue's rule, stated on the page). */
  customer_late_cancel_keep_percent: number;
}

/** #46 The name of cancel_hours (the same value; the spec's name stays the one written). */
type WidgetSettingsAnswer = WidgetSettings & { customer_cancel_hours: number };

async function readSettings(db: Db, userId: number, locationId: number): Promise<WidgetSettings> {
  await requireManagerAt(db, userId, locationId);
  const [row] = await db.select({ payment_minutes: locations.widgetPaymentMinutes, cancel_hours: locations.customerCancelHours, phone: locations.phone,
    customer_move_hours: locations.customerMoveHours, customer_late_cancel_keep_percent: locations.customerLateCancelKeepPercent })
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

export async function getWidgetSettings(db: Db, payments: PaymentConfig, userId: number, locationId: number, lang: Lang): Promise<WidgetSettingsAnswer & { warnings?: string[] }> {
  const settings = await readSettings(db, userId, locationId);
  return { ...settings, customer_cancel_hours: settings.cancel_hours, ...await warningsOf(db, payments, locationId, lang) };
}

export type WidgetSettingsInput = Pick<WidgetSettings, 'payment_minutes' | 'cancel_hours'> & Partial<Omit<WidgetSettings, 'payment_minutes' | 'cancel_hours'>>;

export async function saveWidgetSettings(db: Db, payments: PaymentConfig, userId: number, locationId: number, input: WidgetSettingsInput, lang: Lang) {
  const before = await readSettings(db, userId, locationId);
  // A call without the phone or the #46 settings (the spec's two fields) keeps them.
  const after: WidgetSettings = {
    payment_minutes: input.payment_minutes, cancel_hours: input.cancel_hours, phone: input.phone ?? before.phone,
    customer_move_hours: input.customer_move_hours ?? before.customer_move_hours,
    customer_late_cancel_keep_percent: input.customer_late_cancel_keep_percent ?? before.customer_late_cancel_keep_percent,
  };
  await db.transaction(async (tx) => {
    await tx.update(locations).set({ widgetPaymentMinutes: after.payment_minutes, customerCancelHours: after.cancel_hours, phone: after.phone,
      customerMoveHours: after.customer_move_hours, customerLateCancelKeepPercent: after.customer_late_cancel_keep_percent })
      .where(eq(locations.id, locationId));
    await recordEffects(tx, { activity: activityChange(locationId, 'widget.changed', '', { ...before }, { ...after }) });
  });
  return getWidgetSettings(db, payments, userId, locationId, lang);
}
