// Paths: POST /api/v2.1/booking/, PUT/DELETE /api/v2.1/booking/{id}/, POST /booking/{id}/pay/,
// GET /booking/{id}/comments/, GET /api/v2.2/orders/{id}/, GET /api/v2.2/orders/search/,
// GET /api/v2.2/orders/{id}/certificate_balance/ (ours, #38),
// POST /api/v2.1/check_coupon/, GET /api/v2.2/playgrounds/{id}/games_for_booking/,
// POST /api/v2.1/locations/{id}/payments/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { WriteRecords } from '../../platform/effects';
import { currentUser } from '../../platform/auth';
import { isSearchPhone, NAME_SEARCH } from '../../../domain/orderSearch';
import { emailSchema, idParam, idText, phoneSchema, idNumber, positiveAmount, staffOrderSource } from '../../platform/validation';
import { translate } from '../../platform/messages';
import { businessDateOf } from '../../../domain/businessDay';
import { locationToday, requireRoleAt, sellersAt } from '../locations/service';
import { dateTimeSchema } from '../schedules/schemas';
import { cancelBooking, createBooking, updateBooking } from './booking';
import { REFUND_PAYMENT_TYPES, refundOrderDue, sendRefunds, type RefundPaymentType } from './refunds';
import { checkCoupon } from './coupons';
import { certificateBalance, payOrder, standalonePayment } from './payments';
import { idempotentCall } from '../../platform/idempotency';
import { gamesForBooking, getOrder, orderComments, searchOrders } from './queries';
import type { Lang } from '../../platform/messages';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { BOOK_PAY_TYPES, type BookPayType } from '../../../domain/booking';

const emptyToNull = (v: unknown) => (v === '' ? null : v);
/** #38: why cash goes back for another tender's money; the card terminal's reference of a card refund. */
const refundReasonSchema = z.preprocess(emptyToNull, z.string().trim().min(3).max(TEXT_LIMITS.refundReason).nullable()).optional().transform((v) => v ?? null);
/** #38: a manager's e-mail and password typed at a cashier's desk to confirm cash instead of another tender. */
const approvalSchema = z.strictObject({ email: z.string().trim().min(1).max(TEXT_LIMITS.email), password: z.string().min(1).max(256) })
  .nullable().optional().transform((v) => v ?? null);
/** #43 The desk's till: cash and card land in (or leave) its open shift; without it, the location's only open one. */
const tillSchema = idNumber().nullable().optional().transform((v) => v ?? null).describe('The desk\'s till (#43): cash and card go to its open shift; without it, to the location\'s only open shift.');
const cardRefundReferenceSchema = z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.cardRefundReference).nullable()).optional().transform((v) => v ?? null);

export const bookingSchema = z.strictObject({
  playground_id: idNumber(),
  persons: z.number().int().min(1).max(1000),
  order_type: z.number().int().min(1).max(4),
  promocode: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.promocode).nullable()).optional().transform((v) => v ?? null),
  // Empty only where the location books walk-ins without details (#30; the service checks it).
  name: z.string().trim().max(TEXT_LIMITS.personName),
  phone: z.union([z.literal(''), phoneSchema]),
  email: z.preprocess(emptyToNull, emailSchema.nullable()).optional().transform((v) => v ?? null),
  bill: z.boolean().default(false),
  cancel_delay: z.preprocess(emptyToNull, z.number().int().min(1).max(10080).nullable()).optional().transform((v) => v ?? null),
  comment: z.string().max(TEXT_LIMITS.orderComment).default(''),
  session_dt: dateTimeSchema,
  playsession: idNumber().nullable().optional(),
  game_id: z.preprocess(emptyToNull, idNumber().nullable()).optional().transform((v) => v ?? null),
  // Empty seller becomes null (the spec); the UUID check is the service's, for its exact message.
  seller: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.seller).nullable()).optional().transform((v) => v ?? null),
  source: staffOrderSource,
  // #45 The customer's language for their messages (absent: none stored, the location's first is used; an edit without it keeps the order's).
  language: z.enum(['ru', 'en']).nullable().optional(),
});

/** POST /booking/ only: #30 "Book and pay" (cash 2 or card 6; the amount is the order's price). */
export const newBookingSchema = bookingSchema.extend({
  payment: z.strictObject({
    payment_type: z.number({ message: 'payment_type_invalid' }).refine((v) => (BOOK_PAY_TYPES as readonly number[]).includes(v), { message: 'payment_type_invalid' })
      .transform((v) => v as BookPayType),
  }).nullable().optional().transform((v) => v ?? null),
  till: tillSchema,
});


import { BOOKED_MESSAGES, CHANGED_MESSAGES } from './booking';
import { BookedAndPaid, CertificateBalance, CouponCheck, Created, Named, Order, OrderFound, OrderLogEntry, PaymentMade } from '../../platform/answers';

// #41 What each write records with recordEffects (platform/effects.ts checks it; the generated tests read it).
const RECORDS = {
  book: { activity: ['order.created', 'money.payment', 'money.payment_link'], orderLog: ['created', 'bill', 'bill_sent', 'paid', 'links_closed'], webhooks: ['order.created', 'payment.created', 'order.paid'], messages: ['payment_link', ...BOOKED_MESSAGES] },
  edit: { activity: ['order.updated', 'order.moved', 'money.payment_link'], orderLog: ['edited', 'links_closed', 'bill', 'bill_sent'], webhooks: ['order.changed', 'payment.created'], messages: ['payment_link', ...CHANGED_MESSAGES] },
  cancel: { activity: ['order.cancelled', 'money.refund'], orderLog: ['cancelled', 'refund_due', 'refunded', 'refund_pending', 'refund_failed'], webhooks: ['order.cancelled', 'payment.created'], live: ['certificate'], messages: ['cancellation', 'refund'] },
  pay: { activity: ['money.payment', 'money.payment_link'], orderLog: ['paid', 'links_closed', 'bill', 'bill_sent'], webhooks: ['payment.created', 'order.paid'], live: ['certificate'], messages: ['payment_link'] },
  refund: { activity: 'money.refund', orderLog: ['refunded', 'refund_pending', 'refund_failed'], webhooks: ['payment.created'], live: ['certificate'], messages: ['refund'] },
  coupon: { activity: { none: 'a check of a code: nothing is stored' } },
  payment: { activity: 'money.payment', webhooks: ['payment.created'] },
} satisfies Record<string, WriteRecords>;

export async function orderRoutes(app: FastifyInstance, { db, pool, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const params = z.object({ id: idParam });
  const ctx = (userId: number, lang: Lang) => ({ userId, publicUrl: config.publicUrl, lang, payments: config });

  // #30: `payment` books and takes the whole price (cash or card) in one transaction; with an
  // Idempotency-Key a retry answers the first booking and payment.
  r.post('/api/v2.1/booking/', {
    config: { records: RECORDS.book, conflicts: true, notFound: true, idempotent: true },
    schema: { summary: 'Book a session (and pay for it: `payment`)', tags, body: newBookingSchema, answers: { 201: BookedAndPaid } },
  }, async (request, reply) => {
    const user = currentUser(request);
    const call = idempotentCall(request, user.id);
    const booked = await createBooking(db, ctx(user.id, request.lang), request.body, call);
    if (call?.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(booked);
  });

  r.put('/api/v2.1/booking/:id/', { config: { records: RECORDS.edit, conflicts: true }, schema: { summary: 'Edit a booking', tags, params, body: bookingSchema, answers: { 200: Created } } }, async (request) =>
    updateBooking(db, ctx(currentUser(request).id, request.lang), request.params.id, request.body));

  r.delete('/api/v2.1/booking/:id/', {
    config: { records: RECORDS.cancel, conflicts: true },
    // #38 refund=original: what the order holds goes back each tender its own way in the cancel's
    // transaction (provider refunds sent after it); refund=cash: all in cash, other tenders' money only
    // with refund_reason by a manager; none (the default): it stays on the order to refund later.
    schema: {
      summary: 'Cancel a booking', tags, params,
      querystring: z.strictObject({
        refund: z.enum(['original', 'cash', 'none']).optional(),
        refund_reason: refundReasonSchema,
        external_id: cardRefundReferenceSchema,
        till: idText().optional().describe('The desk\'s till (#43): the cash and card given back leave its open shift.'),
      }),
      // A manager's confirmation of refund=cash at a cashier's desk: in the body, never in the address.
      body: z.strictObject({ approval: approvalSchema }).optional(),
      answers: { 204: null },
    },
  }, async (request, reply) => {
    const { refund = 'none', refund_reason, external_id, till } = request.query;
    const refundIds = await cancelBooking(db, { userId: currentUser(request).id }, request.params.id, 'cancelled',
      { refund, refundReason: refund_reason, externalId: external_id, approval: request.body?.approval ?? null, till: till ?? null });
    // Sent after the cancel committed; a provider that does not answer now is asked again by the refund.check job.
    await sendRefunds(db, config, refundIds);
    return reply.status(204).send();
  });

  r.post('/api/v2.1/booking/:id/pay/', {
    config: { records: RECORDS.pay, idempotent: true },
    schema: {
      summary: 'Pay for a booking',
      tags, params,
      body: z.strictObject({
        // Not a union of literals: its failure would hide 'This field is required.' when the type is missing.
        payment_type: z.number({ message: 'payment_type_invalid' }).refine((v) => [2, 3, 4, 6].includes(v), { message: 'payment_type_invalid' })
          .transform((v) => v as 2 | 3 | 4 | 6),
        purchase: positiveAmount(10),
        external_id: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.externalId).nullable()).optional().transform((v) => v ?? null),
        certificate: z.preprocess(emptyToNull, z.string().trim().max(15).nullable()).optional().transform((v) => v ?? null),
        till: tillSchema,
      }),
      answers: { 201: PaymentMade },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const call = idempotentCall(request, user.id);
    const payment = await payOrder(db, ctx(user.id, request.lang), request.params.id, request.body, call);
    if (call?.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(payment);
  });

  // Ours (#38): the pay dialog learns a certificate's balance before it takes anything, to split the
  // debt between the certificate and cash or card. Refused as paying with it would be.
  r.get('/api/v2.2/orders/:id/certificate_balance/', {
    schema: {
      summary: 'What a certificate has left to pay this order with', tags, params,
      querystring: z.strictObject({ code: z.string().trim().min(1).max(TEXT_LIMITS.certificateNumber) }),
      answers: { 200: CertificateBalance },
    },
  }, async (request) => certificateBalance(db, currentUser(request).id, request.params.id, request.query.code));

  // Ours (the specs name no refund): staff give back what an order owes back (`to_refund`: all a
  // cancelled order holds, or a live order's overpayment; a `refund_due` log entry), all or `amount`
  // of it, in cash, online or to the card. #29: online on an order paid through a provider goes
  // through the provider (a refund record); an Idempotency-Key makes a retry the same refund.
  r.post('/api/v2.2/orders/:id/refund/', {
    config: { records: RECORDS.refund, conflicts: true, idempotent: true },
    schema: {
      summary: 'Refund what an order owes back (a cancelled order\'s money, an overpayment); online: through the payment provider',
      tags, params,
      body: z.strictObject({
        payment_type: z.number({ message: 'payment_type_invalid' }).refine((v) => (REFUND_PAYMENT_TYPES as readonly number[]).includes(v), { message: 'payment_type_invalid' })
          .transform((v) => v as RefundPaymentType),
        amount: positiveAmount(10).nullable().optional().transform((v) => v ?? null).describe('Part of what is due; all of it when absent.'),
        external_id: cardRefundReferenceSchema.describe('Card: the terminal\'s reference of the refund.'),
        refund_reason: refundReasonSchema.describe('Cash for money that came by another tender: why (a manager only).'),
        approval: approvalSchema.describe('Cash for another tender\'s money asked by a cashier: the confirming manager\'s e-mail and password.'),
        till: tillSchema,
      }),
      answers: { 200: Order },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const call = idempotentCall(request, user.id);
    await refundOrderDue(db, config, user.id, request.params.id, request.body, call);
    if (call?.replayed) reply.header('idempotent-replayed', 'true');
    return getOrder(db, user.id, request.params.id, config);
  });

  r.get('/api/v2.1/booking/:id/comments/', { schema: { summary: 'A booking\'s history (order log)', tags, params, answers: { 200: z.array(OrderLogEntry) } } }, async (request) =>
    orderComments(db, currentUser(request).id, request.params.id));

  // #39 The booking form's seller is chosen by name from the location's staff (the rule the booking
  // checks a seller by), so every role there reads it: a cashier books and names the seller too. The
  // certificate activation's list needs its permission; this one gives the same names, no more.
  r.get('/api/v2.1/booking/sellers/', {
    config: { notFound: true },
    schema: {
      summary: 'Who may be named as the seller of a booking at a location', tags, querystring: z.strictObject({ location_id: idText() }),
      answers: { 200: z.array(z.object({ uid: z.string(), name: z.string().nullable(), email: z.string(), label: z.string() })) },
    },
  }, async (request) => {
    await requireRoleAt(db, currentUser(request).id, request.query.location_id);
    return sellersAt(db, request.query.location_id);
  });

  r.get('/api/v2.2/orders/search/', {
    schema: {
      summary: 'Search the orders of the caller\'s locations',
      tags,
      // #39 A phone as typed (spaces, dashes, brackets, an 8-prefix) or a name (2-100 characters, any case,
      // ё as е); both at once narrow each other. Neither is the spec's "phone required".
      querystring: z.strictObject({
        phone: z.string().trim().refine(isSearchPhone, { message: 'invalid_phone' }).optional()
          .describe('Digits with spaces, "-", "(", ")" and a leading "+"; an 11-digit number starting with 8 reads as +7. Matches on the last 10 digits.'),
        name: z.string().trim().min(NAME_SEARCH.min).max(NAME_SEARCH.max).optional().describe('Part of the customer\'s name: any case, ё and е alike.'),
        limit: z.coerce.number().int().min(1).max(100).default(10),
        offset: z.coerce.number().int().min(0).max(2147483647).default(0),
        location_id: idText().optional().describe('#44 Only this location\'s orders (the booking form asks for its no-shows of a phone); a location without the caller\'s role: 404.'),
      }).refine((q) => q.phone !== undefined || q.name !== undefined, { message: 'required', path: ['phone'] }),
      answers: { 200: z.object({
        count: z.number().int(),
        no_shows: z.number().int().describe('#44 How many of the orders found (all pages) are no-shows: nobody came to them.'),
        results: z.array(OrderFound),
      }) },
    },
  }, async (request) => searchOrders(db, currentUser(request).id, { phone: request.query.phone, name: request.query.name, locationId: request.query.location_id },
    request.query.limit, request.query.offset));

  r.get('/api/v2.2/orders/:id/', { schema: { summary: 'An order', tags, params, answers: { 200: Order } } }, async (request) => getOrder(db, currentUser(request).id, request.params.id, config));

  r.post('/api/v2.1/check_coupon/', {
    config: { records: RECORDS.coupon, notFound: true },
    schema: { summary: 'Check a promo code or certificate for a booking', tags, body: z.strictObject({ code: z.string().trim().min(1).max(50), location: idNumber(), datetime: dateTimeSchema.optional() }), answers: { 200: CouponCheck } },
  }, async (request) => {
    const { code, location, datetime } = request.body;
    await requireRoleAt(db, currentUser(request).id, location);
    // Without a session time, the code is checked for today at the location (its business date, as
    // the promo code list shows it), not the server's UTC date.
    const date = datetime ? businessDateOf(datetime) : await locationToday(db, location);
    const check = await checkCoupon(db, location, code, date);
    if (!check.valid) return { valid: false, type: null, discount: null, reason: translate(request.lang, check.reason, check.params) };
    return { valid: true, type: Number(check.discount) < 1 ? 'fraction' : 'flat', discount: check.discount };
  });

  r.get('/api/v2.2/playgrounds/:id/games_for_booking/', { schema: { summary: 'Games that can be booked on a playground', tags, params, answers: { 200: z.array(Named) } } }, async (request) =>
    gamesForBooking(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/locations/:id/payments/', {
    config: { records: RECORDS.payment, idempotent: true },
    schema: {
      summary: 'Record a payment without an order',
      tags, params,
      body: z.strictObject({
        purchase: positiveAmount(10),
        external_id: z.preprocess(emptyToNull, z.string().trim().max(TEXT_LIMITS.externalId).nullable()).optional().transform((v) => v ?? null),
        comment: z.string().trim().max(TEXT_LIMITS.shortComment).default(''),
      }),
      answers: { 201: PaymentMade },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const call = idempotentCall(request, user.id);
    const payment = await standalonePayment(db, user.id, request.params.id, request.body, call);
    if (call?.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(payment);
  });
}
