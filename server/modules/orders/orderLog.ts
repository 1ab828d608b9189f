// The order log: every change to an order writes one entry, in the change's transaction, with its
// other after-effects (recordEffects, platform/effects.ts: `orderLog`). Entries name sessions by
// time and playground name, so the order page reads them as text: the names are read here.
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playgrounds, playsessions } from '../../db/schema';
import { LOGGED_SESSION_LISTS, isLoggedSessionList, type LoggedSession } from '../../../domain/orderLog';

/** Playsessions as an entry names them, in time order. */
export async function loggedSessions(tx: DbOrTx, playsessionIds: number[]): Promise<LoggedSession[]> {
  if (!playsessionIds.length) return [];
  const rows = await tx.select({ playground_id: playsessions.playgroundId, session_dt: playsessions.timeStart, playground_name: playgrounds.name })
    .from(playsessions).innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(inArray(playsessions.id, playsessionIds));
  return rows.sort((a, b) => a.session_dt.localeCompare(b.session_dt) || a.playground_id - b.playground_id);
}

/**
 * Entries written before sessions carried their playground's name (multi-bookings stored only
 * ids) get today's name when read; a playground that is gone leaves the name out.
 */
export async function withPlaygroundNames<T extends { data: unknown }>(db: DbOrTx, entries: T[]): Promise<T[]> {
  const lists = (data: unknown) => LOGGED_SESSION_LISTS.map((key) => (data as Record<string, unknown> | null)?.[key]).filter(isLoggedSessionList);
  const missing = new Set(entries.flatMap((e) => lists(e.data).flat()).filter((s) => !s.playground_name).map((s) => Number(s.playground_id)));
  if (!missing.size) return entries;
  const names = new Map((await db.select({ id: playgrounds.id, name: playgrounds.name }).from(playgrounds)
    .where(inArray(playgrounds.id, [...missing].filter(Number.isInteger)))).map((p) => [p.id, p.name]));
  return entries.map((e) => {
    if (!lists(e.data).length) return e;
    const data = { ...(e.data as Record<string, unknown>) };
    for (const key of LOGGED_SESSION_LISTS) {
      const list = data[key];
      if (isLoggedSessionList(list)) data[key] = list.map((s) => (s.playground_name ? s : { ...s, playground_name: names.get(Number(s.playground_id)) ?? null }));
    }
    return { ...e, data };
  });
}
