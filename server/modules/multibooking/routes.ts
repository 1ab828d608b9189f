// Paths: POST /api/v2.2/multibooking/ -> {order_id}, GET /api/v2.2/multibooking/{id}/,
// POST /api/v2.2/multibooking/{id}/update_part/, GET /api/v2.2/locations/{id}/events_packages/?date=.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { WriteRecords } from '../../platform/effects';
import { currentUser } from '../../platform/auth';
import { emailSchema, idParam, phoneSchema, idNumber, staffOrderSource, amountOrZero } from '../../platform/validation';
import { ORDER_TYPE } from '../../../domain/slotFlags';
import { toCents } from '../../../domain/pricing';
import { dateSchema, dateTimeSchema } from '../schedules/schemas';
import { listPackages } from '../catalogue/items';
import * as multi from './service';
import { TEXT_LIMITS } from '../../../domain/textLimits';

const emptyToNull = (v: unknown) => (v === '' ? null : v);

export const multiBookingSchema = z.strictObject({
  date: z.preprocess(emptyToNull, dateSchema.nullable()).optional().transform((v) => v ?? null),
  // validationCost: digits with a comma or dot.
  // Never negative; 0 only for an order that takes no money (technical, free): see the refinement below.
  cost: amountOrZero(12, 'invalid_cost'),
  // validationPersons: digits only.
  persons: z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ message: 'invalid_persons' }).int({ message: 'invalid_persons' }).min(1).max(1000)),
  name: z.string().trim().min(1).max(TEXT_LIMITS.personName),
  email: emailSchema,
  phone: phoneSchema,
  promocode: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.promocode).nullable()).optional().transform((v) => v ?? null),
  bill: z.boolean().default(false),
  cancel_delay: z.preprocess(emptyToNull, z.number().int().min(1).max(10080).nullable()).optional().transform((v) => v ?? null),
  order_type: z.number().int().min(1).max(4),
  event_type_id: z.preprocess(emptyToNull, idNumber().nullable()).optional().transform((v) => v ?? null),
  time: z.string().max(5).nullable().optional(),
  comment: z.string().max(TEXT_LIMITS.orderComment).default(''),
  location_id: idNumber(),
  playsessions: z.array(z.strictObject({ playground_id: idNumber(), session_dt: dateTimeSchema }))
    .max(50).refine((list) => list.length > 0, { message: 'sessions_required' }),
  amo_id: z.preprocess(emptyToNull, z.string().trim().max(64).nullable()).optional().transform((v) => v ?? null),
  source: staffOrderSource,
  // #45 The customer's language for their messages, as the single booking's (absent: none stored, the
  // location's first is used; an edit without it keeps the order's).
  language: z.enum(['ru', 'en']).nullable().optional(),
}).superRefine((v, ctx) => {
  // A paid order or an event takes money: its cost is above zero (#25); a technical or free one may cost 0.
  const takesMoney = v.order_type === ORDER_TYPE.paid || v.order_type === ORDER_TYPE.event;
  if (takesMoney && toCents(v.cost) === 0) ctx.addIssue({ code: 'custom', path: ['cost'], message: 'amount_not_positive' });
});

import { money, MultiBooking, OrderCreated } from '../../platform/answers';

// #41 What each write records with recordEffects (platform/effects.ts checks it; the generated tests read it).
const RECORDS = {
  book: { activity: ['order.created', 'money.payment_link'], orderLog: ['created', 'bill', 'bill_sent'], webhooks: ['order.created', 'payment.created'], messages: ['payment_link', 'confirmation', 'reminder', 'thank_you'] },
  edit: { activity: ['order.updated', 'order.moved', 'money.payment_link'], orderLog: ['edited', 'links_closed', 'bill', 'bill_sent'], webhooks: ['order.changed', 'payment.created'], messages: ['payment_link', 'change', 'reminder', 'thank_you'] },
} satisfies Record<string, WriteRecords>;

export async function multiBookingRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['multibooking'];
  const params = z.object({ id: idParam });

  r.post('/api/v2.2/multibooking/', { config: { records: RECORDS.book, access: { permissions: ['multibooking'] }, conflicts: true, notFound: true }, schema: { summary: 'Book several sessions in one order', tags, body: multiBookingSchema, answers: { 201: OrderCreated } } }, async (request, reply) =>
    reply.status(201).send(await multi.createMultiBooking(db, currentUser(request), { publicUrl: config.publicUrl, lang: request.lang, payments: config }, request.body)));

  r.get('/api/v2.2/multibooking/:id/', { schema: { summary: 'A multi-session order', tags, params, answers: { 200: MultiBooking } } }, async (request) =>
    multi.getMultiBooking(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.2/multibooking/:id/update_part/', { config: { records: RECORDS.edit, access: { permissions: ['multibooking'] }, conflicts: true }, schema: { summary: 'Change the sessions of a multi-session order', tags, params, body: multiBookingSchema, answers: { 200: OrderCreated } } }, async (request) =>
    multi.updateMultiBooking(db, currentUser(request), { publicUrl: config.publicUrl, lang: request.lang, payments: config }, request.params.id, request.body));

  // With `date`: the packages on sale that day (the spec's). Without (#28 CATALOGUE): every package, retired
  // ones too, for the administrator's screen (role id 40 at the location).
  r.get('/api/v2.2/locations/:id/events_packages/', {
    schema: { summary: 'A location\'s event packages for a day (without date: all of them, for administrators)', tags, params, querystring: z.strictObject({ date: dateSchema.optional() }),
      answers: { 200: z.union([
        z.array(z.object({ id: z.number().int(), name: z.string(), price: money() })),
        z.array(z.object({ id: z.number().int(), name: z.string(), price: money(), active: z.boolean(), valid_from: z.string().nullable(), valid_to: z.string().nullable() })),
      ]) } },
  }, async (request) => (request.query.date === undefined
    ? listPackages(db, currentUser(request).id, request.params.id)
    : multi.eventPackagesOn(db, currentUser(request).id, request.params.id, request.query.date)));
}
