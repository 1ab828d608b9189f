// Transactions (/locations/:location_id/transactions): the ledger. The endpoint spans the user's
// locations; the screen starts with its own location and the location filter offers the others.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import type { PermissionCodename } from '../../../domain/permissions';
import { defineResource, enumChoices, lazyPart, type FieldDeclaration } from '../declaration';
import { positiveAmount } from '../../components/validators';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { AMOUNT_MAX_LENGTH, TRANSACTION_TYPES, type TransactionRow } from './types';

const f = (name: string) => `app.money.transactions.fields.${name}`;
const m = (key: string) => `app.money.transactions.${key}`;
const typeChoices = enumChoices(TRANSACTION_TYPES, m('types.'));
/** Amounts of transactions, refunds and top-ups: required (validationSum), at most 8 characters, two decimals. */
const amount = (extra: Partial<FieldDeclaration> = {}): FieldDeclaration => ({
  kind: 'money', source: 'amount', label: m('addFields.amount'), required: true, requiredMessage: 'validation.validationSum',
  maxLength: AMOUNT_MAX_LENGTH, rules: [positiveAmount], ...extra,
} as FieldDeclaration);
const text = (source: string) => ({ kind: 'text' as const, source, label: f(source) });
const parts = () => import('./DisputeDialog');
/** The specs' rule: both permissions are needed to change the ledger. */
const EDITOR: PermissionCodename[] = ['transactions.edit', 'transactions.all'];
const myLocations = { path: '/api/v2.1/locations/concise_list/', value: 'id', label: 'name' };

export default defineResource({
  name: 'transactions',
  route: { scope: 'location', path: 'transactions' },
  access: { minRole: 40 },
  menu: {
    icon: AccountBalanceWalletIcon,
    management: { order: 50, label: 'app.management.cards.transactions', hint: 'app.management.cardHints.transactions' },
  },
  api: {
    list: '/api/v2.1/transactions/',
    paging: 'limit-offset',
    filters: { date_from: 'date_start', date_to: 'date_end', location: 'location', direction: 'transaction_type', kind: 'transaction_kind' },
    ordering: ['id', 'operation_dt', 'amount', 'total', 'type'],
    totals: true,
    create: '/api/v2.1/transactions/create_transaction/',
    actions: {
      changeType: '/api/v2.2/transactions/change_type/',
      refund: '/api/v2.2/transactions/create_transaction/',
      // A dispute's text and files go as multipart (FormData); GET lists the earlier ones.
      dispute: '/api/v2.1/transactions/{id}/dispute/',
      disputes: { path: '/api/v2.1/transactions/{id}/dispute/', method: 'GET' },
      refill: '/api/v2.2/locations/{location_id}/refill/',
      // The top-up's return page (CheckPaymentPage) asks how its payment went: a POST that reads.
      checkPayment: '/api/v2.2/locations/{location_id}/check_payment/',
    },
  },
  // The bar's buttons (add: transactions.edit with transactions.all; top-up: allow_refill); the
  // row's Dispute for everyone and the editor's menu (change type; refund, except of a refund).
  // Money writes send an Idempotency-Key per opening.
  messageArgs: (r) => ({ id: r.id }),
  rowMenuLabel: m('menu'),
  rowActions: [
    { kind: 'dialog', label: m('dispute'), ariaLabel: m('disputeNamed'), text: true, icon: ReportProblemIcon,
      dialog: lazyPart(parts, 'DisputeDialog') },
    { kind: 'form', form: 'changeType', label: m('changeType'), menu: true, permissions: EDITOR },
    { kind: 'form', form: 'refund', label: m('refund'), menu: true, permissions: EDITOR, when: (r) => r.original_transaction === null },
  ],
  actionForms: {
    // The amount is entered positive (the type sets the direction); an empty date is now; the
    // location is the user's (this one first).
    add: {
      action: 'create', testId: 'add-transaction', title: m('addTitle'), width: 'sm', idempotent: true,
      fields: [
        { kind: 'select', source: 'type', label: m('addFields.type'), required: true, choices: typeChoices },
        amount({ hint: m('amountHint') }),
        { kind: 'datetime', source: 'operation_dt', label: m('addFields.operation_dt'), hint: m('operationDtHint') },
        { kind: 'textarea', source: 'description', label: m('addFields.description'), maxLength: TEXT_LIMITS.shortComment },
        { kind: 'text', source: 'number', label: m('addFields.number'), maxLength: TEXT_LIMITS.transactionRef },
        { kind: 'select', source: 'location', label: m('addFields.location'), required: true, choicesFrom: myLocations },
        { kind: 'text', source: 'session', label: m('addFields.session'), maxLength: TEXT_LIMITS.transactionRef },
        { kind: 'boolean', source: 'debt_open', label: m('addFields.debt_open') },
      ],
      defaults: ({ meta }) => ({ location: Number(meta.location_id) }),
      // The time as typed, on the location's clock: the server reads a time without an offset in the
      // chosen location's zone (the browser's zone may be another).
      body: (d) => ({
        type: d.type, amount: d.amount, operation_dt: d.operation_dt || null, description: d.description,
        number: d.number || null, debt_open: d.debt_open, location: Number(d.location), session: d.session || null,
      }),
      done: m('added'),
      doneArgs: (saved) => ({ id: saved.id }),
    },
    // A yes/no question with the new type (the sign and later balances follow on the server).
    changeType: {
      action: 'changeType', testId: 'change-type', title: m('changeTypeTitle'), text: m('changeTypeText'),
      titleArgs: ({ record }) => ({ id: record.id }), submit: 'app.common.yes', cancel: 'app.common.no', danger: true,
      fields: [{ kind: 'select', source: 'type', label: m('newType'), required: true, choices: typeChoices, exceptRecordField: 'type' }],
      body: (d, { record }) => ({ type: d.type, transaction_id: record.id }),
      done: m('transactionsTypeChanged'),
    },
    // The whole amount by default; the sign is the server's (a refund reverses the original, and the
    // server refuses more than is left of it).
    refund: {
      action: 'refund', testId: 'refund', title: m('refundTitle'), text: m('refundText'), idempotent: true,
      titleArgs: ({ record }) => ({ id: record.id }), submit: 'app.common.yes', cancel: 'app.common.no', danger: true,
      fields: [amount(), { kind: 'text', source: 'description', label: m('addFields.description'), maxLength: TEXT_LIMITS.shortComment }],
      defaults: ({ record }) => ({ amount: (record as TransactionRow).amount.replace('-', '').replace(/\.00$/, '') }),
      body: (d, { record }) => ({
        original_transaction: record.id, amount: d.amount, location: record.location_id, session: record.session, operation_dt: null,
        description: d.description, type: 'refund',
      }),
      done: m('transactionsTypeRefund'),
    },
    // Account top-up: the amount starts a payment and the browser goes to the provider's page; the
    // provider brings the user back to /locations/:id/check_payment/:payment_id.
    topUp: {
      action: 'refill', testId: 'top-up', title: m('topUpTitle'), text: m('topUpText'), submit: m('topUpSubmit'), idempotent: true,
      titleArgs: ({ meta }) => ({ name: meta.location_name }),
      fields: [amount()],
      then: (saved: { payment_url: string }) => window.location.assign(saved.payment_url),
    },
  },
  list: {
    title: 'app.money.transactions.title',
    empty: 'app.money.transactions.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'transactions',
    sort: { field: 'operation_dt', order: 'DESC' },
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'location', label: 'app.money.transactions.locations', default: ({ locationId }) => [Number(locationId)],
        choicesFrom: myLocations },
      { kind: 'select', source: 'direction', label: 'app.money.transactions.direction', default: 'all',
        choices: enumChoices(['all', 'in', 'out'], 'app.money.transactions.directions.') },
      { kind: 'multi', source: 'kind', label: 'app.money.transactions.kind',
        choices: enumChoices(TRANSACTION_TYPES, 'app.money.transactions.types.') },
    ],
    toolbar: lazyPart(() => import('./LocationBalance'), 'LocationBalance'),
    // The rows' locations are the filter's: their changes (and balances) come live from each.
    followsLocations: 'location',
    actions: [
      { form: 'topUp', label: m('topUp'), icon: AccountBalanceWalletIcon, variant: 'outlined', when: (l) => !!(l as { allow_refill?: boolean }).allow_refill },
      { form: 'add', label: m('add'), permissions: EDITOR },
    ],
    columns: [
      text('id'),
      { kind: 'lookup', source: 'location_id', label: f('location_id'), from: myLocations },
      text('session'),
      { kind: 'datetime', source: 'operation_dt', label: f('operation_dt') },
      text('description'),
      { kind: 'money', source: 'amount', label: f('amount'), signColor: true, currencySource: 'currency' },
      { kind: 'boolean', source: 'additional', label: f('additional') },
      { kind: 'money', source: 'total', label: f('total'), currencySource: 'currency' },
      // No currency column: the amount and the balance carry the sign (the CSV keeps it).
      text('license'),
      text('code'),
      { kind: 'enum', source: 'type', label: f('type'), prefix: 'app.money.transactions.types.' },
      // #39 The user by name, the e-mail on hover; the exports write both.
      { kind: 'person', source: 'user_name', email: 'user_email', label: f('user_name'), emailLabel: f('user_email') },
    ],
  },
});
