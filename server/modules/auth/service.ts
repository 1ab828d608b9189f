// Login, logout, permissions and password reset.
// Transactions: login books the attempt under a per-address lock, then writes a token (one
// insert); a reset request queues one job (the job writes the key and sends the letter);
// setting the new password marks the key used, changes the hash and revokes every token of the
// user in one transaction, so a key works exactly once.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens, loginFailures, passwordResetKeys, userPermissions, users } from '../../db/schema';
import { ApiError, badRequestDetail, fieldError, notFound, throttled } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { pickLanguage, translate, type Lang } from '../../platform/messages';
import type { Mailer } from '../../platform/mail';
import { countHit, hitRateLimit } from '../../platform/rateLimit';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/passwords';
import { lockedTransaction } from '../../platform/locks';
import { newSecret, secretHash } from '../../platform/tokens';
import { permissionName } from '../../../domain/permissions';

export interface LoginLimits {
  /** Failures of one e-mail from one address within the window before 429. */
  maxFailures: number;
  windowMinutes: number;
  /** The wait before the password is checked once an address, or an account, has failed 5 × maxFailures times. */
  slowdownSeconds: number;
}

/** An address (or an account) failing this many times the pair's limit is slowed down, never refused. */
export const WIDE_FAILURES_FACTOR = 5;

/**
 * Counts the recent failures and books this attempt as one, before the password is looked at, under
 * a transaction-scoped advisory lock per (e-mail, address): simultaneous attempts of a pair take
 * turns, so each sees the bookings of those before it and at most `maxFailures` get their password
 * checked. Only the pair is ever refused (429): someone else's failures, from another address at the
 * same account or from the same address (an office behind one NAT) at other accounts, cannot lock a
 * person out. They slow the attempt down instead: answers `slow` when the address, or the account
 * over every address, has failed WIDE_FAILURES_FACTOR × maxFailures times within the window. An
 * attempt over the limit books nothing (a throttled attempt is not a failure of its own). The caller
 * keeps the booking as the failure, or clears the pair on success.
 */
async function bookAttempt(db: Db, email: string, ip: string, limits: LoginLimits): Promise<{ slow: boolean }> {
  return lockedTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login'), hashtext(${`${email}|${ip}`}))`);
    const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [row] = await tx
      .select({
        byPair: sql<number>`count(*) filter (where ${loginFailures.email} = ${email} and ${loginFailures.ip} = ${ip})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
        byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
        oldestPair: sql<string | null>`min(${loginFailures.at}) filter (where ${loginFailures.email} = ${email} and ${loginFailures.ip} = ${ip})`,
      })
      .from(loginFailures)
      .where(and(or(eq(loginFailures.ip, ip), eq(loginFailures.email, email)), gt(loginFailures.at, since)));
    if (row && row.byPair >= limits.maxFailures) {
      const oldest = row.oldestPair ? new Date(row.oldestPair).getTime() : Date.now();
      throw throttled(Math.max(1, Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000)));
    }
    await tx.insert(loginFailures).values({ email, ip });
    const wide = limits.maxFailures * WIDE_FAILURES_FACTOR;
    return { slow: !!row && (row.byIp >= wide || row.byEmail >= wide) };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(db: Db, email: string, password: string, ip: string, limits: LoginLimits): Promise<string> {
  const normalized = email.trim().toLowerCase();
  const { slow } = await bookAttempt(db, normalized, ip, limits);
  // Before the check, right or wrong alike: the wait tells nothing about the password.
  if (slow) await sleep(limits.slowdownSeconds * 1000);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  // A failure keeps its booked row.
  if (!user || !ok || !user.isActive) throw badRequestDetail('login_failed');
  await db.delete(loginFailures).where(and(eq(loginFailures.email, normalized), eq(loginFailures.ip, ip)));
  return issueToken(db, user.id);
}

/** A new auth token for the user, as login answers it (the first start's setup signs the owner in with it). */
export async function issueToken(db: DbOrTx, userId: number): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({ userId, keyHash: secretHash(token) });
  // The Staff screen's last sign-in (#28): every way in (login, setup, an accepted invitation) passes here.
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return token;
}

export async function logout(db: Db, tokenId: number): Promise<void> {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

export async function permissionNames(db: Db, userId: number, product: string): Promise<string[]> {
  // Permissions are held per location (#28); this answer of the spec keeps its shape: the union.
  const rows = await db.selectDistinct({ codename: userPermissions.codename }).from(userPermissions)
    .where(eq(userPermissions.userId, userId)).orderBy(userPermissions.codename);
  return rows.map((r) => permissionName(product, r.codename));
}

export interface ResetOptions {
  lang: Lang;
  /** Requests an hour for one e-mail from one client address (429 above); and letters an hour to one e-mail. */
  perEmail: number;
  /** Requests an hour from one client address over every e-mail before each is slowed down. */
  perIp: number;
  slowdownSeconds: number;
  /** How long a reset link works (RESET_KEY_TTL_MINUTES): the letters' window is never longer. */
  ttlMinutes: number;
}

export const RESET_REQUEST_JOB = 'auth.password_reset';
export interface ResetRequestJob {
  email: string;
  lang: string;
}

const HOUR = 3600;

/**
 * Refuses (429) only the pair of e-mail and client address over `perEmail` an hour: requests for
 * someone's e-mail from elsewhere can never block that person's own. An address asking for many
 * e-mails is slowed down past `perIp`, not refused (an office behind one NAT shares it). One e-mail
 * gets at most `perEmail` letters an hour (or per link lifetime when shorter) from every address together (no mail bombing): a request
 * past that is answered the same and sends nothing new, since the letters of this hour are in that
 * mailbox and their links work until the window is over (fixed windows, never longer than a link's life).
 * Then a job decides: the answer takes the same work whether the account exists or not, so neither
 * its body nor its time tells (no account probing); the job writes the key and the letter, or nothing.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string, opts: ResetOptions): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await hitRateLimit(db, { name: 'password_reset.pair', max: opts.perEmail, windowSeconds: HOUR }, `${normalized}|${ip}`);
  const byIp = await countHit(db, { name: 'password_reset.ip', max: opts.perIp, windowSeconds: HOUR }, ip);
  if (byIp.over) await sleep(opts.slowdownSeconds * 1000);
  // A window no longer than a link's life: every letter of the current window still works until it ends.
  const letterWindow = Math.max(60, Math.min(HOUR, opts.ttlMinutes * 60));
  const letters = await countHit(db, { name: 'password_reset.letters', max: opts.perEmail, windowSeconds: letterWindow }, normalized);
  if (letters.over) return;
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
  const link = await newResetLink(db, user.id, opts);
  // A failed send retries the job, which writes another key; the unsent one is never known to anyone.
  const lang = pickLanguage(job.lang);
  await mailer.send({
    to: user.email,
    subject: translate(lang, 'reset_mail_subject'),
    text: translate(lang, 'reset_mail_text', { name: user.name || user.email, email: user.email, link, minutes: opts.ttlMinutes }),
  });
}

/** A fresh password reset key for the user and its link (the letter's, and `npm run owner`'s set-password link). */
export async function newResetLink(db: DbOrTx, userId: number, opts: ResetLetterOptions): Promise<string> {
  const key = newSecret(32);
  await db.insert(passwordResetKeys).values({ userId, keyHash: secretHash(key), expiresAt: new Date(Date.now() + opts.ttlMinutes * 60_000) });
  return `${opts.publicUrl}/password_reset/${key}`;
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
