// The customer booking widget: public calls (no token) under /api/public/, and its pages.
//   GET  /api/public/locations/{id}/?group=            the location as the widget starts with it
//   GET  /api/public/locations/{id}/slots/?date=&group= sessions on sale, per playground, with prices
//   GET  /api/public/locations/{id}/games/              games to choose for per-person sessions
//   POST /api/public/locations/{id}/price/              price preview (rate-limited when it checks a promo code)
//   POST /api/public/locations/{id}/bookings/           book (rate-limited per client address)
//   GET  /api/public/orders/{key}/                      the customer's order by its secret key
//   POST /api/public/orders/{key}/cancel/               cancel it, up to the location's deadline (#46: refunds by tender)
//   POST /api/public/orders/{key}/pay/                  pay again after a decline, or (#46) pay the rest
//   GET  /api/public/orders/{key}/move_options/?date=   #46 the sessions it may move to (manage.ts)
//   POST /api/public/orders/{key}/move/                 #46 move it: {session_dt, playground_id}
//   GET  /api/public/orders/{key}/calendar.ics          #46 the booking as a calendar event
//   GET  /widget/ and /widget/order/{key}               the widget's page (widget.html of the web build)
//   GET  /arrival/{key}                                 #44 the guests' arrival page (the same page)
// Every call takes ?lang=ru|en (else Accept-Language) for its messages.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { WriteRecords } from '../../platform/effects';
import { hitRateLimit, type RateLimit } from '../../platform/rateLimit';
import { emailSchema, idParam, phoneSchema, idText, idNumber } from '../../platform/validation';
import { translate } from '../../platform/messages';
import { dateSchema, dateTimeSchema } from '../schedules/schemas';
import * as widget from './service';
import * as manage from './manage';
import { TEXT_LIMITS } from '../../../domain/textLimits';

const emptyToNull = (v: unknown) => (v === '' ? null : v);
const lang = z.enum(['ru', 'en']).optional();
const langOnly = z.strictObject({ lang });
const group = idText().optional().transform((v) => v ?? null);

const priceFields = {
  playground_id: idNumber(),
  session_dt: dateTimeSchema,
  persons: z.number().int().min(1).max(100),
  promocode: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.promocode).nullable()).optional().transform((v) => v ?? null),
};

const bookingBody = z.strictObject({
  ...priceFields,
  game_id: z.preprocess(emptyToNull, idNumber().nullable()).optional().transform((v) => v ?? null),
  name: z.string().trim().min(1).max(TEXT_LIMITS.personName),
  phone: phoneSchema,
  // Required here: the confirmation letter carries the link to the booking.
  email: emailSchema,
  // #40 The customer's consent to the processing of their personal data (152-FZ): required, and
  // true; missing or false is the same refusal in the customer's words.
  personal_data_consent: z.preprocess((v) => (v === undefined ? false : v), z.boolean())
    .refine((v) => v === true, { message: 'consent_required' }).describe('Must be true: the customer ticked the consent box.'),
  personal_data_consent_version: idNumber().optional().describe('The consent text\'s version the customer was shown; a newer one is refused (read it again).'),
  release_key: z.string().max(100).nullable().optional().describe('The key of this browser\'s earlier held booking at this location: released in the same transaction before the new places are taken. Any other key is ignored.'),
});

const WINDOW = 600;

import { CustomerOrder, MoveOption, Named, WidgetBooked, WidgetLocation, WidgetPrice, WidgetSlots } from '../../platform/answers';

// #41 What each write records with recordEffects (platform/effects.ts checks it; the generated tests read it).
const RECORDS = {
  price: { activity: { none: 'a price asked: nothing is stored' } },
  // #40 A new booking may release the customer's earlier hold (release_key): its cancel is recorded too.
  book: { activity: ['order.created', 'order.cancelled'], orderLog: ['created', 'bill', 'cancelled'], webhooks: ['order.created', 'payment.created', 'order.cancelled'],
    messages: ['booking_confirmed', 'booking_held', 'confirmation', 'reminder', 'thank_you', 'cancellation'] },
  cancel: { activity: ['order.cancelled', 'money.refund'], orderLog: ['cancelled', 'refund_due', 'refunded', 'refund_pending', 'refund_failed'], webhooks: ['order.cancelled', 'payment.created'], messages: ['booking_cancelled', 'cancellation', 'refund'],
    live: ['certificate'] },
  payAgain: { activity: { none: 'the customer\'s new payment link: the order\'s log has it' }, orderLog: ['bill'], webhooks: ['payment.created'] },
  // #46 The customer's move: the staff edit's records as the customer's, and its difference (a link, or refunds by tender).
  move: { activity: ['order.moved', 'money.refund'], orderLog: ['edited', 'links_closed', 'bill', 'refunded', 'refund_due', 'refund_pending', 'refund_failed'],
    webhooks: ['order.changed', 'payment.created'], messages: ['change', 'reminder', 'thank_you', 'refund'], live: ['order', 'certificate'] },
} satisfies Record<string, WriteRecords>;

export async function widgetRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const bookingLimit: RateLimit = { name: 'widget.booking', max: config.widgetBookingLimit, windowSeconds: WINDOW };
  const couponLimit: RateLimit = { name: 'widget.coupon', max: config.widgetCouponLimit, windowSeconds: WINDOW };

  await app.register(async (scope) => {
    // ?lang= wins over Accept-Language: a venue's page chooses the widget's language.
    scope.addHook('onRequest', async (request) => {
      const q = request.query as { lang?: unknown } | undefined;
      if (q?.lang === 'ru' || q?.lang === 'en') request.lang = q.lang;
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['public'];
    const pub = { public: true };
    const location = z.object({ id: idParam });
    const key = z.object({ key: z.string().max(60) });

    r.get('/api/public/locations/:id/', {
      config: pub, schema: { summary: 'Booking widget: the location', tags, params: location, querystring: z.strictObject({ group, lang }), answers: { 200: WidgetLocation } },
    }, async (request) => widget.widgetLocation(db, request.params.id, request.query.group, request.lang));

    r.get('/api/public/locations/:id/slots/', {
      config: pub, schema: { summary: 'Booking widget: sessions on sale on a day', tags, params: location, querystring: z.strictObject({ date: dateSchema, group, lang }), answers: { 200: WidgetSlots } },
    }, async (request) => widget.widgetSlots(db, request.params.id, request.query.date, request.query.group, request.lang));

    r.get('/api/public/locations/:id/games/', {
      config: pub, schema: { summary: 'Booking widget: games', tags, params: location, querystring: langOnly, answers: { 200: z.array(Named) } },
    }, async (request) => widget.widgetGames(db, request.params.id, request.lang));

    r.post('/api/public/locations/:id/price/', {
      config: { records: RECORDS.price, ...pub, throttled: true }, schema: { summary: 'Booking widget: a price quote', tags, params: location, querystring: langOnly, body: z.strictObject(priceFields), answers: { 200: WidgetPrice } },
    }, async (request) => {
      // Only a preview that tries a promo code counts: that is what guessing codes would use.
      if (request.body.promocode) await hitRateLimit(db, couponLimit, request.ip);
      return widget.widgetPrice(db, config, request.params.id, request.body, request.lang);
    });

    r.post('/api/public/locations/:id/bookings/', {
      config: { records: RECORDS.book, ...pub, throttled: true, conflicts: true },
      // Counted before validation, so malformed floods are limited too.
      onRequest: async (request) => hitRateLimit(db, bookingLimit, request.ip),
      schema: { summary: 'Booking widget: a customer\'s booking', tags, params: location, querystring: langOnly, body: bookingBody, answers: { 201: WidgetBooked } },
    }, async (request, reply) => reply.status(201).send(await widget.widgetBook(db, config, request.params.id, request.body, request.lang, {
      ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1000),
    })));

    r.get('/api/public/orders/:key/', {
      config: pub, schema: { summary: 'Booking widget: a customer\'s order by its secret key', tags, params: key, querystring: langOnly, answers: { 200: CustomerOrder } },
    }, async (request) => widget.widgetOrder(db, config, request.params.key, request.lang));

    r.post('/api/public/orders/:key/cancel/', {
      config: { records: RECORDS.cancel, ...pub, conflicts: true }, schema: { summary: 'Booking widget: the customer cancels the order', tags, params: key, querystring: langOnly, answers: { 200: CustomerOrder } },
    }, async (request) => widget.widgetCancel(db, config, request.params.key, request.lang));

    r.get('/api/public/orders/:key/move_options/', {
      config: pub, schema: { summary: 'Customer\'s page: the sessions the booking may move to on a day', tags, params: key, querystring: z.strictObject({ date: dateSchema, lang }), answers: { 200: z.array(MoveOption) } },
    }, async (request) => manage.moveOptions(db, config, request.params.key, request.query.date, request.lang));

    r.post('/api/public/orders/:key/move/', {
      config: { records: RECORDS.move, ...pub, conflicts: true, throttled: true },
      onRequest: async (request) => hitRateLimit(db, bookingLimit, request.ip),
      schema: { summary: 'Customer\'s page: move the booking to another session of its playgrounds', tags, params: key, querystring: langOnly,
        body: z.strictObject({ session_dt: dateTimeSchema, playground_id: idNumber() }), answers: { 200: CustomerOrder } },
    }, async (request) => manage.moveOrder(db, config, request.params.key, request.body, request.lang));

    r.get('/api/public/orders/:key/calendar.ics', {
      config: pub, schema: { summary: 'Customer\'s page: the booking as a calendar file (.ics, the location\'s time zone)', tags, params: key, querystring: langOnly,
        answers: { 200: z.string().describe('text/calendar') } },
    }, async (request, reply) => {
      const { file, name } = await manage.orderCalendar(db, config, request.params.key, request.lang);
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(file);
    });

    r.post('/api/public/orders/:key/pay/', {
      config: { records: RECORDS.payAgain, ...pub, conflicts: true, throttled: true },
      onRequest: async (request) => hitRateLimit(db, bookingLimit, request.ip),
      schema: { summary: 'Booking widget: a fresh payment link after a declined payment', tags, params: key, querystring: langOnly, answers: { 200: CustomerOrder } },
    }, async (request) => widget.widgetPayAgain(db, config, request.params.key, request.lang));

    // The widget's page: one HTML file whose script reads the path (booking or order page).
    const page = async (_request: unknown, reply: import('fastify').FastifyReply) => {
      const file = path.join(config.webDir, 'widget.html');
      if (!fs.existsSync(file)) return reply.status(404).type('text/plain; charset=utf-8').send(translate('en', 'not_found'));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      // #40 Through the built files' sender (server/app.ts) when the web app is there: its compressed copy when the browser takes one.
      if (typeof reply.sendFile === 'function') return reply.sendFile('widget.html', config.webDir, { cacheControl: false });
      return reply.send(fs.createReadStream(file));
    };
    r.get('/widget', { config: pub, schema: { hide: true } }, (request, reply) =>
      reply.redirect(`/widget/${request.url.slice('/widget'.length)}`));
    r.get('/widget/', { config: pub, schema: { hide: true } }, page);
    r.get('/widget/order/:key', { config: pub, schema: { hide: true } }, page);
    // #44 The guests' arrival page (the same page's script; data from /api/public/arrival/:key/).
    r.get('/arrival/:key', { config: pub, schema: { hide: true } }, page);
    // #45 The unsubscribe page of a marketing thank-you (data from /api/public/unsubscribe/:key/).
    r.get('/unsubscribe/:key', { config: pub, schema: { hide: true } }, page);
  });
}
