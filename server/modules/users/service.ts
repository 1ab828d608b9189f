// The signed-in user's profile, and other users as far as the user may see them.
// Avatar files are checked by their content (decoded, platform/images.ts), not by name or declared type.
import crypto from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userLocationRoles, users } from '../../db/schema';
import { fieldError, notFound, permissionDenied } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { hitRateLimit } from '../../platform/rateLimit';
import { decodedImage } from '../../platform/images';
import { contentTypeOf, type FileStore } from '../../platform/files';
import { highestRole } from '../locations/service';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/media/avatars/';

type UserRow = typeof users.$inferSelect;

export function userJson(u: UserRow) {
  return {
    id: u.id,
    uid: u.uid,
    name: u.name,
    email: u.email,
    phone: u.phone,
    avatar: u.avatar ? `${AVATAR_URL_PREFIX}${u.avatar}` : null,
  };
}

export async function me(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  return { ...userJson(u), role: await highestRole(db, userId), is_owner: u.isOwner };
}

/** Another user is visible when both have a role at a common location (sellers, staff). */
export async function visibleUser(db: Db, viewerId: number, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  if (userId !== viewerId) {
    const mine = db.select({ id: userLocationRoles.locationId }).from(userLocationRoles).where(eq(userLocationRoles.userId, viewerId));
    const [shared] = await db.select({ one: sql`1` }).from(userLocationRoles)
      .where(and(eq(userLocationRoles.userId, userId), inArray(userLocationRoles.locationId, mine))).limit(1);
    if (!shared) throw notFound();
  }
  return userJson(u);
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  // Drizzle wraps the driver's error; the PostgreSQL code and constraint are on its cause.
  const pgError = ((err as { cause?: unknown }).cause ?? err) as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}

export { imageExtension } from '../../platform/images';

export interface ProfileUpdate {
  name: string;
  phone: string;
  email: string;
  /** Needed when the e-mail changes. */
  currentPassword?: string;
  avatar?: Buffer;
}

/** Checks of the current password allowed per user in 15 minutes (a stolen token must not guess it). */
export const PASSWORD_CHECKS_PER_15_MIN = 10;

/** A new e-mail takes over the account's reset letters: it needs the current password, not just a token. */
async function assertMayChangeEmail(db: Db, userId: number, email: string, currentPassword: string | undefined): Promise<void> {
  const [u] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u || u.email.toLowerCase() === email.toLowerCase()) return;
  if (!currentPassword) throw fieldError('current_password', 'current_password_required');
  await hitRateLimit(db, { name: 'profile.current_password', max: PASSWORD_CHECKS_PER_15_MIN, windowSeconds: 900 }, String(userId));
  if (!(await verifyPassword(currentPassword, u.passwordHash))) throw fieldError('current_password', 'current_password_wrong');
}

/** #48 The store's key of an avatar file. */
const avatarKey = (file: string) => `media/avatars/${file}`;

export async function updateProfile(db: Db, files: FileStore, actorId: number, userId: number, input: ProfileUpdate) {
  if (actorId !== userId) throw permissionDenied('edit_only_self');
  await assertMayChangeEmail(db, userId, input.email, input.currentPassword);
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, userId))).limit(1);
  if (taken) throw fieldError('email', 'email_taken');
  let avatarFile: string | undefined;
  if (input.avatar) {
    // Decoded as the gallery's pictures are: a PNG header on anything else is refused.
    const { ext } = await decodedImage(input.avatar, 'avatar');
    avatarFile = `${userId}-${crypto.randomBytes(8).toString('hex')}.${ext}`;
    await files.put(avatarKey(avatarFile), input.avatar, contentTypeOf(avatarFile));
  }
  const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  let updated: UserRow | undefined;
  try {
    [updated] = await db.update(users)
      .set({ name: input.name, phone: input.phone, email: input.email, ...(avatarFile ? { avatar: avatarFile } : {}) })
      .where(eq(users.id, userId)).returning();
  } catch (err) {
    if (avatarFile) await files.remove(avatarKey(avatarFile));
    // Another user took the address between the check above and this update: the unique index decides.
    if (isUniqueViolation(err, 'users_email_lower_idx')) throw fieldError('email', 'email_taken');
    throw err;
  }
  if (!updated) throw notFound();
  // The old picture is no longer referenced once the new one is saved.
  if (avatarFile && before?.avatar) await files.remove(avatarKey(path.basename(before.avatar)));
  return { ...userJson(updated), role: await highestRole(db, userId), is_owner: updated.isOwner };
}
