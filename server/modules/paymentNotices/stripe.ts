// #29 Stripe's events (POST /api/v2.1/payments/stripe/webhook/). An event is acted on only when its
// Stripe-Signature signs its exact bytes with a signing secret set here: the secret of the account whose
// payment the event's metadata names is tried first, then the other Stripe accounts' (locations sharing
// one Stripe account share its endpoint's secret). Even signed, what it says of a session is not taken
// as it stands: the session is read back from Stripe (settleFromProvider, as YooKassa's notifications
// and the lost-notification job do), so a replayed, stale or out-of-order event settles nothing twice.
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { z } from 'zod';
import { jsonTooDeep } from '../../platform/validation';
import { RequestValidationError } from '../../platform/errors';
import type { PaymentConfig } from '../paymentProviders/provider';
import { stripeWebhookSecrets } from '../paymentProviders/settings';
import { verifyStripeEvent } from '../paymentProviders/stripe';
import { accountOf, settleFromProvider, type ProviderWordResult } from './check';
import { recordProviderRefund } from '../orders/refunds';

/** The session events whose outcome is the session's state: paid (completed, an async payment succeeded) or expired. */
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

/** What an event did: what settling did, `ignored` (not about a payment of ours, or a kind we do not act on); `refund_pending`: ask again (the route's 503). */
export type StripeEventResult = ProviderWordResult | 'ignored' | 'refund_pending';

/** What we read of an event: its type and its data's object (https://docs.stripe.com/api/events/object). */
const EVENT_SHAPE = z.object({ type: z.string().min(1).max(200), data: z.object({ object: z.object({}).passthrough() }).passthrough() }).passthrough();

interface EventObject { id?: unknown; object?: unknown; metadata?: { payment_id?: unknown } | null; refunds?: { data?: unknown } | null }

/** The payment id the event's object names in its metadata (read before the signature is checked: it only picks the secret to try first). */
function namedPaymentId(raw: Buffer): number | null {
  const text = raw.toString('utf8');
  if (jsonTooDeep(text)) return null;
  try {
    const id = (JSON.parse(text) as { data?: { object?: EventObject } })?.data?.object?.metadata?.payment_id;
    return typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : null;
  } catch {
    return null;
  }
}

/** null: no secret set here signs these bytes (the route's 400); else what the event did. */
export async function receiveStripeEvent(db: Db, config: PaymentConfig, raw: Buffer, signature: string, log: FastifyBaseLogger): Promise<StripeEventResult | null> {
  const named = namedPaymentId(raw);
  const [payment] = named === null ? [] : await db.select().from(payments).where(and(eq(payments.id, named), eq(payments.provider, 'stripe')));
  const secrets = await stripeWebhookSecrets(db, config, payment ? accountOf(payment) : undefined);
  let event: ReturnType<typeof verifyStripeEvent> = null;
  for (const secret of secrets) {
    event = verifyStripeEvent(raw, signature, secret);
    if (event) break;
  }
  if (!event) return null;
  // #38 Signed is not well-formed: an event without its data object (`{}`, `[]`, `{"data":null}`) is
  // a 400 naming what is missing, as any bad body, never a 500 (Stripe shows the failure on the endpoint).
  const shape = EVENT_SHAPE.safeParse(event);
  if (!shape.success) throw new RequestValidationError(shape.error);
  const object = event.data.object as EventObject;
  if (SESSION_EVENTS.has(event.type) && typeof object.id === 'string') {
    // Found by the session's id (our external_id), whatever the metadata says.
    return settleFromProvider(db, config, { provider: 'stripe', externalId: object.id });
  }
  if (event.type === 'charge.refunded' && payment?.externalId) {
    // The charge lists its refunds (https://docs.stripe.com/api/charges/object#charge_object-refunds): each is read
    // back from Stripe; ours settle (or are already final), one made in Stripe's dashboard is recorded once.
    // A list that is not one (or holds other things) names no refund: never a 500 on a signed but odd body.
    const list: unknown[] = Array.isArray(object.refunds?.data) ? object.refunds.data : [];
    const ids = list.map((r) => (r && typeof r === 'object' ? (r as { id?: unknown }).id : null)).filter((x): x is string => typeof x === 'string' && x.length <= 100).slice(0, 100);
    if (!ids.length) log.warn({ paymentId: payment.id, charge: object.id }, 'stripe: charge.refunded without its refunds list');
    const results: string[] = [];
    for (const id of ids) results.push(await recordProviderRefund(db, config, { provider: 'stripe', externalId: id, paymentExternalId: payment.externalId }));
    if (results.includes('pending')) return 'refund_pending';
    return results.includes('settled') ? 'settled' : results.length && results.every((r) => r === 'already') ? 'already' : 'unknown';
  }
  return 'ignored';
}
