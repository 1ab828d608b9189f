// Location payments (/locations/:location_id/payments). The endpoint answers the whole filtered
// list as a plain array, so pages (10, 20, 30, all) and the sort (newest first) are the browser's.
import PaymentsIcon from '@mui/icons-material/Payments';
import { PAYMENTS_DEFAULT_PAGE_SIZE, PAYMENTS_PAGE_SIZES } from '../../../domain/constants';
import { defineResource, enumChoices, lazyPart } from '../declaration';

/** "All" rows on one page: larger than any list. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;
const f = (name: string) => `app.money.payments.fields.${name}`;
const parts = () => import('./PaymentActions');

export default defineResource({
  name: 'location_payments',
  route: { scope: 'location', path: 'payments' },
  access: { minRole: 40 },
  menu: {
    icon: PaymentsIcon,
    management: { order: 40, label: 'app.management.cards.payments', hint: 'app.management.cardHints.payments' },
  },
  api: {
    list: '/api/v2.1/locations/{location_id}/payments/',
    paging: 'none',
    filters: { date_from: 'date_start', date_to: 'date_end', payment_type: 'payment_type', purchase_sign: 'purchase_sign' },
    actions: { hide: { path: '/api/v2.1/payment/{id}/actual/', method: 'PATCH' } },
  },
  list: {
    title: 'app.money.payments.title',
    empty: 'app.money.payments.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'payments',
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'payment_type', label: 'app.money.payments.types', choices: enumChoices([1, 2, 3, 4, 5, 6, 7], 'app.paymentTypes.t') },
      { kind: 'select', source: 'purchase_sign', label: 'app.money.payments.sign', default: 'all',
        choices: enumChoices(['all', 'positive', 'negative'], 'app.money.payments.signs.') },
    ],
    pageSizes: [...PAYMENTS_PAGE_SIZES, { label: 'app.money.all', value: ALL_ROWS }],
    perPage: PAYMENTS_DEFAULT_PAGE_SIZE,
    sort: { field: 'created', order: 'DESC' },
    toolbar: lazyPart(parts, 'AddPaymentButton'),
    columns: [
      { kind: 'text', source: 'id', label: f('id'), sortable: true },
      { kind: 'link', source: 'order', label: f('order'), href: '/orders/{value}' },
      { kind: 'enum', source: 'payment_type', label: f('payment_type'), prefix: 'app.paymentTypes.t' },
      { kind: 'date', source: 'created', label: f('created'), sortable: true },
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'app.order.paymentStatus.' },
      { kind: 'text', source: 'external_id', label: f('external_id') },
      { kind: 'money', source: 'purchase', label: f('purchase') },
      { kind: 'text', source: 'comment', label: f('comment') },
      { kind: 'text', source: 'user', label: f('user'), value: (r) => r.user?.name || r.user?.email },
      { kind: 'custom', source: 'actions', label: 'app.money.actions', render: lazyPart(parts, 'PaymentRowActions') },
    ],
  },
});
