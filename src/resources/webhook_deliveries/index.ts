// The delivery log of all of a location's webhooks (/locations/:location_id/webhook_deliveries):
// what was sent to the CRM and whether it arrived, across hooks, with CSV and XLSX.
import SendIcon from '@mui/icons-material/Send';
import { WEBHOOK_DELIVERY_STATUS_LABELS } from '../../../domain/enumLabels';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `resources.webhook_deliveries.fields.${name}`;
const STATUSES = Object.keys(WEBHOOK_DELIVERY_STATUS_LABELS);

export default defineResource({
  name: 'webhook_deliveries',
  route: { scope: 'location', path: 'webhook_deliveries' },
  access: { minRole: 40 },
  menu: {
    icon: SendIcon,
    management: { order: 30, section: 'more', label: 'resources.webhook_deliveries.card', hint: 'resources.webhook_deliveries.cardHint' },
  },
  api: { list: '/api/v2.1/locations/{location_id}/webhook_deliveries/', paging: 'limit-offset', filters: { date_from: 'date_from', date_to: 'date_to', status: 'status' },
    ordering: ['id', 'created', 'event', 'status', 'attempts', 'delivered_at'] },
  list: {
    title: 'resources.webhook_deliveries.title',
    empty: 'resources.webhook_deliveries.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'webhook_deliveries',
    sort: { field: 'id', order: 'DESC' },
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'status', label: f('status'), choices: enumChoices(STATUSES, 'resources.webhook_deliveries.status.') },
    ],
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'datetime', source: 'created', label: f('created') },
      { kind: 'text', source: 'url', label: f('url') },
      { kind: 'text', source: 'event', label: f('event'), monospace: true },
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'resources.webhook_deliveries.status.' },
      { kind: 'text', source: 'attempts', label: f('attempts') },
      { kind: 'datetime', source: 'delivered_at', label: f('delivered_at') },
    ],
  },
});
