// The letters of a widget booking, in the customer's language: the held booking's (#40: sent at
// once when something is due now, with the payment link, the amount and the hold's end, so closing
// the tab loses nothing), the confirmation (sent when the booking is made with nothing to pay now,
// or when its online payment arrives: billing.ts queues it then) and the cancellation (the customer
// cancelled on their page, or the payment hold expired and the places were released). Each names
// the venue's phone when it has one (#40). #44: the confirmation carries the guests' arrival page where
// the location checks guests in, and staff send that page on its own (sendArrivalLinkLetter).
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { currencies, games, locationTranslations, locations, orderPlaysessions, orders, payments, playgrounds, playsessions } from '../../db/schema';
import { pickLanguage, translate, type Lang } from '../../platform/messages';
import { addRealMinutes, wallClockNow } from '../../platform/clock';
import { readableLocal } from '../../../domain/zonedTime';
import { formatMoney } from '../../../domain/money';
import { fromCents, toCents } from '../../../domain/pricing';
import { ORDER_STATUS, isLiveOrder } from '../../../domain/slotFlags';
import { arrivalPageUrl, orderPageUrl } from '../../platform/orderLinks';
import type { ArrivalLinkLetterJob, WidgetCancelLetterJob } from '../../platform/jobs';
import { senderOf } from '../locations/letters';

/**
 * What every letter of an order says: the customer, the location, the session and the money; in the
 * order's language (its customer's), else `fallback` (#44: the staff member's who sends a desk order's link).
 */
export async function letterFacts(deps: Deps, orderId: number, fallback?: Lang) {
  const { db } = deps;
  const [row] = await db.select({ o: orders, l: locations, c: currencies }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(eq(orders.id, orderId));
  if (!row || !row.o.email) return null;
  const lang = row.o.language ? pickLanguage(row.o.language) : fallback ?? 'ru';
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
      // #40 Every letter gives the venue's phone when it has one.
      phone_line: row.l.phone ? translate(lang, 'widget_mail_phone', { phone: row.l.phone }) : '',
    },
  };
}

const gameLine = async (deps: Deps, lang: ReturnType<typeof pickLanguage>, gameId: number | null) => {
  const game = gameId ? (await deps.db.select({ name: games.name }).from(games).where(eq(games.id, gameId)))[0] : undefined;
  return game ? translate(lang, 'widget_mail_game', { game: game.name }) : '';
};

export async function sendWidgetLetter(deps: Deps, orderId: number): Promise<void> {
  const facts = await letterFacts(deps, orderId);
  if (!facts) return;
  const { order, lang, money, args } = facts;
  const paid = money(order.paid);
  const rest = money(fromCents(Math.max(0, toCents(order.purchase) - toCents(order.paid))));
  await deps.mailer.send({
    to: order.email!,
    ...senderOf(facts.location, facts.args.location), // #42
    subject: translate(lang, 'widget_mail_subject', args),
    text: translate(lang, 'widget_mail_text', {
      ...args,
      game: await gameLine(deps, lang, order.gameId),
      purchase: money(order.purchase),
      // #42 Nothing paid online (a booking at 0 % prepayment): "pay at the venue", not "paid online: 0".
      money_lines: toCents(order.paid) > 0 ? translate(lang, 'widget_mail_money', { paid, rest }) : translate(lang, 'widget_mail_pay_at_venue', { rest }),
      // #44 Where the location checks guests in: the guests' page, to sign before they come.
      arrival: facts.location.arrivalsEnabled
        ? translate(lang, 'widget_mail_arrival', { link: arrivalPageUrl(deps.config.publicUrl, deps.config.widgetSecret, order.id, lang) }) : '',
      hours: facts.location.customerCancelHours,
    }),
  });
}

/**
 * #40 The held booking's letter: the places are held until the hold ends and the payment link pays
 * for them. Sent only while the order still waits for that payment: one paid (or cancelled) before the
 * job ran has its own letter (the confirmation, the cancellation) and needs no payment link.
 */
export async function sendWidgetHeldLetter(deps: Deps, orderId: number): Promise<void> {
  const facts = await letterFacts(deps, orderId);
  if (!facts) return;
  const { order, lang, money, args } = facts;
  if (!isLiveOrder(order) || order.status !== ORDER_STATUS.pending || toCents(order.paid) > 0 || !order.bill || !order.cancelDelay) return;
  const [bill] = await deps.db.select({ purchase: payments.purchase, status: payments.status }).from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.paymentType, 4))).orderBy(desc(payments.id)).limit(1);
  if (bill?.status !== 'processing') return;
  const until = readableLocal(wallClockNow(facts.location.timezone, new Date(order.createdAt.getTime() + order.cancelDelay * 60_000)), true);
  const held = { ...args, until, amount: money(bill.purchase), pay_link: order.bill };
  await deps.mailer.send({
    to: order.email!,
    ...senderOf(facts.location, facts.args.location), // #42
    subject: translate(lang, 'widget_held_mail_subject', held),
    text: translate(lang, 'widget_held_mail_text', { ...held, game: await gameLine(deps, lang, order.gameId), purchase: money(order.purchase) }),
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
    ...senderOf(facts.location, facts.args.location), // #42
    subject: translate(lang, 'widget_cancel_mail_subject', args),
    text: job.reason === 'customer'
      ? translate(lang, 'widget_cancel_mail_customer', { ...args, refund })
      : translate(lang, 'widget_cancel_mail_expired', { ...args, minutes: order.cancelDelay ?? facts.location.widgetPaymentMinutes }),
  });
}

/**
 * #44 The guests' arrival page, sent by staff (POST /api/v2.2/orders/{id}/arrival_link/, arrivals/link.ts):
 * the link, the session, the venue's address and phone, in the order's language, else the sender's.
 */
export async function sendArrivalLinkLetter(deps: Deps, job: ArrivalLinkLetterJob): Promise<void> {
  const facts = await letterFacts(deps, job.orderId, job.lang);
  if (!facts) return;
  const { order, lang, args } = facts;
  await deps.mailer.send({
    to: order.email!,
    ...senderOf(facts.location, args.location), // #42
    subject: translate(lang, 'arrival_link_mail_subject', args),
    text: translate(lang, 'arrival_link_mail_text', { ...args, link: arrivalPageUrl(deps.config.publicUrl, deps.config.widgetSecret, order.id, lang) }),
  });
}
