// The live desk's events of a change (#17), as rows of location_events: written by recordEffects
// (effects.ts) with the change's other after-effects, in its transaction, so an event exists exactly
// when the change commits. The row gets its location's sequence number at commit (migration 0010's
// deferred trigger), which also NOTIFYs every server process (modules/live/hub.ts).
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cities, locations, playgrounds } from '../db/schema';
import { businessDateOf } from '../../domain/businessDay';
import { LOGGED_SESSION_LISTS, isLoggedSessionList, type LoggedSession } from '../../domain/orderLog';
import type { LiveEventKind, LiveEventPayloads, LiveSession } from '../../domain/liveEvents';

/** An event whose location and payload the change knows. */
type Direct = { [K in LiveEventKind]: { location: number; kind: K; payload: LiveEventPayloads[K] } }[LiveEventKind];

/** What changed, as the change names it; the rows are made from it here. */
export type LiveRecord =
  | Direct
  /** An order: the sessions it holds now, plus those it `left` (an edit's old session, a multi-booking's removed ones). */
  | { order: number; left?: readonly Pick<LoggedSession, 'playground_id' | 'session_dt'>[] }
  /** Schedules or prices of some playgrounds: one event per location they belong to. */
  | { schedule: readonly number[] }
  /** The schedule of some playground groups of a location: the groups' playgrounds. */
  | { groupsSchedule: { location: number; groups: readonly (number | null)[] } }
  /** Holidays are a country's: every location of it re-reads all its days. */
  | { countrySchedule: number };

export interface LiveRow { locationId: number; kind: LiveEventKind; payload: unknown }

/** An order as recordEffects read it: its location and the sessions it holds now. */
export interface OrderFacts { locationId: number; sessions: LiveSession[] }

/** The kinds a record writes (what a write declares: tests and the declaration check read them). */
export function liveKindOf(record: LiveRecord): LiveEventKind {
  if ('kind' in record) return record.kind;
  return 'order' in record ? 'order' : 'schedule';
}

/** The rows of the records; orders are read by the caller (with the webhooks' question) and passed in. */
export async function liveRows(tx: DbOrTx, records: readonly LiveRecord[], orders: ReadonlyMap<number, OrderFacts>, logged: ReadonlyMap<number, Record<string, unknown>[]>): Promise<LiveRow[]> {
  const rows: LiveRow[] = [];
  for (const r of records) {
    if ('kind' in r) rows.push({ locationId: r.location, kind: r.kind, payload: r.payload });
    else if ('order' in r) {
      const order = orders.get(r.order);
      if (!order) continue;
      const sessions = [...order.sessions, ...(r.left ?? []).map(liveSession)];
      // The sessions a log entry names (a multi-booking's removed ones) are re-read too.
      for (const data of logged.get(r.order) ?? []) {
        for (const key of LOGGED_SESSION_LISTS) if (isLoggedSessionList(data[key])) sessions.push(...(data[key] as LoggedSession[]).map(liveSession));
      }
      rows.push({ locationId: order.locationId, kind: 'order', payload: { order_id: r.order, sessions: uniqueSessions(sessions) } });
    } else if ('schedule' in r) {
      if (!r.schedule.length) continue;
      const found = await tx.select({ id: playgrounds.id, locationId: playgrounds.locationId }).from(playgrounds).where(inArray(playgrounds.id, [...r.schedule]));
      const byLocation = new Map<number, number[]>();
      for (const p of found) byLocation.set(p.locationId, [...(byLocation.get(p.locationId) ?? []), p.id]);
      for (const [locationId, ids] of byLocation) rows.push({ locationId, kind: 'schedule', payload: { playground_ids: ids.sort((a, b) => a - b) } });
    } else if ('groupsSchedule' in r) {
      const ids = r.groupsSchedule.groups.filter((g): g is number => g !== null);
      const found = ids.length ? await tx.select({ id: playgrounds.id }).from(playgrounds).where(inArray(playgrounds.groupId, ids)) : [];
      rows.push({ locationId: r.groupsSchedule.location, kind: 'schedule', payload: { playground_ids: found.map((p) => p.id).sort((a, b) => a - b) } });
    } else {
      const found = await tx.select({ id: locations.id }).from(locations).innerJoin(cities, eq(cities.id, locations.cityId)).where(eq(cities.countryId, r.countrySchedule));
      for (const l of found) rows.push({ locationId: l.id, kind: 'schedule', payload: { playground_ids: [] } });
    }
  }
  return rows;
}

const liveSession = (s: Pick<LoggedSession, 'playground_id' | 'session_dt'>): LiveSession =>
  ({ playground_id: Number(s.playground_id), date: businessDateOf(s.session_dt), time_start: s.session_dt });

function uniqueSessions(sessions: LiveSession[]): LiveSession[] {
  const seen = new Map(sessions.map((s) => [`${s.playground_id}|${s.time_start}`, s]));
  return [...seen.values()].sort((a, b) => a.playground_id - b.playground_id || a.time_start.localeCompare(b.time_start));
}
