// #42 Selling before online payments: what a schedule's prepayment is where nobody said, and which
// of a location's schedules take one. A price row saved without its prepayment takes 0 % where the
// location takes no money online (a prepayment there would turn every widget customer away) and
// 100 % where it does (what the editor always offered). The provider is decided by the one rule of
// the payment links (paymentProviders/provider.ts, onlinePaymentsAt).
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { playgroundGroups, schedules } from '../../db/schema';
import type { PricingRow, ScheduleItem } from '../../../domain/schedule/types';
import { onlinePaymentsAt, type PaymentConfig } from '../paymentProviders/provider';
import { locationToday } from '../locations/service';
import { scheduleInForce } from '../../../domain/schedule/engine';

/** A schedule's item as a save may send it: a price row's prepayment may be left out. */
export type ItemInput = Omit<ScheduleItem, 'pricing'> & { pricing: (Omit<PricingRow, 'prepayment'> & { prepayment?: string })[] };

/** The prepayment fraction of a price row saved without one: '0' without an online provider, '1' with one. */
export async function defaultPrepayment(db: DbOrTx, config: PaymentConfig, locationId: number): Promise<string> {
  return (await onlinePaymentsAt(db, config, locationId)).provider ? '1' : '0';
}

/** The items with every price row's prepayment given (the location's default where it was left out). */
export async function withPrepayments(db: DbOrTx, config: PaymentConfig, locationId: number, items: ItemInput[]): Promise<ScheduleItem[]> {
  const given = (r: ItemInput['pricing'][number]): r is PricingRow => r.prepayment !== undefined;
  if (items.every((i) => i.pricing.every(given))) return items as ScheduleItem[];
  const fallback = await defaultPrepayment(db, config, locationId);
  return items.map((i) => ({ ...i, pricing: i.pricing.map((r) => ({ ...r, prepayment: r.prepayment ?? fallback })) }));
}

/** A schedule that takes a prepayment: its name, its group's and its highest share, in whole percents. */
export interface PrepaidSchedule { id: number; name: string; group: string; percent: number }

/**
 * The location's schedules that will still sell and take a prepayment (a price row above 0): enabled,
 * and in force today or starting later (one a later schedule of its group has replaced sells no more).
 */
export async function prepaidSchedules(db: Db, locationId: number): Promise<PrepaidSchedule[]> {
  // A schedule always has its group (a group with schedules cannot be deleted).
  const rows = await db.select({
    id: schedules.id, name: schedules.name, start_dt: schedules.startDt, disabled: schedules.disabled, group: schedules.playgroundGroupId, groupName: playgroundGroups.name, items: schedules.items,
  }).from(schedules).innerJoin(playgroundGroups, eq(playgroundGroups.id, schedules.playgroundGroupId))
    .where(and(eq(schedules.locationId, locationId), eq(schedules.disabled, false))).orderBy(schedules.startDt, schedules.id);
  const today = await locationToday(db, locationId);
  const selling = rows.filter((r) => r.start_dt > today || scheduleInForce(rows.filter((o) => o.group === r.group), today)?.id === r.id);
  return selling.flatMap((r) => {
    const share = Math.max(0, ...r.items.flatMap((i) => i.pricing.map((p) => Number(p.prepayment))));
    return share > 0 ? [{ id: r.id, name: r.name, group: r.groupName, percent: Math.round(share * 100) }] : [];
  });
}
