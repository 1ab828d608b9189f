// #43 The till's reports: a shift's (GET /api/v2.2/shifts/{id}/report/) and a location's business
// day (GET /api/v2.2/locations/{id}/daily_report/?date=), as JSON, CSV and XLSX. This file reads the
// ledger rows of the period (payments, movements, certificates sold, the discounts of the orders
// whose first money is in it; #44 a day's no-shows) and the shifts; domain/tillReport.ts sums them (buildReport) and
// writes the export's lines (reportLines), which go out through the lists' one CSV/XLSX writer
// (platform/lists.ts sendListExport). Reads only: no lock.
//
// The period: a business day runs from 06:00 of its date to 06:00 of the next, on the location's
// clock (domain/businessDay.ts); a payment is in it by its row's `created`, as the payments list
// dates it. A shift's ledger is the money that landed in it (payments.shift_id) and its movements;
// certificates carry no till, so a shift's report lists those activated at its location while it
// was open. `dailyReport(db, locationId, date, opts)` is callable without a request (the daily
// letter's job, to come).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { currencies } from '../../db/schema';
import { notFound, permissionDenied } from '../../platform/errors';
import { sendListExport, type ListDeclaration, type ListScope } from '../../platform/lists';
import type { Lang } from '../../platform/messages';
import { PAYMENT_TYPE_LABELS } from '../../../domain/enumLabels';
import { seesExpected, type ShiftState } from '../../../domain/till';
import {
  REPORT_EXPORT_FIELDS as F, buildReport, hasVariance, openTooLong, reportLines,
  type LedgerCertificate, type LedgerDiscount, type LedgerMovement, type LedgerNoShow, type LedgerPayment, type ReportCurrency, type ReportLine, type ReportShift, type TillReport,
} from '../../../domain/tillReport';
import { requireRoleAt } from '../locations/service';
import { REFILL_COMMENT } from '../transactions/refill';
import { shiftJson } from './service';

type Row = Record<string, any>;
const rows = async (db: Db, query: SQL): Promise<Row[]> => (await db.execute(query)).rows as Row[];
const person = (id: unknown, name: unknown, email: unknown) => (id === null || id === undefined ? null : { id: Number(id), name: String(name || email || '') });

interface Location { id: number; name: string; timezone: string; currency: ReportCurrency | null }

async function locationOf(db: Db, locationId: number): Promise<Location> {
  const [loc] = await rows(db, sql`SELECT l.id, l.name, l.timezone, c.code, c.is_before, c.blank_place, c.unicode
    FROM locations l LEFT JOIN currencies c ON c.id = l.currency_id WHERE l.id = ${locationId}`);
  if (!loc) throw notFound();
  return { id: loc.id, name: loc.name, timezone: loc.timezone, currency: loc.code ? { code: loc.code, is_before: loc.is_before, blank_place: loc.blank_place, unicode: loc.unicode } : null };
}

/**
 * What a period holds: its payments (a condition on `p`), its movements (on `m`), certificates activated
 * (on `c`), discounts (the order's first money `f`); #44 a business day's no-shows (`noShowsOn`, daily only).
 */
interface Scope { locationId: number; payments: SQL; movements: SQL; certificates: SQL; firstMoney: SQL; noShowsOn?: string }

/** A payment that is money taken (the first money of an order is one of these). */
const MONEY = sql`p.status = 'paid' AND NOT p.test AND p.actual`;

async function ledgerOf(db: Db, s: Scope) {
  const [payments, movements, sold, discounts, noShows] = await Promise.all([
    rows(db, sql`SELECT p.id, p.payment_type, p.status, p.purchase::text AS amount, p.test, p.actual, p.user_id, u.name AS user_name, u.email AS user_email,
        o.id AS order_id, o.source, o.multisession,
        (p.order_id IS NULL AND p.payment_type = 1 AND p.comment = ${REFILL_COMMENT}) AS top_up,
        CASE WHEN p.order_id IS NULL AND p.payment_type = 1 AND p.comment = ${REFILL_COMMENT} THEN coalesce(bc.code, lc.code) ELSE lc.code END AS currency
      FROM payments p JOIN locations l ON l.id = p.location_id LEFT JOIN currencies lc ON lc.id = l.currency_id LEFT JOIN currencies bc ON bc.id = l.b2b_currency_id
        LEFT JOIN orders o ON o.id = p.order_id LEFT JOIN users u ON u.id = p.user_id
      WHERE p.location_id = ${s.locationId} AND ${s.payments} ORDER BY p.id`),
    rows(db, sql`SELECT m.kind, m.amount::text AS amount, lc.code AS currency FROM till_movements m JOIN till_shifts sh ON sh.id = m.shift_id
        JOIN locations l ON l.id = sh.location_id LEFT JOIN currencies lc ON lc.id = l.currency_id
      WHERE sh.location_id = ${s.locationId} AND ${s.movements} ORDER BY m.id`),
    // A certificate stored without a currency is in its creating location's.
    rows(db, sql`SELECT c.rate::text AS rate, coalesce(cc.code, lc.code) AS currency, c.seller_user_id, u.name AS user_name, u.email AS user_email
      FROM certificates c JOIN locations l ON l.id = c.creating_location_id LEFT JOIN currencies cc ON cc.id = c.currency_id
        LEFT JOIN currencies lc ON lc.id = l.currency_id LEFT JOIN users u ON u.id = c.seller_user_id
      WHERE c.creating_location_id = ${s.locationId} AND c.datetime_activated IS NOT NULL AND ${s.certificates} ORDER BY c.id`),
    // An order's discount counts once: in the period of its first money (its first paid payment above zero).
    rows(db, sql`SELECT o.discount::text AS discount, o.promocode, lc.code AS currency
      FROM orders o JOIN locations l ON l.id = o.location_id LEFT JOIN currencies lc ON lc.id = l.currency_id
        JOIN LATERAL (SELECT p.id, p.created, p.shift_id FROM payments p WHERE p.order_id = o.id AND ${MONEY} AND p.purchase > 0 ORDER BY p.created, p.id LIMIT 1) f ON true
      WHERE o.location_id = ${s.locationId} AND o.discount <> 0 AND o.id IN (SELECT p.order_id FROM payments p WHERE p.location_id = ${s.locationId} AND ${s.payments} AND p.order_id IS NOT NULL)
        AND ${s.firstMoney} ORDER BY o.id`),
    // #44 The day's no-shows: flagged orders whose first session is on the day (a multi-day order counts
    // once), found from the day's sessions of the location's playgrounds (their (playground, day) index).
    s.noShowsOn === undefined ? Promise.resolve([]) : rows(db, sql`SELECT o.purchase::text AS purchase, lc.code AS currency
      FROM orders o JOIN locations l ON l.id = o.location_id LEFT JOIN currencies lc ON lc.id = l.currency_id
      WHERE o.id IN (SELECT op.order_id FROM playgrounds pg JOIN playsessions ps ON ps.playground_id = pg.id AND ps.business_date = ${s.noShowsOn}::date
          JOIN order_playsessions op ON op.playsession_id = ps.id WHERE pg.location_id = ${s.locationId})
        AND o.location_id = ${s.locationId} AND o.no_show
        AND NOT EXISTS (SELECT 1 FROM order_playsessions op2 JOIN playsessions ps2 ON ps2.id = op2.playsession_id
          WHERE op2.order_id = o.id AND ps2.business_date < ${s.noShowsOn}::date)
      ORDER BY o.id`),
  ]);
  return {
    payments: payments.map((p): LedgerPayment => ({
      id: Number(p.id), payment_type: p.payment_type, status: p.status, amount: p.amount, currency: p.currency ?? null, test: p.test, actual: p.actual,
      user: person(p.user_id, p.user_name, p.user_email), order: p.order_id === null ? null : { source: p.source, multisession: p.multisession }, top_up: p.top_up,
    })),
    movements: movements.map((m): LedgerMovement => ({ kind: m.kind, amount: m.amount, currency: m.currency ?? null })),
    certificatesSold: sold.map((c): LedgerCertificate => ({ rate: c.rate, currency: c.currency ?? null, seller: person(c.seller_user_id, c.user_name, c.user_email) })),
    discounts: discounts.map((d): LedgerDiscount => ({ discount: d.discount, promocode: d.promocode ?? null, currency: d.currency ?? null })),
    noShows: noShows.map((n): LedgerNoShow => ({ purchase: n.purchase, currency: n.currency ?? null })),
  };
}

async function currencyObjects(db: Db, codes: (string | null)[]): Promise<Map<string, ReportCurrency>> {
  const wanted = codes.filter((c): c is string => c !== null);
  if (!wanted.length) return new Map();
  const found = await db.select().from(currencies);
  return new Map(found.filter((c) => wanted.includes(c.code)).map((c) => [c.code, { code: c.code, is_before: c.isBefore, blank_place: c.blankPlace, unicode: c.unicode }]));
}

/** A shift as a report lists it: its figures as the caller may see them. */
async function reportShift(db: Db, shiftId: number, role: number, now: Date): Promise<ReportShift> {
  const s = await shiftJson(db, shiftId, role);
  const last = s.counts.at(-1);
  return {
    id: s.id, till: s.till, state: s.state, opened_at: s.opened_at, opened_by: s.opened_by, closed_at: s.closed_at, confirmed_by: s.confirmed_by,
    float: s.float, float_suggested: s.float_suggested, float_comment: s.float_comment,
    // Once counted, what was expected is the count's (no money lands after it).
    expected_cash: last ? last.expected_cash : s.expected_cash, expected_card: last ? last.expected_card : s.expected_card,
    counted_cash: last?.counted_cash ?? null, counted_card: last?.counted_card ?? null,
    variance_cash: s.variance_cash, variance_card: s.variance_card, counts: s.counts.length,
    register_revenue: last?.register_revenue ?? null, desk_revenue: last?.desk_revenue ?? null, register_difference: last?.register_difference ?? null,
    open_too_long: openTooLong(s, now), with_variance: hasVariance(s),
  };
}

async function assemble(db: Db, loc: Location, scope: Scope, head: Pick<TillReport, 'kind' | 'date' | 'from' | 'to'>, shifts: ReportShift[], now: Date): Promise<TillReport> {
  const parts = buildReport(await ledgerOf(db, scope), [loc.currency?.code ?? null]);
  const known = await currencyObjects(db, parts.map((p) => p.currency));
  return {
    ...head, location: loc, generated_at: now.toISOString(),
    parts: parts.map((p) => ({ ...p, currency: p.currency === null ? null : known.get(p.currency) ?? { code: p.currency, is_before: false, blank_place: true, unicode: null } })),
    shifts,
  };
}

export interface ReportOptions {
  /** The reader's role at the location (blind rules); an administrator's (40) for a job. */
  role?: number;
  now?: Date;
}

/**
 * A location's business day: money of the day by payment type x channel and the rest
 * (domain/tillReport.ts), and the shifts open during it (flagged: open longer than 23 hours, with a
 * variance). Callable from a job: no request, no caller (role 40 by default: every figure).
 */
export async function dailyReport(db: Db, locationId: number, date: string, opts: ReportOptions = {}): Promise<TillReport> {
  const now = opts.now ?? new Date();
  const loc = await locationOf(db, locationId);
  const [bounds] = await rows(db, sql`SELECT ((${date}::date + time '06:00') AT TIME ZONE ${loc.timezone}) AS start,
    ((${date}::date + 1 + time '06:00') AT TIME ZONE ${loc.timezone}) AS stop`);
  const start = new Date(bounds!.start);
  const stop = new Date(bounds!.stop);
  const within = (column: SQL) => sql`${column} >= ${start.toISOString()}::timestamptz AND ${column} < ${stop.toISOString()}::timestamptz`;
  const scope: Scope = {
    locationId, payments: within(sql`p.created`), movements: within(sql`m.created_at`), certificates: within(sql`c.datetime_activated`), firstMoney: within(sql`f.created`),
    noShowsOn: date,
  };
  const open = await rows(db, sql`SELECT id FROM till_shifts WHERE location_id = ${locationId} AND opened_at < ${stop.toISOString()}::timestamptz
    AND coalesce(closed_at, ${now.toISOString()}::timestamptz) >= ${start.toISOString()}::timestamptz ORDER BY opened_at, id`);
  const role = opts.role ?? 40;
  const shifts = await Promise.all(open.map((s) => reportShift(db, Number(s.id), role, now)));
  return assemble(db, loc, scope, { kind: 'daily', date, from: start.toISOString(), to: stop.toISOString() }, shifts, now);
}

/** GET /api/v2.2/locations/{id}/daily_report/: role 20 or more at the location (as the shifts list). */
export async function dailyReportFor(db: Db, userId: number, locationId: number, date: string): Promise<TillReport> {
  const role = await requireRoleAt(db, userId, locationId);
  return dailyReport(db, locationId, date, { role: role.value });
}

/**
 * GET /api/v2.2/shifts/{id}/report/: any role at its location; blind: before its count, only an
 * administrator sees a shift's report (its money would tell what is expected).
 */
export async function shiftReportFor(db: Db, userId: number, shiftId: number, now = new Date()): Promise<TillReport> {
  const [shift] = await rows(db, sql`SELECT id, location_id, state, opened_at, closed_at FROM till_shifts WHERE id = ${shiftId}`);
  if (!shift) throw notFound();
  const role = await requireRoleAt(db, userId, shift.location_id);
  if (!seesExpected(role.value, shift.state as ShiftState)) throw permissionDenied('shift_report_blind');
  const loc = await locationOf(db, shift.location_id);
  const opened = new Date(shift.opened_at);
  const closed = shift.closed_at ? new Date(shift.closed_at) : null;
  const certificates = sql`c.datetime_activated >= ${opened.toISOString()}::timestamptz AND c.datetime_activated < ${(closed ?? now).toISOString()}::timestamptz`;
  const scope: Scope = {
    locationId: loc.id, payments: sql`p.shift_id = ${shiftId}`, movements: sql`m.shift_id = ${shiftId}`, certificates, firstMoney: sql`f.shift_id = ${shiftId}`,
  };
  const line = await reportShift(db, shiftId, role.value, now);
  return assemble(db, loc, scope, { kind: 'shift', date: null, from: opened.toISOString(), to: closed?.toISOString() ?? null }, [line], now);
}

// ---- the files ----

interface LinesScope extends ListScope { lines: ReportLine[] }

/** The export's lines as a list over VALUES, so the lists' one CSV/XLSX writer writes them (money in each line's currency). */
const linesList: ListDeclaration<LinesScope> = {
  path: '', summary: '', tags: [], file: '', title: { ru: '', en: '' }, paging: 'array', totals: [],
  scope: async () => { throw new Error('not a routed list'); },
  from: ({ lines }) => {
    const values = lines.length
      ? sql`(VALUES ${sql.join(lines.map((l, i) => sql`(${i}::int, ${l.section}::text, ${l.line}::text, ${l.detail}::text, ${l.currency}::text, ${l.count}::int,
          ${l.taken}::numeric, ${l.refunded}::numeric, ${l.amount}::numeric)`), sql`, `)}) AS r(n, section, line, detail, currency, count, taken, refunded, amount)`
      : sql`(SELECT NULL::int AS n, NULL::text AS section, NULL::text AS line, NULL::text AS detail, NULL::text AS currency, NULL::int AS count,
          NULL::numeric AS taken, NULL::numeric AS refunded, NULL::numeric AS amount WHERE false) AS r`;
    return sql`${values} LEFT JOIN ${currencies} ON ${currencies.code} = r.currency`;
  },
  columns: [
    { key: 'section', kind: 'text', sql: sql`r.section`, label: F.section },
    { key: 'line', kind: 'text', sql: sql`r.line`, label: F.line },
    { key: 'detail', kind: 'text', sql: sql`r.detail`, label: F.detail },
    { key: 'currency', kind: 'text', sql: sql`r.currency`, label: F.currency },
    { key: 'count', kind: 'int', sql: sql`r.count`, label: F.count },
    { key: 'taken', kind: 'money', sql: sql`r.taken`, inCurrency: true, label: { ru: 'Принято', en: 'Taken' } },
    { key: 'refunded', kind: 'money', sql: sql`r.refunded`, inCurrency: true, label: { ru: 'Возвращено', en: 'Refunded' } },
    { key: 'amount', kind: 'money', sql: sql`r.amount`, inCurrency: true, label: F.amount },
  ],
  orderBy: sql`r.n`,
};

const TITLES = { shift: { ru: 'Отчёт о смене', en: 'Shift report' }, daily: { ru: 'Дневной отчёт', en: 'Daily report' } } as const;

/** The report as a CSV or XLSX file in the reader's language. */
export function sendReportFile(reply: FastifyReply, deps: { db: Db; pool: pg.Pool }, report: TillReport, lang: Lang, format: 'csv' | 'xlsx') {
  const lines = reportLines(report, lang, PAYMENT_TYPE_LABELS);
  const file = report.kind === 'daily' ? `daily_report_${report.location.id}_${report.date}` : `shift_report_${report.shifts[0]?.id ?? ''}`;
  const d = { ...linesList, file, title: TITLES[report.kind] };
  return sendListExport(reply, deps, d, { tz: sql`${report.location.timezone}::text`, lines }, {}, lang, format);
}
