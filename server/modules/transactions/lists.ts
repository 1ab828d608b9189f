// The balance transactions of the caller's locations (GET /transactions/, its CSV and XLSX), each
// on its own location's clock; `location` narrows to some of them (others give nothing).
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { TRANSACTION_TYPE_LABELS } from '../../../domain/enumLabels';
import { currencies, locations, locationTranslations, roles, transactions, userLocationRoles, users } from '../../db/schema';
import { permissionDenied } from '../../platform/errors';
import { TRANSACTION_FIELDS as F } from '../../../domain/fieldLabels';
import { defineList } from '../../platform/lists';
import { intList } from '../../platform/query';
import { TRANSACTION_TYPES } from './ledger';

/** The transactions screen's access (src/resources/transactions/index.ts): the location's administrator. */
export const TRANSACTIONS_ACCESS = { minRole: 40 };
/** Adding, changing the type of and refunding a transaction: the screen's access and both permissions (the specs' rule). */
export const TRANSACTIONS_EDIT = { ...TRANSACTIONS_ACCESS, permissions: ['transactions.edit', 'transactions.all'] };

export const transactionList = defineList({
  path: '/api/v2.1/transactions/', summary: "Balance transactions of the caller's locations, newest first", tags: ['transactions'],
  file: 'transactions', title: { ru: 'Транзакции', en: 'Transactions' }, paging: 'limit-offset', access: TRANSACTIONS_ACCESS,
  // Across locations: those where the caller has the declared role (none of them: 403, as one location's list).
  scope: async (db, user) => {
    const ids = (await db.select({ id: userLocationRoles.locationId }).from(userLocationRoles).innerJoin(roles, eq(roles.id, userLocationRoles.roleId))
      .where(and(eq(userLocationRoles.userId, user.id), gte(roles.value, TRANSACTIONS_ACCESS.minRole)))).map((r) => r.id);
    if (ids.length === 0) throw permissionDenied();
    return { locationIds: ids, tz: sql`${locations.timezone}` };
  },
  from: () => sql`${transactions} JOIN ${locations} ON ${locations.id} = ${transactions.locationId}
    LEFT JOIN ${currencies} ON ${currencies.id} = ${transactions.currencyId} LEFT JOIN ${users} ON ${users.id} = ${transactions.userId}`,
  where: (s) => [inArray(transactions.locationId, s.locationIds)],
  dateRange: { from: 'date_start', to: 'date_end', day: (s) => sql`(${transactions.operationDt} AT TIME ZONE ${s.tz})::date` },
  filters: {
    location: { schema: intList(1, 2147483647), where: (v: number[]) => inArray(transactions.locationId, v), examples: ['1', '2,3'], holds: (row, v) => v.split(',').map(Number).includes(row.location_id) },
    transaction_type: {
      schema: z.enum(['all', 'in', 'out']),
      where: (v: string) => (v === 'in' ? sql`${transactions.amount} > 0` : v === 'out' ? sql`${transactions.amount} < 0` : undefined),
      examples: ['out', 'in', 'all'],
      holds: (row, v) => v === 'all' || (v === 'out' ? Number(row.amount) < 0 : Number(row.amount) > 0),
    },
    transaction_kind: {
      schema: z.string().max(200).transform((v) => v.split(',').filter(Boolean)).pipe(z.array(z.enum(TRANSACTION_TYPES))),
      where: (v: string[]) => inArray(transactions.type, v),
      examples: ['refill,chargeoff', 'minimumfee'],
      holds: (row, v) => v.split(',').includes(row.type),
    },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${transactions.id}`, label: F.id },
    { key: 'location_id', kind: 'int', sql: sql`${transactions.locationId}` },
    // The export names the location, as the list's column does (a bare number read as a code, #18).
    // In the caller's language, as the list's location filter and column name it (concise_list).
    { key: 'location', kind: 'text', sql: sql`${locations.name}`, label: F.location_id, exportOnly: true,
      inLanguage: (lang) => sql`coalesce((SELECT nullif(${locationTranslations.name}, '') FROM ${locationTranslations}
        WHERE ${locationTranslations.locationId} = ${locations.id} AND ${locationTranslations.language} = ${lang}), ${locations.name})` },
    { key: 'session', kind: 'text', sql: sql`${transactions.session}`, label: F.session },
    { key: 'operation_dt', kind: 'datetime', sql: sql`${transactions.operationDt}`, label: F.operation_dt },
    { key: 'description', kind: 'text', sql: sql`${transactions.description}`, label: F.description },
    { key: 'amount', kind: 'money', sql: sql`${transactions.amount}`, inCurrency: true, label: F.amount },
    { key: 'additional', kind: 'bool', sql: sql`${transactions.additional}`, label: F.additional },
    { key: 'total', kind: 'money', sql: sql`${transactions.total}`, inCurrency: true, label: F.total },
    // In the JSON only: the exports' amounts carry the currency, as the list's do (#18).
    { key: 'currency', kind: 'text', sql: sql`${currencies.code}` },
    { key: 'license', kind: 'text', sql: sql`${transactions.license}`, label: F.license },
    { key: 'code', kind: 'text', sql: sql`${transactions.code}`, label: F.code },
    { key: 'type', kind: 'enum', sql: sql`${transactions.type}`, labels: TRANSACTION_TYPE_LABELS, label: F.type },
    // #39 The user by name (the e-mail on hover on screen), the spec's e-mail beside it.
    { key: 'user_name', kind: 'text', sql: sql`nullif(${users.name}, '')`, label: F.user_name },
    { key: 'user_email', kind: 'text', sql: sql`${users.email}`, label: F.user_email },
    { key: 'number', kind: 'text', sql: sql`${transactions.number}` },
    { key: 'debt_open', kind: 'bool', sql: sql`${transactions.debtOpen}` },
    { key: 'original_transaction', kind: 'int', sql: sql`${transactions.originalTransactionId}` },
  ],
  orderBy: sql`${transactions.operationDt} DESC, ${transactions.id} DESC`,
  sorting: { columns: ['id', 'operation_dt', 'amount', 'total', 'type'], unique: sql`${transactions.id}` },
  // The balance is a running figure: its sum means nothing.
  totals: ['amount'],
});
