// What the till's routes answer (#43), for the API document (platform/openapi.ts) and the conformance walk.
import { z } from 'zod';
import { Currency, instant, int, money } from '../../platform/answers';
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

export const ShiftCount = z.object({
  id: int(), counted_cash: money(), counted_card: money(), denominations: z.record(z.string(), int()).nullable(), drop: money(),
  ...figures, user: Person.nullable(), created: instant(),
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
  shift: int(), count: int(), state: z.enum(['closed', 'needs_confirmation']), ...figures,
}).meta({ id: 'ShiftClosed', description: 'The count kept, and what it showed: the shift closed, or waiting for a manager\'s confirmation.' });
