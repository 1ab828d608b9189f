// Old events expire: a client that comes back after more than EVENT_RETENTION_HOURS gets `reset`
// (reload everything) instead of its missed events. The 'live.expire_events' job runs hourly and
// books its own next run; spent and expired stream tickets go with it. The heads stay, so numbers
// never restart.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventStreamTickets, locationEvents } from '../../db/schema';
import { enqueueUnlessWaiting } from '../../platform/jobs';

export const EVENT_RETENTION_HOURS = 48;
export const EXPIRE_EVENTS_JOB = 'live.expire_events';

export async function expireEvents(db: Db, retentionHours = EVENT_RETENTION_HOURS): Promise<number> {
  const gone = await db.delete(locationEvents)
    .where(sql`${locationEvents.createdAt} < now() - make_interval(hours => ${retentionHours}) AND ${locationEvents.seq} IS NOT NULL`)
    .returning({ id: locationEvents.id });
  await db.delete(eventStreamTickets).where(sql`${eventStreamTickets.expiresAt} < now()`);
  return gone.length;
}

/**
 * Books the next run unless one is waiting (so restarts and processes started together do not
 * multiply it). #41: a running job is not waiting; before, the running job counted as one, booked no
 * successor, and the expiry ran once per start.
 */
export async function scheduleEventExpiry(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, EXPIRE_EVENTS_JOB, runAt);
}
