// Disputes of transactions: a text and files (checked by content: PDF or an image; size-limited),
// listed on the transaction. The files are financial documents: they are stored outside the public
// media (DATA_DIR/private/disputes) and answered only by GET /transactions/{id}/dispute/files/{file}/,
// to a caller the transaction's routes admit (a token, the declared role at its location).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionDisputes, transactions, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
import type { FileStore } from '../../platform/files';
import { recordEffects } from '../../platform/effects';
import { imageExtension } from '../users/service';

export const DISPUTE_MAX_FILES = 5;
export const DISPUTE_MAX_BYTES = 10 * 1024 * 1024;

export function disputeFileExtension(head: Buffer): string | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return imageExtension(head);
}

async function transactionOfUser(db: Db, userId: number, id: number) {
  const [t] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!t) throw notFound();
  await requireRoleAt(db, userId, t.locationId);
  return t;
}

/** Where dispute files live (not under media/, which is served to anyone). */
export const disputeDir = (dataDir: string) => path.join(dataDir, 'private', 'disputes');
/** Where they were once stored, publicly; `moveLegacyDisputeFiles` empties it. */
const legacyDir = (dataDir: string) => path.join(dataDir, 'media', 'disputes');

const FILE_NAME = /^\d+-[0-9a-f]{16}\.(pdf|png|jpg|webp|gif)$/;
const fileUrl = (transactionId: number, file: string) => `/api/v2.1/transactions/${transactionId}/dispute/files/${file}/`;

/** A stored file's record as answered: the download route's URL (older records named a public /media/ URL). */
function answered(transactionId: number, files: { name: string; url: string; size: number }[]) {
  return files.map((f) => ({ ...f, url: fileUrl(transactionId, path.basename(f.url.replace(/\/$/, ''))) }));
}

/** Files stored under the public media before they were private: moved out of it (at start). */
export async function moveLegacyDisputeFiles(dataDir: string): Promise<void> {
  const names = await fs.readdir(legacyDir(dataDir)).catch(() => [] as string[]);
  if (names.length === 0) return;
  await fs.mkdir(disputeDir(dataDir), { recursive: true });
  for (const name of names) await fs.rename(path.join(legacyDir(dataDir), name), path.join(disputeDir(dataDir), name));
}

/** #48 The store's key of a dispute file (private/: never served as media). */
const disputeKey = (file: string) => `private/disputes/${file}`;

export async function openDispute(db: Db, store: FileStore, userId: number, transactionId: number, text: string, files: { name: string; data: Buffer; ext: string }[]) {
  const t = await transactionOfUser(db, userId, transactionId);
  const stored: { name: string; url: string; size: number }[] = [];
  for (const f of files) {
    const file = `${transactionId}-${crypto.randomBytes(8).toString('hex')}.${f.ext}`;
    await store.put(disputeKey(file), f.data, CONTENT_TYPES[f.ext] ?? 'application/octet-stream');
    stored.push({ name: f.name.slice(0, 200), url: fileUrl(transactionId, file), size: f.data.length });
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(transactionDisputes).values({ transactionId, text, files: stored, userId }).returning();
    await recordEffects(tx, { activity: { locationId: t.locationId, kind: 'money.transaction_disputed', subject: t.number ?? `#${t.id}`, after: { comment: text, files: stored.length } } });
    return created;
  });
  return { id: row!.id, transaction: transactionId, text: row!.text, files: answered(transactionId, row!.files), created: row!.created.toISOString() };
}

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
/** The media types a dispute file is answered as (the API document). */
export const DISPUTE_FILE_TYPES = [...new Set(Object.values(CONTENT_TYPES))];

/** One file of a transaction's disputes: 404 unless a dispute of that transaction lists it. */
export async function disputeFile(db: Db, store: FileStore, userId: number, transactionId: number, file: string) {
  await transactionOfUser(db, userId, transactionId);
  if (!FILE_NAME.test(file)) throw notFound();
  const rows = await db.select({ files: transactionDisputes.files }).from(transactionDisputes).where(eq(transactionDisputes.transactionId, transactionId));
  const entry = rows.flatMap((r) => r.files).find((f) => path.basename(f.url.replace(/\/$/, '')) === file);
  if (!entry) throw notFound();
  const found = await store.get(disputeKey(file));
  if (!found) throw notFound();
  const data = found.data;
  return { data, name: entry.name, contentType: CONTENT_TYPES[file.split('.').pop()!] ?? 'application/octet-stream' };
}

export async function listDisputes(db: Db, userId: number, transactionId: number) {
  await transactionOfUser(db, userId, transactionId);
  const rows = await db.select({ d: transactionDisputes, email: users.email }).from(transactionDisputes)
    .leftJoin(users, eq(users.id, transactionDisputes.userId)).where(eq(transactionDisputes.transactionId, transactionId))
    .orderBy(transactionDisputes.id);
  return rows.map(({ d, email }) => ({ id: d.id, text: d.text, files: answered(transactionId, d.files), created: d.created.toISOString(), user_email: email }));
}
