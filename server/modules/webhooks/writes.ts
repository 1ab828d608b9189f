// A location's webhooks (the tools page, role id 40 at the location): POST /api/v2.1/locations/{id}/webhooks/;
// PUT, DELETE /api/v2.1/webhook/{id}/; POST /api/v2.1/webhook/{id}/test/ (a signed test event, now);
// POST /api/v2.1/webhook/{id}/deliveries/{delivery_id}/resend/.
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { Webhook, WebhookDelivery } from '../../platform/answers';
import { idParam } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as service from './service';

const fields = { url: z.string().trim().min(1).max(TEXT_LIMITS.url), extra: z.boolean().default(false) };
const labels = {
  url: { ru: 'URL', en: 'URL' }, extra: { ru: 'Передавать персональные данные', en: 'Send personal data' }, active: { ru: 'Активен', en: 'Active' },
};
const tags = ['webhooks'];
const access = { minRole: 40 };
// #41 The generated tests: an address of its own each time (one webhook per URL at a location).
const examples = { url: (at: ExampleContext) => `https://hooks.example.com/${at.unique}` };
const readBack = { path: '/api/v2.1/locations/:location/webhooks/' };

export const createWebhook = defineWrite({
  records: { activity: 'webhook.created' },
  kind: 'create', path: '/api/v2.1/locations/:id/webhooks/', summary: 'Add a webhook', tags, access, fields, labels,
  answer: Webhook.extend({ secret: z.string().describe('The signing secret: shown only here, once.') }),
  record: { segment: 'webhook' }, examples, readBack,
  run: ({ db, deps, user, params, body }) => service.createWebhook(db, deps.config.webhookAllowPrivate, user.id, params.id, body),
});
export const updateWebhook = defineWrite({
  records: { activity: 'webhook.changed' },
  kind: 'update', path: '/api/v2.1/webhook/:id/', summary: 'Edit a webhook', tags, access, fields: { ...fields, active: z.boolean().optional() }, labels,
  answer: Webhook,
  examples, readBack,
  run: ({ db, deps, user, params, body }) => service.updateWebhook(db, deps.config.webhookAllowPrivate, user.id, params.id, body),
});
export const deleteWebhook = defineWrite({
  records: { activity: 'webhook.deleted' },
  kind: 'delete', path: '/api/v2.1/webhook/:id/', summary: 'Delete a webhook', tags, access, answer: null,
  run: ({ db, user, params }) => service.deleteWebhook(db, user.id, params.id),
});
export const testWebhook = defineWrite({
  records: { activity: { none: 'a test event sent now and answered: nothing is stored' } },
  kind: 'action', path: '/api/v2.1/webhook/:id/test/', summary: 'Send a signed test event to a webhook now and answer its result', tags, access,
  answer: z.object({ delivery_id: z.number().int(), ok: z.boolean(), status_code: z.number().int().nullable(), error: z.string().nullable(), duration_ms: z.number().int() }),
  run: ({ db, deps, user, params }) => service.testWebhook(db, deps.config.webhookAllowPrivate, user.id, params.id),
});
export const resendDelivery = defineWrite({
  records: { activity: { none: 'the same event delivered again: its delivery is in the webhook\'s deliveries, not a change of setup' } },
  kind: 'action', path: '/api/v2.1/webhook/:id/deliveries/:delivery_id/resend/', summary: 'Send a webhook delivery again', tags, access,
  params: z.object({ id: idParam, delivery_id: idParam }), status: 201, answer: WebhookDelivery,
  run: ({ db, user, params }) => service.resendDelivery(db, user.id, params.id, params.delivery_id),
});
