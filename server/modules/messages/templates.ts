// #45 A location's message templates (GET/PUT /api/v2.2/locations/{id}/message_templates/{kind}/,
// role 40): each kind x channel x language, the location's own or the built-in one; the values a
// message is rendered with (an order's, or sample ones for the preview and the test), and the preview
// with an SMS's segments. An unknown variable is a 400 naming it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { currencies, locationMessaging, locations, messageTemplates, orderPlaysessions, orders, playgrounds, playsessions } from '../../db/schema';
import { ApiError, fieldError, type FieldErrors } from '../../platform/errors';
import type { Lang } from '../../platform/messages';
import { orderKey, orderPageUrl } from '../../platform/orderLinks';
import { activityChange } from '../../platform/activity';
import { recordEffects } from '../../platform/effects';
import {
  EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, MESSAGE_CHANNELS, MESSAGE_LANGUAGES, MESSAGE_VARIABLES, SMS_BODY_MAX, defaultTemplate, renderTemplate, smsSize,
  unknownVariables, type MessageChannel, type MessageKind, type MessageLanguage, type Template,
} from '../../../domain/customerMessages';
import { formatDay } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { currencyJson, locationNameIn, requireManagerAt } from '../locations/service';

/** The template a message of the location uses: its own, else the built-in one. */
export async function templateOf(db: DbOrTx, locationId: number, kind: MessageKind, channel: MessageChannel, lang: MessageLanguage): Promise<Template & { custom: boolean }> {
  const [row] = await db.select().from(messageTemplates).where(and(eq(messageTemplates.locationId, locationId), eq(messageTemplates.kind, kind),
    eq(messageTemplates.channel, channel), eq(messageTemplates.language, lang)));
  return row ? { subject: row.subject, body: row.body, custom: true } : { ...defaultTemplate(kind, channel, lang), custom: false };
}

const CHANGE_WORDS: Record<string, Record<Lang, string>> = {
  session: { ru: 'другое время или зона', en: 'another time or room' },
  guests: { ru: 'число гостей', en: 'the number of guests' },
};

export interface RenderLinks { publicUrl: string; widgetSecret: string }

/** One message to render: its order, language and the facts its change gave (the amount, what changed). */
export interface ValuesRequest { orderId: number; lang: Lang; data: Record<string, unknown> }
export type MessageValues = { values: Record<string, string>; arrivals: boolean };

/**
 * The values of several messages, each in its language: what the templates' variables become (null:
 * its order is gone). A batch of sends reads its orders and their first sessions in two queries, and
 * each location's name, phone and offer once.
 */
export async function orderValues(db: DbOrTx, links: RenderLinks, requests: ValuesRequest[]): Promise<(MessageValues | null)[]> {
  const ids = [...new Set(requests.map((r) => r.orderId))];
  if (!ids.length) return [];
  const rows = await db.select({ o: orders, phone: locations.phone, arrivals: locations.arrivalsEnabled, currency: currencies })
    .from(orders).innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId))
    .where(inArray(orders.id, ids));
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  // Each order's first session (DISTINCT ON: one row an order).
  const firsts = await db.selectDistinctOn([orderPlaysessions.orderId], { orderId: orderPlaysessions.orderId, start: playsessions.timeStart, playground: playgrounds.name })
    .from(orderPlaysessions).innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(inArray(orderPlaysessions.orderId, ids)).orderBy(asc(orderPlaysessions.orderId), asc(playsessions.timeStart));
  const sessionOf = new Map(firsts.map((f) => [f.orderId, f]));
  const names = new Map<string, Promise<string>>();
  const nameIn = (locationId: number, lang: Lang) => {
    const k = `${locationId} ${lang}`;
    if (!names.has(k)) names.set(k, locationNameIn(db as Db, locationId, lang));
    return names.get(k)!;
  };
  const offers = new Map<number, Promise<string>>();
  const offerOf = (locationId: number) => {
    if (!offers.has(locationId)) offers.set(locationId, thankYouOffer(db, locationId));
    return offers.get(locationId)!;
  };
  const out: (MessageValues | null)[] = [];
  for (const { orderId, lang, data } of requests) {
    const row = byId.get(orderId);
    if (!row) { out.push(null); continue; }
    const session = sessionOf.get(orderId);
    const changes = Array.isArray(data.changes) ? data.changes.map((c) => CHANGE_WORDS[String(c)]?.[lang] ?? String(c)).join(', ') : '';
    const promo = await offerOf(row.o.locationId);
    const key = orderKey(links.widgetSecret, row.o.id);
    out.push({
      arrivals: row.arrivals,
      values: {
        name: row.o.name, location: await nameIn(row.o.locationId, lang),
        date: session ? formatDay(session.start.slice(0, 10)) : '', time: session ? session.start.slice(11, 16) : '', playground: session?.playground ?? '',
        persons: String(row.o.persons), order: String(row.o.id), venue_phone: row.phone, changes,
        amount: typeof data.amount === 'string' ? formatMoney(data.amount, currencyJson(row.currency), lang) : '',
        arrival_link: row.arrivals ? `${links.publicUrl}/arrival/${key}` : '',
        // #46 Every booking's own page, in the message's language.
        booking_link: orderPageUrl(links.publicUrl, links.widgetSecret, row.o.id, lang),
        promo_code: promo,
        unsubscribe_link: promo ? unsubscribeUrl(links.publicUrl, key, lang) : '',
      },
    });
  }
  return out;
}

/** #45 The promo code a location's thank-you offers ('' none: the thank-you is then transactional). */
export async function thankYouOffer(db: DbOrTx, locationId: number): Promise<string> {
  const [row] = await db.select({ code: locationMessaging.thankYouPromocode }).from(locationMessaging).where(eq(locationMessaging.locationId, locationId));
  return row?.code ?? '';
}

/** The customer's page that unsubscribes the order's contacts from the location's offers (a click there, not the link itself: mail scanners open links). */
export const unsubscribeUrl = (publicUrl: string, key: string, lang: Lang) => `${publicUrl}/unsubscribe/${key}?lang=${lang}`;

/** Sample values of a location (the preview and "send me a test"). */
async function sampleValues(db: Db, links: RenderLinks, locationId: number, lang: Lang): Promise<Record<string, string>> {
  const [loc] = await db.select({ phone: locations.phone, arrivals: locations.arrivalsEnabled, currency: currencies }).from(locations)
    .leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, locationId));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const promo = await thankYouOffer(db, locationId);
  return {
    name: lang === 'en' ? 'Anna' : 'Анна', location: await locationNameIn(db, locationId, lang), date: formatDay(tomorrow), time: '15:00',
    playground: lang === 'en' ? 'Arena' : 'Арена', persons: '4', order: '1234', venue_phone: loc?.phone ?? '',
    changes: CHANGE_WORDS.session![lang], amount: formatMoney('1500.00', currencyJson(loc?.currency), lang),
    arrival_link: loc?.arrivals ? `${links.publicUrl}/arrival/1234-sample` : '',
    booking_link: `${links.publicUrl}/widget/order/1234-sample?lang=${lang}`,
    // The preview shows the offer as it would go: the location's code, or none.
    promo_code: promo, unsubscribe_link: promo ? unsubscribeUrl(links.publicUrl, '1234-sample', lang) : '',
  };
}

/** A rendered message: e-mail subject and body, or an SMS body with its size. */
export function rendered(kind: MessageKind, channel: MessageChannel, t: Template, values: Record<string, string>) {
  const append = kind === 'confirmation' ? ['arrival_link', 'booking_link'] : kind === 'reminder' ? ['arrival_link'] : kind === 'thank_you' ? ['unsubscribe_link'] : [];
  const body = renderTemplate(t.body, values, { append });
  return { subject: channel === 'email' ? renderTemplate(t.subject, values) : '', body, ...(channel === 'sms' ? { sms: smsSize(body) } : {}) };
}

/** The kind's view: its variables and every channel x language template with its preview. */
async function kindView(db: Db, links: RenderLinks, locationId: number, kind: MessageKind) {
  const templates = [];
  for (const channel of MESSAGE_CHANNELS) {
    for (const language of MESSAGE_LANGUAGES) {
      const t = await templateOf(db, locationId, kind, channel, language);
      templates.push({ channel, language, subject: t.subject, body: t.body, custom: t.custom,
        preview: rendered(kind, channel, t, await sampleValues(db, links, locationId, language)) });
    }
  }
  return { kind, variables: [...MESSAGE_VARIABLES[kind]], templates };
}
export type TemplatesView = Awaited<ReturnType<typeof kindView>>;

export async function getTemplates(db: Db, links: RenderLinks, userId: number, locationId: number, kind: MessageKind): Promise<TemplatesView> {
  await requireManagerAt(db, userId, locationId);
  return kindView(db, links, locationId, kind);
}

export interface TemplateInput { channel: MessageChannel; language: MessageLanguage; subject?: string; body?: string; reset?: boolean }

/** The template's own checks: a subject for an e-mail, the lengths, no unknown variable (each a 400 on its field). */
function checkTemplate(kind: MessageKind, input: TemplateInput): Template {
  const subject = (input.subject ?? '').trim();
  const body = (input.body ?? '').trim();
  const errors: FieldErrors = {};
  if (!body) errors.body = [{ key: 'required' }];
  else if (body.length > (input.channel === 'sms' ? SMS_BODY_MAX : EMAIL_BODY_MAX)) errors.body = [{ key: 'max_length', params: { max: input.channel === 'sms' ? SMS_BODY_MAX : EMAIL_BODY_MAX } }];
  if (input.channel === 'email' && !subject) errors.subject = [{ key: 'required' }];
  else if (subject.length > EMAIL_SUBJECT_MAX) errors.subject = [{ key: 'max_length', params: { max: EMAIL_SUBJECT_MAX } }];
  for (const [field, text] of [['subject', subject], ['body', body]] as const) {
    const unknown = unknownVariables(kind, text);
    if (unknown.length && !errors[field]) errors[field] = [{ key: 'message_unknown_variables', params: { names: unknown.map((v) => `{${v}}`).join(', '), known: MESSAGE_VARIABLES[kind].map((v) => `{${v}}`).join(', ') } }];
  }
  if (Object.keys(errors).length) throw new ApiError(400, undefined, errors);
  return { subject: input.channel === 'sms' ? '' : subject, body };
}

/** PUT: saves one channel x language template of the kind (`reset`: back to the built-in one); answers the kind's view. */
export async function saveTemplate(db: Db, links: RenderLinks, userId: number, locationId: number, kind: MessageKind, input: TemplateInput): Promise<TemplatesView> {
  await requireManagerAt(db, userId, locationId);
  const t = input.reset ? null : checkTemplate(kind, input);
  await db.transaction(async (tx) => {
    const before = await templateOf(tx, locationId, kind, input.channel, input.language);
    const key = and(eq(messageTemplates.locationId, locationId), eq(messageTemplates.kind, kind), eq(messageTemplates.channel, input.channel), eq(messageTemplates.language, input.language));
    if (!t) await tx.delete(messageTemplates).where(key);
    else {
      await tx.insert(messageTemplates).values({ locationId, kind, channel: input.channel, language: input.language, ...t })
        .onConflictDoUpdate({ target: [messageTemplates.locationId, messageTemplates.kind, messageTemplates.channel, messageTemplates.language], set: { ...t, updatedAt: new Date() } });
    }
    const after = t ?? defaultTemplate(kind, input.channel, input.language);
    const shape = (x: Template) => ({ message_kind: kind, channel: input.channel, language: input.language, ...(input.channel === 'email' ? { subject: x.subject } : {}), body: x.body });
    await recordEffects(tx, { activity: activityChange(locationId, 'message_template.changed', '', shape(before), shape(after)) });
  });
  return kindView(db, links, locationId, kind);
}

/** The preview of an unsaved text (the editor's): rendered with sample values, an SMS with its segments. */
export async function previewTemplate(db: Db, links: RenderLinks, userId: number, locationId: number, kind: MessageKind, input: TemplateInput) {
  await requireManagerAt(db, userId, locationId);
  const t = checkTemplate(kind, input);
  return rendered(kind, input.channel, t, await sampleValues(db, links, locationId, input.language));
}

/** What "send me a test" sends: the saved (or built-in) template with sample values, to the caller. */
export async function testMessage(db: Db, links: RenderLinks, userId: number, locationId: number, kind: MessageKind, channel: MessageChannel, language: MessageLanguage) {
  await requireManagerAt(db, userId, locationId);
  const t = await templateOf(db, locationId, kind, channel, language);
  return rendered(kind, channel, t, await sampleValues(db, links, locationId, language));
}

/** The template editor's 400 when a test cannot go: the caller has no phone for an SMS. */
export const noPhone = () => fieldError('channel', 'message_test_no_phone');
