// #28 CATALOGUE: the designs a location makes certificates in (a tab of the tools page). Add,
// rename (until used), retire or bring back; removing a used design retires it. The certificates'
// create form offers the active ones (GET /api/v2.2/certificate_designs/). The server:
// server/modules/catalogue/writes.ts.
import { CERTIFICATE_DESIGN_MAX } from '../../../domain/certificates';
import { defineResource } from '../declaration';

const t = (key: string) => `app.catalogue.designs.${key}`;

export default defineResource({
  name: 'certificate_designs',
  access: { minRole: 40 },
  menu: { tools: { order: 36, label: t('tab'), tab: 'certificate_designs' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/certificate_designs/',
    paging: 'none',
    create: '/api/v2.2/locations/{location_id}/certificate_designs/',
    update: { path: '/api/v2.2/certificate_designs/{id}/', method: 'PUT' },
    delete: '/api/v2.2/certificate_designs/{id}/',
  },
  list: {
    title: t('tab'),
    empty: t('empty'),
    hint: t('hint'),
    columns: [
      // The built-in designs' words (#39); a name the venue typed as typed.
      { kind: 'enum', source: 'name', label: t('fields.name'), prefix: 'app.money.certificates.designs.' },
      { kind: 'enum', source: 'active', label: 'app.catalogue.status', prefix: 'app.catalogue.saleState.' },
    ],
  },
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    width: 'xs',
    fields: [
      { kind: 'text', source: 'name', label: t('fields.name'), required: true, maxLength: CERTIFICATE_DESIGN_MAX },
      { kind: 'boolean', source: 'active', label: 'app.catalogue.active', on: 'edit' },
    ],
  },
  rowActions: [
    { kind: 'edit' },
    { kind: 'delete', when: (r: { active: boolean }) => r.active, confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r: { name: string }) => ({ name: r.name }),
});
