// A location's shifts (GET /api/v2.2/locations/{id}/shifts/, its CSV and XLSX), newest first: each
// with its till, who opened it, the float, what was expected, its last count and the variance.
// Blind: a shift not yet counted shows its expected figures only to role 40 (domain/till.ts
// seesExpected); the sums are the rule of domain/till.ts written in SQL (tests/api/till.test.ts
// compares the two).
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { currencies, locations, tillShifts, tills } from '../../db/schema';
import { defineList, type ListScope } from '../../platform/lists';
import { intList } from '../../platform/query';
import { SEES_EXPECTED_ROLE, SHIFT_FIELDS as F, SHIFT_STATE_LABELS, SHIFT_STATES } from '../../../domain/till';
import { requireRoleAt } from '../locations/service';

interface ShiftScope extends ListScope { locationId: number; role: number }

const s = tillShifts;
const person = (column: unknown) => sql`(SELECT coalesce(nullif(u.name, ''), u.email) FROM users u WHERE u.id = ${column})`;
/** Cash and card of the shift by the rule of domain/till.ts expectedOf, to the kopeck (numeric). */
const expectedCash = sql`(${s.float}
  + (SELECT coalesce(sum(p.purchase), 0) FROM payments p WHERE p.shift_id = ${s.id} AND p.status = 'paid' AND p.payment_type = 2)
  + (SELECT coalesce(sum(CASE m.kind WHEN 'paid_in' THEN m.amount ELSE -m.amount END), 0) FROM till_movements m WHERE m.shift_id = ${s.id}))`;
const expectedCard = sql`(SELECT coalesce(sum(p.purchase), 0) FROM payments p WHERE p.shift_id = ${s.id} AND p.status = 'paid' AND p.payment_type = 6)`;
/** Shown to the caller (the caller's role joined in the FROM): an administrator always, everyone once the shift was counted. */
const seen = (value: SQL) => sql`(CASE WHEN caller.role >= ${SEES_EXPECTED_ROLE} OR ${s.state} <> 'open' THEN ${value} END)`;
const variance = sql`(coalesce(lc.counted_cash - lc.expected_cash, 0) <> 0 OR coalesce(lc.counted_card - lc.expected_card, 0) <> 0)`;
const hasVariance = (row: Record<string, any>) => Number(row.variance_cash ?? 0) !== 0 || Number(row.variance_card ?? 0) !== 0;

export const locationShifts = defineList<ShiftScope>({
  path: '/api/v2.2/locations/:id/shifts/', summary: "A location's till shifts, newest first (blind: expected figures of a shift not yet counted only to role 40)", tags: ['till'],
  file: 'shifts', title: { ru: 'Смены', en: 'Shifts' }, paging: 'limit-offset', access: { minRole: 20 },
  scope: async (db, user, params) => {
    const role = await requireRoleAt(db, user.id, params.id);
    const [loc] = await db.select({ tz: locations.timezone }).from(locations).where(eq(locations.id, params.id));
    return { locationId: params.id, role: role.value, tz: sql`${loc!.tz}::text` };
  },
  from: (scope) => sql`${s} CROSS JOIN (SELECT ${scope.role}::int AS role) caller JOIN ${tills} ON ${tills.id} = ${s.tillId}
    JOIN ${locations} ON ${locations.id} = ${s.locationId} LEFT JOIN ${currencies} ON ${currencies.id} = ${locations.currencyId}
    LEFT JOIN LATERAL (SELECT c.counted_cash, c.counted_card, c.expected_cash, c.expected_card FROM till_counts c WHERE c.shift_id = ${s.id} ORDER BY c.id DESC LIMIT 1) lc ON true`,
  where: (scope) => [sql`${s.locationId} = ${scope.locationId}`],
  dateRange: { from: 'date_from', to: 'date_to', day: (scope) => sql`(${s.openedAt} AT TIME ZONE ${scope.tz})::date` },
  filters: {
    state: {
      schema: z.string().max(100).transform((v) => v.split(',')).pipe(z.array(z.enum(SHIFT_STATES))),
      where: (v: string[]) => inArray(s.state, v), examples: ['closed', 'open', 'needs_confirmation,open'], holds: (row, v) => v.split(',').includes(row.state),
    },
    till: { schema: intList(1, 2147483647), where: (v: number[]) => inArray(s.tillId, v), examples: ['1', '5'], holds: (row, v) => v.split(',').map(Number).includes(row.till_id) },
    // Shifts whose last count differs from what was expected (cash or card), or the others.
    variance: {
      schema: z.enum(['all', 'with', 'without']),
      where: (v: string) => (v === 'with' ? variance : v === 'without' ? sql`NOT ${variance}` : undefined),
      examples: ['with', 'without', 'all'],
      holds: (row, v) => v === 'all' || hasVariance(row) === (v === 'with'),
    },
  },
  columns: [
    { key: 'id', kind: 'int', sql: sql`${s.id}`, label: F.id },
    { key: 'till_id', kind: 'int', sql: sql`${tills.id}` },
    { key: 'till', kind: 'text', sql: sql`${tills.name}`, label: F.till },
    { key: 'state', kind: 'enum', sql: sql`${s.state}`, labels: SHIFT_STATE_LABELS, label: F.state },
    { key: 'opened_at', kind: 'datetime', sql: sql`${s.openedAt}`, label: F.opened_at },
    { key: 'opened_by', kind: 'text', sql: person(s.openedBy), label: F.opened_by },
    { key: 'float', kind: 'money', sql: sql`${s.float}`, inCurrency: true, label: F.float },
    { key: 'expected_cash', kind: 'money', sql: seen(sql`coalesce(lc.expected_cash, ${expectedCash})`), inCurrency: true, label: F.expected_cash },
    { key: 'counted_cash', kind: 'money', sql: sql`lc.counted_cash`, inCurrency: true, label: F.counted_cash },
    { key: 'variance_cash', kind: 'money', sql: sql`(lc.counted_cash - lc.expected_cash)`, inCurrency: true, label: F.variance_cash },
    { key: 'expected_card', kind: 'money', sql: seen(sql`coalesce(lc.expected_card, ${expectedCard})`), inCurrency: true, label: F.expected_card },
    { key: 'counted_card', kind: 'money', sql: sql`lc.counted_card`, inCurrency: true, label: F.counted_card },
    { key: 'variance_card', kind: 'money', sql: sql`(lc.counted_card - lc.expected_card)`, inCurrency: true, label: F.variance_card },
    { key: 'closed_at', kind: 'datetime', sql: sql`${s.closedAt}`, label: F.closed_at },
    { key: 'confirmed_by', kind: 'text', sql: person(s.confirmedBy), label: F.confirmed_by },
  ],
  orderBy: sql`${s.openedAt} DESC, ${s.id} DESC`,
  sorting: { columns: ['id', 'till', 'state', 'opened_at', 'float', 'counted_cash', 'variance_cash', 'counted_card', 'variance_card', 'closed_at'], unique: sql`${s.id}` },
  totals: ['variance_cash', 'variance_card'],
});
