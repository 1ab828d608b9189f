// Paths (the tools page, role id 40 at the location):
// GET, POST /api/v2.1/locations/{id}/early_booking/; PUT, DELETE /api/v2.1/early_booking_conditions/{id}/
// GET, POST /api/v2.1/locations/{id}/promocodes/; GET, PUT, DELETE /api/v2.1/promocodes/{id}/;
// PATCH /api/v2.1/promocodes/{id}/active/ (deactivate); GET, PUT /api/v2.1/locations/{id}/widget_settings/
// (the booking widget's payment hold and customer cancel deadline). Webhooks are in modules/webhooks.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { toMoneyString } from '../../../domain/money';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { EARLY_BOOKING_MAX_DISCOUNT, EARLY_BOOKING_MIN } from '../../../domain/locationManagement';
import { dateSchema } from '../schedules/schemas';
import * as early from './earlyBooking';
import * as promo from './promocodes';
import { getWidgetSettings, saveWidgetSettings } from './widgetSettings';

// A payment hold of 1 minute to a day; a cancel deadline of 0 (until the session) to 30 days.
const widgetSettingsSchema = z.strictObject({
  payment_minutes: z.number().int().min(1).max(1440),
  cancel_hours: z.number().int().min(0).max(720),
});

// Days and discount: required, whole numbers, at least 1 (the spec); a discount is a percent.
const earlyBookingSchema = z.strictObject({
  days: z.number().int().min(EARLY_BOOKING_MIN).max(3650),
  discount: z.number().int().min(EARLY_BOOKING_MIN).max(EARLY_BOOKING_MAX_DISCOUNT),
});

const emptyToNull = (v: unknown) => (v === '' ? null : v);
const discountSchema = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string())
  .transform((v) => v.trim().replace(',', '.'))
  .pipe(z.string().min(1).max(12).regex(/^\d+(\.\d{1,2})?$/, { message: 'invalid_number' }))
  .transform(toMoneyString);

const promocodeSchema = z.strictObject({
  code: z.string().trim().min(1).max(TEXT_LIMITS.promocode).regex(/^[\p{L}\p{N}_-]+$/u, { message: 'invalid' }),
  type: z.enum(['fraction', 'flat']),
  discount: discountSchema,
  valid_from: z.preprocess(emptyToNull, dateSchema.nullable()).optional().transform((v) => v ?? null),
  valid_to: z.preprocess(emptyToNull, dateSchema.nullable()).optional().transform((v) => v ?? null),
  usage_limit: z.preprocess(emptyToNull, z.number().int().min(1).max(1_000_000).nullable()).optional().transform((v) => v ?? null),
  active: z.boolean().default(true),
});

import { EarlyBooking, Promocode, WidgetSettings } from '../../platform/answers';

export async function toolRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });
  const noQuery = z.strictObject({});

  r.get('/api/v2.1/locations/:id/early_booking/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s early booking discounts', tags: ['early booking'], params, querystring: noQuery, answers: { 200: z.array(EarlyBooking) } } }, async (request) =>
    early.listConditions(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/locations/:id/early_booking/', { config: { access: { minRole: 40 } }, schema: { summary: 'Add an early booking discount', tags: ['early booking'], params, body: earlyBookingSchema, answers: { 201: EarlyBooking } } }, async (request, reply) =>
    reply.status(201).send(await early.createCondition(db, currentUser(request).id, request.params.id, request.body)));

  r.put('/api/v2.1/early_booking_conditions/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'Edit an early booking discount', tags: ['early booking'], params, body: earlyBookingSchema, answers: { 200: EarlyBooking } } }, async (request) =>
    early.updateCondition(db, currentUser(request).id, request.params.id, request.body));

  r.delete('/api/v2.1/early_booking_conditions/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'Delete an early booking discount', tags: ['early booking'], params, answers: { 204: null } } }, async (request, reply) => {
    await early.deleteCondition(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  const tags = ['promocodes'];
  r.get('/api/v2.1/locations/:id/promocodes/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s promo codes', tags, params, querystring: noQuery, answers: { 200: z.array(Promocode) } } }, async (request) =>
    promo.listPromocodes(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/locations/:id/promocodes/', { config: { access: { minRole: 40 } }, schema: { summary: 'Create a promo code', tags, params, body: promocodeSchema, answers: { 201: Promocode } } }, async (request, reply) =>
    reply.status(201).send(await promo.createPromocode(db, currentUser(request).id, request.params.id, request.body)));

  r.get('/api/v2.1/promocodes/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'A promo code', tags, params, querystring: noQuery, answers: { 200: Promocode } } }, async (request) =>
    promo.getPromocode(db, currentUser(request).id, request.params.id));

  r.put('/api/v2.1/promocodes/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'Edit a promo code', tags, params, body: promocodeSchema, answers: { 200: Promocode } } }, async (request) =>
    promo.updatePromocode(db, currentUser(request).id, request.params.id, request.body));

  r.patch('/api/v2.1/promocodes/:id/active/', { config: { access: { minRole: 40 } }, schema: { summary: 'Activate or deactivate a promo code', tags, params, body: z.strictObject({ active: z.boolean() }), answers: { 200: Promocode } } }, async (request) =>
    promo.setPromocodeActive(db, currentUser(request).id, request.params.id, request.body.active));

  r.delete('/api/v2.1/promocodes/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'Delete a promo code', tags, params, answers: { 204: null } } }, async (request, reply) => {
    await promo.deletePromocode(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  r.get('/api/v2.1/locations/:id/widget_settings/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s booking widget settings', tags: ['widget'], params, querystring: noQuery, answers: { 200: WidgetSettings } } }, async (request) =>
    getWidgetSettings(db, currentUser(request).id, request.params.id));

  r.put('/api/v2.1/locations/:id/widget_settings/', { config: { access: { minRole: 40 } }, schema: { summary: 'Edit a location\'s booking widget settings', tags: ['widget'], params, body: widgetSettingsSchema, answers: { 200: WidgetSettings } } }, async (request) =>
    saveWidgetSettings(db, currentUser(request).id, request.params.id, request.body));
}
