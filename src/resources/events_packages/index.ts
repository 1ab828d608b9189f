// #28 CATALOGUE: the event packages a location sells event orders with (a tab of the tools page).
// Add, change, retire or bring back; removing an ordered package retires it. The multi-session
// booking form offers those on sale that day (GET .../events_packages/?date=). The server:
// server/modules/catalogue/writes.ts.
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { defineResource } from '../declaration';

const t = (key: string) => `app.catalogue.packages.${key}`;
const f = (key: string) => t(`fields.${key}`);

export default defineResource({
  name: 'events_packages',
  access: { minRole: 40 },
  menu: { tools: { order: 37, label: t('tab'), tab: 'events_packages' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/events_packages/',
    paging: 'none',
    create: '/api/v2.2/locations/{location_id}/events_packages/',
    update: { path: '/api/v2.2/events_packages/{id}/', method: 'PUT' },
    delete: '/api/v2.2/events_packages/{id}/',
  },
  list: {
    title: t('tab'),
    empty: t('empty'),
    hint: t('hint'),
    columns: [
      { kind: 'text', source: 'name', label: f('name') },
      { kind: 'money', source: 'price', label: f('price') },
      { kind: 'date', source: 'valid_from', label: f('valid_from') },
      { kind: 'date', source: 'valid_to', label: f('valid_to') },
      { kind: 'enum', source: 'active', label: 'app.catalogue.status', prefix: 'app.catalogue.saleState.' },
    ],
  },
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    width: 'sm',
    fields: [
      { kind: 'text', source: 'name', label: f('name'), required: true, maxLength: TEXT_LIMITS.itemName },
      { kind: 'money', source: 'price', label: f('price'), required: true, maxLength: 13, inLocationCurrency: true },
      { kind: 'date', source: 'valid_from', label: f('valid_from'), row: 1 },
      { kind: 'date', source: 'valid_to', label: f('valid_to'), row: 1 },
      { kind: 'boolean', source: 'active', label: 'app.catalogue.active', on: 'edit' },
    ],
  },
  rowActions: [
    { kind: 'edit' },
    { kind: 'delete', when: (r: { active: boolean }) => r.active, confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r: { name: string }) => ({ name: r.name }),
});
