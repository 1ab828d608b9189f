// Early booking (the tools page's first tab): a discount in percent for bookings made at least N
// days before the session. The server's booking price takes the best condition that applies.
import { EARLY_BOOKING_MAX_DISCOUNT, EARLY_BOOKING_MIN } from '../../../domain/locationManagement';
import { defineResource } from '../declaration';

const t = (key: string) => `app.tools.early.${key}`;

export default defineResource({
  name: 'early_booking',
  access: { minRole: 40 },
  menu: { tools: { order: 10, label: 'app.tools.tabs.early', tab: 'early_booking' } },
  api: {
    list: '/api/v2.1/locations/{location_id}/early_booking/',
    paging: 'none',
    create: '/api/v2.1/locations/{location_id}/early_booking/',
    update: { path: '/api/v2.1/early_booking_conditions/{id}/', method: 'PUT' },
    delete: '/api/v2.1/early_booking_conditions/{id}/',
  },
  list: {
    title: 'app.tools.tabs.early',
    empty: t('empty'),
    hint: t('hint'),
    sort: { field: 'days', order: 'ASC' },
    columns: [
      { kind: 'text', source: 'days', label: t('days') },
      { kind: 'text', source: 'discount', label: t('discount'), value: (r) => `${r.discount} %` },
    ],
  },
  // The spec: days and discount required, at least 1 each; a discount is at most 100 %.
  form: {
    add: t('add'),
    title: { create: t('addTitle'), edit: t('editTitle') },
    saved: { create: t('created'), edit: t('updated') },
    width: 'xs',
    fields: [
      { kind: 'number', source: 'days', label: t('days'), hint: t('daysHint'), required: true, integer: true, min: EARLY_BOOKING_MIN },
      { kind: 'number', source: 'discount', label: t('discountPercent'), required: true, integer: true, min: EARLY_BOOKING_MIN, max: EARLY_BOOKING_MAX_DISCOUNT },
    ],
  },
  rowActions: [
    { kind: 'edit' },
    { kind: 'delete', confirm: { title: t('deleteTitle'), text: t('deleteText') }, done: t('deleted') },
  ],
  messageArgs: (r) => ({ days: r.days, discount: r.discount }),
});
