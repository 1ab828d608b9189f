// #28 ACTIVITY: the shape most recorded changes share — an update as the fields that changed, as
// they were and as they are — over `recordActivity` (platform/activity.ts), which the caller runs
// inside the change's own transaction.
import type { DbOrTx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { ActivityKind } from '../../../domain/activity';

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields whose values differ, on both sides (a creation: before null; a removal: after null). */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !same(before[k], after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/** One entry for a creation (before null), an update (the changed fields) or a removal (after null). */
export async function recordChange(tx: DbOrTx, locationId: number | null, kind: ActivityKind, subject: string, before: Fields | null, after: Fields | null): Promise<void> {
  await recordActivity(tx, { locationId, kind, subject, ...changedFields(before, after) });
}
