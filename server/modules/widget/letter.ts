// The letters of a widget booking, in the customer's language: the confirmation (sent when the
// booking is made with nothing to pay now, or when its online payment arrives: billing.ts queues
// it then) and the cancellation (the customer cancelled on their page, or the payment hold expired
// and the places were released).
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { currencies, games, locationTranslations, locations, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { pickLanguage, translate } from '../../platform/messages';
import { addRealMinutes } from '../../platform/clock';
import { readableLocal } from '../../../domain/zonedTime';
import { formatMoney } from '../../../domain/money';
import { fromCents, toCents } from '../../../domain/pricing';
import { orderPageUrl } from '../../platform/orderLinks';
import type { WidgetCancelLetterJob } from '../../platform/jobs';

/** What every letter of an order says: the customer, the location, the session and the money. */
async function letterFacts(deps: Deps, orderId: number) {
  const { db } = deps;
  const [row] = await db.select({ o: orders, l: locations, c: currencies }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(eq(orders.id, orderId));
  if (!row || !row.o.email) return null;
  const lang = pickLanguage(row.o.language ?? undefined);
  const texts = await db.select().from(locationTranslations).where(eq(locationTranslations.locationId, row.l.id));
  const text = texts.find((t) => t.language === lang) ?? texts[0];
  const [session] = await db.select({ ps: playsessions, playground: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId)).where(eq(orderPlaysessions.orderId, orderId)).limit(1);
  if (!session) return null;
  const currency = row.c ? { code: row.c.code, is_before: row.c.isBefore, blank_place: row.c.blankPlace, unicode: row.c.unicode } : null;
  const money = (v: string) => formatMoney(v, currency, lang);
  const start = session.ps.timeStart;
  return {
    order: row.o, location: row.l, lang, money,
    args: {
      name: row.o.name,
      location: text?.name || row.l.name,
      id: row.o.id,
      date: start.slice(0, 10).split('-').reverse().join('.'),
      // The second 01:00 of a fall-back night says its offset; the end is the real one.
      begin: readableLocal(start),
      end: readableLocal(addRealMinutes(row.l.timezone, start, session.ps.duration)),
      playground: session.playground,
      persons: row.o.persons,
      address: text?.address ?? '',
      link: orderPageUrl(deps.config.publicUrl, deps.config.widgetSecret, row.o.id, lang),
    },
  };
}

export async function sendWidgetLetter(deps: Deps, orderId: number): Promise<void> {
  const facts = await letterFacts(deps, orderId);
  if (!facts) return;
  const { order, lang, money, args } = facts;
  const game = order.gameId ? (await deps.db.select({ name: games.name }).from(games).where(eq(games.id, order.gameId)))[0] : undefined;
  await deps.mailer.send({
    to: order.email!,
    subject: translate(lang, 'widget_mail_subject', args),
    text: translate(lang, 'widget_mail_text', {
      ...args,
      game: game ? translate(lang, 'widget_mail_game', { game: game.name }) : '',
      purchase: money(order.purchase),
      paid: money(order.paid),
      rest: money(fromCents(Math.max(0, toCents(order.purchase) - toCents(order.paid)))),
      hours: facts.location.customerCancelHours,
    }),
  });
}

/** The customer's letter after a cancel: theirs (with what will be refunded) or the expired hold's. */
export async function sendWidgetCancelLetter(deps: Deps, job: WidgetCancelLetterJob): Promise<void> {
  const facts = await letterFacts(deps, job.orderId);
  if (!facts) return;
  const { order, lang, money, args } = facts;
  const refund = toCents(order.paid) > 0 ? translate(lang, 'widget_cancel_mail_refund', { amount: money(order.paid) }) : '';
  await deps.mailer.send({
    to: order.email!,
    subject: translate(lang, 'widget_cancel_mail_subject', args),
    text: job.reason === 'customer'
      ? translate(lang, 'widget_cancel_mail_customer', { ...args, refund })
      : translate(lang, 'widget_cancel_mail_expired', { ...args, minutes: order.cancelDelay ?? facts.location.widgetPaymentMinutes }),
  });
}
