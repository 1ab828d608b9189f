// Certificate rates (a tab of the tools page): the face values the location sells gift certificates
// for, offered by the certificates' create form. Add, change, delete; certificates already sold keep
// their own value. The server: server/modules/certificateRates/writes.ts.
import { defineResource } from '../declaration';

const t = (key: string) => `app.tools.rates.${key}`;

export default defineResource({
  name: 'certificate_rates',
  access: { minRole: 40 },
  menu: { tools: { order: 35, label: 'app.tools.tabs.rates', tab: 'certificate_rates' } },
  api: {
    // #28: every rate, retired ones too (the sale form reads the active ones from /certificate_rates/?location_id=).
    list: '/api/v2.2/locations/{location_id}/certificate_rates/',
    paging: 'none',
    create: '/api/v2.2/locations/{location_id}/certificate_rates/',
    update: { path: '/api/v2.2/certificate_rates/{id}/', method: 'PUT' },
    delete: '/api/v2.2/certificate_rates/{id}/',
  },
  list: {
    title: 'app.tools.tabs.rates',
    empty: t('empty'),
    hint: t('hint'),
    sort: { field: 'rate', order: 'ASC' },
    columns: [
      { kind: 'money', source: 'rate', label: t('rate') },
      { kind: 'enum', source: 'active', label: 'app.catalogue.status', prefix: 'app.catalogue.saleState.' },
    ],
  },
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    width: 'xs',
    fields: [
      { kind: 'money', source: 'rate', label: t('rate'), required: true, maxLength: 13, inLocationCurrency: true },
      { kind: 'boolean', source: 'active', label: 'app.catalogue.active', on: 'edit' },
    ],
  },
  rowActions: [
    { kind: 'edit' },
    { kind: 'delete', when: (r: { active: boolean }) => r.active, confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r, { money }) => ({ rate: money(r.rate) }),
});
