// #44 A location's consent documents: personal data (152-FZ; its versions are the #40 consent texts
// the widget shows), rules and briefing, marketing. Each is versioned in consent_texts with its ru and
// en texts; a save that changes a text or a fact makes the next version, one that changes nothing makes
// none. A version must be complete to be saved here (domain/arrivals.ts consentProblems). Versions
// saved before (the #40 template, the location's settings) may be incomplete: what guests sign is the
// document's newest complete version, its "published" one; a document with none asks no signature.
// Locking: versions are numbered under the advisory lock of the location's consent texts (lockConsentTexts).
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { consentDocuments, consentTexts } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { ApiError, notFound } from '../../platform/errors';
import { lockedTransaction, lockConsentTexts } from '../../platform/locks';
import type { Lang, MessageKey } from '../../platform/messages';
import { consentHash, ensureConsentDocument } from '../locations/consent';
import { requireRoleAt } from '../locations/service';
import {
  CONSENT_KIND_LABELS, consentProblems, isRequiredKind, type ConsentDetails, type ConsentKind, type ConsentProblem,
} from '../../../domain/arrivals';

type Version = typeof consentTexts.$inferSelect;
type Document = typeof consentDocuments.$inferSelect;

export interface VersionInput { text_ru: string; text_en: string; details?: ConsentDetails | null }

const PROBLEM_MESSAGES: Record<ConsentProblem['problem'], MessageKey> = {
  required: 'required', inn_invalid: 'consent_inn_invalid', placeholders: 'consent_placeholders',
  operator_not_in_text: 'consent_operator_not_in_text', inn_not_in_text: 'consent_inn_not_in_text',
};

/** Whether a version may be signed: complete by the rules of its kind. */
export const isComplete = (kind: string, v: Version): boolean =>
  consentProblems(kind as ConsentKind, { text_ru: v.text, text_en: v.textEn, details: v.details }).length === 0;

/** 400 with each problem under its field (`details.inn` nests as DRF does: {details: {inn: [...]}}). */
function refuseIncomplete(kind: ConsentKind, input: VersionInput): void {
  if (kind !== 'personal_data' && input.details && Object.keys(input.details).length) {
    throw new ApiError(400, undefined, { details: [{ key: 'consent_details_only_personal_data' }] });
  }
  const problems = consentProblems(kind, input);
  if (!problems.length) return;
  const fields: Record<string, { key: MessageKey }[]> = {};
  for (const p of problems) (fields[p.field] ??= []).push({ key: PROBLEM_MESSAGES[p.problem] });
  throw new ApiError(400, undefined, fields);
}

/** The text a reader of `lang` is shown: the English one where there is one, else the Russian (the location's own). */
export function textIn(v: Version, lang: Lang): { text: string; hash: string; language: Lang } {
  if (lang === 'en' && v.textEn.trim()) return { text: v.textEn, hash: consentHash(v.textEn), language: 'en' };
  return { text: v.text, hash: v.textHash, language: 'ru' };
}

export function versionJson(kind: string, v: Version) {
  return {
    id: v.id, version: v.version, text_ru: v.text, text_en: v.textEn, details: v.details ?? null,
    text_hash_ru: v.textHash, text_hash_en: v.textEn ? consentHash(v.textEn) : null,
    complete: isComplete(kind, v), created_at: v.createdAt.toISOString(),
  };
}

/** Every version of some documents, newest first per document. */
async function versionsOf(db: DbOrTx, documentIds: number[]): Promise<Map<number, Version[]>> {
  const out = new Map<number, Version[]>();
  if (!documentIds.length) return out;
  const rows = await db.select().from(consentTexts).where(inArray(consentTexts.documentId, documentIds)).orderBy(asc(consentTexts.documentId), desc(consentTexts.version));
  for (const r of rows) out.set(r.documentId, [...(out.get(r.documentId) ?? []), r]);
  return out;
}

function documentJson(doc: Document, versions: Version[], lang: Lang) {
  const current = versions[0]!;
  const published = versions.find((v) => isComplete(doc.kind, v)) ?? null;
  return {
    id: doc.id, location: doc.locationId, kind: doc.kind as ConsentKind,
    title: CONSENT_KIND_LABELS[doc.kind as ConsentKind]?.[lang] ?? doc.kind,
    required: isRequiredKind(doc.kind),
    current: versionJson(doc.kind, current),
    published_version: published?.version ?? null,
  };
}

/** GET /api/v2.2/locations/{id}/consent_documents/: the location's documents, each with its current version and which one guests sign. */
export async function consentDocumentsAt(db: Db, userId: number, locationId: number, lang: Lang) {
  await requireRoleAt(db, userId, locationId);
  await ensureConsentDocument(db, locationId, 'personal_data');
  const docs = await db.select().from(consentDocuments).where(eq(consentDocuments.locationId, locationId)).orderBy(asc(consentDocuments.id));
  const versions = await versionsOf(db, docs.map((d) => d.id));
  return docs.filter((d) => versions.get(d.id)?.length).map((d) => documentJson(d, versions.get(d.id)!, lang));
}

/** GET /api/v2.2/consent_documents/{id}/versions/: every version of a document, newest first (its history; versions are never edited). */
export async function consentVersions(db: Db, userId: number, documentId: number) {
  const [doc] = await db.select().from(consentDocuments).where(eq(consentDocuments.id, documentId));
  if (!doc) throw notFound();
  await requireRoleAt(db, userId, doc.locationId);
  return ((await versionsOf(db, [documentId])).get(documentId) ?? []).map((v) => versionJson(doc.kind, v));
}

async function oneDocument(db: DbOrTx, documentId: number, lang: Lang) {
  const [doc] = await db.select().from(consentDocuments).where(eq(consentDocuments.id, documentId));
  if (!doc) throw notFound();
  return documentJson(doc, (await versionsOf(db, [documentId])).get(documentId)!, lang);
}

/** POST /api/v2.2/locations/{id}/consent_documents/ (role 40): a document of a kind the location has not got, with its first version. */
export async function createConsentDocument(db: Db, userId: number, locationId: number, input: VersionInput & { kind: ConsentKind }, lang: Lang) {
  await requireRoleAt(db, userId, locationId);
  refuseIncomplete(input.kind, input);
  const id = await lockedTransaction(db, async (tx) => {
    await lockConsentTexts(tx, locationId);
    // A personal-data consent exists from the location's start (#40): its unique index refuses a second one (value taken).
    const [doc] = await tx.insert(consentDocuments).values({ locationId, kind: input.kind, createdBy: userId }).returning();
    const [v] = await tx.insert(consentTexts).values({
      locationId, documentId: doc!.id, version: 1, text: input.text_ru, textHash: consentHash(input.text_ru), textEn: input.text_en,
      details: input.kind === 'personal_data' ? input.details ?? null : null, createdBy: userId,
    }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'consent_document.created', subject: '', after: { document: input.kind, consent_version: { version: 1, text_hash: v!.textHash } } } });
    return doc!.id;
  });
  return oneDocument(db, id, lang);
}

/** PUT /api/v2.2/consent_documents/{id}/ (role 40): its next version, unless nothing changed. */
export async function saveConsentVersion(db: Db, userId: number, documentId: number, input: VersionInput, lang: Lang) {
  const [doc] = await db.select().from(consentDocuments).where(eq(consentDocuments.id, documentId));
  if (!doc) throw notFound();
  await requireRoleAt(db, userId, doc.locationId);
  const kind = doc.kind as ConsentKind;
  refuseIncomplete(kind, input);
  const details = kind === 'personal_data' ? input.details ?? null : null;
  await lockedTransaction(db, async (tx) => {
    await lockConsentTexts(tx, doc.locationId);
    const [before] = await tx.select().from(consentTexts).where(eq(consentTexts.documentId, documentId)).orderBy(desc(consentTexts.version)).limit(1);
    const same = before && before.text === input.text_ru && before.textEn === input.text_en && JSON.stringify(before.details ?? null) === JSON.stringify(details);
    if (same) return;
    const version = (before?.version ?? 0) + 1;
    const [v] = await tx.insert(consentTexts).values({
      locationId: doc.locationId, documentId, version, text: input.text_ru, textHash: consentHash(input.text_ru), textEn: input.text_en, details, createdBy: userId,
    }).returning();
    await recordEffects(tx, { activity: { locationId: doc.locationId, kind: 'consent_document.updated', subject: '',
      before: { document: kind, ...(before ? { consent_version: { version: before.version, text_hash: before.textHash } } : {}) },
      after: { document: kind, consent_version: { version, text_hash: v!.textHash } } } });
  });
  return oneDocument(db, documentId, lang);
}

/** What guests sign at a location: each document's newest complete version (none: the document asks nothing yet). */
export async function publishedDocuments(db: DbOrTx, locationId: number): Promise<{ doc: Document; version: Version }[]> {
  const docs = await db.select().from(consentDocuments).where(eq(consentDocuments.locationId, locationId)).orderBy(asc(consentDocuments.id));
  const versions = await versionsOf(db, docs.map((d) => d.id));
  const out: { doc: Document; version: Version }[] = [];
  for (const doc of docs) {
    const version = (versions.get(doc.id) ?? []).find((v) => isComplete(doc.kind, v));
    if (version) out.push({ doc, version });
  }
  // Personal data first, then the rules, then marketing: the order a guest reads them in.
  const rank = (k: string) => ['personal_data', 'rules', 'marketing'].indexOf(k);
  return out.sort((a, b) => rank(a.doc.kind) - rank(b.doc.kind));
}
