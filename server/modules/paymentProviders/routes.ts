// #29 Reads of the payment provider settings (GET /api/v2.1/locations/{id}/payment_provider/, role 40
// there; GET /api/v2.1/payment_provider/, the owner). The providers' notifications: paymentNotices.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { getProviderSettings } from './settings';
import { ProviderSettings } from './writes';

export async function paymentProviderRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment providers'];
  const noQuery = z.strictObject({});

  r.get('/api/v2.1/locations/:id/payment_provider/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'A location\'s payment provider (secrets only as *_set)', tags, params: z.object({ id: idParam }), querystring: noQuery, answers: { 200: ProviderSettings } },
  }, async (request) => getProviderSettings(db, config, currentUser(request).id, request.params.id, request.lang));

  r.get('/api/v2.1/payment_provider/', {
    config: { access: { owner: true } },
    schema: { summary: 'The installation\'s payment provider, which top-ups go to (the owner)', tags, querystring: noQuery, answers: { 200: ProviderSettings } },
  }, async (request) => getProviderSettings(db, config, currentUser(request).id, null, request.lang));

}
