// Who changed what (#28): the shape of an activity entry. A change writes one in its own
// transaction through recordEffects (effects.ts), beside its other after-effects, so the entry
// exists exactly when the change does. Who and from which address come from the request the change
// runs in (effects.ts keeps them for the request), so no service passes them around; a change made
// outside a request (the `npm run owner` command) or for someone else (an invitation accepted)
// names its `actor`. Entries are never changed: the database refuses UPDATE and DELETE (#41).
import type { ActivityKind } from '../../domain/activity';

export interface Actor {
  userId: number | null;
  ip: string | null;
}

type Fields = Record<string, unknown>;

export interface ActivityEntry {
  /** null: installation-wide (locations, owners, deactivations), read only by owners. */
  locationId: number | null;
  kind: ActivityKind;
  /** What was changed, as people name it: a playground's name, a person's e-mail, an order's number. */
  subject: string;
  /** The changed fields as they were and as they are (omit either for a creation or a removal); never a secret's value. */
  before?: Fields | null;
  after?: Fields | null;
  /** Who, when not the request's caller. */
  actor?: Actor;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields whose values differ, on both sides (a creation: before null; a removal: after null). */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !same(before[k], after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/** The common entry: a creation (before null), an update (only the fields that changed) or a removal (after null). */
export function activityChange(locationId: number | null, kind: ActivityKind, subject: string, before: Fields | null, after: Fields | null): ActivityEntry {
  return { locationId, kind, subject, ...changedFields(before, after) };
}
