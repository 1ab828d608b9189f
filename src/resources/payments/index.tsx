// Location payments (/locations/:location_id/payments): the resource config of the generic record
// list. The endpoint answers the whole filtered list, so pages (10, 20, 30, all) and the sort
// (created, newest first) are applied in the browser.
import dayjs from 'dayjs';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { DATE_FORMAT, PAYMENTS_DEFAULT_PAGE_SIZE, PAYMENTS_PAGE_SIZES } from '../../../domain/constants';
import { formatAmount } from '../../../domain/money';
import { LocationRecordList, NewTabLink, type RecordListConfig } from '../../components/records/LocationRecordList';
import { AddPaymentButton, HIDEABLE_PAYMENT_TYPE, HidePaymentButton } from './PaymentActions';

export interface PaymentRow {
  id: number; order: number | null; payment_type: number; created: string; status: string; external_id: string | null;
  purchase: string; comment: string; user: { id: number; name: string; email: string } | null;
}

/** "All" rows on one page: larger than any list, so one page holds everything. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;
const f = (name: string) => `app.money.payments.fields.${name}`;

function Translated({ messageKey, fallback }: { messageKey: string; fallback: string }) {
  const translate = useTranslate();
  return <>{translate(messageKey, { _: fallback })}</>;
}

export const paymentsConfig: RecordListConfig = {
  resource: 'location_payments',
  titleKey: 'app.money.payments.title',
  emptyKey: 'app.money.payments.empty',
  csvName: 'payments.csv',
  filters: [
    {
      kind: 'multi', source: 'payment_type', label: 'app.money.payments.types',
      choices: [1, 2, 3, 4, 5, 6, 7].map((value) => ({ value, label: `app.paymentTypes.t${value}` })),
    },
    {
      kind: 'select', source: 'purchase_sign', label: 'app.money.payments.sign',
      choices: (['all', 'positive', 'negative'] as const).map((value) => ({ value, label: `app.money.payments.signs.${value}` })),
    },
  ],
  defaultFilters: () => ({ purchase_sign: 'all' }),
  pageSizes: [...PAYMENTS_PAGE_SIZES, { label: 'app.money.all', value: ALL_ROWS }],
  perPage: PAYMENTS_DEFAULT_PAGE_SIZE,
  sort: { field: 'created', order: 'DESC' },
  toolbar: AddPaymentButton,
  columns: [
    <TextField key="id" source="id" label={f('id')} />,
    <FunctionField<PaymentRow> key="order" source="order" label={f('order')} sortable={false}
      render={(r) => (r.order ? <NewTabLink href={`/orders/${r.order}`}>{r.order}</NewTabLink> : '—')} />,
    <FunctionField<PaymentRow> key="payment_type" source="payment_type" label={f('payment_type')} sortable={false}
      render={(r) => <Translated messageKey={`app.paymentTypes.t${r.payment_type}`} fallback={String(r.payment_type)} />} />,
    <FunctionField<PaymentRow> key="created" source="created" label={f('created')}
      render={(r) => dayjs(r.created).format(DATE_FORMAT)} />,
    <FunctionField<PaymentRow> key="status" source="status" label={f('status')} sortable={false}
      render={(r) => <Translated messageKey={`app.order.paymentStatus.${r.status}`} fallback={r.status} />} />,
    <TextField key="external_id" source="external_id" label={f('external_id')} sortable={false} emptyText="—" />,
    <FunctionField<PaymentRow> key="purchase" source="purchase" label={f('purchase')} sortable={false} render={(r) => formatAmount(r.purchase)} />,
    <TextField key="comment" source="comment" label={f('comment')} sortable={false} emptyText="—" />,
    <FunctionField<PaymentRow> key="user" source="user" label={f('user')} sortable={false}
      render={(r) => r.user?.name || r.user?.email || '—'} />,
    <FunctionField<PaymentRow> key="actions" label="app.money.actions" sortable={false}
      render={(r) => (r.payment_type === HIDEABLE_PAYMENT_TYPE ? <HidePaymentButton payment={r} /> : null)} />,
  ],
};

export function PaymentsPage() {
  return <LocationRecordList config={paymentsConfig} />;
}
