// The built-in sandbox payment provider, used when no real provider is configured. A payment link
// opens GET /sandbox/pay/{token}: a page where the customer pays or declines. The choice is posted
// to the "provider" (POST /sandbox/pay/{token}), which calls our callback over HTTP, signed with
// HMAC-SHA256, exactly as a real provider would; the callback settles the payment idempotently.
// PAYMENT_SANDBOX=off (the default in production) leaves only 404s here: anyone could "pay" on these pages.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { currencies, locations, payments, orders } from '../../db/schema';
import { formatMoney } from '../../../domain/money';
import { notFound, permissionDenied } from '../../platform/errors';
import { PROVIDER_WORD_RECORDS, paymentDescription, settleBillPayment } from '../orders/billing';
import { REFILL_COMMENT } from '../transactions/refill';
import { orderPageUrl } from '../../platform/orderLinks';
import { isLiveOrder } from '../../../domain/slotFlags';
import { ORDER_SOURCE } from '../../../domain/booking';

const CALLBACK_PATH = '/api/v2.1/payments/sandbox/callback/';

export function sandboxSignature(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

// #29: every page of the sandbox says first that it is the demo and no money moves.
const DEMO_BANNER = {
  ru: 'Демо-режим: это тестовая оплата, настоящие деньги не списываются и не поступают.',
  en: 'Demo mode: this is a test payment, no real money moves.',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(lang: 'ru' | 'en', title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f4f5f7;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002;padding:24px;max-width:420px;width:100%}h1{font-size:22px}
button{font-size:16px;padding:10px 18px;margin:8px 8px 0 0;border-radius:6px;border:1px solid #3949ab;cursor:pointer}
.pay{background:#3949ab;color:#fff}.decline{background:#fff;color:#3949ab}.note{color:#666;font-size:13px}
.demo{background:#fff3cd;border:1px solid #e0a800;border-radius:6px;padding:8px 12px;font-weight:600}</style></head>
<body><main><p class="demo" id="demo-mode" role="note">${DEMO_BANNER[lang]}</p>${body}</main></body></html>`;
}

export async function sandboxRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (!config.paymentSandbox) {
    // Explicit 404s: without them the built web app's fallback would answer the pages with index.html.
    const off = async () => { throw notFound(); };
    app.post(CALLBACK_PATH, { config: { public: true }, schema: { hide: true } }, off);
    await app.register(async (scope) => {
      // The page's form posts are 404 too, not 415.
      scope.addContentTypeParser('application/x-www-form-urlencoded', (_req, _body, done) => done(null, {}));
      for (const method of ['GET', 'POST'] as const) scope.route({ method, url: '/sandbox/pay/:token', config: { public: true }, schema: { hide: true }, handler: off });
    });
    return;
  }
  const token = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/) });
  const texts = {
    ru: {
      orderPaid: 'Заказ уже оплачен', orderPaidNote: 'Ссылка закрыта: заказ оплачен другим способом, платить по ней не нужно.',
      orderCancelled: 'Заказ отменён', orderCancelledNote: 'Ссылка закрыта: заказ отменён, платить по ней не нужно.',
      late: 'Оплата получена, но ссылка уже была закрыта', lateNote: 'Заказ был оплачен другим способом или отменён. Эти деньги вам вернут; площадка свяжется с вами.',
      title: 'Оплата (тестовая среда)', order: 'Заказ', amount: 'Сумма', pay: 'Оплатить', decline: 'Отказаться', note: 'Это тестовый платёжный шлюз: деньги не списываются.', paid: 'Оплата прошла', declined: 'Оплата отклонена', done: 'Платёж уже обработан', unknown: 'Платёж не найден', back: 'Вернуться в бэк-офис', toBooking: 'Перейти к брони' },
    en: {
      orderPaid: 'This order is already paid', orderPaidNote: 'This link is closed: the order was paid another way, there is nothing to pay here.',
      orderCancelled: 'This order is cancelled', orderCancelledNote: 'This link is closed: the order was cancelled, there is nothing to pay here.',
      late: 'Payment received, but the link had been closed', lateNote: 'The order was paid another way or cancelled. This money will be returned to you; the venue will contact you.',
      title: 'Payment (sandbox)', order: 'Order', amount: 'Amount', pay: 'Pay', decline: 'Decline', note: 'This is a sandbox payment provider: no money moves.', paid: 'Payment successful', declined: 'Payment declined', done: 'This payment has already been processed', unknown: 'Payment not found', back: 'Back to the back-office', toBooking: 'Go to your booking' },
  };

  r.get('/sandbox/pay/:token', { config: { public: true }, schema: { hide: true, params: token } }, async (request, reply) => {
    const t = texts[request.lang];
    const [p] = await db.select({ p: payments, orderId: orders.id, order: orders, currency: { code: currencies.code, unicode: currencies.unicode, is_before: currencies.isBefore, blank_place: currencies.blankPlace } })
      .from(payments).leftJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(locations, eq(locations.id, payments.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
      .where(eq(payments.externalId, `sandbox-${request.params.token}`));
    reply.type('text/html; charset=utf-8');
    if (!p) return reply.status(404).send(page(request.lang, t.unknown, `<h1>${t.unknown}</h1>`));
    // A link we closed says why: its order was paid another way, or cancelled (#25); no pay button.
    if (p.p.status === 'cancelled' && p.order) {
      const cancelled = !isLiveOrder(p.order);
      const [heading, note] = cancelled ? [t.orderCancelled, t.orderCancelledNote] : [t.orderPaid, t.orderPaidNote];
      return page(request.lang, heading, `<h1 data-state="${cancelled ? 'order_cancelled' : 'order_paid'}">${heading}</h1><p>${note}</p>`);
    }
    if (p.p.status !== 'processing') return page(request.lang, t.done, `<h1>${t.done}</h1>`);
    // #40 What is bought, as a real provider's page shows the payment's description.
    const what = p.orderId ? `<p data-testid="description">${escapeHtml(await paymentDescription(db, p.orderId, request.lang))}</p>` : '';
    return page(request.lang, t.title, `<h1>${t.title}</h1><p>${t.order} № ${p.orderId ?? '—'}</p>${what}<p>${t.amount}: <b>${escapeHtml(formatMoney(p.p.purchase, p.currency?.code ? p.currency : null, request.lang))}</b></p>
<form method="post"><button class="pay" name="outcome" value="paid">${t.pay}</button><button class="decline" name="outcome" value="declined">${t.decline}</button></form>
<p class="note">${t.note}</p>`);
  });

  // The "provider" side: records the customer's choice and calls the shop back over HTTP. In a scope
  // of its own, so the form parser does not make the API's JSON routes accept form bodies (415).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/sandbox/pay/:token', {
      config: { public: true },
      schema: { hide: true, params: token, body: z.object({ outcome: z.enum(['paid', 'declined']) }) },
    }, async (request, reply) => {
      const t = texts[request.lang];
      const body = JSON.stringify({ external_id: `sandbox-${request.params.token}`, outcome: request.body.outcome });
      const callbackUrl = `${config.paymentCallbackBase}${CALLBACK_PATH}`;
      const res = await fetch(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(config.paymentSandboxSecret, body) },
        body,
      });
      const result = res.ok ? ((await res.json()) as { result: string }).result : 'unknown';
      const heading = result === 'already' ? t.done : result === 'unknown' ? t.unknown : result === 'late' ? t.late
        : request.body.outcome === 'paid' ? t.paid : t.declined;
      reply.type('text/html; charset=utf-8');
      // A location's top-up returns to the back-office's payment check page, as a provider's return URL would.
      const [p] = await db.select().from(payments).where(eq(payments.externalId, `sandbox-${request.params.token}`));
      const back = p && p.orderId === null && p.comment === REFILL_COMMENT
        ? `<p><a id="return" href="${escapeHtml(`${config.publicUrl}/locations/${p.locationId}/check_payment/${p.id}`)}">${t.back}</a></p>`
        // A customer of the booking widget returns to their booking's page, as a provider's return URL would.
        : p?.orderId && (await db.select({ source: orders.source }).from(orders).where(eq(orders.id, p.orderId)))[0]?.source === ORDER_SOURCE.widget
          ? `<p><a id="return" href="${escapeHtml(orderPageUrl(config.publicUrl, config.widgetSecret, p.orderId, request.lang))}">${t.toBooking}</a></p>` : '';
      const lateNote = result === 'late' ? `<p>${t.lateNote}</p>` : '';
      return page(request.lang, heading, `<h1 data-result="${escapeHtml(result)}">${heading}</h1>${lateNote}${back}`);
    });
  });

  // The shop side: the provider's callback, verified by its signature.
  r.post(CALLBACK_PATH, {
    config: { records: PROVIDER_WORD_RECORDS, public: true },
    schema: { hide: true, body: z.strictObject({ external_id: z.string().max(100), outcome: z.enum(['paid', 'declined']) }) },
  }, async (request) => {
    const expected = sandboxSignature(config.paymentSandboxSecret, JSON.stringify(request.body));
    const given = String(request.headers['x-sandbox-signature'] ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) throw permissionDenied();
    return { result: await settleBillPayment(db, request.body.external_id, request.body.outcome) };
  });
}
