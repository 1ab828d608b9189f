// #47 A guest as a person: the orders a location holds under their phone or e-mail, everything that
// names them (names, phones, e-mails), the pattern that finds those values inside free texts, and the
// keyed hash that stands for them once erased. One place, read by the search, the export, the erasure
// and the retention job.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { storedSecret } from '../../platform/secrets';
import { fieldError } from '../../platform/errors';
import { normalizePhone } from '../../../domain/phone';
import { MIN_ERASED_NAME_LENGTH } from '../../../domain/guestData';

/** How a person is asked for: a phone (any way it is typed) and/or an e-mail. */
export interface Contact {
  phone?: string;
  email?: string;
}

/** A contact in its stored forms; 400 `person_contact_required` when neither is given. */
export function readContact(contact: Contact): { phone: string | null; email: string | null } {
  const phone = contact.phone?.trim() ? normalizePhone(contact.phone) ?? contact.phone.trim() : null;
  const email = contact.email?.trim() ? contact.email.trim().toLowerCase() : null;
  if (!phone && !email) throw fieldError('phone', 'person_contact_required');
  return { phone, email };
}

/** The ids of a location's orders under the contact whose data are not erased yet, oldest first. */
export async function personOrderIds(db: DbOrTx, locationId: number, contact: Contact): Promise<number[]> {
  const { phone, email } = readContact(contact);
  const matches = [...(phone ? [sql`phone = ${phone}`] : []), ...(email ? [sql`lower(email) = ${email}`] : [])];
  const rows = await db.execute<{ id: string }>(sql`
    SELECT id FROM orders
    WHERE location_id = ${locationId} AND personal_data_erased_at IS NULL AND (${sql.join(matches, sql` OR `)})
    ORDER BY id`);
  return rows.rows.map((r) => Number(r.id));
}

/** What names a person across their orders: the names, phones and e-mails written on them and by their guests. */
export interface Identifiers {
  names: string[];
  phones: string[];
  emails: string[];
}

export async function identifiersOf(db: DbOrTx, orderIds: number[]): Promise<Identifiers> {
  if (!orderIds.length) return { names: [], phones: [], emails: [] };
  const ids = sql.join(orderIds.map((id) => sql`${id}`), sql`, `);
  const rows = await db.execute<{ what: string; value: string }>(sql`
    SELECT 'name' AS what, name AS value FROM orders WHERE id IN (${ids})
    UNION SELECT 'phone', phone FROM orders WHERE id IN (${ids})
    UNION SELECT 'email', lower(email) FROM orders WHERE id IN (${ids}) AND email IS NOT NULL
    UNION SELECT 'name', name FROM order_participants WHERE order_id IN (${ids})
    UNION SELECT 'name', signed_name FROM consent_signatures WHERE order_id IN (${ids})
    UNION SELECT 'name', guardian_name FROM consent_signatures WHERE order_id IN (${ids}) AND guardian_name IS NOT NULL`);
  const pick = (what: string) => [...new Set(rows.rows.filter((r) => r.what === what).map((r) => r.value.trim()).filter(Boolean))];
  return { names: pick('name'), phones: pick('phone'), emails: pick('email') };
}

/** A literal for PostgreSQL's regular expressions. */
const regexLiteral = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/**
 * A phone's digits however they are written around them ("+7 (916) 123-45-67", "79161234567"): the
 * last ten digits of a long number (the country code and trunk prefix say nothing of the person),
 * all of a shorter one, with spaces, brackets, dashes or dots between. Under six digits: none (it would match amounts).
 */
function phonePattern(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const core = digits.length > 10 ? digits.slice(-10) : digits;
  return core.length >= 6 ? core.split('').join('[\\s().-]*') : null;
}

/**
 * The regular expression (case-insensitive, `~*`) that finds a person's values inside texts and JSON:
 * each e-mail, each phone however written, and each name of three characters or more (a shorter one
 * would hit other words). As JSON writes them (a quote or backslash escaped), so it also finds them
 * in a jsonb column's text. Longest first, so a name is not cut by a shorter one inside it. Null: nothing to look for.
 */
export function valuesPattern(ids: Identifiers): string | null {
  const json = (text: string) => JSON.stringify(text).slice(1, -1);
  const literal = [...ids.emails, ...ids.names.filter((n) => n.length >= MIN_ERASED_NAME_LENGTH)]
    .flatMap((v) => [...new Set([v, json(v)])]).sort((a, b) => b.length - a.length).map(regexLiteral);
  const phones = ids.phones.map(phonePattern).filter((p): p is string => p !== null);
  const all = [...new Set([...literal, ...phones])];
  return all.length ? all.join('|') : null;
}

/** The key of the keyed hashes: made on first use and kept with the server's other secrets (app_secrets). */
export const erasureKey = (db: Db) => storedSecret(db, 'personal_data_hash');

/**
 * The keyed hash (HMAC-SHA256, hex) that stands for erased values: of a name and a phone, or of a
 * contact. With the key, the venue can show that a consent was given by the person who names
 * themselves again; without it the hash says nothing.
 */
export function subjectHash(key: string, ...values: (string | null | undefined)[]): string {
  const text = values.map((v) => (v ?? '').trim().toLowerCase()).join('|');
  return crypto.createHmac('sha256', key).update(text).digest('hex');
}

/** Whether the location holds anything else under the contact: a certificate bought, a data request, an unsubscribe. */
export async function holdsOtherRecords(db: DbOrTx, locationId: number, contact: { phone: string | null; email: string | null }): Promise<boolean> {
  const phone = contact.phone ?? '';
  const email = contact.email ?? '';
  const digits = phone.replace(/\D/g, '');
  const rows = await db.execute(sql`
    SELECT 1 FROM certificates WHERE creating_location_id = ${locationId} AND booked_by IS NOT NULL
      AND ((${phone} <> '' AND booked_by->>'phone' = ${phone}) OR (${email} <> '' AND lower(booked_by->>'email') = ${email}))
    UNION ALL SELECT 1 FROM data_requests WHERE location_id = ${locationId} AND ((${phone} <> '' AND phone = ${phone}) OR (${email} <> '' AND lower(email) = ${email}))
    UNION ALL SELECT 1 FROM marketing_unsubscribes WHERE location_id = ${locationId} AND contact IN (${digits || '-'}, ${email || '-'})
    LIMIT 1`);
  return rows.rows.length > 0;
}
