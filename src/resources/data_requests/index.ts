// #47 A location's personal data requests (/locations/:location_id/data_requests, role 40): what
// people asked (to see their data, or a withdrawal of consent), when, and the legal day to answer by;
// open, overdue (past that day) or done, with CSV and XLSX. "Record a request" adds one; "Close"
// marks one done by hand with what was done (an export or an erasure of the contact does it by
// itself). The server's declared list and writes: server/modules/people/lists.ts, writes.ts.
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATES } from '../../../domain/guestData';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { formatDay } from '../../../domain/dates';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `resources.data_requests.fields.${name}`;
const t = (key: string) => `resources.data_requests.${key}`;

export default defineResource({
  name: 'data_requests',
  route: { scope: 'location', path: 'data_requests' },
  access: { minRole: 40 },
  menu: { icon: AssignmentIndIcon, management: { order: 39, section: 'more', label: t('card'), hint: t('cardHint') } },
  api: {
    list: '/api/v2.2/locations/{location_id}/data_requests/', paging: 'limit-offset',
    filters: { state: 'state', kind: 'kind' },
    ordering: ['id', 'received_on', 'due_on', 'state'],
    create: '/api/v2.2/locations/{location_id}/data_requests/',
    actions: { close: '/api/v2.2/data_requests/{id}/close/' },
  },
  list: {
    title: t('title'),
    empty: t('empty'),
    hint: t('hint'),
    exports: ['csv', 'xlsx'],
    fileName: 'data_requests',
    filters: [
      { kind: 'multi', source: 'state', label: f('state'), choices: enumChoices([...DATA_REQUEST_STATES], t('states.')) },
      { kind: 'multi', source: 'kind', label: f('kind'), choices: enumChoices([...DATA_REQUEST_KINDS], t('kinds.')) },
    ],
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'enum', source: 'kind', label: f('kind'), prefix: t('kinds.') },
      { kind: 'text', source: 'phone', label: f('phone') },
      { kind: 'text', source: 'email', label: f('email') },
      { kind: 'date', source: 'received_on', label: f('received_on') },
      { kind: 'date', source: 'due_on', label: f('due_on') },
      { kind: 'enum', source: 'state', label: f('state'), prefix: t('states.') },
      { kind: 'enum', source: 'closed_how', label: f('closed_how'), prefix: t('closedHow.') },
      { kind: 'datetime', source: 'closed_at', label: f('closed_at') },
      { kind: 'text', source: 'comment', label: f('comment') },
    ],
    actions: [{ form: 'create', label: t('add'), variant: 'contained' }],
  },
  actionForms: {
    create: {
      action: 'create', testId: 'data-request-form', title: t('addTitle'), text: t('addText'), submit: t('addSubmit'),
      fields: [
        { kind: 'select', source: 'kind', label: f('kind'), required: true, choices: enumChoices([...DATA_REQUEST_KINDS], t('kinds.')), default: 'access' },
        { kind: 'text', source: 'phone', label: f('phone'), format: 'phone', maxLength: TEXT_LIMITS.phone, row: 1 },
        { kind: 'text', source: 'email', label: f('email'), format: 'email', maxLength: TEXT_LIMITS.email, row: 1 },
        { kind: 'date', source: 'received_on', label: f('received_on') },
        { kind: 'textarea', source: 'comment', label: f('comment'), maxLength: TEXT_LIMITS.shortComment },
      ],
      body: (d) => ({ kind: d.kind, ...(d.phone ? { phone: d.phone } : {}), ...(d.email ? { email: d.email } : {}), ...(d.received_on ? { received_on: d.received_on } : {}), comment: d.comment ?? '' }),
      done: t('added'),
      doneArgs: (saved) => ({ due: formatDay(saved.due_on) }),
    },
    close: {
      action: 'close', testId: 'data-request-close', title: t('closeTitle'), text: t('closeText'), submit: t('closeSubmit'),
      fields: [{ kind: 'textarea', source: 'comment', label: f('comment'), maxLength: TEXT_LIMITS.shortComment }],
      body: (d) => ({ comment: d.comment ?? '' }),
      done: t('closed'),
    },
  },
  rowActions: [
    { kind: 'form', form: 'close', label: t('close'), icon: TaskAltIcon, when: (r: { state: string }) => r.state !== 'done' },
  ],
});
