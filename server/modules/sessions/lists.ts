// The played sessions of a location (GET /locations/{id}/launcher_sessions/, its CSV and XLSX), by
// the day they started on the location's clock.
import { sql } from 'drizzle-orm';
import { SESSION_TYPE_LABELS } from '../../../domain/enumLabels';
import { games, launcherSessions, playgrounds } from '../../db/schema';
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
    { key: 'uuid', kind: 'text', sql: sql`${launcherSessions.uuid}`, label: { ru: 'UUID', en: 'UUID' } },
    { key: 'orders_ids', kind: 'ids', sql: sql`${launcherSessions.ordersIds}`, label: { ru: 'Заказы', en: 'Orders' } },
    { key: 'started', kind: 'datetime', sql: sql`${launcherSessions.started}`, label: { ru: 'Начало', en: 'Started' } },
    { key: 'ended', kind: 'datetime', sql: sql`${launcherSessions.ended}`, label: { ru: 'Конец', en: 'Ended' } },
    { key: 'playground', kind: 'text', sql: sql`${playgrounds.name}`, label: { ru: 'Площадка', en: 'Playground' } },
    { key: 'game', kind: 'text', sql: sql`${games.name}`, label: { ru: 'Игра', en: 'Game' } },
    { key: 'players_cnt', kind: 'int', sql: sql`${launcherSessions.playersCnt}`, label: { ru: 'Игроков', en: 'Players' } },
    { key: 'session_type', kind: 'enum', sql: sql`${launcherSessions.sessionType}`, labels: SESSION_TYPE_LABELS, label: { ru: 'Тип сессии', en: 'Session type' } },
  ],
  // The id breaks ties: sessions of one slot start together, and a page must not depend on the plan.
  orderBy: sql`${launcherSessions.started} DESC, ${launcherSessions.uuid} DESC`,
  sorting: { columns: ['started', 'ended', 'playground', 'game', 'players_cnt', 'session_type'], unique: sql`${launcherSessions.uuid}` },
});
