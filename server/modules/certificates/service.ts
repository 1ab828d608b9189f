// Gift certificates: the list (and its CSV), creation in batches, activation with the letter, resend,
// rates and designs, and expiry. Numbers are 12 random hex characters (48 bits): unguessable.
// Activation locks the certificate row, so it happens once; letters go through the jobs table.
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificateDesigns, certificateRates, certificates, currencies, locations, userLocationRoles, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { lockCertificate, lockedTransaction } from '../../platform/locks';
import { requirePermission, type AuthUser } from '../../platform/auth';
import { addDays } from '../../../domain/businessDay';
import { CERTIFICATE_VALID_DAYS } from '../../../domain/certificates';
import { currencyJson, locationNameIn, requireRoleAt, sellersAt } from '../locations/service';
import { dayParam, moneyParam, type Lang } from '../../platform/messages';
import { fromCents } from '../../../domain/pricing';
import { certificateRemaining } from '../orders/payments';
import { wallClockNow } from '../../platform/clock';
import { recordEffects } from '../../platform/effects';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function rates(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  // Retired rates (#28) are no longer sold.
  const rows = await db.select({ id: certificateRates.id, rate: certificateRates.rate }).from(certificateRates)
    .where(and(eq(certificateRates.locationId, locationId), eq(certificateRates.active, true))).orderBy(certificateRates.rate);
  return rows;
}

/** GET /certificate_designs/[?location_id=]: active designs' names, of that location (a role there, else 404) or of all the caller's. */
export async function activeDesigns(db: Db, userId: number, locationId: number | undefined) {
  if (locationId !== undefined) await requireRoleAt(db, userId, locationId);
  const where = locationId !== undefined ? eq(certificateDesigns.locationId, locationId)
    : inArray(certificateDesigns.locationId, db.select({ id: userLocationRoles.locationId }).from(userLocationRoles).where(eq(userLocationRoles.userId, userId)));
  const rows = await db.selectDistinct({ name: certificateDesigns.name }).from(certificateDesigns)
    .where(and(where, eq(certificateDesigns.active, true))).orderBy(certificateDesigns.name);
  return rows.map((r) => ({ id: r.name, name: r.name }));
}

/**
 * Who may be named as a certificate's seller at a location: the location's staff (a role there), as
 * the activation checks it. The form offers them to choose from instead of asking for a UUID.
 */
export async function sellers(db: Db, user: AuthUser, locationId: number) {
  await requireRoleAt(db, user.id, locationId);
  requirePermission(user, 'certificate.activate', locationId);
  return sellersAt(db, locationId);
}

export async function createCertificates(db: Db, user: AuthUser, input: { rate: string; type: string; design: string; quantity: number; location_id: number }) {
  await requireRoleAt(db, user.id, input.location_id);
  requirePermission(user, 'certificate.create', input.location_id);
  const allowed = await rates(db, user.id, input.location_id);
  if (!allowed.some((r) => Number(r.rate) === Number(input.rate))) throw fieldError('rate', 'invalid_choice');
  // Only an active design of the location (#28: designs are the location's, retired ones no longer sold).
  const [design] = await db.select({ name: certificateDesigns.name }).from(certificateDesigns).where(and(
    eq(certificateDesigns.locationId, input.location_id), eq(certificateDesigns.active, true), sql`lower(${certificateDesigns.name}) = lower(${input.design})`));
  if (!design) throw fieldError('design', 'invalid_choice');
  const [loc] = await db.select({ currencyId: locations.currencyId }).from(locations).where(eq(locations.id, input.location_id));
  const values = Array.from({ length: input.quantity }, () => ({
    uniqueNumber: crypto.randomBytes(6).toString('hex').toUpperCase(), creatingLocationId: input.location_id, rate: input.rate,
    type: input.type, design: design.name, status: 'NOT_PAID', createdByUserId: user.id, currencyId: loc?.currencyId ?? null,
  }));
  return db.transaction(async (tx) => {
    const rows = await tx.insert(certificates).values(values).returning({ unique_number: certificates.uniqueNumber, id: certificates.id });
    await recordEffects(tx, {
      // #42 Named by their numbers (several: the first and the last), never by how many.
      activity: { locationId: input.location_id, kind: 'certificate.created', subject: rows.length === 1 ? rows[0]!.unique_number : `${rows[0]!.unique_number} … ${rows[rows.length - 1]!.unique_number}`,
        after: { amount: input.rate, certificate_type: input.type, design: design.name, quantity: rows.length } },
      live: { location: input.location_id, kind: 'certificate', payload: { certificate_ids: rows.map((r) => r.id) } },
    });
    return rows;
  });
}

async function lockedCertificate(tx: Parameters<Parameters<Db['transaction']>[0]>[0], code: string, locationId: number) {
  const id = await lockCertificate(tx, code, locationId);
  if (!id) throw notFound();
  const [c] = await tx.select().from(certificates).where(eq(certificates.id, Number(id)));
  return c!;
}


export async function activateCertificate(db: Db, user: AuthUser, code: string, input: { seller: string; name: string; phone: string; email: string; location_id: number }, lang: string) {
  await requireRoleAt(db, user.id, input.location_id);
  requirePermission(user, 'certificate.activate', input.location_id);
  if (!UUID_RE.test(input.seller)) throw fieldError('seller', 'invalid_uuid');
  const [seller] = await db.select({ id: users.id }).from(users)
    .innerJoin(userLocationRoles, and(eq(userLocationRoles.userId, users.id), eq(userLocationRoles.locationId, input.location_id)))
    .where(eq(users.uid, input.seller));
  if (!seller) throw fieldError('seller', 'seller_not_found');
  const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, input.location_id));
  const today = wallClockNow(loc!.tz).slice(0, 10);
  return lockedTransaction(db, async (tx) => {
    const c = await lockedCertificate(tx, code, input.location_id);
    if (c.status !== 'NOT_PAID') throw fieldError('non_field_errors', 'certificate_not_activatable');
    await tx.update(certificates).set({
      status: 'ACTIVE', sellerUserId: seller.id, datetimeActivated: new Date(), bookedBy: { name: input.name, phone: input.phone, email: input.email },
      expiresAt: addDays(today, CERTIFICATE_VALID_DAYS),
    }).where(eq(certificates.id, c.id));
    await recordEffects(tx, {
      activity: { locationId: input.location_id, kind: 'money.certificate_activated', subject: c.uniqueNumber,
        before: { status: c.status }, after: { status: 'ACTIVE', amount: c.rate, buyer: input.name } },
      live: { location: input.location_id, kind: 'certificate', payload: { certificate_ids: [c.id] } },
      webhooks: { event: 'certificate.activated', certificateId: c.id, locationId: input.location_id },
      messages: { kind: 'certificate', payload: { certificateId: c.id, lang } },
    });
    return { unique_number: c.uniqueNumber, status: 'ACTIVE' };
  });
}

export async function resendCertificate(db: Db, user: AuthUser, code: string, locationId: number, lang: string) {
  await requireRoleAt(db, user.id, locationId);
  requirePermission(user, 'certificate.activate', locationId);
  return lockedTransaction(db, async (tx) => {
    const c = await lockedCertificate(tx, code, locationId);
    if (c.status !== 'ACTIVE') throw fieldError('non_field_errors', 'certificate_not_resendable');
    await recordEffects(tx, {
      // #42 A re-send changes nothing but sends the letter again: the certificate as it is, on both sides, and to whom.
      activity: { locationId, kind: 'certificate.resent', subject: c.uniqueNumber,
        before: { status: c.status, sent_to: c.bookedBy?.email ?? null }, after: { status: c.status, sent_to: c.bookedBy?.email ?? null } },
      messages: { kind: 'certificate', payload: { certificateId: c.id, lang } },
    });
    return { unique_number: c.uniqueNumber, status: c.status };
  });
}

/** The letter's facts in `lang` (the job builds the text in it): the location as a reader of that language knows it. */
export async function certificateLetterFacts(db: Db, certificateId: number, lang: Lang) {
  const [row] = await db.select({ c: certificates, currency: currencies, locationId: locations.id }).from(certificates)
    .leftJoin(currencies, eq(currencies.id, certificates.currencyId)).innerJoin(locations, eq(locations.id, certificates.creatingLocationId))
    .where(eq(certificates.id, certificateId));
  if (!row || !row.c.bookedBy) return null;
  const remaining = await certificateRemaining(db, row.c.id, row.c.rate);
  const args = { name: row.c.bookedBy.name, number: row.c.uniqueNumber, rate: moneyParam(fromCents(remaining), currencyJson(row.currency)), until: row.c.expiresAt ? dayParam(row.c.expiresAt) : '', location: await locationNameIn(db, row.locationId, lang) };
  // #42 The location it was issued at: its letters' sender.
  return { to: row.c.bookedBy.email, locationId: row.locationId, args };
}

/**
 * Certificates past their date become EXPIRED (run by the expiry job). "Past" is on the clock of
 * the location that set the date (its today at activation + the validity): the UTC date expired a
 * Brooklyn certificate at 19:00 of its last valid day, while a payment there still took it.
 */
export async function expireCertificates(db: Db, now: Date = new Date()): Promise<number> {
  const locationToday = sql`(select (${now.toISOString()}::timestamptz at time zone l.timezone)::date from ${locations} l where l.id = ${certificates.creatingLocationId})`;
  return db.transaction(async (tx) => {
    const rows = await tx.update(certificates).set({ status: 'EXPIRED' })
      .where(and(inArray(certificates.status, ['ACTIVE', 'NOT_PAID']), sql`${certificates.expiresAt} < ${locationToday}`))
      .returning({ id: certificates.id, locationId: certificates.creatingLocationId });
    // The job's: no person, no activity entry.
    await recordEffects(tx, { live: [...new Set(rows.map((r) => r.locationId))].map((locationId) => ({
      location: locationId, kind: 'certificate' as const, payload: { certificate_ids: rows.filter((r) => r.locationId === locationId).map((r) => r.id) } })) });
    return rows.length;
  });
}
