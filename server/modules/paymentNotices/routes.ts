// #29 The providers' notifications: POST /api/v2.1/payments/yookassa/notifications/ (public,
// unsigned, never trusted: see check.ts) and POST /api/v2.1/payments/stripe/webhook/ (public, signed:
// see stripe.ts). Above orders and paymentProviders, which it joins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { LockConflictError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { ProviderHttpError } from '../paymentProviders/errors';
import { NOTIFICATION_PATHS } from '../paymentProviders/types';
import { settleFromProvider } from './check';
import { receiveStripeEvent } from './stripe';
import { recordProviderRefund } from '../orders/refunds';
import { PROVIDER_WORD_RECORDS } from '../orders/billing';

export async function paymentNoticeRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // YooKassa's notification names a payment; what it says of it is not believed: the payment is read
  // from YooKassa with the account's credentials. An id we do not know changes nothing (200, so the
  // provider stops sending it); a busy payment (lock timeout) or an unreachable provider answers 503,
  // so the provider sends it again. Hidden from the document like the sandbox's callback: the provider calls it, not a client.
  r.post(NOTIFICATION_PATHS.yookassa, {
    config: { records: PROVIDER_WORD_RECORDS, public: true },
    schema: {
      hide: true,
      body: z.object({ type: z.literal('notification').optional(), event: z.string().max(100).optional(), object: z.object({ id: z.string().min(1).max(100) }).passthrough() }).passthrough(),
    },
  }, async (request, reply) => {
    try {
      // #29 refunds: refund.succeeded names a refund (and its payment): ours settles, one made in YooKassa's dashboard is recorded once.
      if (request.body.event?.startsWith('refund.')) {
        const paymentId = request.body.object.payment_id;
        const result = await recordProviderRefund(db, config, { provider: 'yookassa', externalId: request.body.object.id, paymentExternalId: typeof paymentId === 'string' ? paymentId : null });
        // Not final yet (or one of ours still unanswered): YooKassa sends it again.
        if (result === 'pending') return reply.status(503).send({ detail: translate(request.lang, 'payment_provider_busy') });
        return { result };
      }
      const result = await settleFromProvider(db, config, { provider: 'yookassa', externalId: request.body.object.id });
      return { result };
    } catch (err) {
      if (err instanceof LockConflictError || err instanceof ProviderHttpError) {
        request.log.warn({ err, externalId: request.body.object.id }, 'yookassa notification not settled now; the provider will retry');
        return reply.status(503).send({ detail: translate(request.lang, 'payment_provider_busy') });
      }
      throw err;
    }
  });

  // Stripe signs the exact bytes it sends (Stripe-Signature): this route alone, in a scope of its own,
  // takes its JSON body unparsed; every other route keeps the app's JSON parser (depth check included).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(NOTIFICATION_PATHS.stripe, { config: { records: PROVIDER_WORD_RECORDS, public: true }, schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      // Unsigned, or signed with no secret of ours: 400 and nothing changes (Stripe shows the failure on the endpoint).
      const refused = () => reply.status(400).send({ detail: translate(request.lang, 'stripe_signature_invalid') });
      if (!Buffer.isBuffer(raw) || typeof signature !== 'string' || signature.length > 2000) return refused();
      try {
        const result = await receiveStripeEvent(db, config, raw, signature, request.log);
        if (result === null) return refused();
        // A refund not final yet (or one of ours still unanswered): Stripe sends the event again.
        if (result === 'refund_pending') return reply.status(503).send({ detail: translate(request.lang, 'payment_provider_busy') });
        return { result };
      } catch (err) {
        if (err instanceof LockConflictError || err instanceof ProviderHttpError) {
          request.log.warn({ err }, 'stripe event not settled now; Stripe will retry');
          return reply.status(503).send({ detail: translate(request.lang, 'payment_provider_busy') });
        }
        throw err;
      }
    });
  });
}
