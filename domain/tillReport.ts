// #43 The till's reports (a shift's and a location's day), built from the ledger's rows by one pure
// function: the server reads the rows of the period (server/modules/till/report.ts), this sums them,
// to the kopeck in integers, each currency apart. The screens, the CSV/XLSX and (later) the daily
// letter show what it answers; the property test (tests/unit/tillReport.test.ts) proves it against
// an oracle of its own over 1,000 random days.
//
// Which payments count: `paid` rows that are `actual` and not a provider's test payment. Test
// payments (any status) are kept apart and counted nowhere else; pending, failed and cancelled rows
// took no money. A refund is a paid row with a negative amount.
import type { EnumLabels, Label } from './enumLabels';
import { fromCents, toCents } from './pricing';
import { SHIFT_STATE_LABELS, TILL_CARD, TILL_CASH, type MovementKind } from './till';

/**
 * Where money came from (derived from what a payment row records: docs/decisions.md "#43 reports"):
 * a top-up of the location's balance; money paid with a certificate; an order booked in the widget;
 * a payment link sent for a back-office order; a multi-session order; the desk (everything else).
 */
export const REPORT_CHANNELS = ['desk', 'multibooking', 'widget', 'link', 'certificate', 'topup'] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];

export const ONLINE = 1;
export const CERTIFICATE = 3;
export const BILL = 4;
/** Money in = cash + card + online + bill (the rule): certificates, top-ups, third-party and manual money apart. */
export const MONEY_IN_TYPES: readonly number[] = [TILL_CASH, TILL_CARD, ONLINE, BILL];

export interface ReportPerson { id: number; name: string }

/** A payment row as the report reads it. */
export interface LedgerPayment {
  id: number;
  payment_type: number;
  status: string;
  /** Signed ("-500.00": a refund). */
  amount: string;
  /** Its currency's code; null: the location has none. */
  currency: string | null;
  test: boolean;
  actual: boolean;
  user: ReportPerson | null;
  /** The order it belongs to; null: a location's own payment (a top-up, a manual payment). */
  order: { source: string; multisession: boolean } | null;
  /** A top-up of the location's balance (server/modules/transactions/refill.ts isTopUpPayment). */
  top_up: boolean;
}

/** The one rule of a payment's channel. */
export function channelOf(p: Pick<LedgerPayment, 'payment_type' | 'order' | 'top_up'>): ReportChannel {
  if (p.top_up) return 'topup';
  if (p.payment_type === CERTIFICATE) return 'certificate';
  if (p.order?.source === 'widget') return 'widget';
  if (p.payment_type === BILL && p.order) return 'link';
  if (p.order?.multisession) return 'multibooking';
  return 'desk';
}

/** A rule of the ledger: does this row count as money taken or given back (not a test, not pending, not hidden)? */
export const countsAsMoney = (p: Pick<LedgerPayment, 'status' | 'test' | 'actual'>): boolean => p.status === 'paid' && !p.test && p.actual;

export interface LedgerMovement { kind: MovementKind; amount: string; currency: string | null }
export interface LedgerCertificate { rate: string; currency: string | null; seller: ReportPerson | null }
/** An order's discount, counted in the report that holds its first money (so once across reports). */
export interface LedgerDiscount { discount: string; promocode: string | null; currency: string | null }

/** #44 An order nobody came to (the no-show flag), counted in the daily report of its first session's day: its value. */
export interface LedgerNoShow { purchase: string; currency: string | null }

export interface ReportLedger {
  payments: readonly LedgerPayment[];
  movements: readonly LedgerMovement[];
  certificatesSold: readonly LedgerCertificate[];
  discounts: readonly LedgerDiscount[];
  /** #44 The day's no-shows (a daily report's; a shift's has none). */
  noShows?: readonly LedgerNoShow[];
}

/** Sums of a set of rows: how many, what came in (positive rows), what went back (negative rows, as a positive amount), and the net. */
export interface Sums { count: number; taken: string; refunded: string; net: string }

export interface GridCell extends Sums { payment_type: number; channel: ReportChannel }

export interface CurrencyReport {
  currency: string | null;
  /** Totals by payment type x channel: only the cells that hold rows, by payment type then channel. */
  grid: GridCell[];
  /** Money in = cash + card + online + bill (top-ups apart), each and in total. */
  money_in: { cash: Sums; card: Sums; online: Sums; bill: Sums; total: Sums };
  /** Money in by who took it (null: nobody, e.g. a customer's online payment). */
  by_staff: (Sums & { user: ReportPerson | null })[];
  /** Money given back, by the tender it went back by (top-ups apart). */
  refunds: { payment_type: number; count: number; amount: string }[];
  discounts: { orders: number; amount: string; by_promocode: { promocode: string | null; orders: number; amount: string }[] };
  certificates: {
    /** Certificates activated (sold): an advance, apart from money in. */
    sold: { count: number; amount: string; by_seller: { user: ReportPerson | null; count: number; amount: string }[] };
    /** Money paid with certificates, and given back onto them. */
    redeemed: Sums;
  };
  top_ups: Sums;
  /** A provider's test payments: counted nowhere else. */
  tests: { count: number; amount: string };
  /** The drawer's money moved by hand. */
  movements: { paid_in: string; paid_out: string; drops: string };
  /** #44 Orders of the day nobody came to, and their value (what they were sold for; no money moves). */
  no_shows: { count: number; amount: string };
}

interface Acc { count: number; taken: number; refunded: number }
const acc = (): Acc => ({ count: 0, taken: 0, refunded: 0 });
function add(a: Acc, cents: number): void {
  a.count++;
  if (cents >= 0) a.taken += cents; else a.refunded -= cents;
}
const sums = (a: Acc): Sums => ({ count: a.count, taken: fromCents(a.taken), refunded: fromCents(a.refunded), net: fromCents(a.taken - a.refunded) });

const personKey = (p: ReportPerson | null) => (p ? String(p.id) : '');
const byName = <T extends { user: ReportPerson | null }>(a: T, b: T) =>
  (a.user ? 0 : 1) - (b.user ? 0 : 1) || (a.user?.name ?? '').localeCompare(b.user?.name ?? '') || (a.user?.id ?? 0) - (b.user?.id ?? 0);

class CurrencyAcc {
  grid = new Map<string, Acc & { payment_type: number; channel: ReportChannel }>();
  moneyIn = { cash: acc(), card: acc(), online: acc(), bill: acc(), total: acc() };
  staff = new Map<string, Acc & { user: ReportPerson | null }>();
  refunds = new Map<number, { count: number; cents: number }>();
  discountOrders = 0;
  discountCents = 0;
  promo = new Map<string, { promocode: string | null; orders: number; cents: number }>();
  sold = { count: 0, cents: 0 };
  sellers = new Map<string, { user: ReportPerson | null; count: number; cents: number }>();
  redeemed = acc();
  topUps = acc();
  tests = { count: 0, cents: 0 };
  moved = { paid_in: 0, paid_out: 0, drops: 0 };
  noShows = { count: 0, cents: 0 };
}

const TENDER_OF: Record<number, 'cash' | 'card' | 'online' | 'bill'> = { [TILL_CASH]: 'cash', [TILL_CARD]: 'card', [ONLINE]: 'online', [BILL]: 'bill' };

/** The report of a period's ledger: one part per currency (no currency last); `always`: currencies that have a part even with nothing in it (the location's). */
export function buildReport(ledger: ReportLedger, always: readonly (string | null)[] = []): CurrencyReport[] {
  const parts = new Map<string, CurrencyAcc>();
  for (const c of always) parts.set(c ?? '', new CurrencyAcc());
  const part = (currency: string | null) => {
    const key = currency ?? '';
    let p = parts.get(key);
    if (!p) parts.set(key, (p = new CurrencyAcc()));
    return p;
  };
  for (const p of ledger.payments) {
    const cents = toCents(p.amount);
    const c = part(p.currency);
    if (p.test) {
      c.tests.count++;
      c.tests.cents += cents;
      continue;
    }
    if (!countsAsMoney(p)) continue;
    const channel = channelOf(p);
    const cellKey = `${p.payment_type}:${channel}`;
    let cell = c.grid.get(cellKey);
    if (!cell) c.grid.set(cellKey, (cell = { ...acc(), payment_type: p.payment_type, channel }));
    add(cell, cents);
    if (channel === 'topup') {
      add(c.topUps, cents);
      continue;
    }
    if (cents < 0) {
      const r = c.refunds.get(p.payment_type) ?? { count: 0, cents: 0 };
      r.count++;
      r.cents -= cents;
      c.refunds.set(p.payment_type, r);
    }
    if (p.payment_type === CERTIFICATE) add(c.redeemed, cents);
    if (MONEY_IN_TYPES.includes(p.payment_type)) {
      add(c.moneyIn[TENDER_OF[p.payment_type]!], cents);
      add(c.moneyIn.total, cents);
      const key = personKey(p.user);
      let s = c.staff.get(key);
      if (!s) c.staff.set(key, (s = { ...acc(), user: p.user }));
      add(s, cents);
    }
  }
  for (const d of ledger.discounts) {
    const c = part(d.currency);
    const cents = toCents(d.discount);
    c.discountOrders++;
    c.discountCents += cents;
    const key = d.promocode ?? '\u0000';
    const row = c.promo.get(key) ?? { promocode: d.promocode, orders: 0, cents: 0 };
    row.orders++;
    row.cents += cents;
    c.promo.set(key, row);
  }
  for (const s of ledger.certificatesSold) {
    const c = part(s.currency);
    const cents = toCents(s.rate);
    c.sold.count++;
    c.sold.cents += cents;
    const key = personKey(s.seller);
    const row = c.sellers.get(key) ?? { user: s.seller, count: 0, cents: 0 };
    row.count++;
    row.cents += cents;
    c.sellers.set(key, row);
  }
  for (const m of ledger.movements) {
    const c = part(m.currency);
    const field = m.kind === 'drop' ? 'drops' : m.kind;
    c.moved[field] += toCents(m.amount);
  }
  for (const n of ledger.noShows ?? []) {
    const c = part(n.currency);
    c.noShows.count++;
    c.noShows.cents += toCents(n.purchase);
  }
  const order = REPORT_CHANNELS as readonly string[];
  return [...parts.entries()].sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || a.localeCompare(b)).map(([key, c]) => ({
    currency: key === '' ? null : key,
    grid: [...c.grid.values()].sort((a, b) => a.payment_type - b.payment_type || order.indexOf(a.channel) - order.indexOf(b.channel))
      .map(({ payment_type, channel, ...a }) => ({ payment_type, channel, ...sums(a) })),
    money_in: { cash: sums(c.moneyIn.cash), card: sums(c.moneyIn.card), online: sums(c.moneyIn.online), bill: sums(c.moneyIn.bill), total: sums(c.moneyIn.total) },
    by_staff: [...c.staff.values()].sort(byName).map(({ user, ...a }) => ({ user, ...sums(a) })),
    refunds: [...c.refunds.entries()].sort(([a], [b]) => a - b).map(([payment_type, r]) => ({ payment_type, count: r.count, amount: fromCents(r.cents) })),
    discounts: {
      orders: c.discountOrders, amount: fromCents(c.discountCents),
      by_promocode: [...c.promo.values()].sort((a, b) => (a.promocode === null ? 1 : 0) - (b.promocode === null ? 1 : 0) || (a.promocode ?? '').localeCompare(b.promocode ?? ''))
        .map((r) => ({ promocode: r.promocode, orders: r.orders, amount: fromCents(r.cents) })),
    },
    certificates: {
      sold: { count: c.sold.count, amount: fromCents(c.sold.cents), by_seller: [...c.sellers.values()].sort(byName).map((r) => ({ user: r.user, count: r.count, amount: fromCents(r.cents) })) },
      redeemed: sums(c.redeemed),
    },
    top_ups: sums(c.topUps),
    tests: { count: c.tests.count, amount: fromCents(c.tests.cents) },
    movements: { paid_in: fromCents(c.moved.paid_in), paid_out: fromCents(c.moved.paid_out), drops: fromCents(c.moved.drops) },
    no_shows: { count: c.noShows.count, amount: fromCents(c.noShows.cents) },
  }));
}

// #43 The threshold and its test live with the till's rules (domain/till.ts); the report's flags use them.
export { LONG_SHIFT_HOURS, openTooLong } from './till';

/** Whether a count differs from what was expected (cash or card). */
export const hasVariance = (v: { variance_cash: string | null; variance_card: string | null }): boolean =>
  (v.variance_cash !== null && toCents(v.variance_cash) !== 0) || (v.variance_card !== null && toCents(v.variance_card) !== 0);

// ---- words (the screens' i18n is built from these; the CSV/XLSX write them) ----

export const REPORT_CHANNEL_LABELS = {
  desk: { ru: 'Касса', en: 'Desk' },
  multibooking: { ru: 'Мультибронь', en: 'Multi-booking' },
  widget: { ru: 'Виджет', en: 'Widget' },
  link: { ru: 'Ссылка на оплату', en: 'Payment link' },
  certificate: { ru: 'Сертификат', en: 'Certificate' },
  topup: { ru: 'Пополнение баланса', en: 'Balance top-up' },
} as const satisfies EnumLabels;

/** The sections of a report, in order (the screens' headings, the export's first column). */
export const REPORT_SECTION_LABELS = {
  money_in: { ru: 'Поступления', en: 'Money in' },
  grid: { ru: 'По видам оплаты и каналам', en: 'By payment type and channel' },
  by_staff: { ru: 'По сотрудникам', en: 'By staff member' },
  refunds: { ru: 'Возвраты по способам', en: 'Refunds by tender' },
  discounts: { ru: 'Скидки', en: 'Discounts' },
  promocodes: { ru: 'Промокоды', en: 'Promo codes' },
  certificates_sold: { ru: 'Продано сертификатов (аванс)', en: 'Certificates sold (advances)' },
  certificates_redeemed: { ru: 'Оплачено сертификатами', en: 'Paid with certificates' },
  top_ups: { ru: 'Пополнения баланса', en: 'Balance top-ups' },
  tests: { ru: 'Тестовые платежи', en: 'Test payments' },
  movements: { ru: 'Движения наличных', en: 'Cash moved by hand' },
  no_shows: { ru: 'Неявки', en: 'No-shows' },
  shift: { ru: 'Смена', en: 'Shift' },
  shifts: { ru: 'Смены', en: 'Shifts' },
} as const satisfies Record<string, Label>;

/** The lines' own words. */
export const REPORT_LINE_LABELS = {
  total: { ru: 'Итого', en: 'Total' },
  taken: { ru: 'Принято', en: 'Taken' },
  refunded: { ru: 'Возвращено', en: 'Refunded' },
  net: { ru: 'Итого за вычетом возвратов', en: 'Net of refunds' },
  nobody: { ru: 'Без сотрудника (онлайн)', en: 'No staff member (online)' },
  no_promocode: { ru: 'Без промокода', en: 'No promo code' },
  paid_in: { ru: 'Внесено', en: 'Paid in' },
  paid_out: { ru: 'Выплачено', en: 'Paid out' },
  drops: { ru: 'В сейф', en: 'To the safe' },
  float: { ru: 'На начало', en: 'Float' },
  float_suggested: { ru: 'Предложено на начало', en: 'Float offered' },
  expected_cash: { ru: 'Ожидалось наличных', en: 'Cash expected' },
  counted_cash: { ru: 'Пересчитано наличных', en: 'Cash counted' },
  variance_cash: { ru: 'Расхождение (наличные)', en: 'Cash variance' },
  expected_card: { ru: 'Ожидалось по картам', en: 'Card expected' },
  counted_card: { ru: 'Итог терминала', en: 'Terminal total' },
  variance_card: { ru: 'Расхождение (карты)', en: 'Card variance' },
  register_revenue: { ru: 'Выручка по кассовому аппарату', en: 'Cash register\'s revenue' },
  desk_revenue: { ru: 'Выручка по кассе (наличные и карты)', en: 'Desk revenue (cash and card)' },
  register_difference: { ru: 'Разница с кассовым аппаратом', en: 'Register difference' },
  open_too_long: { ru: 'Открыта дольше 23 часов', en: 'Open longer than 23 hours' },
  with_variance: { ru: 'С расхождением', en: 'With a variance' },
} as const satisfies Record<string, Label>;

/** The export's columns. */
export const REPORT_EXPORT_FIELDS = {
  section: { ru: 'Раздел', en: 'Section' },
  line: { ru: 'Строка', en: 'Line' },
  detail: { ru: 'Подробно', en: 'Detail' },
  currency: { ru: 'Валюта', en: 'Currency' },
  count: { ru: 'Количество', en: 'Count' },
  amount: { ru: 'Сумма', en: 'Amount' },
} as const satisfies Record<string, Label>;

// ---- the whole report, as the API answers it ----

export interface ReportCurrency { code: string; is_before: boolean; blank_place: boolean; unicode: string | null }

/** A shift in a report: its till, times, float, and its figures as the caller may see them (blind rules). */
export interface ReportShift {
  id: number;
  till: { id: number; name: string };
  state: 'open' | 'needs_confirmation' | 'closed';
  opened_at: string;
  opened_by: ReportPerson | null;
  closed_at: string | null;
  confirmed_by: ReportPerson | null;
  float: string;
  float_suggested: string | null;
  float_comment: string;
  /** Null while blind (not counted yet, and the caller's role below 40). */
  expected_cash: string | null;
  expected_card: string | null;
  /** Of its last count; null before the count. */
  counted_cash: string | null;
  counted_card: string | null;
  variance_cash: string | null;
  variance_card: string | null;
  counts: number;
  /** #43 Of its last count: the register's own shift revenue (null: not entered), ours (null before the count), and register - ours. */
  register_revenue: string | null;
  desk_revenue: string | null;
  register_difference: string | null;
  open_too_long: boolean;
  with_variance: boolean;
}

export interface TillReport {
  kind: 'shift' | 'daily';
  location: { id: number; name: string; timezone: string; currency: ReportCurrency | null };
  /** The business day (daily) or null (a shift). */
  date: string | null;
  /** The period's instants: the business day's 06:00 to the next day's, or the shift's opening to its close (null: still open). */
  from: string;
  to: string | null;
  generated_at: string;
  parts: (Omit<CurrencyReport, 'currency'> & { currency: ReportCurrency | null })[];
  /** The shift (its report), or the shifts open during the day. */
  shifts: ReportShift[];
}

export type ReportLang = 'ru' | 'en';

/** One line of the CSV/XLSX: words in the reader's language, amounts as decimals in the part's currency. */
export interface ReportLine {
  section: string;
  line: string;
  detail: string;
  currency: string | null;
  count: number | null;
  taken: string | null;
  refunded: string | null;
  amount: string | null;
}

/**
 * The report as lines of a spreadsheet, section by section, each currency apart: the one export of
 * both reports (server/modules/till/report.ts writes them through the lists' CSV/XLSX writers).
 * `paymentTypes`: the words of the payment types (domain/enumLabels.ts PAYMENT_TYPE_LABELS).
 */
export function reportLines(report: TillReport, lang: ReportLang, paymentTypes: EnumLabels): ReportLine[] {
  const out: ReportLine[] = [];
  const S = (k: keyof typeof REPORT_SECTION_LABELS) => REPORT_SECTION_LABELS[k][lang];
  const L = (k: keyof typeof REPORT_LINE_LABELS) => REPORT_LINE_LABELS[k][lang];
  const type = (t: number) => paymentTypes[t]?.[lang] ?? String(t);
  for (const p of report.parts) {
    const currency = p.currency?.code ?? null;
    const line = (section: string, name: string, detail: string, count: number | null, amounts: { taken?: string; refunded?: string; amount: string | null }) =>
      out.push({ section, line: name, detail, currency, count, taken: amounts.taken ?? null, refunded: amounts.refunded ?? null, amount: amounts.amount });
    const sumsLine = (section: string, name: string, detail: string, s: Sums) => line(section, name, detail, s.count, { taken: s.taken, refunded: s.refunded, amount: s.net });
    for (const t of ['cash', 'card', 'online', 'bill'] as const) sumsLine(S('money_in'), type({ cash: 2, card: 6, online: 1, bill: 4 }[t]), '', p.money_in[t]);
    sumsLine(S('money_in'), L('total'), '', p.money_in.total);
    for (const c of p.grid) sumsLine(S('grid'), type(c.payment_type), REPORT_CHANNEL_LABELS[c.channel][lang], c);
    for (const s of p.by_staff) sumsLine(S('by_staff'), s.user?.name ?? L('nobody'), '', s);
    for (const r of p.refunds) line(S('refunds'), type(r.payment_type), '', r.count, { amount: r.amount });
    line(S('discounts'), L('total'), '', p.discounts.orders, { amount: p.discounts.amount });
    for (const r of p.discounts.by_promocode) line(S('promocodes'), r.promocode ?? L('no_promocode'), '', r.orders, { amount: r.amount });
    line(S('certificates_sold'), L('total'), '', p.certificates.sold.count, { amount: p.certificates.sold.amount });
    for (const r of p.certificates.sold.by_seller) line(S('certificates_sold'), r.user?.name ?? '—', '', r.count, { amount: r.amount });
    sumsLine(S('certificates_redeemed'), L('total'), '', p.certificates.redeemed);
    sumsLine(S('top_ups'), L('total'), '', p.top_ups);
    line(S('tests'), L('total'), '', p.tests.count, { amount: p.tests.amount });
    for (const k of ['paid_in', 'paid_out', 'drops'] as const) line(S('movements'), L(k), '', null, { amount: p.movements[k] });
    // #44 A day's no-shows (a shift has none of its own): how many and what they were sold for.
    if (report.kind === 'daily') line(S('no_shows'), L('total'), '', p.no_shows.count, { amount: p.no_shows.amount });
  }
  const currency = report.location.currency?.code ?? null;
  const section = S(report.kind === 'shift' ? 'shift' : 'shifts');
  for (const s of report.shifts) {
    const name = `${s.till.name} №${s.id}`;
    const flags = [s.open_too_long ? L('open_too_long') : '', s.with_variance ? L('with_variance') : ''].filter(Boolean);
    out.push({ section, line: name, detail: [SHIFT_STATE_LABELS[s.state][lang], ...flags].join('; '), currency, count: s.counts, taken: null, refunded: null, amount: null });
    const figures = ['float', 'float_suggested', 'expected_cash', 'counted_cash', 'variance_cash', 'expected_card', 'counted_card', 'variance_card',
      'register_revenue', 'desk_revenue', 'register_difference'] as const;
    for (const f of figures) {
      if (s[f] !== null) out.push({ section, line: name, detail: L(f), currency, count: null, taken: null, refunded: null, amount: s[f] });
    }
  }
  return out;
}
