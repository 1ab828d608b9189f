// Transactions (/locations/:location_id/transactions): the ledger. The endpoint spans the user's
// locations; the screen starts with its own location and the location filter offers the others.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { defineResource, enumChoices, lazyPart } from '../declaration';
import { TRANSACTION_TYPES } from './types';

const f = (name: string) => `app.money.transactions.fields.${name}`;
const text = (source: string) => ({ kind: 'text' as const, source, label: f(source) });
const parts = () => import('./TransactionActions');
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
  },
  list: {
    title: 'app.money.transactions.title',
    empty: 'app.money.transactions.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'transactions',
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'location', label: 'app.money.transactions.locations', default: ({ locationId }) => [Number(locationId)],
        choicesFrom: myLocations },
      { kind: 'select', source: 'direction', label: 'app.money.transactions.direction', default: 'all',
        choices: enumChoices(['all', 'in', 'out'], 'app.money.transactions.directions.') },
      { kind: 'multi', source: 'kind', label: 'app.money.transactions.kind',
        choices: enumChoices(TRANSACTION_TYPES, 'app.money.transactions.types.') },
    ],
    toolbar: lazyPart(parts, 'TransactionsToolbar'),
    columns: [
      text('id'),
      { kind: 'lookup', source: 'location_id', label: f('location_id'), from: myLocations },
      text('session'),
      { kind: 'datetime', source: 'operation_dt', label: f('operation_dt') },
      text('description'),
      { kind: 'money', source: 'amount', label: f('amount'), signColor: true },
      { kind: 'boolean', source: 'additional', label: f('additional') },
      { kind: 'money', source: 'total', label: f('total') },
      text('currency'),
      text('license'),
      text('code'),
      { kind: 'enum', source: 'type', label: f('type'), prefix: 'app.money.transactions.types.' },
      text('user_email'),
      { kind: 'custom', source: 'actions', label: 'app.money.actions', render: lazyPart(parts, 'TransactionRowActions') },
    ],
  },
});
