// #47 A location's personal data requests (GET /api/v2.2/locations/{id}/data_requests/, CSV, XLSX),
// role 40: the open ones first by their due day (the overdue at the top), then the done; filters by
// state (open, overdue, done: the location's own today decides) and kind. No date range: an old
// request still open must not fall outside a month the screen starts on.
import { inArray, sql } from 'drizzle-orm';
import { dataRequests as r } from '../../db/schema';
import { DATA_REQUEST_FIELDS as F } from '../../../domain/fieldLabels';
import { DATA_REQUEST_CLOSED_HOW_LABELS, DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATE_LABELS } from '../../../domain/guestData';
import { codesFilter, defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

/** The location's today (its wall clock's date). */
const TODAY = sql`(now() AT TIME ZONE request_location.timezone)::date`;

export const locationDataRequests = defineList({
  path: '/api/v2.2/locations/:id/data_requests/', summary: 'A location\'s personal data requests: open, overdue (past their legal due day) and done', tags: ['people'],
  file: 'data_requests', title: { ru: 'Запросы по персональным данным', en: 'Personal data requests' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  // The location's row: its time zone decides which requests are overdue today.
  from: () => sql`${r} JOIN locations request_location ON request_location.id = ${r.locationId}`,
  where: (s) => [sql`${r.locationId} = ${s.locationId}`],
  filters: {
    state: {
      schema: codesFilter(DATA_REQUEST_STATE_LABELS),
      where: (v: string[]) => sql`(${sql.join(v.map(stateCondition), sql` OR `)})`,
      examples: ['overdue', 'open,done'], holds: (row, v) => v.split(',').includes(row.state),
    },
    kind: { schema: codesFilter(DATA_REQUEST_KIND_LABELS), where: (v: string[]) => inArray(r.kind, v), examples: ['access', 'withdrawal'], holds: (row, v) => v.split(',').includes(row.kind) },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${r.id}`, label: F.id },
    { key: 'kind', kind: 'enum', sql: sql`${r.kind}`, labels: DATA_REQUEST_KIND_LABELS, label: F.kind },
    { key: 'phone', kind: 'text', sql: sql`${r.phone}`, label: F.phone },
    { key: 'email', kind: 'text', sql: sql`${r.email}`, label: F.email },
    { key: 'received_on', kind: 'date', sql: sql`${r.receivedOn}`, label: F.received_on },
    { key: 'due_on', kind: 'date', sql: sql`${r.dueOn}`, label: F.due_on },
    { key: 'state', kind: 'enum', sql: sql`CASE WHEN ${r.status} = 'done' THEN 'done' WHEN ${r.dueOn} < ${TODAY} THEN 'overdue' ELSE 'open' END`, labels: DATA_REQUEST_STATE_LABELS, label: F.state },
    { key: 'closed_how', kind: 'enum', sql: sql`${r.closedHow}`, labels: DATA_REQUEST_CLOSED_HOW_LABELS, label: F.closed_how },
    { key: 'closed_at', kind: 'datetime', sql: sql`${r.closedAt}`, label: F.closed_at },
    { key: 'comment', kind: 'text', sql: sql`${r.comment}`, label: F.comment },
  ],
  orderBy: sql`(${r.status} = 'done'), ${r.dueOn}, ${r.id} DESC`,
  sorting: { columns: ['id', 'received_on', 'due_on', 'state'], unique: sql`${r.id}` },
});

function stateCondition(state: string) {
  if (state === 'done') return sql`${r.status} = 'done'`;
  if (state === 'overdue') return sql`(${r.status} = 'open' AND ${r.dueOn} < ${TODAY})`;
  return sql`(${r.status} = 'open' AND ${r.dueOn} >= ${TODAY})`;
}
