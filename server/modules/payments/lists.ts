// The payments of a location (GET /locations/{id}/payments/, its CSV and XLSX): the visible ones,
// newest first, as a plain array (the screen pages it).
import { inArray, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_LABELS, PAYMENT_TYPE_LABELS, RECEIPT_STATUS_LABELS } from '../../../domain/enumLabels';
import { currencies, locations, payments, users } from '../../db/schema';
import { PAYMENT_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { intList } from '../../platform/query';
import { z } from 'zod';
import { locationListScope } from '../locations/service';
import { REFILL_COMMENT, isTopUpPayment } from '../transactions/refill';

/** #29 receipts: paid online, a receipt due, not registered (pending, canceled, not sent). */
const unregisteredReceipt = sql`${payments.receiptStatus} IS NOT NULL AND ${payments.receiptStatus} <> 'succeeded' AND ${payments.status} = 'paid' AND ${payments.purchase} > 0`;

export const locationPayments = defineList({
  path: '/api/v2.1/locations/:id/payments/', summary: "A location's payments, newest first", tags: ['payments'],
  file: 'payments', title: { ru: 'Платежи', en: 'Payments' }, paging: 'array', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => sql`${payments} LEFT JOIN ${users} ON ${users.id} = ${payments.userId}
    JOIN ${locations} ON ${locations.id} = ${payments.locationId} LEFT JOIN ${currencies} ON ${currencies.id} = ${locations.currencyId}`,
  where: (s) => [sql`${payments.locationId} = ${s.locationId}`, sql`${payments.actual}`],
  dateRange: { from: 'date_start', to: 'date_end', day: (s) => sql`(${payments.created} AT TIME ZONE ${s.tz})::date` },
  filters: {
    payment_type: { schema: intList(1, 7), where: (v: number[]) => inArray(payments.paymentType, v), examples: ['2,6', '1'], holds: (row, v) => v.split(',').map(Number).includes(row.payment_type) },
    // Whose money: customers' (orders and standalone payments) or the location's own balance
    // top-ups (settled through the same provider); without the filter, both, as the spec's list.
    payer: {
      schema: z.enum(['all', 'customers', 'topups']),
      where: (v: string) => (v === 'topups' ? isTopUpPayment : v === 'customers' ? sql`NOT (${isTopUpPayment})` : undefined),
      examples: ['customers', 'topups', 'all'],
      holds: (row, v) => v === 'all' || (v === 'topups') === (row.order === null && row.payment_type === 1 && row.comment === REFILL_COMMENT),
    },
    // #29 receipts: money taken online with a receipt due (the account had receipts on) that the tax
    // service has not registered; the desk's cash and card (the venue's own register) never are.
    receipt: {
      schema: z.enum(['all', 'unregistered']),
      where: (v: string) => (v === 'unregistered' ? unregisteredReceipt : undefined),
      examples: ['unregistered', 'all'],
      holds: (row, v) => v === 'all' || (row.receipt_status !== null && row.receipt_status !== 'succeeded' && row.status === 'paid' && Number(row.purchase) > 0),
    },
    purchase_sign: {
      schema: z.enum(['all', 'positive', 'negative']),
      where: (v: string) => (v === 'positive' ? sql`${payments.purchase} > 0` : v === 'negative' ? sql`${payments.purchase} < 0` : undefined),
      examples: ['positive', 'negative', 'all'],
      holds: (row, v) => v === 'all' || (v === 'positive' ? Number(row.purchase) > 0 : Number(row.purchase) < 0),
    },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${payments.id}`, label: F.id },
    { key: 'order', kind: 'int', sql: sql`${payments.orderId}`, label: F.order },
    { key: 'payment_type', kind: 'enum', sql: sql`${payments.paymentType}`, labels: PAYMENT_TYPE_LABELS, label: F.payment_type },
    { key: 'created', kind: 'datetime', sql: sql`${payments.created}`, label: F.created },
    // A refund row (paid, negative) reads 'refunded', as domain/orderBalance paymentStatusCode says (#25).
    { key: 'status', kind: 'enum', sql: sql`CASE WHEN ${payments.status} = 'paid' AND ${payments.purchase} < 0 THEN 'refunded' ELSE ${payments.status} END`, labels: PAYMENT_STATUS_LABELS, label: F.status },
    // #38 A payment the provider made in its test mode on a live install: listed (badged), never in the totals.
    { key: 'test', kind: 'bool', sql: sql`${payments.test}`, label: F.test },
    { key: 'external_id', kind: 'text', sql: sql`${payments.externalId}`, label: F.external_id },
    { key: 'purchase', kind: 'money', sql: sql`${payments.purchase}`, inCurrency: true, label: F.purchase,
      sum: sql`CASE WHEN ${payments.test} THEN 0 ELSE ${payments.purchase} END` },
    { key: 'comment', kind: 'text', sql: sql`${payments.comment}`, label: F.comment },
    { key: 'receipt_status', kind: 'enum', sql: sql`${payments.receiptStatus}`, labels: RECEIPT_STATUS_LABELS, label: F.receipt_status },
    { key: 'user_id', kind: 'int', sql: sql`${users.id}` },
    { key: 'user_name', kind: 'text', sql: sql`${users.name}` },
    { key: 'user_email', kind: 'text', sql: sql`${users.email}` },
    // The exports write who the screen shows: the name, the e-mail when there is none.
    { key: 'user', kind: 'text', sql: sql`coalesce(nullif(${users.name}, ''), ${users.email})`, label: F.user, exportOnly: true },
  ],
  orderBy: sql`${payments.created} DESC, ${payments.id} DESC`,
  sorting: { columns: ['id', 'order', 'payment_type', 'created', 'status', 'external_id', 'purchase', 'comment'], unique: sql`${payments.id}` },
  json: {
    record: (r) => ({
      id: r.id, order: r.order, payment_type: r.payment_type, created: r.created, status: r.status, external_id: r.external_id,
      purchase: r.purchase, comment: r.comment, receipt_status: r.receipt_status, user: r.user_id ? { id: r.user_id, name: r.user_name, email: r.user_email } : null,
      // #38 Only when so, as on the order page: an ordinary payment keeps the specs' shape.
      ...(r.test ? { test: true } : {}),
    }),
    schema: z.object({
      id: z.number().int(), order: z.number().int().nullable(), payment_type: z.number().int(), created: z.string(), status: z.string(),
      external_id: z.string().nullable(), purchase: z.string(), comment: z.string().nullable(), receipt_status: z.string().nullable(),
      test: z.literal(true).optional().describe('Only on a payment the provider made in its test mode on a live install: counted in no total.'),
      user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
    }),
  },
});
