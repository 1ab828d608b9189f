// The till's writes (#43): POST /api/v2.2/locations/{id}/tills/ (a desk, role 40); PUT
// /api/v2.2/locations/{id}/till_settings/ (role 40); POST /api/v2.2/tills/{id}/shifts/ (open a shift
// with its float); POST /api/v2.2/shifts/{id}/movements/ (paid in, paid out, a drop, with the
// reason); POST /api/v2.2/shifts/{id}/close/ (the blind count). The confirmation of a count is a
// hand-written route (routes.ts): it needs another person than the one who counted.
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { MOVEMENT_KINDS } from '../../../domain/till';
import { idempotentCall } from '../../platform/idempotency';
import { amountOrZero, amountSchema, positiveAmount } from '../../platform/validation';
import { defineWrite } from '../../platform/writes';
import { Movement, Shift, ShiftClosed, Till, TillSettings } from './answers';
import { addMovement, closeShift, createTill as create, openShift as open, saveTillSettings } from './service';

const tags = ['till'];
const reason = z.string().trim().min(1).max(TEXT_LIMITS.shortComment);
/** A denomination ("5000", "0.50") and how many of it were counted. */
const denominations = z.record(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'invalid' }), z.number().int().min(0).max(1_000_000))
  .refine((d) => Object.keys(d).length <= 40, { message: 'invalid' });

export const createTill = defineWrite({
  records: { activity: 'till.created' },
  kind: 'create', path: '/api/v2.2/locations/:id/tills/', summary: 'Add a till (a desk) to a location', tags, access: { minRole: 40 },
  fields: { name: z.string().trim().min(1).max(TEXT_LIMITS.itemName) },
  unique: { field: 'name' },
  answer: Till,
  readBack: { path: '/api/v2.2/locations/:location/tills/' },
  run: ({ db, user, params, body }) => create(db, user.id, params.id, body),
});

export const updateTillSettings = defineWrite({
  records: { activity: 'till.settings_changed' },
  kind: 'update', path: '/api/v2.2/locations/:id/till_settings/', summary: 'A location\'s till rules: desk money only in an open shift, the variance allowed without a manager', tags, access: { minRole: 40 },
  fields: { cash_only_in_shift: z.boolean(), variance_threshold: amountOrZero(12) },
  answer: TillSettings,
  readBack: { path: '/api/v2.2/locations/:location/till_settings/' },
  run: ({ db, user, params, body }) => saveTillSettings(db, user.id, params.id, body),
});

export const openShift = defineWrite({
  records: { activity: 'shift.opened' },
  kind: 'create', path: '/api/v2.2/tills/:id/shifts/', summary: 'Open a shift on a till with its float (a float other than the one offered needs a comment)', tags,
  answersAlso: { notFound: true, conflicts: true, idempotent: true },
  fields: { float: amountOrZero(12), comment: z.string().trim().max(TEXT_LIMITS.shortComment).default('') },
  record: { segment: 'shifts' },
  // The float the close's examples count back.
  examples: { float: '1000.00' },
  answer: Shift,
  readBack: { path: '/api/v2.2/shifts/:id/', as: { comment: 'float_comment' } },
  run: ({ db, user, params, body, request }) => open(db, user.id, params.id, body, idempotentCall(request, user.id)),
});

export const createMovement = defineWrite({
  records: { activity: ['shift.paid_in', 'shift.paid_out', 'shift.drop'] },
  kind: 'create', path: '/api/v2.2/shifts/:id/movements/', summary: 'Move cash in or out of an open shift by hand (paid in, paid out, a drop to the safe), with the reason', tags,
  answersAlso: { notFound: true, conflicts: true, idempotent: true },
  fields: { kind: z.enum(MOVEMENT_KINDS), amount: positiveAmount(12), comment: reason },
  record: { segment: 'movements' },
  answer: Movement,
  readBack: { none: 'a movement is read in its shift (GET /api/v2.2/shifts/{id}/ movements), which the read-back cannot address by the movement\'s own id; tests/api/till.test.ts reads it there' },
  run: ({ db, user, params, body, request }) => addMovement(db, user.id, params.id, body, idempotentCall(request, user.id)),
});

export const closeShiftCount = defineWrite({
  records: { activity: ['shift.closed', 'shift.counted'] },
  kind: 'action', path: '/api/v2.2/shifts/:id/close/', summary: 'The blind count: cash counted (optionally by denomination) and the card terminal\'s net total; closes the shift, or leaves it for a manager\'s confirmation above the location\'s threshold', tags,
  answersAlso: { notFound: true, conflicts: true, idempotent: true },
  fields: {
    counted_cash: amountOrZero(12),
    // The terminal's net total (sales - refunds) may be below zero.
    counted_card: amountSchema(13),
    denominations: denominations.nullable().optional().transform((v) => v ?? null),
    drop: amountOrZero(12).optional().transform((v) => v ?? '0.00').describe('Cash taken to the safe at the close, after the count: the next float is counted_cash - drop.'),
    // #43 Optional: the register's own shift revenue (its Z-report); the terminal's reconciliation is counted_card.
    register_revenue: amountSchema(13).nullable().optional().transform((v) => v ?? null)
      .describe('The cash register\'s own shift revenue (its Z-report: sales - refunds, cash and card), optional; the shift shows its difference from the desk\'s cash and card. The card terminal\'s reconciliation is counted_card.'),
  },
  // The generated tests count the shift their create opened with this float: nothing differs.
  examples: { counted_cash: '1000.00', counted_card: '0.00', denominations: { 1000: 1 }, drop: '0.00', register_revenue: '0.00' },
  answer: ShiftClosed,
  run: ({ db, user, params, body, request }) => closeShift(db, user.id, params.id, body, idempotentCall(request, user.id)),
});
