// The delivery log of all of a location's webhooks (GET /locations/{id}/webhook_deliveries/, CSV, XLSX).
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUS_LABELS } from '../../../domain/enumLabels';
import { webhookDeliveries as d, webhooks as w } from '../../db/schema';
import { WEBHOOK_DELIVERY_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

export const locationWebhookDeliveries = defineList({
  path: '/api/v2.1/locations/:id/webhook_deliveries/', summary: "Deliveries of all of a location's webhooks, newest first", tags: ['webhooks'],
  file: 'webhook_deliveries', title: { ru: 'Доставки вебхуков', en: 'Webhook deliveries' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${d} JOIN ${w} ON ${w.id} = ${d.webhookId}`,
  where: (s) => [sql`${w.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${d.createdAt} AT TIME ZONE ${s.tz})::date` },
  filters: { status: { schema: z.string().max(100).transform((v) => v.split(',')).pipe(z.array(z.enum(Object.keys(WEBHOOK_DELIVERY_STATUS_LABELS) as [string]))), where: (v: string[]) => inArray(d.status, v), examples: ['delivered', 'gone'], holds: (row, v) => v.split(',').includes(row.status) } },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${d.id}`, label: F.id },
    { key: 'created', kind: 'datetime', sql: sql`${d.createdAt}`, label: F.created },
    { key: 'url', kind: 'text', sql: sql`${w.url}`, label: F.url },
    { key: 'event', kind: 'text', sql: sql`${d.event}`, label: F.event },
    { key: 'status', kind: 'enum', sql: sql`${d.status}`, labels: WEBHOOK_DELIVERY_STATUS_LABELS, label: F.status },
    { key: 'attempts', kind: 'int', sql: sql`${d.attempts}`, label: F.attempts },
    { key: 'delivered_at', kind: 'datetime', sql: sql`${d.deliveredAt}`, label: F.delivered_at },
  ],
  orderBy: sql`${d.id} DESC`,
  sorting: { columns: ['id', 'created', 'event', 'status', 'attempts', 'delivered_at'], unique: sql`${d.id}` },
});
