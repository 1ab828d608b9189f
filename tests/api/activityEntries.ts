// The activity entries a change wrote, for the tests that check what a change records (activity.test,
// effects.test): the newest entry's id before the change, then every entry after it.
import { desc, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { activityEntries } from '../../server/db/schema';
import type { Harness } from './harness';

async function lastEntryId(h: Harness): Promise<number> {
  const [row] = await h.database.db.select({ id: activityEntries.id }).from(activityEntries).orderBy(desc(activityEntries.id)).limit(1);
  return row?.id ?? 0;
}

/** Runs a change, checks its status, and answers the activity entries it wrote, oldest first. */
export async function entriesWrittenBy(h: Harness, change: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = await lastEntryId(h);
  const res = await change();
  expect(res.statusCode, res.body).toBe(status);
  return h.database.db.select().from(activityEntries).where(gt(activityEntries.id, before)).orderBy(activityEntries.id);
}

/** #42 Every entry in the file's database (what its changes wrote, and the demo's), each read in words in ru and en: the problems, one a line. */
export async function entriesNotInWords(h: Harness): Promise<string[]> {
  const { readingProblems } = await import('./activityReading');
  const rows = await h.database.db.select().from(activityEntries).orderBy(activityEntries.id);
  return rows.flatMap((e) => readingProblems(e).map((p) => `#${e.id} ${p}`));
}
