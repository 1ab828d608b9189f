// The tools page's writes (role id 40 at the location): early booking discounts and promo codes.
// POST /api/v2.1/locations/{id}/early_booking/; PUT, DELETE /api/v2.1/early_booking_conditions/{id}/;
// POST /api/v2.1/locations/{id}/promocodes/; PUT, DELETE /api/v2.1/promocodes/{id}/;
// PATCH /api/v2.1/promocodes/{id}/active/ (switch off or on); PUT /api/v2.1/locations/{id}/widget_settings/.
import { z } from 'zod';
import { toMoneyString } from '../../../domain/money';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { EARLY_BOOKING_MAX_DISCOUNT, EARLY_BOOKING_MIN } from '../../../domain/locationManagement';
import { EarlyBooking, Promocode, WidgetSettings } from '../../platform/answers';
import { dateSchema, moneyKind, phoneSchema } from '../../platform/validation';
import { defineWrite } from '../../platform/writes';
import * as early from './earlyBooking';
import * as promo from './promocodes';
import { saveWidgetSettings } from './widgetSettings';

// Days and discount: required, whole numbers, at least 1 (the spec); a discount is a percent.
const earlyBooking = {
  fields: {
    days: z.number().int().min(EARLY_BOOKING_MIN).max(3650),
    discount: z.number().int().min(EARLY_BOOKING_MIN).max(EARLY_BOOKING_MAX_DISCOUNT),
  },
  labels: { days: { ru: 'Дней до сеанса', en: 'Days before the session' }, discount: { ru: 'Скидка, %', en: 'Discount, %' } },
  readBack: { path: '/api/v2.1/locations/:location/early_booking/' },
};
const earlyTags = ['early booking'];

export const createEarlyBooking = defineWrite({
  records: { activity: 'early_booking.changed' },
  kind: 'create', path: '/api/v2.1/locations/:id/early_booking/', summary: 'Add an early booking discount', tags: earlyTags, access: { minRole: 40 },
  ...earlyBooking, answer: EarlyBooking,
  record: { segment: 'early_booking_conditions' },
  run: ({ db, user, params, body }) => early.createCondition(db, user.id, params.id, body),
});
export const updateEarlyBooking = defineWrite({
  records: { activity: 'early_booking.changed' },
  kind: 'update', path: '/api/v2.1/early_booking_conditions/:id/', summary: 'Edit an early booking discount', tags: earlyTags, access: { minRole: 40 },
  ...earlyBooking, answer: EarlyBooking,
  run: ({ db, user, params, body }) => early.updateCondition(db, user.id, params.id, body),
});
export const deleteEarlyBooking = defineWrite({
  records: { activity: 'early_booking.changed' },
  kind: 'delete', path: '/api/v2.1/early_booking_conditions/:id/', summary: 'Delete an early booking discount', tags: earlyTags, access: { minRole: 40 },
  answer: null,
  run: ({ db, user, params }) => early.deleteCondition(db, user.id, params.id),
});

const emptyToNull = (v: unknown) => (v === '' ? null : v);
// Money of its own kind: a fraction of the price below 1, else an amount; never 0 (promocodes.ts checks it against `type`).
const discountSchema = moneyKind('positive', z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string())
  .transform((v) => v.trim().replace(',', '.'))
  .pipe(z.string().min(1).max(12).regex(/^\d+(\.\d{1,2})?$/, { message: 'invalid_number' }))
  .transform(toMoneyString));

const promocode = {
  fields: {
    code: z.string().trim().min(1).max(TEXT_LIMITS.promocode).regex(/^[\p{L}\p{N}_-]+$/u, { message: 'invalid' }),
    type: z.enum(['fraction', 'flat']),
    discount: discountSchema,
    valid_from: z.preprocess(emptyToNull, dateSchema.nullable()).optional().transform((v) => v ?? null),
    valid_to: z.preprocess(emptyToNull, dateSchema.nullable()).optional().transform((v) => v ?? null),
    usage_limit: z.preprocess(emptyToNull, z.number().int().min(1).max(1_000_000).nullable()).optional().transform((v) => v ?? null),
    active: z.boolean().default(true),
  },
  labels: {
    code: { ru: 'Код', en: 'Code' }, type: { ru: 'Тип', en: 'Type' }, discount: { ru: 'Скидка', en: 'Discount' },
    valid_from: { ru: 'Действует с', en: 'Valid from' }, valid_to: { ru: 'Действует по', en: 'Valid to' },
    usage_limit: { ru: 'Лимит использований', en: 'Usage limit' }, active: { ru: 'Активен', en: 'Active' },
  },
  // #41 The generated tests sample the discount as money (an amount, 1 or more): a flat code.
  examples: { type: 'flat' },
  readBack: { path: '/api/v2.1/promocodes/:id/' },
};
const tags = ['promocodes'];

export const createPromocode = defineWrite({
  records: { activity: 'promocode.created' },
  kind: 'create', path: '/api/v2.1/locations/:id/promocodes/', summary: 'Create a promo code', tags, access: { minRole: 40 },
  ...promocode, answer: Promocode,
  run: ({ db, user, params, body }) => promo.createPromocode(db, user.id, params.id, body),
});
export const updatePromocode = defineWrite({
  records: { activity: 'promocode.updated' },
  kind: 'update', path: '/api/v2.1/promocodes/:id/', summary: 'Edit a promo code', tags, access: { minRole: 40 },
  ...promocode, answer: Promocode,
  run: ({ db, user, params, body }) => promo.updatePromocode(db, user.id, params.id, body),
});
export const setPromocodeActive = defineWrite({
  records: { activity: 'promocode.updated' },
  kind: 'action', method: 'PATCH', path: '/api/v2.1/promocodes/:id/active/', summary: 'Activate or deactivate a promo code', tags, access: { minRole: 40 },
  fields: { active: z.boolean() }, answer: Promocode,
  run: ({ db, user, params, body }) => promo.setPromocodeActive(db, user.id, params.id, body.active),
});
export const deletePromocode = defineWrite({
  records: { activity: 'promocode.deleted' },
  kind: 'delete', path: '/api/v2.1/promocodes/:id/', summary: 'Delete a promo code', tags, access: { minRole: 40 },
  answer: null,
  run: ({ db, user, params }) => promo.deletePromocode(db, user.id, params.id),
});

// A payment hold of 1 minute to a day; a cancel deadline of 0 (until the session) to 30 days.
export const saveWidget = defineWrite({
  records: { activity: 'widget.changed' },
  kind: 'update', path: '/api/v2.1/locations/:id/widget_settings/', summary: 'Edit a location\'s booking widget settings', tags: ['widget'], access: { minRole: 40 },
  fields: {
    payment_minutes: z.number().int().min(1).max(1440), cancel_hours: z.number().int().min(0).max(720),
    // #39 Optional: empty for none; else a phone as the booking forms take it, stored in one form (#40, phoneSchema).
    phone: z.union([z.literal(''), phoneSchema]).optional(),
    // #46 Optional too (a call without them keeps them): the customer's move cut-off, 0 to 30 days, and what a late cancel keeps.
    customer_move_hours: z.number().int().min(0).max(720).optional(),
    customer_late_cancel_keep_percent: z.number().int().min(0).max(100).optional(),
  },
  labels: {
    phone: { ru: 'Телефон площадки для клиентов', en: 'The venue\'s phone for customers' },
    payment_minutes: { ru: 'Держать места, пока клиент платит, минут', en: 'Hold the places while the customer pays, minutes' },
    cancel_hours: { ru: 'Клиент может отменить не позднее чем за, часов до сеанса', en: 'Customers may cancel up to, hours before the session' },
    customer_move_hours: { ru: 'Клиент может перенести на другой сеанс не позднее чем за, часов до сеанса', en: 'Customers may move to another session up to, hours before the session' },
    customer_late_cancel_keep_percent: { ru: 'Более поздняя отмена удерживает, % цены', en: 'A later cancel keeps, % of the price' },
  },
  answer: WidgetSettings,
  readBack: { path: '/api/v2.1/locations/:location/widget_settings/' },
  run: ({ db, deps, user, params, body, lang }) => saveWidgetSettings(db, deps.config, user.id, params.id, body, lang),
});
