// The till (#43): a location's desks, their shifts and the cash-up. Pure: the server computes a
// shift's expected figures with these (to the kopeck, in integers), the screens show them, and the
// property test proves variance = counted - expected over many random shifts.
import type { EnumLabels } from './enumLabels';
import { fromCents, toCents } from './pricing';

/** Money taken at the desk that belongs to a shift: cash (payment type 2) and card on the terminal (6). */
export const TILL_CASH = 2;
export const TILL_CARD = 6;
export const DESK_PAYMENT_TYPES: readonly number[] = [TILL_CASH, TILL_CARD];
export const isDeskMoney = (paymentType: number): boolean => DESK_PAYMENT_TYPES.includes(paymentType);

/** Money moved in or out of the drawer by hand, each with its reason. */
export const MOVEMENT_KINDS = ['paid_in', 'paid_out', 'drop'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * A shift's states: `open` takes money; `needs_confirmation` has been counted with a variance above
 * the location's threshold and waits for a manager (it takes no money, and holds its till); `closed`
 * never changes again.
 */
export const SHIFT_STATES = ['open', 'needs_confirmation', 'closed'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

/** Who confirms a count above the threshold: a manager or more, another person than the one who counted. */
export const CONFIRM_MIN_ROLE = 20;
/** Who sees a shift's expected figures before its count: administrators (role 40). */
export const SEES_EXPECTED_ROLE = 40;

/** What a shift holds, as amounts ('1500.00'; a refund's is negative). */
export interface ShiftMoney {
  float: string;
  /** Desk payments and refunds of the shift, each with its payment type and signed amount. */
  payments: readonly { payment_type: number; amount: string }[];
  movements: readonly { kind: MovementKind; amount: string }[];
}

/** The parts of a shift's expected figures, in kopecks. */
export interface ShiftTotals {
  float: number;
  cash_in: number;
  cash_out: number;
  card_in: number;
  card_out: number;
  paid_in: number;
  paid_out: number;
  drops: number;
}

export function shiftTotals(s: ShiftMoney): ShiftTotals {
  const t: ShiftTotals = { float: toCents(s.float), cash_in: 0, cash_out: 0, card_in: 0, card_out: 0, paid_in: 0, paid_out: 0, drops: 0 };
  for (const p of s.payments) {
    const cents = toCents(p.amount);
    if (p.payment_type === TILL_CASH) { if (cents >= 0) t.cash_in += cents; else t.cash_out -= cents; }
    if (p.payment_type === TILL_CARD) { if (cents >= 0) t.card_in += cents; else t.card_out -= cents; }
  }
  for (const m of s.movements) {
    const cents = toCents(m.amount);
    if (m.kind === 'paid_in') t.paid_in += cents;
    else if (m.kind === 'paid_out') t.paid_out += cents;
    else t.drops += cents;
  }
  return t;
}

/**
 * Expected cash = float + cash payments - cash refunds + paid-in - paid-out - drops;
 * expected card = card payments - card refunds (the terminal's net total). In kopecks.
 */
export function expectedOf(t: ShiftTotals): { cash: number; card: number } {
  return { cash: t.float + t.cash_in - t.cash_out + t.paid_in - t.paid_out - t.drops, card: t.card_in - t.card_out };
}

export interface ShiftFigures {
  expected_cash: string;
  expected_card: string;
  variance_cash: string;
  variance_card: string;
}

/** A count against what was expected: variance = counted - expected, to the kopeck (negative: short). */
export function countFigures(expected: { cash: number; card: number }, counted: { cash: string; card: string }): ShiftFigures {
  return {
    expected_cash: fromCents(expected.cash), expected_card: fromCents(expected.card),
    variance_cash: fromCents(toCents(counted.cash) - expected.cash), variance_card: fromCents(toCents(counted.card) - expected.card),
  };
}

/** A count above the threshold (either variance, by its size) needs a manager's confirmation. */
export function needsConfirmation(f: Pick<ShiftFigures, 'variance_cash' | 'variance_card'>, threshold: string): boolean {
  const limit = toCents(threshold);
  return Math.abs(toCents(f.variance_cash)) > limit || Math.abs(toCents(f.variance_card)) > limit;
}

/** What the bills and coins of a count add up to, in kopecks: {"5000": 2, "0.50": 3} is 10001.50. */
export function denominationsCents(d: Readonly<Record<string, number>>): number {
  return Object.entries(d).reduce((sum, [value, n]) => sum + toCents(value) * n, 0);
}

/** The float a till's next shift is offered: its last close's counted cash less the cash dropped at that close; null when it never closed. */
export function suggestedFloat(last: { counted_cash: string; drop: string } | null): string | null {
  return last ? fromCents(toCents(last.counted_cash) - toCents(last.drop)) : null;
}

/** A float other than the one offered needs a reason (it shows as a gap between the shifts). */
export const floatNeedsComment = (float: string, suggested: string | null): boolean => suggested !== null && toCents(float) !== toCents(suggested);

/**
 * Blind count: the expected figures and the variance are shown to administrators always, to
 * everyone else only once the shift has been counted.
 */
export const seesExpected = (roleValue: number, state: ShiftState): boolean => roleValue >= SEES_EXPECTED_ROLE || state !== 'open';

/** #43 How a shift stands (the shifts list, the activity's `shift_state`). */
export const SHIFT_STATE_LABELS = {
  open: { ru: 'открыта', en: 'open' },
  needs_confirmation: { ru: 'ждёт подтверждения', en: 'awaiting confirmation' },
  closed: { ru: 'закрыта', en: 'closed' },
} as const satisfies EnumLabels;

/** #43 The shifts list's columns (the screen and the exports). */
export const SHIFT_FIELDS = {
  id: { ru: 'Смена', en: 'Shift' },
  till: { ru: 'Касса', en: 'Till' },
  state: { ru: 'Состояние', en: 'State' },
  opened_at: { ru: 'Открыта', en: 'Opened' },
  opened_by: { ru: 'Открыл(а)', en: 'Opened by' },
  float: { ru: 'На начало', en: 'Float' },
  expected_cash: { ru: 'Ожидалось наличных', en: 'Cash expected' },
  counted_cash: { ru: 'Пересчитано наличных', en: 'Cash counted' },
  variance_cash: { ru: 'Расхождение (наличные)', en: 'Cash variance' },
  expected_card: { ru: 'Ожидалось по картам', en: 'Card expected' },
  counted_card: { ru: 'Итог терминала', en: 'Terminal total' },
  variance_card: { ru: 'Расхождение (карты)', en: 'Card variance' },
  closed_at: { ru: 'Закрыта', en: 'Closed' },
  confirmed_by: { ru: 'Подтвердил(а)', en: 'Confirmed by' },
} as const;

/** #43 The bills and coins the count offers, by the location's currency (others: the RUB set). */
export const DENOMINATIONS: Record<string, readonly string[]> = {
  RUB: ['5000', '2000', '1000', '500', '200', '100', '50', '10', '5', '2', '1'],
  USD: ['100', '50', '20', '10', '5', '2', '1', '0.25', '0.10', '0.05', '0.01'],
  EUR: ['500', '200', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.20', '0.10', '0.05', '0.02', '0.01'],
  KZT: ['20000', '10000', '5000', '2000', '1000', '500', '200', '100', '50', '20', '10', '5', '2', '1'],
};
export const denominationsOf = (currencyCode: string | null | undefined): readonly string[] => DENOMINATIONS[currencyCode ?? ''] ?? DENOMINATIONS.RUB!;

/** #43 Money moved in the till by hand (the till screen's buttons, the activity's `movement`). */
export const MOVEMENT_KIND_LABELS = {
  paid_in: { ru: 'Внесение', en: 'Paid in' },
  paid_out: { ru: 'Выплата', en: 'Paid out' },
  drop: { ru: 'В сейф', en: 'Drop to the safe' },
} as const satisfies EnumLabels;

/**
 * #43 A shift open longer than this many hours is flagged on the desk and in the daily report and
 * letter: the register's own fiscal shift must close within 24 hours (54-FZ), so staff get an hour.
 */
export const LONG_SHIFT_HOURS = 23;

/** Whether a shift was (or is) open longer than LONG_SHIFT_HOURS: from its opening to its close, or to `now` while it is not closed. */
export function openTooLong(shift: { opened_at: string; closed_at?: string | null }, now: Date): boolean {
  const end = shift.closed_at ? Date.parse(shift.closed_at) : now.getTime();
  return end - Date.parse(shift.opened_at) > LONG_SHIFT_HOURS * 3_600_000;
}

/** #43 The alert of a shift open too long (the desk's shift line, the till screen, the daily letter); %{id}: the shift's number. */
export const LONG_SHIFT_ALERT: { readonly ru: string; readonly en: string } = {
  ru: 'Смена №%{id} открыта больше 23 часов. Закройте смену и смену кассового аппарата (54-ФЗ).',
  en: 'Shift No. %{id} has been open for more than 23 hours. Close the shift and the cash register\'s own shift (54-FZ).',
};

/** #43 What the desk took in a shift, net of refunds (cash and card): what the register's own shift revenue should say. In kopecks. */
export const deskRevenue = (t: ShiftTotals): number => t.cash_in - t.cash_out + t.card_in - t.card_out;

/**
 * #43 The register's own shift revenue (entered with a count, optional) against ours: the difference
 * is register - ours (positive: the register took more than the desk recorded); null when not entered.
 */
export function registerFigures(registerRevenue: string | null, t: ShiftTotals): { register_revenue: string | null; desk_revenue: string; register_difference: string | null } {
  const ours = deskRevenue(t);
  return {
    register_revenue: registerRevenue, desk_revenue: fromCents(ours),
    register_difference: registerRevenue === null ? null : fromCents(toCents(registerRevenue) - ours),
  };
}
