// #45 A location's messages to customers (/locations/:location_id/messages, role 20): what was sent,
// what waits and what failed (the state filter finds the failed ones), by kind and channel, with CSV
// and XLSX. The server's declared list: server/modules/messages/lists.ts.
import ForumIcon from '@mui/icons-material/Forum';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATES } from '../../../domain/customerMessages';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `resources.messages.fields.${name}`;
const words = 'app.customerMessages.';

export default defineResource({
  name: 'messages',
  route: { scope: 'location', path: 'messages' },
  access: { minRole: 20 },
  menu: { icon: ForumIcon, management: { order: 37, section: 'more', label: 'resources.messages.card', hint: 'resources.messages.cardHint' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/messages/', paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', state: 'state', kind: 'kind', channel: 'channel' },
    ordering: ['id', 'due_at', 'state', 'kind', 'channel', 'sent_at'],
  },
  list: {
    title: 'resources.messages.title',
    empty: 'resources.messages.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'messages',
    sort: { field: 'id', order: 'DESC' },
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'state', label: f('state'), choices: enumChoices([...MESSAGE_STATES], `${words}states.`) },
      { kind: 'multi', source: 'kind', label: f('kind'), choices: enumChoices([...MESSAGE_KINDS], `${words}kinds.`) },
      { kind: 'multi', source: 'channel', label: f('channel'), choices: enumChoices([...MESSAGE_CHANNELS], `${words}channels.`) },
    ],
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'link', source: 'order_id', label: f('order_id'), href: '/orders/{value}' },
      { kind: 'enum', source: 'kind', label: f('kind'), prefix: `${words}kinds.` },
      { kind: 'enum', source: 'channel', label: f('channel'), prefix: `${words}channels.` },
      { kind: 'enum', source: 'language', label: f('language'), prefix: 'resources.messages.languages.' },
      { kind: 'text', source: 'recipient', label: f('recipient') },
      { kind: 'datetime', source: 'due_at', label: f('due_at') },
      { kind: 'enum', source: 'state', label: f('state'), prefix: `${words}states.` },
      { kind: 'text', source: 'attempts', label: f('attempts') },
      { kind: 'datetime', source: 'sent_at', label: f('sent_at') },
      { kind: 'datetime', source: 'delivered_at', label: f('delivered_at') },
      { kind: 'text', source: 'error', label: f('error') },
    ],
  },
});
