// Login, logout, permissions and password reset.
// Transactions: login books the attempt under a per-address lock, then writes a token (one
// insert); a reset request queues one job (the job writes the key and sends the letter);
// setting the new password marks the key used, changes the hash and revokes every token of the
// user in one transaction, so a key works exactly once.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, loginFailures, passwordResetKeys, userPermissions, users } from '../../db/schema';
import { ApiError, badRequestDetail, fieldError, notFound, throttled } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { pickLanguage, translate, type Lang } from '../../platform/messages';
import type { Mailer } from '../../platform/mail';
import { hitRateLimit } from '../../platform/rateLimit';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/passwords';
import { lockedTransaction } from '../../platform/locks';
import { newSecret, secretHash } from '../../platform/tokens';
import { permissionName } from '../../../domain/permissions';

export interface LoginLimits {
  maxFailures: number;
  windowMinutes: number;
}

/**
 * Counts the client's recent failures and books this attempt as one, before the password is
 * looked at, under a transaction-scoped advisory lock per client address: simultaneous attempts
 * from one address take turns, so each sees the bookings of those before it and at most
 * `maxFailures` get their password checked (counting and checking in parallel let every guess
 * through). An attempt over the limit books nothing (a throttled attempt is not a failure of its
 * own) and is answered 429. The caller keeps the booking as the failure, or clears the pair on success.
 */
async function bookAttempt(db: Db, email: string, ip: string, limits: LoginLimits): Promise<void> {
  await lockedTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login'), hashtext(${ip}))`);
    const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [row] = await tx
      .select({
        byPair: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
        byIp: sql<number>`count(*)`.mapWith(Number),
        oldestPair: sql<string | null>`min(${loginFailures.at}) filter (where ${loginFailures.email} = ${email})`,
        oldestIp: sql<string | null>`min(${loginFailures.at})`,
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
    // The same address guessing one account, or many accounts: both are slowed down.
    const overPair = !!row && row.byPair >= limits.maxFailures;
    const overIp = !!row && row.byIp >= limits.maxFailures * 5;
    if (overPair || overIp) {
      const oldestAt = overPair ? row!.oldestPair : row!.oldestIp;
      const oldest = oldestAt ? new Date(oldestAt).getTime() : Date.now();
      throw throttled(Math.max(1, Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000)));
    }
    await tx.insert(loginFailures).values({ email, ip });
  });
}

export async function login(db: Db, email: string, password: string, ip: string, limits: LoginLimits): Promise<string> {
  const normalized = email.trim().toLowerCase();
  await bookAttempt(db, normalized, ip, limits);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  // A failure keeps its booked row.
  if (!user || !ok || !user.isActive) throw badRequestDetail('login_failed');
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
  lang: Lang;
  /** Requests allowed per hour for one e-mail address and for one client address. */
  perEmail: number;
  perIp: number;
}

export const RESET_REQUEST_JOB = 'auth.password_reset';
export interface ResetRequestJob {
  email: string;
  lang: string;
}

/**
 * Counts the request per client and per address (429 over either), then queues a job that
 * decides. The answer takes the same work whether the account exists or not, so neither its
 * body nor its time tells (no account probing); the job writes the key and the letter, or nothing.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string, opts: ResetOptions): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await hitRateLimit(db, { name: 'password_reset.ip', max: opts.perIp, windowSeconds: 3600 }, ip);
  await hitRateLimit(db, { name: 'password_reset.email', max: opts.perEmail, windowSeconds: 3600 }, normalized);
  await enqueueJob(db, RESET_REQUEST_JOB, { email: normalized, lang: opts.lang } satisfies ResetRequestJob);
}

export interface ResetLetterOptions {
  publicUrl: string;
  ttlMinutes: number;
}

/** The job: for an active account, a fresh key and its letter; for anything else, nothing. */
export async function sendPasswordReset(db: Db, mailer: Mailer, job: ResetRequestJob, opts: ResetLetterOptions): Promise<void> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${job.email}`).limit(1);
  if (!user || !user.isActive) return;
  const key = newSecret(32);
  await db.insert(passwordResetKeys).values({
    userId: user.id,
    keyHash: secretHash(key),
    expiresAt: new Date(Date.now() + opts.ttlMinutes * 60_000),
  });
  // A failed send retries the job, which writes another key; the unsent one is never known to anyone.
  const lang = pickLanguage(job.lang);
  await mailer.send({
    to: user.email,
    subject: translate(lang, 'reset_mail_subject'),
    text: translate(lang, 'reset_mail_text', { name: user.name || user.email, email: user.email, link: `${opts.publicUrl}/password_reset/${key}`, minutes: opts.ttlMinutes }),
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
