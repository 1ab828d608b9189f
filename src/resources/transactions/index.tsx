// Transactions (/locations/:location_id/transactions): the resource config of the generic record
// list. The endpoint spans the user's locations; the screen starts with its own location and the
// location filter offers the others. Server paging (10, 15, 30, 50, 100; 10 by default).
import { Box } from '@mui/material';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { formatAmount } from '../../../domain/money';
import { LocationRecordList, formatDateTime, type RecordListConfig } from '../../components/records/LocationRecordList';
import { TRANSACTION_TYPES, useLocationChoices, type TransactionRow } from './api';
import { TransactionActions, TransactionsToolbar } from './TransactionActions';

const f = (name: string) => `app.money.transactions.fields.${name}`;

function TypeLabel({ type }: { type: string }) {
  const translate = useTranslate();
  return <>{translate(`app.money.transactions.types.${type}`, { _: type })}</>;
}

function YesNo({ value }: { value: boolean }) {
  const translate = useTranslate();
  return <>{translate(value ? 'app.common.yes' : 'app.common.no')}</>;
}

/** Red when money went out, green when it came in. */
function Amount({ value }: { value: string }) {
  const n = Number(value);
  return (
    <Box component="span" data-sign={n < 0 ? 'negative' : n > 0 ? 'positive' : 'zero'}
      sx={{ color: n < 0 ? 'error.main' : n > 0 ? 'success.main' : 'text.primary', fontWeight: 600, whiteSpace: 'nowrap' }}>
      {formatAmount(value)}
    </Box>
  );
}

export const transactionsConfig: RecordListConfig = {
  resource: 'transactions',
  titleKey: 'app.money.transactions.title',
  emptyKey: 'app.money.transactions.empty',
  csvName: 'transactions.csv',
  filters: [
    { kind: 'multi', source: 'location', label: 'app.money.transactions.locations', useChoices: useLocationChoices },
    {
      kind: 'select', source: 'direction', label: 'app.money.transactions.direction',
      choices: (['all', 'in', 'out'] as const).map((value) => ({ value, label: `app.money.transactions.directions.${value}` })),
    },
    {
      kind: 'multi', source: 'kind', label: 'app.money.transactions.kind',
      choices: TRANSACTION_TYPES.map((value) => ({ value, label: `app.money.transactions.types.${value}` })),
    },
  ],
  defaultFilters: (locationId) => ({ location: [Number(locationId)], direction: 'all' }),
  toolbar: TransactionsToolbar,
  columns: [
    <TextField key="session" source="session" label={f('session')} sortable={false} emptyText="—" />,
    <FunctionField<TransactionRow> key="operation_dt" source="operation_dt" label={f('operation_dt')} sortable={false}
      render={(r) => formatDateTime(r.operation_dt)} />,
    <TextField key="description" source="description" label={f('description')} sortable={false} emptyText="—" />,
    <FunctionField<TransactionRow> key="amount" source="amount" label={f('amount')} sortable={false} render={(r) => <Amount value={r.amount} />} />,
    <FunctionField<TransactionRow> key="additional" source="additional" label={f('additional')} sortable={false}
      render={(r) => <YesNo value={r.additional} />} />,
    <FunctionField<TransactionRow> key="total" source="total" label={f('total')} sortable={false}
      render={(r) => `${formatAmount(r.total)}${r.currency ? ` ${r.currency}` : ''}`} />,
    <TextField key="license" source="license" label={f('license')} sortable={false} emptyText="—" />,
    <TextField key="code" source="code" label={f('code')} sortable={false} emptyText="—" />,
    <FunctionField<TransactionRow> key="type" source="type" label={f('type')} sortable={false} render={(r) => <TypeLabel type={r.type} />} />,
    <TextField key="user_email" source="user_email" label={f('user_email')} sortable={false} emptyText="—" />,
    <FunctionField<TransactionRow> key="actions" label="app.money.actions" sortable={false}
      render={(r) => <TransactionActions transaction={r} />} />,
  ],
};

export function TransactionsPage() {
  return <LocationRecordList config={transactionsConfig} />;
}
