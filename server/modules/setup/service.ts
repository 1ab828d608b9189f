// The first start (#28). While the database has no user, every server start makes a random setup
// token (only its SHA-256 is kept, for 24 h; an older one stays valid until it expires) and logs one
// line with `<PUBLIC_URL>/setup/<token>`. The page behind it creates the owner, signs them in and
// deletes every setup token, in one transaction; from then on the setup calls answer 404.
import { eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setupTokens, users } from '../../db/schema';
import { ApiError, fieldError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { newSecret, secretHash } from '../../platform/tokens';
import { issueToken, newResetLink } from '../auth/service';
import { hasUsers, makeOwner } from '../owners/service';
import { recordEffects } from '../../platform/effects';

export const SETUP_TOKEN_HOURS = 24;
const TOKEN_PATTERN = /^[0-9a-f]{40}$/;

/**
 * At a start: the setup link when the database has no user yet, else null (nothing is written).
 * Call it after the demo seed (a seeded database needs none).
 */
export async function setupLinkIfEmpty(db: Db, publicUrl: string): Promise<string | null> {
  if (await hasUsers(db)) return null;
  const token = newSecret(20);
  await db.insert(setupTokens).values({ tokenHash: secretHash(token), expiresAt: new Date(Date.now() + SETUP_TOKEN_HOURS * 3_600_000) });
  return `${publicUrl}/setup/${token}`;
}

/** The log line of the first start (the e2e test and the README's steps read it). */
export const setupLogLine = (link: string) => `first start: no account yet; open ${link} to create the owner (valid ${SETUP_TOKEN_HOURS} h, a restart prints a new one)`;

const liveToken = (token: string) => sql`${setupTokens.tokenHash} = ${secretHash(token)} and ${gt(setupTokens.expiresAt, sql`now()`)}`;

/**
 * #42 A dead link explains itself (404 with what to do): the installation is set up already (a used
 * link: sign in), or the link is wrong or expired (a restart prints a new one while nobody has an
 * account). Which of the two says only whether an account exists, which the sign-in page says too;
 * a wrong and an expired token still read the same.
 */
export const setupDone = () => new ApiError(404, { key: 'setup_done' });
const linkInvalid = () => new ApiError(404, { key: 'setup_link_invalid' });

/** GET /setup/{token}/: 404 unless the token is live and nobody has an account yet; the page shows the answer's words. */
export async function checkSetupToken(db: Db, token: string): Promise<void> {
  if (await hasUsers(db)) throw setupDone();
  if (!TOKEN_PATTERN.test(token)) throw linkInvalid();
  const [row] = await db.select({ h: setupTokens.tokenHash }).from(setupTokens).where(liveToken(token)).limit(1);
  if (!row) throw linkInvalid();
}

export interface SetupInput {
  token: string;
  name: string;
  email: string;
  password: string;
  password_confirm: string;
}

/**
 * POST /setup/: the owner. A wrong or expired token is a 404 (setup_link_invalid), an installation
 * with an account a 404 (setup_done): a guesser learns nothing about a token. Under a lock on the token table, so two
 * simultaneous posts end with one owner. The entry names the new owner as who did it (nobody was signed in).
 */
export async function createOwner(db: Db, input: SetupInput, ip: string | null): Promise<{ token: string }> {
  if (input.password !== input.password_confirm) throw fieldError('password_confirm', 'password_mismatch');
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${setupTokens} in exclusive mode`);
    if (await hasUsers(tx)) throw setupDone();
    if (!TOKEN_PATTERN.test(input.token)) throw linkInvalid();
    const [live] = await tx.select({ h: setupTokens.tokenHash }).from(setupTokens).where(liveToken(input.token)).limit(1);
    if (!live) throw linkInvalid();
    const [owner] = await tx.insert(users).values({ email: input.email.trim().toLowerCase(), name: input.name, passwordHash: hash }).returning({ id: users.id });
    await makeOwner(tx, owner!.id);
    await tx.delete(setupTokens);
    await recordEffects(tx, { activity: { locationId: null, kind: 'setup.owner_created', subject: input.email.trim().toLowerCase(), after: { name: input.name, email: input.email.trim().toLowerCase() }, actor: { userId: owner!.id, ip } } });
    return { token: await issueToken(tx, owner!.id) };
  });
}

/**
 * `npm run owner -- --email ...` (server/db/ownerCli.ts): makes the account with that e-mail an owner,
 * creating it when there is none (named by its e-mail, with an unusable random password), and answers
 * a set-password link of the password reset flow (valid RESET_KEY_TTL_MINUTES; run it again for a
 * fresh one). The setup link dies with it: an owner exists. The entry has no actor (a shell did it).
 */
export async function ownerFromCommandLine(db: Db, email: string, opts: { publicUrl: string; ttlMinutes: number }): Promise<{ link: string; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const hash = await hashPassword(newSecret(32));
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${setupTokens} in exclusive mode`);
    let [user] = await tx.select({ id: users.id, isOwner: users.isOwner }).from(users).where(sql`lower(${users.email}) = ${normalized}`).limit(1);
    const created = !user;
    if (!user) [user] = await tx.insert(users).values({ email: normalized, name: normalized, passwordHash: hash }).returning({ id: users.id, isOwner: users.isOwner });
    await makeOwner(tx, user!.id);
    await tx.delete(setupTokens);
    if (!user!.isOwner) {
      await recordEffects(tx, { activity: { locationId: null, kind: 'setup.owner_created', subject: normalized, before: created ? null : { owner: false }, after: { email: normalized, owner: true }, actor: { userId: null, ip: null } } });
    }
    await tx.update(users).set({ isActive: true }).where(eq(users.id, user!.id));
    return { link: await newResetLink(tx, user!.id, opts), created };
  });
}
