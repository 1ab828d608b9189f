// Reads (the tools page, role id 40 at the location): GET /api/v2.1/locations/{id}/webhooks/;
// GET /api/v2.1/webhook/{id}/deliveries/ (the delivery log, limit/offset). The writes are in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, intText } from '../../platform/validation';
import * as service from './service';

import { Webhook, WebhookDelivery } from '../../platform/answers';

export async function webhookRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.1/locations/:id/webhooks/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s webhooks', tags, params, querystring: z.strictObject({}), answers: { 200: z.array(Webhook) } } }, async (request) =>
    service.listWebhooks(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.1/webhook/:id/deliveries/', {
    config: { access: { minRole: 40 } },
    schema: {
      summary: 'A webhook\'s delivery log',
      tags, params,
      querystring: z.strictObject({
        limit: intText(z.number().int().min(1).max(100)).optional(),
        offset: intText(z.number().int().min(0).max(2147483647)).optional(),
      }),
      answers: { 200: z.object({ count: z.number().int(), results: z.array(WebhookDelivery) }) },
    },
  }, async (request) => service.listDeliveries(db, currentUser(request).id, request.params.id, request.query.limit ?? 10, request.query.offset ?? 0));
}
