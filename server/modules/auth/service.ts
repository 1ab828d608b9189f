// Login, logout, permissions and password reset.
// Transactions: login writes a token (one insert); a reset writes the key and its letter job in
// one transaction, and setting the new password marks the key used, changes the hash and
// revokes every token of the user in one transaction, so a key works exactly once.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginFailures, passwordResetKeys, userPermissions, users } from '../../db/schema';
import { ApiError, badRequestDetail, fieldError, notFound, throttled } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { Lang } from '../../platform/messages';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/passwords';
import { newSecret, secretHash } from '../../platform/tokens';
import { permissionName } from '../../../domain/permissions';

export interface LoginLimits {
  maxFailures: number;
  windowMinutes: number;
}

async function assertNotThrottled(db: Db, email: string, ip: string, limits: LoginLimits): Promise<void> {
  const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const [row] = await db
    .select({
      byPair: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<Date | null>`min(${loginFailures.at}) filter (where ${loginFailures.email} = ${email})`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  // The same address guessing one account, or many accounts: both are slowed down.
  if (row && (row.byPair >= limits.maxFailures || row.byIp >= limits.maxFailures * 5)) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const seconds = Math.max(1, Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000));
    throw throttled(seconds);
  }
}

export async function login(db: Db, email: string, password: string, ip: string, limits: LoginLimits): Promise<string> {
  const normalized = email.trim().toLowerCase();
  await assertNotThrottled(db, normalized, ip, limits);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || !user.isActive) {
    await db.insert(loginFailures).values({ email: normalized, ip });
    throw badRequestDetail('login_failed');
  }
  await db.delete(loginFailures).where(and(eq(loginFailures.email, normalized), eq(loginFailures.ip, ip)));
  const token = newSecret();
  await db.insert(authTokens).values({ userId: user.id, keyHash: secretHash(token) });
  return token;
}

export async function logout(db: Db, tokenId: number): Promise<void> {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

export async function permissionNames(db: Db, userId: number, product: string): Promise<string[]> {
  const rows = await db.select({ codename: userPermissions.codename }).from(userPermissions)
    .where(eq(userPermissions.userId, userId)).orderBy(userPermissions.codename);
  return rows.map((r) => permissionName(product, r.codename));
}

export interface ResetOptions {
  publicUrl: string;
  ttlMinutes: number;
  lang: Lang;
}

/** Writes a reset key and queues its letter. Unknown e-mails do nothing (no account probing). */
export async function requestPasswordReset(db: Db, email: string, opts: ResetOptions): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
  if (!user || !user.isActive) return;
  const key = newSecret(32);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetKeys).values({
      userId: user.id,
      keyHash: secretHash(key),
      expiresAt: new Date(Date.now() + opts.ttlMinutes * 60_000),
    });
    await enqueueJob(tx, 'mail.password_reset', {
      to: user.email,
      name: user.name || user.email,
      link: `${opts.publicUrl}/password_reset/${key}`,
      minutes: opts.ttlMinutes,
      lang: opts.lang,
    });
  });
}

async function liveKey(db: Db, key: string) {
  if (!/^[0-9a-f]{16,128}$/.test(key)) return undefined;
  const [row] = await db.select().from(passwordResetKeys)
    .where(and(eq(passwordResetKeys.keyHash, secretHash(key)), isNull(passwordResetKeys.usedAt), gt(passwordResetKeys.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function checkResetKey(db: Db, key: string): Promise<void> {
  if (!(await liveKey(db, key))) throw notFound();
}

export async function resetPassword(db: Db, key: string, password: string, confirm: string): Promise<void> {
  if (password !== confirm) throw fieldError('password_confirm', 'password_mismatch');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Claiming the key in the UPDATE itself makes two simultaneous uses end with one winner.
    const claimed = await tx.update(passwordResetKeys).set({ usedAt: new Date() })
      .where(and(eq(passwordResetKeys.keyHash, secretHash(key)), isNull(passwordResetKeys.usedAt), gt(passwordResetKeys.expiresAt, new Date())))
      .returning({ userId: passwordResetKeys.userId });
    const userId = claimed[0]?.userId;
    if (!userId) throw new ApiError(404, { key: 'reset_key_invalid' });
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    // Every other reset link of the account dies with this one.
    await tx.update(passwordResetKeys).set({ usedAt: new Date() }).where(and(eq(passwordResetKeys.userId, userId), isNull(passwordResetKeys.usedAt)));
    // A changed password signs the account out everywhere.
    await tx.update(authTokens).set({ revokedAt: new Date() }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
  });
}
