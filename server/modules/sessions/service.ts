// Played sessions: the launcher reports them (authenticated by the playground's uuid_token), the
// location lists them. Reporting is idempotent by the session's uuid; a commercial session
// charges the location's licence fee once, as a chargeoff on its ledger.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { launcherSessions, locations, playgrounds } from '../../db/schema';
import { invalidToken, notFound, permissionDenied } from '../../platform/errors';
import { techAccessOpen } from '../techSessions/service';
import { appendTransaction, ledgerEvent } from '../transactions/ledger';
import { recordEffects } from '../../platform/effects';
import { lockedTransaction, lockLedger } from '../../platform/locks';

export interface LauncherReport {
  uuid: string;
  started: string;
  ended: string | null;
  game_id: number | null;
  players_cnt: number;
  session_type: 1 | 2 | 3 | 4;
  orders_ids: number[];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function recordLauncherSession(db: Db, playgroundToken: string, report: LauncherReport) {
  if (!UUID_RE.test(playgroundToken)) throw invalidToken();
  const [pg] = await db.select().from(playgrounds).where(eq(playgrounds.uuidToken, playgroundToken));
  if (!pg) throw invalidToken();
  return lockedTransaction(db, async (tx) => {
    await lockLedger(tx, pg.locationId);
    const [existing] = await tx.select().from(launcherSessions).where(eq(launcherSessions.uuid, report.uuid));
    if (existing && existing.playgroundId !== pg.id) throw notFound();
    // A new technical session needs open tech access (the control page); one already accepted may still be updated.
    if (report.session_type === 2 && existing?.sessionType !== 2 && !techAccessOpen(pg)) throw permissionDenied('tech_access_expired');
    const values = {
      playgroundId: pg.id, locationId: pg.locationId, started: new Date(report.started), ended: report.ended ? new Date(report.ended) : null,
      gameId: report.game_id, playersCnt: report.players_cnt, sessionType: report.session_type, ordersIds: report.orders_ids,
    };
    if (existing) await tx.update(launcherSessions).set(values).where(eq(launcherSessions.uuid, report.uuid));
    else await tx.insert(launcherSessions).values({ uuid: report.uuid, ...values });
    const [row] = await tx.select().from(launcherSessions).where(eq(launcherSessions.uuid, report.uuid));
    if (report.session_type === 1 && row!.chargeTransactionId === null) {
      const [loc] = await tx.select({ fee: locations.licenceFee, currencyId: locations.b2bCurrencyId }).from(locations).where(eq(locations.id, pg.locationId));
      if (loc && Number(loc.fee) > 0) {
        const t = await appendTransaction(tx, {
          locationId: pg.locationId, type: 'chargeoff', amount: `-${loc.fee}`, session: report.uuid,
          // The playground's name only: the type column says "Списание" / "Charge-off" in the reader's language (#18).
          description: pg.name, currencyId: loc.currencyId, operationDt: new Date(report.started),
        });
        await tx.update(launcherSessions).set({ chargeTransactionId: t.id }).where(eq(launcherSessions.uuid, report.uuid));
        await recordEffects(tx, { live: ledgerEvent(pg.locationId, t.id) });
      }
    }
    return { uuid: report.uuid, recorded: existing ? 'updated' : 'created' };
  });
}
