// Location orders (/locations/:location_id/orders): administrators' list of every order with its money.
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `resources.location_orders.fields.${name}`;
const text = (source: string) => ({ kind: 'text' as const, source, label: f(source) });

export default defineResource({
  name: 'location_orders',
  route: { scope: 'location', path: 'orders' },
  access: { minRole: 40 },
  menu: {
    icon: ReceiptLongIcon,
    home: { order: 60, label: 'app.manage.orders' },
    management: { order: 70, label: 'app.management.cards.orders', hint: 'app.management.cardHints.orders' },
  },
  api: {
    list: '/api/v2.1/locations/{location_id}/orders/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', status: 'status', no_show: 'no_show' },
    ordering: ['id', 'created', 'order_type', 'status', 'cost', 'paid', 'purchase'],
    totals: true,
  },
  list: {
    title: 'app.records.ordersTitle',
    empty: 'app.records.ordersEmpty',
    exports: ['csv', 'xlsx'],
    fileName: 'orders',
    sort: { field: 'created', order: 'DESC' },
    filters: [
      { kind: 'dateRange', quickPeriods: true },
      { kind: 'multi', source: 'status', label: 'app.records.status', choices: enumChoices([6, 3, 2, 4], 'app.orderStatus.s') },
      // #44 Orders nobody came to (where the location checks guests in).
      { kind: 'select', source: 'no_show', label: 'app.arrivalDesk.noShowFilter', default: 'all', choices: enumChoices(['all', 'yes', 'no'], 'app.arrivalDesk.noShowChoices.') },
    ],
    columns: [
      { kind: 'link', source: 'id', label: f('id'), href: '/orders/{value}' },
      { kind: 'datetime', source: 'created', label: f('created') },
      { kind: 'enum', source: 'order_type', label: f('order_type'), prefix: 'app.orderTypes.t' },
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'app.orderStatus.s' },
      ...['cost', 'paid', 'purchase', 'discount'].map((source) => ({ kind: 'money' as const, source, label: f(source) })),
      text('promocode'),
      // #39 The manager by name, the e-mail on hover; the exports write both.
      { kind: 'person', source: 'manager_name', email: 'manager_email', label: f('manager_name'), emailLabel: f('manager_email') },
      { kind: 'enum', source: 'source', label: f('source'), prefix: 'app.orderSources.' },
      { kind: 'boolean', source: 'no_show', label: f('no_show') }, // #44
    ],
  },
});
