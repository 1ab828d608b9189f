// Webhooks of the location (the tools page): where the server posts its events (orders, payments,
// certificates), each signed with the webhook's secret, shown once after the create. Add, edit,
// delete, and each one's delivery log (with resend).
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { WEBHOOK_EVENTS } from '../../../domain/locationManagement';
import { defineResource, lazyPart } from '../declaration';

const t = (key: string) => `app.tools.webhooks.${key}`;
const parts = () => import('./parts');

export default defineResource({
  name: 'webhooks',
  access: { minRole: 40 },
  menu: { tools: { order: 30, label: 'app.tools.tabs.webhooks', tab: 'webhooks' } },
  api: {
    list: '/api/v2.1/locations/{location_id}/webhooks/',
    paging: 'none',
    create: '/api/v2.1/locations/{location_id}/webhooks/',
    update: { path: '/api/v2.1/webhook/{id}/', method: 'PUT' },
    delete: '/api/v2.1/webhook/{id}/',
    actions: {
      deliveries: { path: '/api/v2.1/webhook/{id}/deliveries/?limit={limit}&offset={offset}', method: 'GET' },
      resend: '/api/v2.1/webhook/{id}/deliveries/{delivery_id}/resend/',
      test: '/api/v2.1/webhook/{id}/test/',
    },
  },
  list: {
    title: 'app.tools.tabs.webhooks',
    empty: t('empty'),
    hint: t('hint'),
    hintArgs: { events: WEBHOOK_EVENTS.join(', ') },
    columns: [
      { kind: 'text', source: 'url', label: t('url'), monospace: true },
      { kind: 'boolean', source: 'extra', label: t('extra') },
      { kind: 'custom', source: 'active', label: t('status'), render: lazyPart(parts, 'WebhookStatus') },
    ],
  },
  // The spec: url required. The server checks the scheme and that the address is not private.
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    afterCreate: lazyPart(parts, 'WebhookSecretDialog'),
    fields: [
      { kind: 'text', source: 'url', label: t('url'), hint: t('urlHint'), required: true, maxLength: 2000 },
      { kind: 'boolean', source: 'extra', label: t('extraLabel'), hint: t('extraHint') },
      // Switches a webhook on again after the server turned it off (a 410 answer).
      { kind: 'boolean', source: 'active', label: t('active'), on: 'edit' },
    ],
  },
  rowActions: [
    { kind: 'dialog', label: t('log'), icon: HistoryIcon, dialog: lazyPart(parts, 'DeliveryLogDialog') },
    // A signed test event sent now (#25); the receiver's answer is the message (its status code or the error).
    { kind: 'action', action: 'test', label: t('test'), icon: SendIcon, done: t('testDelivered'),
      result: (answer: { ok: boolean; status_code: number | null; error: string | null }) => (answer.ok
        ? { message: t('testDelivered'), type: 'success', args: { code: answer.status_code } }
        : { message: t('testFailed'), type: 'error', args: { answer: answer.status_code ? `HTTP ${answer.status_code}` : answer.error ?? '—' } }) },
    { kind: 'edit' },
    { kind: 'delete', confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r) => ({ url: r.url }),
});
