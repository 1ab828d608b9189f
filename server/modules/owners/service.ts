// The installation's owners (#28): administrators (role id 40) with every permission at every
// location, as real rows of user_location_roles and user_permissions, so every check at a location
// reads them like anyone else's. Written when a location is made (each owner gets it) and when an
// owner is made (they get every location): both helpers run in the caller's transaction. A leaf
// module: locations, setup and staff call it, it calls none of them.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, userLocationRoles, userPermissions, users } from '../../db/schema';
import { PERMISSION_CODENAMES } from '../../../domain/permissions';

/** The administrator's role id (domain/roles.ts: id 40 manages a location). */
export const OWNER_ROLE_ID = 40;

/** Gives these users role 40 and every permission at these locations (a lower role is raised). */
async function grant(tx: DbOrTx, userIds: number[], locationIds: number[]): Promise<void> {
  if (!userIds.length || !locationIds.length) return;
  const pairs = userIds.flatMap((userId) => locationIds.map((locationId) => ({ userId, locationId })));
  await tx.insert(userLocationRoles).values(pairs.map((p) => ({ ...p, roleId: OWNER_ROLE_ID })))
    .onConflictDoUpdate({ target: [userLocationRoles.userId, userLocationRoles.locationId], set: { roleId: OWNER_ROLE_ID } });
  await tx.insert(userPermissions).values(pairs.flatMap((p) => PERMISSION_CODENAMES.map((codename) => ({ ...p, codename }))))
    .onConflictDoNothing();
}

/** A new location: every owner becomes its administrator with every permission. */
export async function giveOwnersLocation(tx: DbOrTx, locationId: number): Promise<void> {
  const owners = await tx.select({ id: users.id }).from(users).where(eq(users.isOwner, true));
  await grant(tx, owners.map((o) => o.id), [locationId]);
}

/** Makes the user an owner: the flag, and role 40 with every permission at every location. */
export async function makeOwner(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ isOwner: true }).where(eq(users.id, userId));
  const all = await tx.select({ id: locations.id }).from(locations);
  await grant(tx, [userId], all.map((l) => l.id));
}

/** Whether the installation has any account yet (none: the first start's setup link is open). */
export async function hasUsers(tx: DbOrTx): Promise<boolean> {
  const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).limit(1);
  return (row?.n ?? 0) > 0;
}
