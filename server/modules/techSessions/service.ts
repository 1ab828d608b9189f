// Technical sessions of the control page (permission `accounts.{product}.techsessions`, and a role
// at the playground's location). A playground's launcher token can be created or replaced; a
// technical session opens the playground for N minutes (only where tech_control is on), and the
// launcher API accepts technical sessions only until then (modules/sessions). Each grant is kept
// in tech_sessions (who, how long, why); the playground row holds the expiry the launcher checks.
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playgrounds, techSessions } from '../../db/schema';
import type { AuthUser } from '../../platform/auth';
import { fieldError, notFound } from '../../platform/errors';
import { playgroundJson, requireRoleAt } from '../locations/service';
import { lockedTransaction, lockPlayground } from '../../platform/locks';
import { recordEffects } from '../../platform/effects';

export const TECHSESSIONS_PERMISSION = 'techsessions';
/** The control page's access (routes.ts): the permission, checked before the handler; a role at the location here. */
export const TECH_SESSIONS = { permissions: [TECHSESSIONS_PERMISSION] };

async function playgroundOf(db: Db, user: AuthUser, playgroundId: number) {
  const [pg] = await db.select().from(playgrounds).where(eq(playgrounds.id, playgroundId));
  if (!pg) throw notFound();
  await requireRoleAt(db, user.id, pg.locationId);
  return pg;
}

/** POST /playgrounds/create_token/: a new uuid_token, replacing the old one (its launcher must be set up again). */
export async function createToken(db: Db, user: AuthUser, playgroundId: number) {
  const pg = await playgroundOf(db, user, playgroundId);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(playgrounds).set({ uuidToken: crypto.randomUUID() }).where(eq(playgrounds.id, playgroundId)).returning();
    // Never the token itself: that one was replaced.
    await recordEffects(tx, { activity: { locationId: pg.locationId, kind: 'playground.token_replaced', subject: pg.name } });
    return updated;
  });
  return playgroundJson(row!, true);
}

/** POST /playgrounds/{id}/tech_sessions/: open the playground for `minutes` from now (a running one is replaced). */
export async function startTechSession(db: Db, user: AuthUser, playgroundId: number, input: { minutes: number; comment: string }) {
  const pg = await playgroundOf(db, user, playgroundId);
  if (!pg.techControl) throw fieldError('non_field_errors', 'tech_control_off');
  return lockedTransaction(db, async (tx) => {
    // The playground row is the lock: two staff starting at once leave one open grant.
    await lockPlayground(tx, playgroundId);
    await tx.update(techSessions).set({ stoppedAt: new Date() })
      .where(and(eq(techSessions.playgroundId, playgroundId), isNull(techSessions.stoppedAt), sql`${techSessions.expiresAt} > now()`));
    const [grant] = await tx.insert(techSessions).values({
      playgroundId, minutes: input.minutes, comment: input.comment, userId: user.id,
      expiresAt: sql`now() + make_interval(mins => ${input.minutes})`,
    }).returning();
    const [row] = await tx.update(playgrounds).set({ techSessionsAccessExpiresAt: grant!.expiresAt })
      .where(eq(playgrounds.id, playgroundId)).returning();
    await recordEffects(tx, {
      activity: { locationId: pg.locationId, kind: 'tech_session.started', subject: pg.name, after: { minutes: input.minutes, comment: input.comment } },
      live: { location: pg.locationId, kind: 'tech_session', payload: { playground_id: playgroundId } },
    });
    return playgroundJson(row!, true);
  });
}

/** DELETE /playgrounds/{id}/tech_sessions/: end access now. Stopping an expired one changes nothing. */
export async function stopTechSession(db: Db, user: AuthUser, playgroundId: number): Promise<void> {
  const pg = await playgroundOf(db, user, playgroundId);
  await lockedTransaction(db, async (tx) => {
    await lockPlayground(tx, playgroundId);
    await tx.update(techSessions).set({ stoppedAt: new Date() })
      .where(and(eq(techSessions.playgroundId, playgroundId), isNull(techSessions.stoppedAt), sql`${techSessions.expiresAt} > now()`));
    await tx.update(playgrounds).set({ techSessionsAccessExpiresAt: sql`least(${playgrounds.techSessionsAccessExpiresAt}, now())` })
      .where(eq(playgrounds.id, playgroundId));
    await recordEffects(tx, {
      activity: { locationId: pg.locationId, kind: 'tech_session.stopped', subject: pg.name },
      live: { location: pg.locationId, kind: 'tech_session', payload: { playground_id: playgroundId } },
    });
  });
}

/** Whether the launcher may report a technical session on this playground now. */
export function techAccessOpen(pg: { techSessionsAccessExpiresAt: Date | null }, now = new Date()): boolean {
  return pg.techSessionsAccessExpiresAt !== null && pg.techSessionsAccessExpiresAt.getTime() > now.getTime();
}
