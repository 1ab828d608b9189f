// Playground groups of a location, and moving playgrounds between them.
// Deleting a group that still has schedules is refused (decisions.md): the schedules say when
// sessions exist, so removing them must be a deliberate step of its own.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playgroundGroups, playgrounds, schedules } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { playgroundJson, requireManagerAt } from '../locations/service';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';

async function groupOf(db: Db, locationId: number, groupId: number) {
  const [group] = await db.select().from(playgroundGroups)
    .where(and(eq(playgroundGroups.id, groupId), eq(playgroundGroups.locationId, locationId)));
  if (!group) throw notFound();
  return group;
}

async function assertNameFree(db: Db, locationId: number, name: string, exceptId?: number) {
  const [clash] = await db.select({ id: playgroundGroups.id }).from(playgroundGroups).where(and(
    eq(playgroundGroups.locationId, locationId),
    sql`lower(${playgroundGroups.name}) = lower(${name})`,
    exceptId ? sql`${playgroundGroups.id} <> ${exceptId}` : sql`true`,
  ));
  if (clash) throw fieldError('name', 'group_name_taken');
}

function groupJson(g: typeof playgroundGroups.$inferSelect, playgroundIds: number[] = []) {
  return { id: g.id, name: g.name, location: g.locationId, playgrounds: playgroundIds };
}

export async function createGroup(db: Db, userId: number, locationId: number, name: string) {
  await requireManagerAt(db, userId, locationId);
  await assertNameFree(db, locationId, name);
  const group = await db.transaction(async (tx) => {
    const [row] = await tx.insert(playgroundGroups).values({ locationId, name }).returning();
    await recordEffects(tx, { activity: activityChange(locationId, 'playground_group.created', name, null, { name }) });
    return row;
  });
  return groupJson(group!);
}

export async function renameGroup(db: Db, userId: number, locationId: number, groupId: number, name: string) {
  await requireManagerAt(db, userId, locationId);
  const old = await groupOf(db, locationId, groupId);
  await assertNameFree(db, locationId, name, groupId);
  const group = await db.transaction(async (tx) => {
    const [row] = await tx.update(playgroundGroups).set({ name }).where(eq(playgroundGroups.id, groupId)).returning();
    await recordEffects(tx, { activity: activityChange(locationId, 'playground_group.updated', name, { name: old.name }, { name }) });
    return row;
  });
  const pgs = await db.select({ id: playgrounds.id }).from(playgrounds).where(eq(playgrounds.groupId, groupId));
  return groupJson(group!, pgs.map((p) => p.id));
}

export async function deleteGroup(db: Db, userId: number, locationId: number, groupId: number): Promise<void> {
  await requireManagerAt(db, userId, locationId);
  const old = await groupOf(db, locationId, groupId);
  await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(schedules).where(eq(schedules.playgroundGroupId, groupId));
    if (n > 0) throw fieldError('non_field_errors', 'group_has_schedules');
    await tx.update(playgrounds).set({ groupId: null }).where(eq(playgrounds.groupId, groupId));
    await tx.delete(playgroundGroups).where(eq(playgroundGroups.id, groupId));
    await recordEffects(tx, { activity: activityChange(locationId, 'playground_group.deleted', old.name, { name: old.name }, null) });
  });
}

/** PUT /playgrounds/{id}/group/: into a group of the same location, or ungrouped with null. */
export async function movePlayground(db: Db, userId: number, playgroundId: number, groupId: number | null) {
  const [pg] = await db.select().from(playgrounds).where(eq(playgrounds.id, playgroundId));
  if (!pg) throw notFound();
  await requireManagerAt(db, userId, pg.locationId);
  let groupName: string | null = null;
  if (groupId !== null) {
    const [group] = await db.select().from(playgroundGroups)
      .where(and(eq(playgroundGroups.id, groupId), eq(playgroundGroups.locationId, pg.locationId)));
    if (!group) throw fieldError('group', 'invalid_choice');
    groupName = group.name;
  }
  const [oldGroup] = pg.groupId === null ? [] : await db.select({ name: playgroundGroups.name }).from(playgroundGroups).where(eq(playgroundGroups.id, pg.groupId));
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(playgrounds).set({ groupId }).where(eq(playgrounds.id, playgroundId)).returning();
    // Its sessions now follow the other group's schedule. #42 "Куб 1 → группа «Выходные»": a playground's move, not a change of the group.
    await recordEffects(tx, {
      activity: activityChange(pg.locationId, 'playground.moved', pg.name, { group: oldGroup?.name ?? null }, { group: groupName }),
      live: { location: pg.locationId, kind: 'schedule', payload: { playground_ids: [playgroundId] } },
    });
    return row;
  });
  return playgroundJson(updated!);
}
