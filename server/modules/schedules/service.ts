// Schedules of playground groups. Saving takes a transaction-scoped advisory lock per group, so
// two managers enabling schedules of one group at once cannot both claim the same start date.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { playgroundGroups, schedules } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { itemGrid } from '../../../domain/schedule/engine';
import type { ScheduleBreak, ScheduleItem } from '../../../domain/schedule/types';
import { requireManagerAt, requireRoleAt } from '../locations/service';
import { lockedTransaction } from '../../platform/locks';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';
import type { PaymentConfig } from '../paymentProviders/provider';
import { withPrepayments, type ItemInput } from './prepayment';

type Row = typeof schedules.$inferSelect;

export interface ScheduleFields {
  name: string;
  start_dt: string;
  disabled: boolean;
  playground_group: number;
  breaks: ScheduleBreak[];
  /** #42 A price row's prepayment may be left out: the location's default (prepayment.ts). */
  items: ItemInput[];
}

/** Items and pricing rows get stable ids by position (they live inside the schedule document). */
function numbered(items: ScheduleItem[]): ScheduleItem[] {
  return items.map((item, i) => ({ ...item, id: i + 1, pricing: item.pricing.map((row, j) => ({ ...row, id: j + 1 })) }));
}

/**
 * What the activity log keeps of a schedule: its group by name and its rows with their prices (#42:
 * the screen reads them "Пн–Пт 10:00–22:00, сеанс 60 мин: с 10:00 — 2 000,00 ₽ за сеанс"), without
 * the rows' positional ids.
 */
async function logged(tx: DbOrTx, row: Row) {
  const [group] = row.playgroundGroupId === null ? [] : await tx.select({ name: playgroundGroups.name }).from(playgroundGroups).where(eq(playgroundGroups.id, row.playgroundGroupId));
  const items = row.items.map(({ id: _id, pricing, ...item }) => ({ ...item, pricing: pricing.map(({ id: _row, currency_id: _currency, ...price }) => price) }));
  return { name: row.name, start_dt: row.startDt, disabled: row.disabled, playground_group: group?.name ?? null, breaks: row.breaks, items };
}

export function scheduleJson(row: Row) {
  return {
    id: row.id,
    name: row.name,
    start_dt: row.startDt,
    disabled: row.disabled,
    playground_group: row.playgroundGroupId,
    location: row.locationId,
    breaks: row.breaks,
    items: row.items,
  };
}

async function loadForUser(db: Db, userId: number, id: number, manage: boolean): Promise<Row> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id));
  if (!row) throw notFound();
  if (manage) await requireManagerAt(db, userId, row.locationId);
  else await requireRoleAt(db, userId, row.locationId);
  return row;
}

async function assertGroupOfLocation(db: DbOrTx, groupId: number, locationId: number): Promise<void> {
  const [group] = await db.select({ id: playgroundGroups.id }).from(playgroundGroups)
    .where(and(eq(playgroundGroups.id, groupId), eq(playgroundGroups.locationId, locationId)));
  if (!group) throw fieldError('playground_group', 'invalid_choice');
}

/** One enabled schedule per group and start date: otherwise which one is in force is a guess. */
async function assertStartFree(tx: DbOrTx, groupId: number, startDt: string, exceptId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('schedule-group'), ${groupId})`);
  const clash = await tx.select({ id: schedules.id }).from(schedules).where(and(
    eq(schedules.playgroundGroupId, groupId), eq(schedules.startDt, startDt), eq(schedules.disabled, false),
    exceptId === null ? sql`true` : ne(schedules.id, exceptId),
  )).limit(1);
  if (clash.length) throw fieldError('start_dt', 'schedule_start_taken');
}

export async function listSchedules(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  const rows = await db.select().from(schedules).where(eq(schedules.locationId, locationId)).orderBy(schedules.startDt, schedules.id);
  return rows.map(scheduleJson);
}

export async function getSchedule(db: Db, userId: number, id: number) {
  return scheduleJson(await loadForUser(db, userId, id, false));
}

export async function createSchedule(db: Db, payments: PaymentConfig, userId: number, locationId: number, fields: ScheduleFields) {
  await requireManagerAt(db, userId, locationId);
  const input = { ...fields, items: await withPrepayments(db, payments, locationId, fields.items) };
  return lockedTransaction(db, async (tx) => {
    await assertGroupOfLocation(tx, input.playground_group, locationId);
    if (!input.disabled) await assertStartFree(tx, input.playground_group, input.start_dt, null);
    const [row] = await tx.insert(schedules).values({
      locationId, playgroundGroupId: input.playground_group, name: input.name, startDt: input.start_dt,
      disabled: input.disabled, breaks: input.breaks, items: numbered(input.items),
    }).returning();
    await recordEffects(tx, {
      activity: activityChange(locationId, 'schedule.created', row!.name, null, await logged(tx, row!)),
      live: { groupsSchedule: { location: locationId, groups: [input.playground_group] } },
    });
    return scheduleJson(row!);
  });
}

export async function updateSchedule(db: Db, payments: PaymentConfig, userId: number, id: number, fields: ScheduleFields) {
  const existing = await loadForUser(db, userId, id, true);
  const input = { ...fields, items: await withPrepayments(db, payments, existing.locationId, fields.items) };
  return lockedTransaction(db, async (tx) => {
    await assertGroupOfLocation(tx, input.playground_group, existing.locationId);
    if (!input.disabled) await assertStartFree(tx, input.playground_group, input.start_dt, id);
    const [row] = await tx.update(schedules).set({
      playgroundGroupId: input.playground_group, name: input.name, startDt: input.start_dt, disabled: input.disabled,
      breaks: input.breaks, items: numbered(input.items), updatedAt: new Date(),
    }).where(eq(schedules.id, id)).returning();
    await recordEffects(tx, {
      activity: activityChange(existing.locationId, 'schedule.updated', row!.name, await logged(tx, existing), await logged(tx, row!)),
      live: { groupsSchedule: { location: existing.locationId, groups: [existing.playgroundGroupId, input.playground_group] } },
    });
    return scheduleJson(row!);
  });
}

export async function deleteSchedule(db: Db, userId: number, id: number): Promise<void> {
  const existing = await loadForUser(db, userId, id, true);
  await db.transaction(async (tx) => {
    await tx.delete(schedules).where(eq(schedules.id, id));
    await recordEffects(tx, {
      activity: activityChange(existing.locationId, 'schedule.deleted', existing.name, await logged(tx, existing), null),
      live: { groupsSchedule: { location: existing.locationId, groups: [existing.playgroundGroupId] } },
    });
  });
}

/** PATCH visible: enable or disable; enabling checks the start date like a save. */
export async function setDisabled(db: Db, userId: number, id: number, disabled: boolean) {
  const existing = await loadForUser(db, userId, id, true);
  return lockedTransaction(db, async (tx) => {
    if (!disabled && existing.playgroundGroupId) await assertStartFree(tx, existing.playgroundGroupId, existing.startDt, id);
    const [row] = await tx.update(schedules).set({ disabled, updatedAt: new Date() }).where(eq(schedules.id, id)).returning();
    await recordEffects(tx, {
      activity: activityChange(existing.locationId, 'schedule.updated', row!.name, { disabled: existing.disabled }, { disabled: row!.disabled }),
      live: { groupsSchedule: { location: existing.locationId, groups: [existing.playgroundGroupId] } },
    });
    return scheduleJson(row!);
  });
}

/** A copy, disabled so it changes nothing until a manager enables it. */
export async function cloneSchedule(db: Db, userId: number, id: number, copySuffix: string) {
  const s = await loadForUser(db, userId, id, true);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(schedules).values({
      locationId: s.locationId, playgroundGroupId: s.playgroundGroupId, name: `${s.name} ${copySuffix}`.slice(0, 100),
      startDt: s.startDt, disabled: true, breaks: s.breaks, items: s.items,
    }).returning();
    await recordEffects(tx, { activity: activityChange(s.locationId, 'schedule.created', row!.name, null, { ...(await logged(tx, row!)), copy_of: s.name }) });
    return scheduleJson(row!);
  });
}

/** The check call: each item's sessions (times and price) as the engine would generate them,
 * with the schedule's daily breaks as well as the item's. */
export function checkGrid(items: ScheduleItem[], breaks: ScheduleBreak[] = []) {
  return {
    items: items.map((item, index) => ({
      index,
      day_types: item.day_types,
      sessions: itemGrid(item, breaks),
    })),
  };
}
