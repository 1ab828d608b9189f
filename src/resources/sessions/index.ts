// Launcher sessions of a location (/locations/:location_id/sessions): what the playgrounds played.
import TimerIcon from '@mui/icons-material/Timer';
import { defineResource } from '../declaration';

const f = (name: string) => `resources.location_sessions.fields.${name}`;

export default defineResource({
  name: 'location_sessions',
  route: { scope: 'location', path: 'sessions' },
  access: { minRole: 40 },
  menu: {
    icon: TimerIcon,
    home: { order: 70, label: 'app.manage.sessions' },
    management: { order: 60, label: 'app.management.cards.sessions', hint: 'app.management.cardHints.sessions' },
  },
  api: {
    list: '/api/v2.1/locations/{location_id}/launcher_sessions/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to' },
    ordering: ['started', 'ended', 'playground', 'game', 'players_cnt', 'session_type'],
  },
  list: {
    title: 'app.records.sessionsTitle',
    empty: 'app.records.sessionsEmpty',
    exports: ['csv', 'xlsx'],
    fileName: 'sessions',
    sort: { field: 'started', order: 'DESC' },
    filters: [{ kind: 'dateRange' }],
    columns: [
      { kind: 'text', source: 'uuid', label: f('uuid') },
      { kind: 'link', source: 'orders_ids', label: f('orders_ids'), href: '/orders/{value}' },
      { kind: 'datetime', source: 'started', label: f('started') },
      { kind: 'datetime', source: 'ended', label: f('ended') },
      { kind: 'text', source: 'playground', label: f('playground') },
      { kind: 'text', source: 'game', label: f('game') },
      { kind: 'text', source: 'players_cnt', label: f('players_cnt') },
      { kind: 'enum', source: 'session_type', label: f('session_type'), prefix: 'app.records.sessionType.t' },
    ],
  },
});
