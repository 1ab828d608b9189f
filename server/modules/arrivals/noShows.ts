// #44 No-shows. Where arrivals are on, once a session has started and the location's grace minutes
// have passed, a live paid-type order of it with nobody checked in gets `no_show: true`: a flag, never
// a status, and no money moves. One job of the one outbox (platform/jobs.ts) does it every minute and
// books its own next run; its claim (FOR UPDATE SKIP LOCKED) runs it in one process at a time, and the
// orders it flags are taken FOR UPDATE SKIP LOCKED and re-checked (`no_show = false`), so a second
// chain of the job (two processes started together) flags nothing twice. Only sessions that began
// after arrivals were turned on count: a venue that starts checking guests in gets no past no-shows.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueUnlessWaiting } from '../../platform/jobs';
import { recordEffects } from '../../platform/effects';
import { ORDER_STATUS, ORDER_TYPE } from '../../../domain/slotFlags';

export const NO_SHOW_JOB = 'order.no_shows';
/** How often the job looks. */
export const NO_SHOW_EVERY_MS = 60_000;

/** Flags the due no-shows in one transaction; answers their ids. */
export async function markNoShows(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string }>(sql`
      SELECT o.id FROM orders o
      JOIN locations l ON l.id = o.location_id AND l.arrivals_enabled
      WHERE o.no_show = false AND o.order_type = ${ORDER_TYPE.paid} AND o.status NOT IN (${ORDER_STATUS.cart}, ${ORDER_STATUS.cancelled}, ${ORDER_STATUS.cartCancelled})
        AND NOT EXISTS (SELECT 1 FROM order_participants p WHERE p.order_id = o.id AND p.checked_in_at IS NOT NULL AND p.position <= o.persons)
        AND EXISTS (
          SELECT 1 FROM order_playsessions op JOIN playsessions ps ON ps.id = op.playsession_id
          WHERE op.order_id = o.id
          GROUP BY op.order_id
          HAVING (min(ps.time_start)::timestamp AT TIME ZONE l.timezone) + make_interval(mins => l.arrival_grace_minutes) <= now()
            AND (min(ps.time_start)::timestamp AT TIME ZONE l.timezone) >= coalesce(l.arrivals_since, now())
        )
      ORDER BY o.id
      FOR UPDATE OF o SKIP LOCKED`);
    const ids = found.rows.map((r) => Number(r.id));
    if (!ids.length) return [];
    await tx.execute(sql`UPDATE orders SET no_show = true WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND no_show = false`);
    await recordEffects(tx, { orderLog: ids.map((orderId) => ({ orderId, type: 'no_show' as const, author: null, data: { by: 'system' } })) });
    return ids;
  });
}

/** Books the next look unless one is waiting (restarts and processes started together book one). */
export async function scheduleNoShows(db: Db, runAt = new Date()): Promise<void> {
  await enqueueUnlessWaiting(db, NO_SHOW_JOB, runAt);
}
