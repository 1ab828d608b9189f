// Recording live events, the way the webhook outbox records webhooks: services call these inside
// the transaction of their change, so an event exists exactly when the change commits (a rollback
// takes it back). The row gets its location's sequence number at commit (migration 0010's
// deferred trigger), which also NOTIFYs every server process (hub.ts).
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cities, locationEvents, locations, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { businessDateOf } from '../../../domain/businessDay';
import { LOGGED_SESSION_LISTS, isLoggedSessionList } from '../../../domain/orderLog';
import type { LiveEventKind, LiveEventPayloads, LiveSession } from '../../../domain/liveEvents';

// One event per transaction and subject is enough (a cancel with a refund writes several log entries).
const recorded = new WeakMap<object, Set<string>>();

export async function recordEvent<K extends LiveEventKind>(tx: DbOrTx, locationId: number, kind: K, payload: LiveEventPayloads[K]): Promise<void> {
  const key = `${locationId}|${kind}|${JSON.stringify(payload)}`;
  const seen = recorded.get(tx) ?? new Set<string>();
  if (seen.has(key)) return;
  seen.add(key);
  recorded.set(tx, seen);
  await tx.insert(locationEvents).values({ locationId, kind, payload });
}

/**
 * An order changed (called by the order log, which every change of an order writes): the sessions it
 * holds now, plus the ones a log entry names (a multi-booking's removed sessions), so both days are re-read.
 */
export async function recordOrderEvent(tx: DbOrTx, orderId: number, logData: Record<string, unknown> = {}): Promise<void> {
  const rows = await tx.select({ locationId: orders.locationId, playgroundId: playsessions.playgroundId, date: playsessions.businessDate, timeStart: playsessions.timeStart })
    .from(orders).leftJoin(orderPlaysessions, eq(orderPlaysessions.orderId, orders.id))
    .leftJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .where(eq(orders.id, orderId));
  if (!rows.length) return;
  const sessions: LiveSession[] = rows.filter((r) => r.playgroundId !== null)
    .map((r) => ({ playground_id: r.playgroundId!, date: String(r.date), time_start: r.timeStart! }));
  for (const key of LOGGED_SESSION_LISTS) {
    const list = logData[key];
    if (isLoggedSessionList(list)) {
      for (const s of list) sessions.push({ playground_id: Number(s.playground_id), date: businessDateOf(s.session_dt), time_start: s.session_dt });
    }
  }
  await recordEvent(tx, rows[0]!.locationId, 'order', { order_id: orderId, sessions: uniqueSessions(sessions) });
}

/** Schedules or prices of some playgrounds changed: one event per location they belong to. */
export async function recordScheduleEvent(tx: DbOrTx, playgroundIds: number[]): Promise<void> {
  if (!playgroundIds.length) return;
  const rows = await tx.select({ id: playgrounds.id, locationId: playgrounds.locationId }).from(playgrounds).where(inArray(playgrounds.id, playgroundIds));
  const byLocation = new Map<number, number[]>();
  for (const r of rows) byLocation.set(r.locationId, [...(byLocation.get(r.locationId) ?? []), r.id]);
  for (const [locationId, ids] of byLocation) await recordEvent(tx, locationId, 'schedule', { playground_ids: ids.sort((a, b) => a - b) });
}

function uniqueSessions(sessions: LiveSession[]): LiveSession[] {
  const seen = new Map(sessions.map((s) => [`${s.playground_id}|${s.time_start}`, s]));
  return [...seen.values()].sort((a, b) => a.playground_id - b.playground_id || a.time_start.localeCompare(b.time_start));
}

/** A schedule of some playground groups changed (saved, enabled, deleted): the groups' playgrounds. */
export async function recordGroupsScheduleEvent(tx: DbOrTx, locationId: number, groupIds: (number | null)[]): Promise<void> {
  const ids = groupIds.filter((g): g is number => g !== null);
  const rows = ids.length ? await tx.select({ id: playgrounds.id }).from(playgrounds).where(inArray(playgrounds.groupId, ids)) : [];
  await recordEvent(tx, locationId, 'schedule', { playground_ids: rows.map((r) => r.id).sort((a, b) => a - b) });
}

/** Holidays are a country's: every location of it re-reads all its days. */
export async function recordCountryScheduleEvent(tx: DbOrTx, countryId: number): Promise<void> {
  const rows = await tx.select({ id: locations.id }).from(locations).innerJoin(cities, eq(cities.id, locations.cityId)).where(eq(cities.countryId, countryId));
  for (const r of rows) await recordEvent(tx, r.id, 'schedule', { playground_ids: [] });
}
