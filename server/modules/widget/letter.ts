// The confirmation letter of a widget booking: sent when the booking is made with nothing to pay
// now, or when its online payment arrives (billing.ts queues it then). In the customer's language.
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { currencies, games, locationTranslations, locations, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { pickLanguage, translate } from '../../platform/messages';
import { addMinutes } from '../../platform/clock';
import { formatMoney } from '../../../domain/money';
import { fromCents, toCents } from '../../../domain/pricing';
import { orderPageUrl } from './links';

export async function sendWidgetLetter(deps: Deps, orderId: number): Promise<void> {
  const { db } = deps;
  const [row] = await db.select({ o: orders, l: locations, c: currencies }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(eq(orders.id, orderId));
  if (!row || !row.o.email) return;
  const lang = pickLanguage(row.o.language ?? undefined);
  const texts = await db.select().from(locationTranslations).where(eq(locationTranslations.locationId, row.l.id));
  const text = texts.find((t) => t.language === lang) ?? texts[0];
  const [session] = await db.select({ ps: playsessions, playground: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId)).where(eq(orderPlaysessions.orderId, orderId)).limit(1);
  if (!session) return;
  const game = row.o.gameId ? (await db.select({ name: games.name }).from(games).where(eq(games.id, row.o.gameId)))[0] : undefined;
  const currency = row.c ? { code: row.c.code, is_before: row.c.isBefore, blank_place: row.c.blankPlace } : null;
  const money = (v: string) => formatMoney(v, currency, lang === 'ru' ? 'у.е.' : 'c.u.');
  const start = session.ps.timeStart;
  const location = text?.name || row.l.name;
  await deps.mailer.send({
    to: row.o.email,
    subject: translate(lang, 'widget_mail_subject', { id: row.o.id, location }),
    text: translate(lang, 'widget_mail_text', {
      name: row.o.name,
      location,
      id: row.o.id,
      date: start.slice(0, 10).split('-').reverse().join('.'),
      begin: start.slice(11),
      end: addMinutes(start, session.ps.duration).slice(11),
      playground: session.playground,
      persons: row.o.persons,
      game: game ? translate(lang, 'widget_mail_game', { game: game.name }) : '',
      purchase: money(row.o.purchase),
      paid: money(row.o.paid),
      rest: money(fromCents(Math.max(0, toCents(row.o.purchase) - toCents(row.o.paid)))),
      hours: row.l.customerCancelHours,
      link: orderPageUrl(deps.config.publicUrl, deps.config.widgetSecret, row.o.id, lang),
      address: text?.address ?? '',
    }),
  });
}
