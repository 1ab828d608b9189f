// #40 A location's personal-data consent text (152-FZ), versioned: the rows of consent_texts are
// never edited; saving a different text makes the next version, saving the same text makes none.
// Every location has a version from the start: made from the template (domain/consentTemplate.ts,
// in the location's first language, with its name) when the location is created (POST /locations/,
// the demo seed), for the locations of an installation older than migration 0020 at the server's
// start (ensureConsentTexts), and as a last resort when read without one (currentConsent).
// New versions are made by the documents write only (modules/arrivals/documents.ts, under the
// advisory lock of the location's consent texts); #40's settings field no longer changes the text.
// #44 These texts are the versions of the location's personal_data consent document (its other
// documents: modules/arrivals/documents.ts); the widget shows and records its current version.
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consentDocuments, consentTexts, locationTranslations, locations } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { consentTemplate } from '../../../domain/consentTemplate';
import type { Language } from '../../../domain/constants';

/** SHA-256 (hex) of the exact UTF-8 text: what a consent record names the wording by. */
export const consentHash = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export type ConsentText = typeof consentTexts.$inferSelect;

/** The template in `lang` with the location's name in that language (else its own name). */
export async function templateFor(db: DbOrTx, locationId: number, lang: Language): Promise<string> {
  const [row] = await db.select({ own: locations.name, translated: locationTranslations.name }).from(locations)
    .leftJoin(locationTranslations, and(eq(locationTranslations.locationId, locations.id), eq(locationTranslations.language, lang)))
    .where(eq(locations.id, locationId));
  return consentTemplate(lang, { venue: row?.translated || row?.own || '' });
}

/** #44 The location's document of a kind (made when missing: two callers at once make one); its id. */
export async function ensureConsentDocument(db: DbOrTx, locationId: number, kind: string, userId: number | null = null): Promise<number> {
  await db.insert(consentDocuments).values({ locationId, kind, createdBy: userId }).onConflictDoNothing();
  const [doc] = await db.select({ id: consentDocuments.id }).from(consentDocuments)
    .where(and(eq(consentDocuments.locationId, locationId), eq(consentDocuments.kind, kind)));
  return doc!.id;
}

/** Version 1 from the template in the location's first language, unless it has a version already. */
export async function ensureConsentText(db: DbOrTx, locationId: number): Promise<void> {
  const [loc] = await db.select({ languages: locations.languages }).from(locations).where(eq(locations.id, locationId));
  if (!loc) return;
  const lang: Language = loc.languages[0] === 'en' ? 'en' : 'ru';
  const text = await templateFor(db, locationId, lang);
  const documentId = await ensureConsentDocument(db, locationId, 'personal_data');
  await db.insert(consentTexts).values({ locationId, documentId, version: 1, text, textHash: consentHash(text), textEn: lang === 'en' ? text : '' }).onConflictDoNothing();
}

/** At start, after the migrations: every location without a consent text gets its version 1 (installations older than 0020). */
export async function ensureConsentTexts(db: DbOrTx): Promise<number> {
  const missing = await db.select({ id: locations.id }).from(locations)
    .where(sql`not exists (select 1 from ${consentTexts} c where c.location_id = ${locations.id})`).orderBy(locations.id);
  for (const { id } of missing) await ensureConsentText(db, id);
  return missing.length;
}

/** The location's current consent text (its highest version). */
export async function currentConsent(db: DbOrTx, locationId: number): Promise<ConsentText> {
  const latest = async () => (await db.select({ t: consentTexts }).from(consentTexts).innerJoin(consentDocuments, eq(consentDocuments.id, consentTexts.documentId))
    .where(and(eq(consentDocuments.locationId, locationId), eq(consentDocuments.kind, 'personal_data'))).orderBy(desc(consentTexts.version)).limit(1)).map((r) => r.t);
  let [row] = await latest();
  if (!row) {
    await ensureConsentText(db, locationId);
    [row] = await latest();
  }
  return row!;
}

/**
 * #40's field of the location info write (PUT /locations/{id}/ `personal_data_consent_text`), kept for
 * clients that send back the text they read: the same text (by its hash) is accepted and makes no
 * version. #44 A different one is refused (`consent_text_moved`): the consent is one document, edited
 * with its ru and en texts and the operator's facts (PUT /api/v2.2/consent_documents/{id}/, whose
 * rules refuse an incomplete version); a ru-only text saved here would be a newest version that is
 * never complete, shown by the widget while guests sign the one before.
 */
export async function refuseChangedConsentText(db: DbOrTx, locationId: number, text: string): Promise<void> {
  const current = await currentConsent(db, locationId);
  if (consentHash(text) !== current.textHash) throw fieldError('personal_data_consent_text', 'consent_text_moved');
}
