// Staff and their rights at a location (#28 STAFF): inviting (every addition, also of an existing
// account, is an invitation its owner accepts: #38), changing, removing people, the invitations'
// letters and acceptance, and the owner's installation-wide switches (deactivate,
// activate, make an owner). Every change takes the location's staff lock (so two administrators
// cannot each remove the other and leave none) and writes its activity entry in its transaction.
import { issueToken } from '../auth/service';
import { makeOwner as grantOwnership } from '../owners/service';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invitations, locations, userLocationRoles, userPermissions, users } from '../../db/schema';
import type { AuthUser } from '../../platform/auth';
import { ApiError, fieldError, notFound, permissionDenied } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import { pickLanguage, translate, wordsParam, type Lang } from '../../platform/messages';
import { hashPassword } from '../../platform/passwords';
import { newSecret, secretHash } from '../../platform/tokens';
import { PERMISSION_CODENAMES } from '../../../domain/permissions';
import { ROLES } from '../../../domain/roles';
import type { STAFF_STATES } from '../../../domain/staff';
import { locationNameIn, requireRoleAt, type RoleAtLocation } from '../locations/service';
import { locationSender } from '../locations/letters';
import { recordEffects } from '../../platform/effects';

export const INVITATION_DAYS = 7;
export const INVITATION_LETTER_JOB = 'mail.invitation';
const ADMINISTRATOR = 40;

export interface StaffGrant { role: number; permissions: string[] }

const roleValue = (roleId: number) => ROLES.find((r) => r.id === roleId)?.value ?? Number.POSITIVE_INFINITY;
const sorted = (list: readonly string[]) => [...new Set(list)].sort();

/** Serialises the staff changes of one location (the last-administrator rule reads, then writes). */
async function lockStaff(tx: Tx, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff'), ${locationId})`);
}

/**
 * Nobody grants what they do not hold at this location: a role above their own, or a permission
 * (granted or revoked) they lack there. An owner holds everything. `before`: the person's current
 * permissions, so an unchanged permission the caller lacks is no escalation.
 */
function checkGrant(caller: AuthUser, callerRole: RoleAtLocation, grant: StaffGrant, before: readonly string[] = []): void {
  if (caller.isOwner) return;
  if (roleValue(grant.role) > callerRole.value) throw fieldError('role', 'staff_role_not_held');
  const changed = [...grant.permissions.filter((p) => !before.includes(p)), ...before.filter((p) => !grant.permissions.includes(p))];
  const lacking = changed.find((p) => !callerRole.permissions.includes(p));
  if (lacking) throw fieldError('permissions', 'staff_permission_not_held', { permission: wordsParam('permission', lacking) });
}

async function setGrant(tx: Tx, userId: number, locationId: number, grant: StaffGrant): Promise<void> {
  await tx.insert(userLocationRoles).values({ userId, locationId, roleId: grant.role })
    .onConflictDoUpdate({ target: [userLocationRoles.userId, userLocationRoles.locationId], set: { roleId: grant.role } });
  await tx.delete(userPermissions).where(and(eq(userPermissions.userId, userId), eq(userPermissions.locationId, locationId)));
  if (grant.permissions.length) await tx.insert(userPermissions).values(grant.permissions.map((codename) => ({ userId, locationId, codename })));
}

async function grantOf(db: Db | Tx, userId: number, locationId: number): Promise<StaffGrant | null> {
  const [row] = await db.select({ role: userLocationRoles.roleId }).from(userLocationRoles)
    .where(and(eq(userLocationRoles.userId, userId), eq(userLocationRoles.locationId, locationId)));
  if (!row) return null;
  const perms = await db.select({ codename: userPermissions.codename }).from(userPermissions)
    .where(and(eq(userPermissions.userId, userId), eq(userPermissions.locationId, locationId)));
  return { role: row.role, permissions: sorted(perms.map((p) => p.codename)) };
}

/** 400 (with a message) when the change would leave the location without an administrator. */
async function keepAnAdministrator(tx: Tx, locationId: number, userId: number): Promise<void> {
  const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(userLocationRoles)
    .innerJoin(users, eq(users.id, userLocationRoles.userId))
    .where(and(eq(userLocationRoles.locationId, locationId), eq(userLocationRoles.roleId, ADMINISTRATOR), sql`${users.id} <> ${userId}`));
  // A field error of the whole request (DRF's non_field_errors): a DELETE has no body to fault.
  if (!row || row.n === 0) throw fieldError('non_field_errors', 'staff_last_administrator');
}

/** The language of a location's letters: the first it offers, when ru or en; else the caller's (#42: only invitations made before the language was kept). */
async function locationLanguage(db: Db | Tx, locationId: number, fallback: Lang): Promise<Lang> {
  const [row] = await db.select({ languages: locations.languages }).from(locations).where(eq(locations.id, locationId));
  const first = row?.languages?.[0];
  return first === 'ru' || first === 'en' ? first : fallback;
}

export interface StaffRow {
  id: string; user_id: number | null; invitation_id: number | null; name: string; email: string; role: number;
  permissions: string[]; last_login: string | null; state: (typeof STAFF_STATES)[number]; is_owner: boolean; expires: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function userRow(u: typeof users.$inferSelect, grant: StaffGrant): StaffRow {
  return {
    id: `u${u.id}`, user_id: u.id, invitation_id: null, name: u.name, email: u.email, role: grant.role, permissions: grant.permissions,
    last_login: iso(u.lastLoginAt), state: u.isActive ? 'active' : 'deactivated', is_owner: u.isOwner, expires: null,
  };
}

function invitationRow(i: typeof invitations.$inferSelect): StaffRow {
  return {
    id: `i${i.id}`, user_id: null, invitation_id: i.id, name: '', email: i.email, role: i.roleId, permissions: sorted(i.permissions),
    last_login: null, state: i.expiresAt > new Date() ? 'invited' : 'expired', is_owner: false, expires: iso(i.expiresAt),
  };
}

/**
 * POST /locations/{id}/staff/: always an invitation, whether or not the e-mail has an account (#38).
 * An administrator of one location must learn nothing about accounts elsewhere: the answer, the
 * list row and the work done (the same queries in the same order) are those of an unknown e-mail,
 * and the role takes effect only when the mailbox's owner accepts by the letter's link. The one
 * thing refused is what this location already knows: the e-mail is on its staff, or invited to it.
 */
export async function addStaff(db: Db, user: AuthUser, locationId: number, body: { email: string; role: number; permissions: string[]; language?: Lang }, lang: Lang): Promise<StaffRow> {
  const callerRole = await requireRoleAt(db, user.id, locationId);
  const grant = { role: body.role, permissions: sorted(body.permissions) };
  checkGrant(user, callerRole, grant);
  const email = body.email.trim().toLowerCase();
  // #42 The letter's language: the one chosen, else the inviter's interface language (Accept-Language);
  // it was the location's first language, so an English owner's invitations arrived in Russian.
  const letterLang = body.language ?? lang;
  return db.transaction(async (tx) => {
    await lockStaff(tx, locationId);
    // One query joined to this location's roles: an account elsewhere reads as no row, like no account.
    const [here] = await tx.select({ one: sql`1` }).from(userLocationRoles).innerJoin(users, eq(users.id, userLocationRoles.userId))
      .where(and(eq(userLocationRoles.locationId, locationId), sql`lower(${users.email}) = ${email}`)).limit(1);
    if (here) throw fieldError('email', 'staff_already_here');
    const [open] = await tx.select({ id: invitations.id }).from(invitations)
      .where(and(eq(invitations.locationId, locationId), sql`lower(${invitations.email}) = ${email}`, isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)));
    if (open) throw fieldError('email', 'staff_already_invited');
    // The key is made by the letter's job (sendInvitation): until then the row holds a hash nobody knows.
    const [row] = await tx.insert(invitations).values({
      keyHash: secretHash(newSecret()), locationId, email, roleId: grant.role, permissions: grant.permissions, invitedByUserId: user.id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000), language: letterLang,
    }).returning();
    await enqueueJob(tx, INVITATION_LETTER_JOB, { invitationId: row!.id, lang: letterLang } satisfies InvitationLetterJob);
    await recordEffects(tx, { activity: { locationId, kind: 'staff.invited', subject: email, after: { ...grant } } });
    return invitationRow(row!);
  });
}

/**
 * 404 unless the person has a role at this location; 403 when a non-owner touches an owner. One
 * query joined to this location's roles, so an account elsewhere answers as an unknown id does.
 */
async function requireMember(tx: Tx, caller: AuthUser, locationId: number, userId: number) {
  const [row] = await tx.select({ u: users }).from(users)
    .innerJoin(userLocationRoles, and(eq(userLocationRoles.userId, users.id), eq(userLocationRoles.locationId, locationId)))
    .where(eq(users.id, userId));
  const grant = row ? await grantOf(tx, userId, locationId) : null;
  if (!row || !grant) throw notFound();
  if (row.u.isOwner && !caller.isOwner) throw permissionDenied('staff_owner_protected');
  return { u: row.u, grant };
}

/** PUT /locations/{id}/staff/{user_id}/: the role and every permission at this location. */
export async function changeStaff(db: Db, user: AuthUser, locationId: number, userId: number, body: StaffGrant): Promise<StaffRow> {
  const callerRole = await requireRoleAt(db, user.id, locationId);
  const grant = { role: body.role, permissions: sorted(body.permissions) };
  return db.transaction(async (tx) => {
    await lockStaff(tx, locationId);
    const { u, grant: before } = await requireMember(tx, user, locationId, userId);
    checkGrant(user, callerRole, grant, before.permissions);
    if (before.role === ADMINISTRATOR && grant.role !== ADMINISTRATOR) await keepAnAdministrator(tx, locationId, userId);
    await setGrant(tx, userId, locationId, grant);
    await recordEffects(tx, { activity: { locationId, kind: 'staff.changed', subject: u.email, before: { ...before }, after: { ...grant } } });
    return userRow(u, grant);
  });
}

/** DELETE /locations/{id}/staff/{user_id}/: the role and permissions there go; the account and its history stay. */
export async function removeStaff(db: Db, user: AuthUser, locationId: number, userId: number): Promise<void> {
  const callerRole = await requireRoleAt(db, user.id, locationId);
  await db.transaction(async (tx) => {
    await lockStaff(tx, locationId);
    const { u, grant: before } = await requireMember(tx, user, locationId, userId);
    // Taking permissions away is a change of them too: only what the caller holds.
    checkGrant(user, callerRole, { role: 10, permissions: [] }, before.permissions);
    if (before.role === ADMINISTRATOR) await keepAnAdministrator(tx, locationId, userId);
    await tx.delete(userPermissions).where(and(eq(userPermissions.userId, userId), eq(userPermissions.locationId, locationId)));
    await tx.delete(userLocationRoles).where(and(eq(userLocationRoles.userId, userId), eq(userLocationRoles.locationId, locationId)));
    await recordEffects(tx, { activity: { locationId, kind: 'staff.removed', subject: u.email, before: { ...before } } });
  });
}

async function openInvitation(tx: Tx, locationId: number, invitationId: number) {
  const [row] = await tx.select().from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.locationId, locationId), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * POST /locations/{id}/invitations/{invitation_id}/resend/: a new key (the old link dies) and 7 more
 * days, also for an expired one (#42), in the invitation's language.
 */
export async function resendInvitation(db: Db, user: AuthUser, locationId: number, invitationId: number, lang: Lang): Promise<StaffRow> {
  await requireRoleAt(db, user.id, locationId);
  // Invitations made before #42 have no language: the location's first, as their first letter was.
  const fallback = await locationLanguage(db, locationId, lang);
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, locationId, invitationId);
    const letterLang = row.language === 'ru' || row.language === 'en' ? row.language : fallback;
    const [updated] = await tx.update(invitations)
      .set({ keyHash: secretHash(newSecret()), expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) })
      .where(eq(invitations.id, row.id)).returning();
    await enqueueJob(tx, INVITATION_LETTER_JOB, { invitationId: row.id, lang: letterLang } satisfies InvitationLetterJob);
    // #42 Before and after: until when the link works (the old link dies, the new one has its days).
    await recordEffects(tx, { activity: { locationId, kind: 'staff.invitation_resent', subject: row.email,
      before: { expires: row.expiresAt.toISOString().slice(0, 10) }, after: { expires: updated!.expiresAt.toISOString().slice(0, 10) } } });
    return invitationRow(updated!);
  });
}

/** DELETE /locations/{id}/invitations/{invitation_id}/: the link stops working; the row stays (withdrawn). */
export async function withdrawInvitation(db: Db, user: AuthUser, locationId: number, invitationId: number): Promise<void> {
  await requireRoleAt(db, user.id, locationId);
  await db.transaction(async (tx) => {
    const row = await openInvitation(tx, locationId, invitationId);
    await tx.update(invitations).set({ withdrawnAt: new Date() }).where(eq(invitations.id, row.id));
    await recordEffects(tx, { activity: { locationId, kind: 'staff.invitation_withdrawn', subject: row.email, before: { role: row.roleId, permissions: row.permissions } } });
  });
}

export interface InvitationLetterJob { invitationId: number; lang: Lang }

/**
 * The job: a fresh key for an invitation still open, and its letter (a retried send writes another
 * key). The mailbox's owner may learn that their address has an account (the inviter never does):
 * the letter says so, and that their password stays.
 */
export async function sendInvitation(db: Db, mailer: Mailer, job: InvitationLetterJob, publicUrl: string): Promise<void> {
  const key = newSecret(32);
  const [row] = await db.update(invitations).set({ keyHash: secretHash(key) })
    .where(and(eq(invitations.id, job.invitationId), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)))
    .returning();
  if (!row) return;
  const lang = pickLanguage(job.lang);
  const location = await locationNameIn(db, row.locationId, lang);
  const account = await accountOf(db, row.email);
  await mailer.send({
    to: row.email,
    ...await locationSender(db, row.locationId, lang), // #42 the location's sender name and reply address
    subject: translate(lang, 'invitation_mail_subject', { location }),
    text: translate(lang, account ? 'invitation_mail_text_existing' : 'invitation_mail_text', { location, email: row.email, link: `${publicUrl}/invitation/${key}`, days: INVITATION_DAYS }),
  });
}

/** The account an e-mail has, whatever the case it was typed in. */
async function accountOf(db: Db | Tx, email: string) {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return u;
}

const validKey = (key: string) => /^[0-9a-f]{16,128}$/.test(key);

async function liveInvitation(db: Db | Tx, key: string) {
  if (!validKey(key)) return undefined;
  const [row] = await db.select().from(invitations)
    .where(and(eq(invitations.keyHash, secretHash(key)), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt), gt(invitations.expiresAt, new Date())));
  return row;
}

const invalidInvitation = () => new ApiError(404, { key: 'invitation_invalid' });

/** GET /invitations/{key}/: what the page shows (the location, the e-mail, whether it already has an account). */
export async function invitationFacts(db: Db, key: string, lang: Lang) {
  const row = await liveInvitation(db, key);
  if (!row) throw invalidInvitation();
  return { location: await locationNameIn(db, row.locationId, lang), email: row.email, has_account: !!(await accountOf(db, row.email)) };
}

export interface Acceptance { name?: string; password?: string; password_confirm?: string }

/**
 * POST /invitations/{key}/: single use (claimed in the UPDATE itself), 7 days, never after a
 * withdrawal. The link from the letter is the proof that the e-mail is the acceptor's, for a new
 * address and for an account alike (#38). A new address becomes an account with the name and
 * password given, signed in (answers a token). An existing account keeps its name and its password:
 * a password sent for it is refused (accepting must never become a way to reset one), nothing
 * signs it in (the link is no sign-in credential for 7 days), and the answer's token is null: the
 * person signs in as they always do. Acceptance gives the invitation's role and permissions there.
 */
export async function acceptInvitation(db: Db, key: string, body: Acceptance, ip: string | null): Promise<{ token: string | null }> {
  const candidate = await liveInvitation(db, key);
  if (!candidate) throw invalidInvitation();
  const existing = await accountOf(db, candidate.email);
  let hash: string | null = null;
  if (existing) {
    if (body.password !== undefined || body.password_confirm !== undefined) throw fieldError('password', 'invitation_keeps_password');
    if (!existing.isActive) throw invalidInvitation();
  } else {
    const missing = (['name', 'password', 'password_confirm'] as const).filter((f) => !body[f]);
    if (missing.length) throw new ApiError(400, undefined, Object.fromEntries(missing.map((f) => [f, [{ key: 'required' as const }]])));
    if (body.password !== body.password_confirm) throw fieldError('password_confirm', 'password_mismatch');
    hash = await hashPassword(body.password!);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(invitations).set({ acceptedAt: new Date() })
      .where(and(eq(invitations.keyHash, secretHash(key)), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt), gt(invitations.expiresAt, new Date())))
      .returning();
    if (!row) throw invalidInvitation();
    await lockStaff(tx, row.locationId);
    // The account appeared or went between the checks above and the claim: the page reads the facts again.
    const found = await accountOf(tx, row.email);
    if (found?.id !== existing?.id) throw invalidInvitation();
    const u = found ?? (await tx.insert(users).values({ email: row.email, name: body.name!, passwordHash: hash! }).returning())[0]!;
    // Already on this location's staff (an owner holds a role everywhere): the invitation never lowers a grant.
    const held = found ? await grantOf(tx, u.id, row.locationId) : null;
    const grant = held ?? { role: row.roleId, permissions: sorted(row.permissions.filter((p) => (PERMISSION_CODENAMES as readonly string[]).includes(p))) };
    if (!held) await setGrant(tx, u.id, row.locationId, grant);
    await recordEffects(tx, { activity: { locationId: row.locationId, kind: 'staff.joined', subject: u.email, after: { ...grant }, actor: { userId: u.id, ip } } });
    return { token: found ? null : await issueToken(tx, u.id) };
  });
}

function requireOwner(user: AuthUser): void {
  if (!user.isOwner) throw permissionDenied('owner_only');
}

/** POST /accounts/{id}/deactivate/ and /activate/ (owner): the account everywhere; its next request answers 401, its live streams close. */
export async function setActive(db: Db, user: AuthUser, userId: number, active: boolean): Promise<{ id: number; is_active: boolean }> {
  requireOwner(user);
  if (!active && userId === user.id) throw fieldError('non_field_errors', 'owner_self_deactivate');
  return db.transaction(async (tx) => {
    const [was] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).for('update');
    const [u] = await tx.update(users).set({ isActive: active }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
    if (!u || !was) throw notFound();
    await recordEffects(tx, { activity: { locationId: null, kind: active ? 'user.activated' : 'user.deactivated', subject: u.email,
      before: { account_active: was.isActive }, after: { account_active: active } } });
    return { id: u.id, is_active: active };
  });
}

/** POST /accounts/{id}/owner/ (owner): another owner, administrator with every permission at every location. */
export async function makeOwner(db: Db, user: AuthUser, userId: number): Promise<{ id: number; is_owner: boolean }> {
  requireOwner(user);
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, email: users.email, isOwner: users.isOwner }).from(users).where(eq(users.id, userId));
    if (!u) throw notFound();
    // The one way an owner is made (owners/service.ts): the flag and role 40 with every permission everywhere.
    await grantOwnership(tx, u.id);
    await recordEffects(tx, { activity: { locationId: null, kind: 'user.owner_made', subject: u.email, before: { owner: u.isOwner }, after: { owner: true } } });
    return { id: u.id, is_owner: true };
  });
}
