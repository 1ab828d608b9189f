// #42 The setup checklist of a location (GET /api/v2.2/locations/{id}/readiness/, role id 40 there):
// each step of domain/readiness.ts, whether it is done, what it still lacks in the reader's language,
// and what that keeps from selling. The rules follow what the desk and the widget need to sell
// (docs/decisions.md, "The setup checklist"): a missing item blocks a channel only when nothing of
// that channel could be sold without it; everything else is advice that keeps the step open.
// Read-only: plain reads, no transaction (a checklist a moment old is still a checklist).
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invitations, locationGames, locationTranslations, locations, playgroundGroups, playgrounds, schedules, userLocationRoles, users,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { dayParam, translate, type Lang, type MessageKey, type MessageParams } from '../../platform/messages';
import type { Label } from '../../../domain/enumLabels';
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import { scheduleInForce } from '../../../domain/schedule/engine';
import { READINESS_CODES, READINESS_STEPS, type Readiness, type ReadinessCode, type SalesChannel } from '../../../domain/readiness';
import { locationToday, requireManagerAt } from '../locations/service';
import { publishedDocuments } from '../arrivals/documents';
import { onlinePaymentsAt, type PaymentConfig } from '../paymentProviders/provider';
import { prepaidSchedules } from '../schedules/prepayment';

const BOTH: SalesChannel[] = ['desk', 'online'];

/** One thing a step lacks: its code, its message and what it blocks. */
interface Lack { code: ReadinessCode; message: MessageKey; params?: MessageParams; blocks: SalesChannel[] }

/** The days of the week by their names, for "no price for weekends" (ru: the accusative of «нет цены на …»). */
const DAY_WORDS: Record<number, Label> = {
  1: { ru: 'понедельник', en: 'Monday' }, 2: { ru: 'вторник', en: 'Tuesday' }, 3: { ru: 'среду', en: 'Wednesday' }, 4: { ru: 'четверг', en: 'Thursday' },
  5: { ru: 'пятницу', en: 'Friday' }, 6: { ru: 'субботу', en: 'Saturday' }, 7: { ru: 'воскресенье', en: 'Sunday' },
};
const WEEKDAYS: Label = { ru: 'будни', en: 'weekdays' };
const WEEKEND: Label = { ru: 'выходные', en: 'weekends' };

/** Days 1-7 without a price, in words: all five weekdays as "weekdays", Saturday and Sunday as "weekends", the rest by name. */
export function dayList(lang: Lang, days: number[]): string {
  const left = new Set(days);
  const words: string[] = [];
  if ([1, 2, 3, 4, 5].every((d) => left.has(d))) { words.push(WEEKDAYS[lang]); [1, 2, 3, 4, 5].forEach((d) => left.delete(d)); }
  const weekend = left.has(6) && left.has(7);
  for (const d of [...left].sort()) if (!(weekend && d >= 6)) words.push(DAY_WORDS[d]![lang]);
  if (weekend) words.push(WEEKEND[lang]);
  return words.join(', ');
}

/** What the rules read of a location: its rows, counted or listed, and its online payments. */
async function facts(db: Db, payments: PaymentConfig, locationId: number) {
  const [loc] = await db.select({ isActive: locations.isActive, phone: locations.phone, privacyPolicyUrl: locations.privacyPolicyUrl, arrivalsEnabled: locations.arrivalsEnabled })
    .from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  const [addresses, pgs, groups, [games], scheduleRows, [staff], [invited], online, prepaid, today, published] = await Promise.all([
    db.select({ address: locationTranslations.address }).from(locationTranslations).where(eq(locationTranslations.locationId, locationId)),
    db.select({ id: playgrounds.id, name: playgrounds.name, group: playgrounds.groupId, types: playgrounds.types }).from(playgrounds)
      .where(and(eq(playgrounds.locationId, locationId), eq(playgrounds.isActive, true))).orderBy(playgrounds.id),
    db.select({ id: playgroundGroups.id, name: playgroundGroups.name }).from(playgroundGroups).where(eq(playgroundGroups.locationId, locationId)).orderBy(playgroundGroups.id),
    db.select({ n: count() }).from(locationGames).where(eq(locationGames.locationId, locationId)),
    db.select({ id: schedules.id, name: schedules.name, start_dt: schedules.startDt, disabled: schedules.disabled, group: schedules.playgroundGroupId, items: schedules.items })
      .from(schedules).where(and(eq(schedules.locationId, locationId), eq(schedules.disabled, false))).orderBy(schedules.startDt, schedules.id),
    // Staff: anyone with a role here but the installation's owners (administrators of every location by right).
    db.select({ n: count() }).from(userLocationRoles).innerJoin(users, eq(users.id, userLocationRoles.userId))
      .where(and(eq(userLocationRoles.locationId, locationId), eq(users.isOwner, false), eq(users.isActive, true))),
    db.select({ n: count() }).from(invitations)
      .where(and(eq(invitations.locationId, locationId), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt), gt(invitations.expiresAt, new Date()))),
    onlinePaymentsAt(db, payments, locationId),
    prepaidSchedules(db, locationId),
    locationToday(db, locationId),
    publishedDocuments(db, locationId),
  ]);
  const documents = new Set(published.map((p) => p.doc.kind));
  return { loc, addresses, pgs, groups, games: games!.n, schedules: scheduleRows, staff: staff!.n + invited!.n, online, prepaid, today, documents };
}

/** The rules: what each step lacks (README "Running it for your venue" in the product's words). */
function lacks(f: Awaited<ReturnType<typeof facts>>, lang: Lang): Lack[] {
  const out: Lack[] = [];
  const lack = (code: ReadinessCode, message: MessageKey, blocks: SalesChannel[], params?: MessageParams) => out.push({ code, message, blocks, params });

  // Location: switched off, nothing sells; without an address guests are not told where to come.
  if (!f.loc.isActive) lack('inactive', 'readiness_inactive', BOTH);
  if (!f.addresses.some((a) => a.address.trim())) lack('no_address', 'readiness_no_address', []);

  // Playgrounds the calendars sell (active, of a bookable type).
  const sold = f.pgs.filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)));
  if (!sold.length) lack('no_playgrounds', 'readiness_no_playgrounds', BOTH);

  // Groups: a schedule belongs to a group, so a playground sells only inside one.
  const groupIds = new Set(f.groups.map((g) => g.id));
  const selling = f.groups.filter((g) => sold.some((p) => p.group === g.id));
  if (!selling.length) {
    if (!f.groups.length) lack('no_group', 'readiness_no_group', BOTH);
    else if (sold.length) lack('group_empty', 'readiness_group_empty', BOTH);
  }
  const outside = sold.filter((p) => p.group === null || !groupIds.has(p.group));
  if (outside.length && selling.length) lack('ungrouped', 'readiness_ungrouped', [], { names: outside.map((p) => p.name).join(', ') });

  // Schedules: per selling group, the one in force today, else the next one; a group sells when it has items.
  const perGroup = selling.map((g) => {
    const own = f.schedules.filter((s) => s.group === g.id);
    const current = scheduleInForce(own, f.today);
    const next = current ? null : own.find((s) => s.start_dt > f.today) ?? null;
    return { group: g, schedule: current ?? next, startsLater: !current && !!next };
  });
  const anySells = perGroup.some((p) => p.schedule && p.schedule.items.length > 0);
  if (!perGroup.length) lack('no_schedule', 'readiness_no_schedules', BOTH);
  for (const { group, schedule, startsLater } of perGroup) {
    if (!schedule) { lack('no_schedule', 'readiness_no_schedule', anySells ? [] : BOTH, { group: group.name }); continue; }
    if (!schedule.items.length) { lack('no_items', 'readiness_no_items', anySells ? [] : BOTH, { group: group.name, schedule: schedule.name }); continue; }
    // Holidays (8, 9) fall back to their weekday's items (domain/schedule/engine.ts): only 1-7 need a price.
    const priced = new Set(schedule.items.flatMap((i) => i.day_types));
    const unpriced = [1, 2, 3, 4, 5, 6, 7].filter((d) => !priced.has(d));
    if (unpriced.length) lack('no_price_days', 'readiness_no_price_days', [], { group: group.name, day_list: dayList(lang, unpriced) });
    if (startsLater) lack('starts_later', 'readiness_starts_later', [], { group: group.name, schedule: schedule.name, date: dayParam(schedule.start_dt) });
  }

  // Games: a per-person price asks for a game at every booking (the desk's and the widget's).
  const perPerson = f.schedules.some((s) => s.items.some((i) => i.pricing.some((p) => p.personal_price !== null)));
  if (!f.games) lack('no_games', perPerson ? 'readiness_no_games_per_person' : 'readiness_no_games', perPerson ? BOTH : []);

  // Staff: the owner may sell alone; the step is advice.
  if (!f.staff) lack('no_staff', 'readiness_no_staff', []);

  // Online payments: optional until a schedule asks a prepayment, which the widget cannot take without them.
  if (!f.online.provider) {
    lack('no_provider', 'readiness_no_provider', []);
    for (const p of f.prepaid) lack('prepaid_without_provider', 'readiness_prepaid_without_provider', ['online'], { schedule: p.name, group: p.group, percent: p.percent });
  }
  if (f.online.testKeys) lack('test_keys', 'readiness_test_keys', f.prepaid.length ? ['online'] : []);

  // The widget: its customers are told to call the venue (a refusal, a late cancel).
  if (!f.loc.phone) lack('no_phone', 'readiness_no_phone', []);

  // #44 Documents: the widget collects every customer's name, phone and e-mail, so selling online asks
  // a personal-data consent that can be published (the facts 152-FZ art. 9 expects) and the operator's
  // policy published where the data is collected (art. 18.1); guests checked in sign the rules.
  if (!f.documents.has('personal_data')) lack('consent_incomplete', 'readiness_consent_incomplete', ['online']);
  if (!f.loc.privacyPolicyUrl.trim()) lack('no_privacy_policy', 'readiness_no_privacy_policy', ['online']);
  if (f.loc.arrivalsEnabled && !f.documents.has('rules')) lack('no_rules', 'readiness_no_rules', []);
  return out;
}

export async function locationReadiness(db: Db, payments: PaymentConfig, userId: number, locationId: number, lang: Lang): Promise<Readiness> {
  await requireManagerAt(db, userId, locationId);
  const found = lacks(await facts(db, payments, locationId), lang);
  const steps = READINESS_STEPS.map((key) => {
    const own = found.filter((l) => READINESS_CODES[l.code] === key);
    return {
      key, done: own.length === 0,
      blocks: (['desk', 'online'] as const).filter((c) => own.some((l) => l.blocks.includes(c))),
      missing: own.map((l) => ({ code: l.code, text: translate(lang, l.message, l.params) })),
    };
  });
  const blocked = (c: SalesChannel) => steps.some((s) => s.blocks.includes(c));
  return { ready_desk: !blocked('desk'), ready_online: !blocked('online'), steps };
}
