// #45 A location's messages to customers (GET /api/v2.2/locations/{id}/messages/, CSV, XLSX): sent,
// pending and failed, newest first; filters by state (`failed` finds what did not go), kind, channel
// and the due day.
import { inArray, sql } from 'drizzle-orm';
import { messages as m } from '../../db/schema';
import { MESSAGE_FIELDS as F } from '../../../domain/fieldLabels';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS, MESSAGE_STATE_LABELS } from '../../../domain/customerMessages';
import { LANGUAGE_LABELS } from '../../../domain/activity';
import { codesFilter, defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

export const locationMessages = defineList({
  path: '/api/v2.2/locations/:id/messages/', summary: "A location's messages to customers, newest first (state=failed: what did not go)", tags: ['messages'],
  file: 'messages', title: { ru: 'Сообщения клиентам', en: 'Messages to customers' }, paging: 'limit-offset', access: { minRole: 20 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${m}`,
  where: (s) => [sql`${m.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${m.dueAt} AT TIME ZONE ${s.tz})::date` },
  filters: {
    state: { schema: codesFilter(MESSAGE_STATE_LABELS), where: (v: string[]) => inArray(m.state, v), examples: ['sent', 'failed'], holds: (row, v) => v.split(',').includes(row.state) },
    kind: { schema: codesFilter(MESSAGE_KIND_LABELS), where: (v: string[]) => inArray(m.kind, v), examples: ['confirmation', 'reminder'], holds: (row, v) => v.split(',').includes(row.kind) },
    channel: { schema: codesFilter(MESSAGE_CHANNEL_LABELS), where: (v: string[]) => inArray(m.channel, v), examples: ['email', 'sms'], holds: (row, v) => v.split(',').includes(row.channel) },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${m.id}`, label: F.id },
    { key: 'order_id', kind: 'int', sql: sql`${m.orderId}`, label: F.order_id },
    { key: 'kind', kind: 'enum', sql: sql`${m.kind}`, labels: MESSAGE_KIND_LABELS, label: F.kind },
    { key: 'channel', kind: 'enum', sql: sql`${m.channel}`, labels: MESSAGE_CHANNEL_LABELS, label: F.channel },
    { key: 'language', kind: 'enum', sql: sql`${m.language}`, labels: LANGUAGE_LABELS, label: F.language },
    { key: 'recipient', kind: 'text', sql: sql`${m.recipient}`, label: F.recipient },
    { key: 'due_at', kind: 'datetime', sql: sql`${m.dueAt}`, label: F.due_at },
    { key: 'state', kind: 'enum', sql: sql`${m.state}`, labels: MESSAGE_STATE_LABELS, label: F.state },
    { key: 'attempts', kind: 'int', sql: sql`${m.attempts}`, label: F.attempts },
    { key: 'sent_at', kind: 'datetime', sql: sql`${m.sentAt}`, label: F.sent_at },
    { key: 'delivered_at', kind: 'datetime', sql: sql`${m.deliveredAt}`, label: F.delivered_at },
    { key: 'error', kind: 'text', sql: sql`coalesce(${m.error}, '')`, label: F.error },
  ],
  orderBy: sql`${m.id} DESC`,
  sorting: { columns: ['id', 'due_at', 'state', 'kind', 'channel', 'sent_at'], unique: sql`${m.id}` },
});
