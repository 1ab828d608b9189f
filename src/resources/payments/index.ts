// Location payments (/locations/:location_id/payments). The endpoint answers the whole filtered
// list as a plain array, so pages (10, 20, 30, all) are the browser's; the server sorts it (newest
// first unless a header is clicked) and sums it (`format=totals`).
import PaymentsIcon from '@mui/icons-material/Payments';
import { PAYMENTS_DEFAULT_PAGE_SIZE, PAYMENTS_PAGE_SIZES } from '../../../domain/constants';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { positiveAmount } from '../../components/validators';
import { defineResource, enumChoices, lazyPart } from '../declaration';

/** "All" rows on one page: larger than any list. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;
const f = (name: string) => `app.money.payments.fields.${name}`;
/** Only manual payments can be hidden (spec: payment types, "only type 7"). */
export const HIDEABLE_PAYMENT_TYPE = 7;

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
    filters: { date_from: 'date_start', date_to: 'date_end', payment_type: 'payment_type', purchase_sign: 'purchase_sign', payer: 'payer', receipt: 'receipt' },
    ordering: ['id', 'order', 'payment_type', 'created', 'status', 'external_id', 'purchase', 'comment'],
    totals: true,
    create: '/api/v2.1/locations/{location_id}/payments/',
    actions: { hide: { path: '/api/v2.1/payment/{id}/actual/', method: 'PATCH' } },
  },
  actionForms: {
    // A payment of the location not tied to an order (the same as the booking area's): amount
    // (required, at most 10 characters), external id and comment; one Idempotency-Key per opening.
    create: {
      action: 'create', testId: 'location-payment', title: 'app.booking.locationPayment.title', submit: 'app.booking.locationPayment.submit',
      idempotent: true,
      fields: [
        // Above zero, as the server's rule (the screens write it the same on the day view and here).
        { kind: 'money', source: 'purchase', label: 'app.booking.pay.amount', required: true, requiredMessage: 'validation.validationSum', maxLength: 10, rules: [positiveAmount], inLocationCurrency: true },
        { kind: 'text', source: 'external_id', label: 'app.booking.pay.externalId', maxLength: TEXT_LIMITS.externalId },
        { kind: 'textarea', source: 'comment', label: 'app.booking.fields.comment', maxLength: TEXT_LIMITS.shortComment },
      ],
      body: (data) => ({ purchase: data.purchase, external_id: data.external_id || null, comment: data.comment }),
      done: 'app.booking.locationPayment.done',
      doneArgs: (saved) => ({ id: saved.id }),
    },
  },
  // Hiding a manual payment after a yes/no.
  rowActions: [
    { kind: 'action', action: 'hide', label: 'app.money.payments.hideNamed', icon: VisibilityOffIcon, data: () => ({ actual: false }),
      when: (r) => r.payment_type === HIDEABLE_PAYMENT_TYPE,
      confirm: { title: 'app.money.payments.hideTitle', text: 'app.money.payments.hideText' }, done: 'app.money.payments.hidden' },
  ],
  messageArgs: (r, { money }) => ({ id: r.id, amount: money(r.purchase ?? '0') }),
  list: {
    title: 'app.money.payments.title',
    empty: 'app.money.payments.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'payments',
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'payment_type', label: 'app.money.payments.types', choices: enumChoices([1, 2, 3, 4, 5, 6, 7], 'app.paymentTypes.t') },
      // Customers' money by default: the location's own balance top-ups are one choice away.
      { kind: 'select', source: 'payer', label: 'app.money.payments.payer', default: 'customers',
        choices: enumChoices(['customers', 'topups', 'all'], 'app.money.payments.payers.') },
      // #29 receipts: online payments whose 54-FZ receipt the tax service has not registered.
      { kind: 'select', source: 'receipt', label: 'app.money.payments.receipt', default: 'all',
        choices: enumChoices(['all', 'unregistered'], 'app.money.payments.receipts.') },
      { kind: 'select', source: 'purchase_sign', label: 'app.money.payments.sign', default: 'all',
        choices: enumChoices(['all', 'positive', 'negative'], 'app.money.payments.signs.') },
    ],
    pageSizes: [...PAYMENTS_PAGE_SIZES, { label: 'app.money.all', value: ALL_ROWS }],
    perPage: PAYMENTS_DEFAULT_PAGE_SIZE,
    sort: { field: 'created', order: 'DESC' },
    actions: [{ form: 'create', label: 'app.money.payments.add' }],
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'link', source: 'order', label: f('order'), href: '/orders/{value}' },
      { kind: 'enum', source: 'payment_type', label: f('payment_type'), prefix: 'app.paymentTypes.t' },
      { kind: 'date', source: 'created', label: f('created') },
      { kind: 'enum', source: 'status', label: f('status'), prefix: 'app.order.paymentStatus.' },
      // #38 a provider's test-mode payment on a live install: badged, in no total (the export writes yes/no).
      { kind: 'custom', source: 'test', label: f('test'), exported: true, render: lazyPart(() => import('../../components/TestPaymentBadge'), 'TestPaymentCell') },
      { kind: 'text', source: 'external_id', label: f('external_id') },
      { kind: 'money', source: 'purchase', label: f('purchase') },
      { kind: 'text', source: 'comment', label: f('comment') },
      { kind: 'enum', source: 'receipt_status', label: f('receipt_status'), prefix: 'app.order.receiptStatus.' }, // #29 receipts
      // #39 By name, the e-mail on hover (the export writes the name, else the e-mail).
      { kind: 'person', source: 'user.name', email: 'user.email', label: f('user') },
    ],
  },
});
