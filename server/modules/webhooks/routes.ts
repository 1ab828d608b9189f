// Paths (the tools page, role id 40 at the location):
// GET, POST /api/v2.1/locations/{id}/webhooks/; PUT, DELETE /api/v2.1/webhook/{id}/;
// GET /api/v2.1/webhook/{id}/deliveries/ (the delivery log, limit/offset);
// POST /api/v2.1/webhook/{id}/deliveries/{delivery_id}/resend/; POST /api/v2.1/webhook/{id}/test/ (a signed test event, now).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, intText } from '../../platform/validation';
import * as service from './service';

const webhookFields = {
  url: z.string().trim().min(1).max(2000),
  extra: z.boolean().default(false),
};

import { Webhook, WebhookDelivery } from '../../platform/answers';

export async function webhookRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const params = z.object({ id: idParam });
  const allowPrivate = config.webhookAllowPrivate;

  r.get('/api/v2.1/locations/:id/webhooks/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s webhooks', tags, params, querystring: z.strictObject({}), answers: { 200: z.array(Webhook) } } }, async (request) =>
    service.listWebhooks(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/locations/:id/webhooks/', { config: { access: { minRole: 40 } }, schema: { summary: 'Add a webhook', tags, params, body: z.strictObject(webhookFields),
    answers: { 201: Webhook.extend({ secret: z.string().describe('The signing secret: shown only here, once.') }) } } }, async (request, reply) =>
    reply.status(201).send(await service.createWebhook(db, allowPrivate, currentUser(request).id, request.params.id, request.body)));

  r.put('/api/v2.1/webhook/:id/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Edit a webhook', tags, params, body: z.strictObject({ ...webhookFields, active: z.boolean().optional() }), answers: { 200: Webhook } },
  }, async (request) => service.updateWebhook(db, allowPrivate, currentUser(request).id, request.params.id, request.body));

  r.delete('/api/v2.1/webhook/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'Delete a webhook', tags, params, answers: { 204: null } } }, async (request, reply) => {
    await service.deleteWebhook(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

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

  r.post('/api/v2.1/webhook/:id/test/', {
    config: { access: { minRole: 40 } },
    schema: {
      summary: 'Send a signed test event to a webhook now and answer its result', tags, params: z.object({ id: idParam }),
      answers: { 200: z.object({ delivery_id: z.number().int(), ok: z.boolean(), status_code: z.number().int().nullable(), error: z.string().nullable(), duration_ms: z.number().int() }) },
    },
  }, async (request) => service.testWebhook(db, allowPrivate, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/webhook/:id/deliveries/:delivery_id/resend/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Send a webhook delivery again', tags, params: z.object({ id: idParam, delivery_id: idParam }), answers: { 201: WebhookDelivery } },
  }, async (request, reply) =>
    reply.status(201).send(await service.resendDelivery(db, currentUser(request).id, request.params.id, request.params.delivery_id)));
}
