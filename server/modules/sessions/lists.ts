// The played sessions of a location (GET /locations/{id}/launcher_sessions/, its CSV and XLSX), by
// the day they started on the location's clock.
import { sql } from 'drizzle-orm';
import { SESSION_TYPE_LABELS } from '../../../domain/enumLabels';
import { games, launcherSessions, playgrounds } from '../../db/schema';
import { SESSION_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

export const locationSessions = defineList({
  path: '/api/v2.1/locations/:id/launcher_sessions/', summary: "A location's played sessions, newest first", tags: ['sessions'],
  file: 'sessions', title: { ru: 'Сессии', en: 'Sessions' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${launcherSessions} JOIN ${playgrounds} ON ${playgrounds.id} = ${launcherSessions.playgroundId}
    LEFT JOIN ${games} ON ${games.id} = ${launcherSessions.gameId}`,
  where: (s) => [sql`${launcherSessions.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${launcherSessions.started} AT TIME ZONE ${s.tz})::date` },
  columns: [
    { key: 'uuid', kind: 'text', sql: sql`${launcherSessions.uuid}`, label: F.uuid },
    { key: 'orders_ids', kind: 'ids', sql: sql`${launcherSessions.ordersIds}`, label: F.orders_ids },
    { key: 'started', kind: 'datetime', sql: sql`${launcherSessions.started}`, label: F.started },
    { key: 'ended', kind: 'datetime', sql: sql`${launcherSessions.ended}`, label: F.ended },
    { key: 'playground', kind: 'text', sql: sql`${playgrounds.name}`, label: F.playground },
    { key: 'game', kind: 'text', sql: sql`${games.name}`, label: F.game },
    { key: 'players_cnt', kind: 'int', sql: sql`${launcherSessions.playersCnt}`, label: F.players_cnt },
    { key: 'session_type', kind: 'enum', sql: sql`${launcherSessions.sessionType}`, labels: SESSION_TYPE_LABELS, label: F.session_type },
  ],
  // The id breaks ties: sessions of one slot start together, and a page must not depend on the plan.
  orderBy: sql`${launcherSessions.started} DESC, ${launcherSessions.uuid} DESC`,
  sorting: { columns: ['started', 'ended', 'playground', 'game', 'players_cnt', 'session_type'], unique: sql`${launcherSessions.uuid}` },
});
