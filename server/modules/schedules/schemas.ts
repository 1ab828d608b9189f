// zod schemas of a schedule document: what the editor sends to check and save. The rules are the
// specs' (validationScheduleName, validationBreakStart, validationPrice, validationMinValue/MaxValue,
// validationPricingTimeUnique) plus ours: overlap below duration, items of a day type not overlapping.
import { z } from 'zod';
import { isTime } from '../../../domain/businessDay';
import { BUSINESS_DAY_END_MINUTES, itemSpan } from '../../../domain/schedule/engine';

export const timeSchema = z.string().trim().refine(isTime, { message: 'invalid_time' });
// Dates are the shared, bounded ones (years 1900..2999, server/platform/validation.ts).
import { dateSchema, dateTimeSchema, idNumber, moneyKind, pgInt } from '../../platform/validation';
export { dateSchema, dateTimeSchema };

/**
 * Price text: digits with a comma or dot, 1-20 characters; stored with a dot. 0 is a free session
 * (the editor asks first); a negative price is refused as such (#42), not as a malformed one.
 */
const priceSchema = moneyKind('zero_or_more', z.string().trim().min(1).max(20)
  .regex(/^-?\d+([.,]\d+)?$/, { message: 'invalid_price' })
  .refine((v) => !v.startsWith('-'), { message: 'price_negative' })
  .transform((v) => v.replace(',', '.')));

/** Prepayment is a fraction 0-1 (the screen shows 0-100 %); a number or a decimal text with a
 * comma or dot. Not a union: a union's failure would hide 'required' and 'A valid number is required.'. */
const prepaymentSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : v),
  z.number().min(0).max(1),
).transform((v) => String(Math.round(v * 100) / 100));

export const breakSchema = z.strictObject({
  start: timeSchema,
  duration: z.number().int().min(1).max(1440),
  date: dateSchema.nullable().optional().transform((v) => v ?? null),
});

/** A pricing row whose prepayment is given by `prepayment` (required in a grid check; optional in a save, #42). */
const pricingRowOf = <P extends z.ZodType>(prepayment: P) => z.strictObject({
  id: pgInt().optional(),
  currency_id: idNumber().nullable().optional().transform((v) => v ?? null),
  session_price: priceSchema.nullable().optional().transform((v) => v ?? null),
  personal_price: priceSchema.nullable().optional().transform((v) => v ?? null),
  prepayment,
  start: timeSchema,
}).superRefine((row, ctx) => {
  if ((row.session_price === null) === (row.personal_price === null)) {
    ctx.addIssue({ code: 'custom', message: 'price_kind', path: [row.session_price === null ? 'session_price' : 'personal_price'] });
  }
});

const itemOf = <R extends z.ZodType<{ start: string }>>(pricingRow: R) => z.strictObject({
  id: pgInt().optional(),
  begin: timeSchema,
  end: timeSchema,
  duration: z.number().int().min(1).max(1440),
  overlap: z.number().int().min(0).max(1439).default(0),
  day_types: z.array(z.number().int().min(1).max(9)).min(1).max(9),
  breaks: z.array(breakSchema).max(50).default([]),
  pricing: z.array(pricingRow).min(1).max(50),
}).superRefine((item, ctx) => {
  // Only against a valid duration: a duration of 0 has its own message.
  if (item.duration >= 1 && item.overlap >= item.duration) ctx.addIssue({ code: 'custom', message: 'overlap_too_big', path: ['overlap'] });
  // An item belongs to one business day: it may run past midnight but must end by 06:00.
  if (isTime(item.begin) && isTime(item.end) && itemSpan(item)[1] > BUSINESS_DAY_END_MINUTES) {
    ctx.addIssue({ code: 'custom', message: 'item_past_day_end', path: ['end'] });
  }
  // Only once every day type is valid: a message on the list would replace those on its entries.
  if (item.day_types.every((d) => d >= 1 && d <= 9) && new Set(item.day_types).size !== item.day_types.length) {
    ctx.addIssue({ code: 'custom', message: 'day_types_unique', path: ['day_types'] });
  }
  const seen = new Map<string, number>();
  item.pricing.forEach((row, i) => {
    if (seen.has(row.start)) ctx.addIssue({ code: 'custom', message: 'pricing_time_unique', path: ['pricing', i, 'start'] });
    else seen.set(row.start, i);
  });
});

export const itemSchema = itemOf(pricingRowOf(prepaymentSchema));
/**
 * #42 A saved schedule's item: a pricing row without its prepayment takes the location's default
 * (schedules/prepayment.ts: 0 % without an online provider, 100 % with one).
 */
const savedItemSchema = itemOf(pricingRowOf(prepaymentSchema.optional()
  .describe('A fraction 0-1. Absent: 0 where the location takes no money online (no payment provider), 1 where it does.')));

type Item = Pick<z.infer<typeof itemSchema>, 'begin' | 'end' | 'day_types'>;

/** Items that share a day type must not run at the same time. */
function checkItemOverlaps(items: Item[], ctx: z.RefinementCtx) {
  // An item with a malformed time has its own message and no span to compare.
  const hasSpan = (it: Item) => isTime(it.begin) && isTime(it.end);
  items.forEach((a, i) => {
    if (!hasSpan(a)) return;
    const [aBegin, aEnd] = itemSpan(a);
    for (let j = 0; j < i; j++) {
      const b = items[j]!;
      if (!hasSpan(b) || !a.day_types.some((d) => b.day_types.includes(d))) continue;
      const [bBegin, bEnd] = itemSpan(b);
      if (aBegin < bEnd && bBegin < aEnd) {
        ctx.addIssue({ code: 'custom', message: 'items_overlap', path: ['items', i, 'begin'] });
        return;
      }
    }
  });
}

const scheduleFields = {
  name: z.string().trim().min(1).max(100),
  start_dt: dateSchema,
  disabled: z.boolean().default(false),
  playground_group: idNumber(),
  breaks: z.array(breakSchema).max(100).default([]),
  items: z.array(savedItemSchema).max(50).default([]),
};

export const scheduleCreateSchema = z.strictObject({ ...scheduleFields, location: idNumber() })
  .superRefine((s, ctx) => checkItemOverlaps(s.items, ctx));

export const scheduleUpdateSchema = z.strictObject({ ...scheduleFields, location: idNumber().optional(), id: pgInt().optional() })
  .superRefine((s, ctx) => checkItemOverlaps(s.items, ctx));

/** The check call accepts a whole schedule or just its grid; only the grid is checked. */
export const checkSchema = z.object({
  breaks: z.array(breakSchema).max(100).default([]),
  items: z.array(itemSchema).max(50).default([]),
}).superRefine((s, ctx) => checkItemOverlaps(s.items, ctx));

