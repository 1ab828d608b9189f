// The orders list of a location (GET /locations/{id}/orders/, its CSV and XLSX). Dates follow the
// business day: an order created 00:00-05:59 belongs to the previous day.
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CANCELLED_ORDER_STATUSES, ORDER_SOURCE_LABELS, ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, TOTALS_EXCLUDING_CANCELLED } from '../../../domain/enumLabels';
import { currencies, locations, orders, users } from '../../db/schema';
import { ORDER_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { intList } from '../../platform/query';
import { locationListScope } from '../locations/service';

export const locationOrders = defineList({
  path: '/api/v2.1/locations/:id/orders/', summary: "A location's orders, newest first", tags: ['orders'],
  file: 'orders', title: { ru: 'Заказы', en: 'Orders' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${orders} LEFT JOIN ${users} ON ${users.id} = ${orders.staffUserId}
    JOIN ${locations} ON ${locations.id} = ${orders.locationId} LEFT JOIN ${currencies} ON ${currencies.id} = ${locations.currencyId}`,
  where: (s) => [sql`${orders.locationId} = ${s.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (s) => sql`((${orders.createdAt} AT TIME ZONE ${s.tz}) - interval '6 hours')::date` },
  filters: {
    status: { schema: intList(1, 6), where: (v: number[]) => inArray(orders.status, v), examples: ['2,6', '4'], holds: (row, v) => v.split(',').map(Number).includes(row.status) },
    // #44 Orders nobody came to (the no-show job's flag), or the others.
    no_show: {
      schema: z.enum(['all', 'yes', 'no']),
      where: (v: string) => (v === 'all' ? undefined : eq(orders.noShow, v === 'yes')),
      examples: ['yes', 'no', 'all'],
      holds: (row, v) => v === 'all' || row.no_show === (v === 'yes'),
    },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${orders.id}`, label: F.id },
    { key: 'created', kind: 'datetime', sql: sql`${orders.createdAt}`, label: F.created },
    { key: 'order_type', kind: 'enum', sql: sql`${orders.orderType}`, labels: ORDER_TYPE_LABELS, label: F.order_type },
    { key: 'status', kind: 'enum', sql: sql`${orders.status}`, labels: ORDER_STATUS_LABELS, label: F.status },
    { key: 'cost', kind: 'money', sql: sql`${orders.cost}`, inCurrency: true, label: F.cost },
    { key: 'paid', kind: 'money', sql: sql`${orders.paid}`, inCurrency: true, label: F.paid },
    { key: 'purchase', kind: 'money', sql: sql`${orders.purchase}`, inCurrency: true, label: F.purchase },
    { key: 'discount', kind: 'money', sql: sql`${orders.discount}`, inCurrency: true, label: F.discount },
    { key: 'promocode', kind: 'text', sql: sql`${orders.promocode}`, label: F.promocode },
    { key: 'staff_user_id', kind: 'int', sql: sql`${orders.staffUserId}` },
    // #39 The manager by name (the screen's column, the e-mail on hover), the spec's e-mail beside it.
    { key: 'manager_name', kind: 'text', sql: sql`nullif(${users.name}, '')`, label: F.manager_name },
    { key: 'manager_email', kind: 'text', sql: sql`${users.email}`, label: F.manager_email },
    { key: 'source', kind: 'text', sql: sql`${orders.source}`, labels: ORDER_SOURCE_LABELS, label: F.source },
    { key: 'no_show', kind: 'bool', sql: sql`${orders.noShow}`, label: F.no_show }, // #44
  ],
  orderBy: sql`${orders.createdAt} DESC, ${orders.id} DESC`,
  sorting: { columns: ['id', 'created', 'order_type', 'status', 'cost', 'paid', 'purchase'], unique: sql`${orders.id}` },
  // #39 A cancelled order (4) or cart (5) is no money taken: the totals leave them out unless the
  // status filter asks for them.
  totalsExcept: {
    filter: 'status', sql: inArray(orders.status, [...CANCELLED_ORDER_STATUSES]),
    row: (row) => (CANCELLED_ORDER_STATUSES as readonly number[]).includes(row.status), note: TOTALS_EXCLUDING_CANCELLED,
  },
});
