// The delivery log of all of a location's webhooks (GET /locations/{id}/webhook_deliveries/, CSV, XLSX).
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { webhookDeliveries as d, webhooks as w } from '../../db/schema';
import { defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

const STATUS_LABELS = {
  pending: { ru: 'Ожидает', en: 'Pending' }, delivered: { ru: 'Доставлено', en: 'Delivered' }, failed: { ru: 'Не доставлено', en: 'Failed' },
  gone: { ru: 'Адрес удалён (410)', en: 'Gone (410)' }, skipped: { ru: 'Пропущено', en: 'Skipped' },
};
export const locationWebhookDeliveries = defineList({
  path: '/api/v2.1/locations/:id/webhook_deliveries/', summary: "Deliveries of all of a location's webhooks, newest first", tags: ['webhooks'],
  file: 'webhook_deliveries', title: { ru: 'Доставки вебхуков', en: 'Webhook deliveries' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${d} JOIN ${w} ON ${w.id} = ${d.webhookId}`,
  where: (s) => [sql`${w.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`(${d.createdAt} AT TIME ZONE ${s.tz})::date` },
  filters: { status: { schema: z.string().max(100).transform((v) => v.split(',')).pipe(z.array(z.enum(Object.keys(STATUS_LABELS) as [string]))), where: (v: string[]) => inArray(d.status, v), example: 'delivered', holds: (row) => row.status === 'delivered' } },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${d.id}`, label: { ru: 'ID', en: 'ID' } },
    { key: 'created', kind: 'datetime', sql: sql`${d.createdAt}`, label: { ru: 'Создана', en: 'Created' } },
    { key: 'url', kind: 'text', sql: sql`${w.url}`, label: { ru: 'Адрес', en: 'URL' } },
    { key: 'event', kind: 'text', sql: sql`${d.event}`, label: { ru: 'Событие', en: 'Event' } },
    { key: 'status', kind: 'enum', sql: sql`${d.status}`, labels: STATUS_LABELS, label: { ru: 'Статус', en: 'Status' } },
    { key: 'attempts', kind: 'int', sql: sql`${d.attempts}`, label: { ru: 'Попыток', en: 'Attempts' } },
    { key: 'delivered_at', kind: 'datetime', sql: sql`${d.deliveredAt}`, label: { ru: 'Доставлена', en: 'Delivered' } },
  ],
  orderBy: sql`${d.id} DESC`,
  sorting: { columns: ['id', 'created', 'event', 'status', 'attempts', 'delivered_at'], unique: sql`${d.id}` },
});
