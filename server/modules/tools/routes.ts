// Reads of the tools page (role id 40 at the location); its writes are declarations in writes.ts:
// GET /api/v2.1/locations/{id}/early_booking/; GET /api/v2.1/locations/{id}/promocodes/;
// GET /api/v2.1/promocodes/{id}/; GET /api/v2.1/locations/{id}/widget_settings/ (the booking
// widget's payment hold and customer cancel deadline). Webhooks are in modules/webhooks.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import * as early from './earlyBooking';
import * as promo from './promocodes';
import { getWidgetSettings } from './widgetSettings';
import { EarlyBooking, Promocode, WidgetSettings } from '../../platform/answers';

export async function toolRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });
  const noQuery = z.strictObject({});

  r.get('/api/v2.1/locations/:id/early_booking/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s early booking discounts', tags: ['early booking'], params, querystring: noQuery, answers: { 200: z.array(EarlyBooking) } } }, async (request) =>
    early.listConditions(db, currentUser(request).id, request.params.id));

  const tags = ['promocodes'];
  r.get('/api/v2.1/locations/:id/promocodes/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s promo codes', tags, params, querystring: noQuery, answers: { 200: z.array(Promocode) } } }, async (request) =>
    promo.listPromocodes(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.1/promocodes/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'A promo code', tags, params, querystring: noQuery, answers: { 200: Promocode } } }, async (request) =>
    promo.getPromocode(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.1/locations/:id/widget_settings/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s booking widget settings', tags: ['widget'], params, querystring: noQuery, answers: { 200: WidgetSettings } } }, async (request) =>
    getWidgetSettings(db, config, currentUser(request).id, request.params.id, request.lang));

}
