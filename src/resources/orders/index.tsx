// Location orders (/locations/:location_id/orders): the resource config of the generic record list.
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { LocationRecordList, NewTabLink, formatDateTime, type RecordListConfig } from '../../components/records/LocationRecordList';

interface OrderRow {
  id: number; created: string; order_type: number; status: number; cost: string; paid: string; purchase: string;
  discount: string | null; promocode: string | null; manager_email: string | null; source: string | null;
}

const f = (name: string) => `resources.location_orders.fields.${name}`;

function Label({ prefix, value }: { prefix: string; value: number }) {
  const translate = useTranslate();
  return <>{translate(`${prefix}${value}`, { _: String(value) })}</>;
}

export const ordersConfig: RecordListConfig = {
  resource: 'location_orders',
  titleKey: 'app.records.ordersTitle',
  emptyKey: 'app.records.ordersEmpty',
  csvName: 'orders.csv',
  quickPeriods: true,
  statuses: [6, 3, 2, 4].map((value) => ({ value, label: `app.records.orderStatus.s${value}` })),
  columns: [
    <FunctionField<OrderRow> key="id" source="id" label={f('id')} sortable={false}
      render={(r) => <NewTabLink href={`/orders/${r.id}`}>{r.id}</NewTabLink>} />,
    <FunctionField<OrderRow> key="created" source="created" label={f('created')} sortable={false} render={(r) => formatDateTime(r.created)} />,
    <FunctionField<OrderRow> key="order_type" source="order_type" label={f('order_type')} sortable={false}
      render={(r) => <Label prefix="app.orderTypes.t" value={r.order_type} />} />,
    <FunctionField<OrderRow> key="status" source="status" label={f('status')} sortable={false}
      render={(r) => <Label prefix="app.records.orderStatus.s" value={r.status} />} />,
    ...['cost', 'paid', 'purchase', 'discount', 'promocode', 'manager_email', 'source'].map((name) => (
      <TextField key={name} source={name} label={f(name)} sortable={false} emptyText="—" />
    )),
  ],
};

export function OrdersPage() {
  return <LocationRecordList config={ordersConfig} />;
}
