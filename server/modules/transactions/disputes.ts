// Disputes of transactions: a text and files (checked by content: PDF or an image; size-limited),
// stored under DATA_DIR/media/disputes and listed on the transaction.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionDisputes, transactions, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';
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

export async function openDispute(db: Db, mediaDir: string, userId: number, transactionId: number, text: string, files: { name: string; data: Buffer; ext: string }[]) {
  await transactionOfUser(db, userId, transactionId);
  await fs.mkdir(mediaDir, { recursive: true });
  const stored = [];
  for (const f of files) {
    const file = `${transactionId}-${crypto.randomBytes(8).toString('hex')}.${f.ext}`;
    await fs.writeFile(path.join(mediaDir, file), f.data);
    stored.push({ name: f.name.slice(0, 200), url: `/media/disputes/${file}`, size: f.data.length });
  }
  const [row] = await db.insert(transactionDisputes).values({ transactionId, text, files: stored, userId }).returning();
  return { id: row!.id, transaction: transactionId, text: row!.text, files: row!.files, created: row!.created.toISOString() };
}

export async function listDisputes(db: Db, userId: number, transactionId: number) {
  await transactionOfUser(db, userId, transactionId);
  const rows = await db.select({ d: transactionDisputes, email: users.email }).from(transactionDisputes)
    .leftJoin(users, eq(users.id, transactionDisputes.userId)).where(eq(transactionDisputes.transactionId, transactionId))
    .orderBy(transactionDisputes.id);
  return rows.map(({ d, email }) => ({ id: d.id, text: d.text, files: d.files, created: d.created.toISOString(), user_email: email }));
}
