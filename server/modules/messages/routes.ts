// #45 Reads of messages to customers:
//   GET /api/v2.2/locations/{id}/messaging/                 the settings (role 40; the SMS.ru key only as smsru_api_key_set)
//   GET /api/v2.2/locations/{id}/message_templates/{kind}/  a kind's variables and templates with previews (role 40)
//   GET /api/v2.2/orders/{id}/messages/                     an order's messages (any role at its location)
// The location's list of messages (filters, CSV, XLSX) is declared in lists.ts; the writes in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { messages, orders } from '../../db/schema';
import { currentUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { idParam } from '../../platform/validation';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATES } from '../../../domain/customerMessages';
import { requireRoleAt } from '../locations/service';
import { getMessaging } from './settings';
import { getTemplates } from './templates';
import { unsubscribe, unsubscribePage } from './marketing';
import { Messaging, Templates } from './writes';

const OrderMessage = z.object({
  id: z.number().int(), kind: z.enum(MESSAGE_KINDS), channel: z.enum(MESSAGE_CHANNELS), language: z.string(), state: z.enum(MESSAGE_STATES),
  due_at: z.string(), attempts: z.number().int(), recipient: z.string(), subject: z.string().nullable(), body: z.string().nullable(),
  gateway_id: z.string().nullable().describe('SMS.ru\'s sms_id, or an e-mail\'s Message-ID.'), error: z.string().nullable(), sent_at: z.string().nullable(), delivered_at: z.string().nullable(), created: z.string(),
});

export async function messageRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const noQuery = z.strictObject({});

  r.get('/api/v2.2/locations/:id/messaging/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'A location\'s messages to customers: channels, SMS.ru (key only as smsru_api_key_set), reminders, quiet hours', tags, params: z.object({ id: idParam }), querystring: noQuery, answers: { 200: Messaging } },
  }, async (request) => getMessaging(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/locations/:id/message_templates/:kind/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'A message kind\'s variables and its templates (each channel x language, the location\'s or the built-in one) with previews', tags,
      params: z.object({ id: idParam, kind: z.enum(MESSAGE_KINDS) }), querystring: noQuery, answers: { 200: Templates } },
  }, async (request) => getTemplates(db, { publicUrl: config.publicUrl, widgetSecret: config.widgetSecret }, currentUser(request).id, request.params.id, request.params.kind));

  r.get('/api/v2.2/orders/:id/messages/', {
    schema: { summary: 'An order\'s messages to its customer: planned, sent, delivered, failed, skipped, cancelled', tags, params: z.object({ id: idParam }), querystring: noQuery, answers: { 200: z.array(OrderMessage) } },
  }, async (request) => {
    const [order] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, request.params.id));
    if (!order) throw notFound();
    await requireRoleAt(db, currentUser(request).id, order.locationId);
    const rows = await db.select().from(messages).where(eq(messages.orderId, request.params.id)).orderBy(asc(messages.dueAt), asc(messages.id));
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return rows.map((m) => ({
      id: m.id, kind: m.kind as (typeof MESSAGE_KINDS)[number], channel: m.channel as (typeof MESSAGE_CHANNELS)[number], language: m.language,
      state: m.state as (typeof MESSAGE_STATES)[number], due_at: m.dueAt.toISOString(), attempts: m.attempts, recipient: m.recipient,
      subject: m.subject, body: m.body, gateway_id: m.gatewayId, error: m.error, sent_at: iso(m.sentAt), delivered_at: iso(m.deliveredAt), created: m.createdAt.toISOString(),
    }));
  });

  // The customer's unsubscribe page (marketing.ts): public, by the order's key; ?lang= wins over Accept-Language.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const q = request.query as { lang?: unknown } | undefined;
      if (q?.lang === 'ru' || q?.lang === 'en') request.lang = q.lang;
    });
    const p = scope.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ key: z.string().max(60) });
    const querystring = z.strictObject({ lang: z.enum(['ru', 'en']).optional() });
    const Unsubscribe = z.object({ location: z.string(), unsubscribed: z.boolean().describe('The order\'s e-mail and phone get no offers from the location.') });
    p.get('/api/public/unsubscribe/:key/', {
      config: { public: true },
      schema: { summary: 'The unsubscribe page of a marketing thank-you: the location, and whether the order\'s contacts are off its offers', tags: ['public'], params, querystring, answers: { 200: Unsubscribe } },
    }, async (request) => unsubscribePage(db, config.widgetSecret, request.params.key, request.lang));
    p.post('/api/public/unsubscribe/:key/', {
      config: { public: true, records: { activity: { none: 'the customer\'s own choice, kept in marketing_unsubscribes with its time and order' }, orderLog: ['unsubscribed'] } },
      schema: { summary: 'Unsubscribe the order\'s e-mail and phone from the location\'s offers (marketing thank-yous); again changes nothing', tags: ['public'], params, querystring, body: z.strictObject({}).optional(), answers: { 200: Unsubscribe } },
    }, async (request) => unsubscribe(db, config.widgetSecret, request.params.key, request.lang));
  });
}
