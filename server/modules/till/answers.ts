// What the till's routes answer (#43), for the API document (platform/openapi.ts) and the conformance walk.
import { z } from 'zod';
import { Currency, day, instant, int, money } from '../../platform/answers';
import { REPORT_CHANNELS } from '../../../domain/tillReport';
import { MOVEMENT_KINDS, SHIFT_STATES } from '../../../domain/till';

const Person = z.object({ id: int(), name: z.string() });
const state = z.enum(SHIFT_STATES).describe('open: takes money; needs_confirmation: counted above the threshold, waits for a manager, takes no money; closed: never changes.');

export const Till = z.object({
  id: int(), name: z.string(), location: int(),
  current_shift: z.object({ id: int(), state, float: money(), opened_at: instant(), opened_by: Person.nullable() }).nullable()
    .describe('The shift the till holds: open, or counted and waiting for a confirmation; null: none.'),
  suggested_float: money().nullable().describe('The float its next shift is offered: the last close\'s counted cash less the cash dropped at that close; null: never closed.'),
}).meta({ id: 'Till' });

export const TillSettings = z.object({
  cash_only_in_shift: z.boolean().describe('Cash and card at the desk only into an open shift (else refused).'),
  variance_threshold: money().describe('A count whose cash or card variance is larger than this needs a manager\'s confirmation.'),
}).meta({ id: 'TillSettings' });

export const Movement = z.object({
  id: int(), shift: int(), kind: z.enum(MOVEMENT_KINDS), amount: money(), comment: z.string(), user: Person.nullable(), created: instant(),
}).meta({ id: 'TillMovement' });

const figures = {
  expected_cash: money().describe('Float + cash payments - cash refunds + paid-in - paid-out - drops.'),
  expected_card: money().describe('Card payments - card refunds.'),
  variance_cash: money().describe('Counted - expected (negative: short).'),
  variance_card: money(),
};

const register = {
  register_revenue: money().nullable().describe('The cash register\'s own shift revenue as the cashier entered it with the count; null: not entered.'),
  register_difference: money().nullable().describe('register_revenue - the desk\'s cash and card net of refunds (desk_revenue); null: not entered.'),
};

export const ShiftCount = z.object({
  id: int(), counted_cash: money(), counted_card: money(), denominations: z.record(z.string(), int()).nullable(), drop: money(),
  ...figures, ...register, desk_revenue: money().describe('The desk\'s cash and card taken in the shift, net of refunds (what the register\'s revenue should say).'),
  user: Person.nullable(), created: instant(),
});

export const Shift = z.object({
  id: int(), till: z.object({ id: int(), name: z.string() }), location: int(), state, currency: Currency.nullable(),
  opened_at: instant(), opened_by: Person.nullable(), float: money(), float_suggested: money().nullable(), float_comment: z.string(),
  closed_at: instant().nullable(), confirmed_by: Person.nullable(), confirm_comment: z.string().nullable(),
  blind: z.boolean().describe('The expected figures are withheld from the caller: the shift is not counted yet and the caller\'s role is below 40.'),
  expected_cash: money().nullable(), expected_card: money().nullable(),
  variance_cash: money().nullable().describe('Of the last count; null before the count.'), variance_card: money().nullable(),
  totals: z.object({ float: money(), cash_in: money(), cash_out: money(), card_in: money(), card_out: money(), paid_in: money(), paid_out: money(), drops: money() }).nullable()
    .describe('What the expected figures are made of; null when blind.'),
  movements: z.array(Movement.omit({ shift: true })),
  counts: z.array(ShiftCount).describe('Every count, first to last: a recount is a second count.'),
  next_float: money().nullable().describe('A closed shift: the float its till\'s next shift is offered.'),
}).meta({ id: 'Shift' });

export const ShiftClosed = z.object({
  shift: int(), count: int(), state: z.enum(['closed', 'needs_confirmation']), ...figures, ...register,
}).meta({ id: 'ShiftClosed', description: 'The count kept, and what it showed: the shift closed, or waiting for a manager\'s confirmation.' });

// ---- #43 the reports ----
const sums = {
  count: int(), taken: money().describe('What came in (the rows above zero).'), refunded: money().describe('What went back (the rows below zero), as a positive amount.'),
  net: money().describe('taken - refunded.'),
};
const Sums = z.object(sums);
const ReportPerson = Person.nullable().describe('null: no staff member (a customer\'s online payment).');
const ReportCurrency = z.object({ code: z.string(), is_before: z.boolean(), blank_place: z.boolean(), unicode: z.string().nullable() });

const ReportPart = z.object({
  currency: ReportCurrency.nullable().describe('The currency of this part; null: the location has none. Each currency stands apart.'),
  grid: z.array(z.object({ payment_type: int(), channel: z.enum(REPORT_CHANNELS), ...sums }))
    .describe('Totals by payment type x channel (only the cells that hold payments). Channel: desk, multibooking, widget, link (a payment link of a back-office order), certificate (paid with one), topup (the location\'s balance).'),
  money_in: z.object({ cash: Sums, card: Sums, online: Sums, bill: Sums, total: Sums }).describe('Money in = cash + card + online + bill; top-ups, certificates, third-party and manual money apart.'),
  by_staff: z.array(z.object({ user: ReportPerson, ...sums })).describe('Money in by who took it.'),
  refunds: z.array(z.object({ payment_type: int(), count: int(), amount: money() })).describe('Money given back, by the tender it went back by.'),
  discounts: z.object({ orders: int(), amount: money(), by_promocode: z.array(z.object({ promocode: z.string().nullable(), orders: int(), amount: money() })) })
    .describe('The discounts of the orders whose first money is in this report (so each order counts once), and by promo code (null: none).'),
  certificates: z.object({
    sold: z.object({ count: int(), amount: money(), by_seller: z.array(z.object({ user: ReportPerson, count: int(), amount: money() })) })
      .describe('Certificates activated (sold): advances, apart from money in.'),
    redeemed: Sums.describe('Money paid with certificates (and given back onto them): apart from money in.'),
  }),
  top_ups: Sums.describe('Top-ups of the location\'s balance: apart.'),
  tests: z.object({ count: int(), amount: money() }).describe('A provider\'s test payments: counted nowhere else.'),
  movements: z.object({ paid_in: money(), paid_out: money(), drops: money() }).describe('Cash moved by hand in the till.'),
  no_shows: z.object({ count: int(), amount: money() }).describe('#44 A daily report\'s orders nobody came to (first session on the day, flagged no-show), and what they were sold for; a shift\'s report: none.'),
});

const ReportShift = z.object({
  id: int(), till: z.object({ id: int(), name: z.string() }), state, opened_at: instant(), opened_by: Person.nullable(), closed_at: instant().nullable(),
  confirmed_by: Person.nullable(), float: money(), float_suggested: money().nullable(), float_comment: z.string(),
  expected_cash: money().nullable().describe('null while blind: not counted yet and the caller\'s role below 40.'), expected_card: money().nullable(),
  counted_cash: money().nullable().describe('Of the last count; null before it.'), counted_card: money().nullable(),
  variance_cash: money().nullable(), variance_card: money().nullable(), counts: int(),
  register_revenue: money().nullable().describe('Of the last count: the cash register\'s own shift revenue, when entered.'),
  desk_revenue: money().nullable().describe('The desk\'s cash and card net of refunds; null before the count.'),
  register_difference: money().nullable().describe('register_revenue - desk_revenue; null when not entered.'),
  open_too_long: z.boolean().describe('Open longer than 23 hours (to its close, or to now).'),
  with_variance: z.boolean().describe('Its last count differs from what was expected.'),
});

export const TillReport = z.object({
  kind: z.enum(['shift', 'daily']),
  location: z.object({ id: int(), name: z.string(), timezone: z.string(), currency: ReportCurrency.nullable() }),
  date: day().nullable().describe('The business day of a daily report; null for a shift\'s.'),
  from: instant().describe('The period: the business day\'s 06:00 on the location\'s clock, or the shift\'s opening.'),
  to: instant().nullable().describe('The next business day\'s 06:00, or the shift\'s close (null: not closed).'),
  generated_at: instant(),
  parts: z.array(ReportPart),
  shifts: z.array(ReportShift).describe('The shift (its report), or every shift open during the day.'),
}).meta({ id: 'TillReport', description: 'A till report (not a fiscal document).' });
