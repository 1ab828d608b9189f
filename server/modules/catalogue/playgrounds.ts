// Playgrounds of a location (#28 CATALOGUE): created, changed, retired or deleted by an
// administrator (role id 40) from the schedules-and-playgrounds screen. A playground that ever had
// an order or a launcher session is retired (is_active false), never deleted: its history keeps
// pointing at it. While it has orders to come, removing it is refused with their number.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { launcherSessions, locations, playgroundGroups, playgrounds, schedules } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { fieldError, notFound } from '../../platform/errors';
import { playgroundJson, requireRoleAt } from '../locations/service';
import { businessDateOf } from '../../../domain/businessDay';
import { ORDER_STATUS } from '../../../domain/slotFlags';
import { scheduleDurations } from '../../../domain/sessionLength';
import { wallClockNow } from '../../platform/clock';

export interface PlaygroundInput {
  name: string;
  types: string[];
  max_players: number;
  duration: number;
  group?: number | null;
  is_active?: boolean;
}

type Row = typeof playgrounds.$inferSelect;

/** The management view: the screen's fields plus whether it is retired (no launcher token here). */
export function managedJson(p: Row) {
  return { ...playgroundJson(p), is_active: p.isActive };
}

/** What the activity log keeps of a playground: its group by name (#42: never its id). */
async function snapshot(db: DbOrTx, p: Row) {
  const [group] = p.groupId === null ? [] : await db.select({ name: playgroundGroups.name }).from(playgroundGroups).where(eq(playgroundGroups.id, p.groupId));
  return { name: p.name, types: p.types, max_players: p.maxPlayers, duration: p.durationMinutes, group: group?.name ?? null, is_active: p.isActive };
}

async function checkGroup(db: DbOrTx, locationId: number, groupId: number | null): Promise<void> {
  if (groupId === null) return;
  const [group] = await db.select({ id: playgroundGroups.id }).from(playgroundGroups)
    .where(and(eq(playgroundGroups.id, groupId), eq(playgroundGroups.locationId, locationId)));
  if (!group) throw fieldError('group', 'invalid_choice');
}

async function playgroundAt(db: Db, userId: number, id: number): Promise<Row> {
  const [pg] = await db.select().from(playgrounds).where(eq(playgrounds.id, id));
  if (!pg) throw notFound();
  await requireRoleAt(db, userId, pg.locationId);
  return pg;
}

/**
 * GET /locations/{id}/playgrounds/: every playground, retired ones too (the screen greys them), with
 * the session lengths its group's schedules sell (#42 `schedule_durations`: the form says when they
 * differ from its own duration, which only pre-fills new schedule rows).
 */
export async function listPlaygrounds(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  const rows = await db.select().from(playgrounds).where(eq(playgrounds.locationId, locationId)).orderBy(playgrounds.id);
  const plans = await db.select({ playground_group: schedules.playgroundGroupId, disabled: schedules.disabled, items: schedules.items })
    .from(schedules).where(eq(schedules.locationId, locationId));
  return rows.map((p) => ({ ...managedJson(p), schedule_durations: scheduleDurations(plans, p.groupId) }));
}

/** The live desk re-reads a playground's days (its location known: also for one just deleted). */
const schedule = (pg: Row) => ({ location: pg.locationId, kind: 'schedule' as const, payload: { playground_ids: [pg.id] } });

export async function createPlayground(db: Db, userId: number, locationId: number, input: PlaygroundInput) {
  await requireRoleAt(db, userId, locationId);
  return db.transaction(async (tx) => {
    await checkGroup(tx, locationId, input.group ?? null);
    // The launcher's password, as every demo playground has one.
    const [row] = await tx.insert(playgrounds).values({
      locationId, name: input.name, types: input.types, maxPlayers: input.max_players, durationMinutes: input.duration,
      groupId: input.group ?? null, uuidToken: crypto.randomUUID(), isActive: input.is_active ?? true,
    }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'playground.created', subject: row!.name, after: await snapshot(tx, row!) }, live: schedule(row!) });
    return managedJson(row!);
  });
}

export async function updatePlayground(db: Db, userId: number, id: number, input: PlaygroundInput) {
  const pg = await playgroundAt(db, userId, id);
  return db.transaction(async (tx) => {
    const group = input.group === undefined ? pg.groupId : input.group;
    await checkGroup(tx, pg.locationId, group);
    const retiring = pg.isActive && input.is_active === false;
    if (retiring) await refuseFutureOrders(tx, pg);
    const [row] = await tx.update(playgrounds).set({
      name: input.name, types: input.types, maxPlayers: input.max_players, durationMinutes: input.duration, groupId: group,
      isActive: input.is_active ?? pg.isActive,
    }).where(eq(playgrounds.id, id)).returning();
    await recordEffects(tx, {
      activity: { locationId: pg.locationId, kind: retiring ? 'playground.retired' : 'playground.updated', subject: row!.name, before: await snapshot(tx, pg), after: await snapshot(tx, row!) },
      live: schedule(pg),
    });
    return managedJson(row!);
  });
}

/** Orders not cancelled on the playground's sessions from today on (the location's business day). */
export async function futureOrders(db: DbOrTx, pg: Row): Promise<number> {
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, pg.locationId));
  const today = businessDateOf(wallClockNow(loc!.tz));
  const rows = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT o.id)::int AS n FROM orders o
    JOIN order_playsessions op ON op.order_id = o.id JOIN playsessions ps ON ps.id = op.playsession_id
    WHERE ps.playground_id = ${pg.id} AND ps.business_date >= ${today}
      AND o.status NOT IN (${ORDER_STATUS.cancelled}, ${ORDER_STATUS.cartCancelled})`);
  return Number(rows.rows[0]?.n ?? 0);
}

async function refuseFutureOrders(db: DbOrTx, pg: Row): Promise<void> {
  const n = await futureOrders(db, pg);
  if (n > 0) throw fieldError('non_field_errors', 'playground_future_orders', { smart_count: n });
}

/** DELETE /playgrounds/{id}/: deleted when it never had orders (nor launcher sessions), else retired. */
export async function removePlayground(db: Db, userId: number, id: number): Promise<void> {
  const pg = await playgroundAt(db, userId, id);
  await db.transaction(async (tx) => {
    // One remover at a time per playground: a booking racing the check still sees the row locked.
    await tx.select({ id: playgrounds.id }).from(playgrounds).where(eq(playgrounds.id, id)).for('update');
    await refuseFutureOrders(tx, pg);
    const used = await tx.execute<{ used: boolean }>(sql`SELECT
      EXISTS (SELECT 1 FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id WHERE ps.playground_id = ${id})
      OR EXISTS (SELECT 1 FROM ${launcherSessions} WHERE ${launcherSessions.playgroundId} = ${id}) AS used`);
    // The desk's live day view re-reads the playground's days.
    if (used.rows[0]?.used) {
      if (!pg.isActive) return recordEffects(tx, { live: schedule(pg) });
      const [row] = await tx.update(playgrounds).set({ isActive: false }).where(eq(playgrounds.id, id)).returning();
      await recordEffects(tx, { activity: { locationId: pg.locationId, kind: 'playground.retired', subject: pg.name, before: await snapshot(tx, pg), after: await snapshot(tx, row!) }, live: schedule(pg) });
    } else {
      // Sessions without orders (kept prices), tech sessions and game limits go with it.
      await tx.execute(sql`DELETE FROM playsessions WHERE playground_id = ${id}`);
      await tx.execute(sql`UPDATE location_games SET playground_ids = array_remove(playground_ids, ${id}) WHERE location_id = ${pg.locationId} AND ${id} = ANY(playground_ids)`);
      await tx.delete(playgrounds).where(eq(playgrounds.id, id));
      await recordEffects(tx, { activity: { locationId: pg.locationId, kind: 'playground.deleted', subject: pg.name, before: await snapshot(tx, pg) }, live: schedule(pg) });
    }
  });
}
