// #44 Arrival at the desk: the day's arrivals by session, checking in (a whole order or single
// participants) and undoing it, the location's arrival settings.
// Transactions and locks (platform/locks.ts): a check-in and its undo lock the order's row (lock
// order 3) in a bounded transaction, so two desks checking in the same people at once check each in
// once, and the second answers what the first did (idempotent). What blocks a check-in (a required
// document unsigned, money owed) is said in words; role 20 or more passes it with a reason, which the
// activity entry keeps. Whoever checked a guest in may undo it within 5 minutes; role 20 or more, later.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { locations, orderParticipants, orderPlaysessions, orders, playgrounds, playsessions, users } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { ApiError, fieldError, notFound } from '../../platform/errors';
import { lockedTransaction, lockOrder } from '../../platform/locks';
import { moneyParam, type Lang, type MessageKey, type MessageParams } from '../../platform/messages';
import { currencyJson, requireRoleAt } from '../locations/service';
import { currencies } from '../../db/schema';
import { businessDateOf } from '../../../domain/businessDay';
import { orderBalance } from '../../../domain/orderBalance';
import { isLiveOrder } from '../../../domain/slotFlags';
import { toCents } from '../../../domain/pricing';
import { phoneMatch, nameSearchPattern, PHONE_KEY_DIGITS } from '../../../domain/orderSearch';
import {
  CHECK_IN_MANAGER_ROLE, CHECK_IN_UNDO_MINUTES, CONSENT_KIND_LABELS, arrivalKeyOf, isRequiredKind, mayUndoCheckIn, type ConsentKind,
} from '../../../domain/arrivals';
import { publishedDocuments } from './documents';
import { ensureParticipants, participantsOf, type Participant } from './participants';
import { orderIdOfKey } from '../../platform/orderLinks';

type Published = Awaited<ReturnType<typeof publishedDocuments>>;

/** The required documents a participant has not signed (their kinds). */
export const missingOf = (p: Participant, docs: Published): ConsentKind[] =>
  docs.filter((d) => isRequiredKind(d.doc.kind) && !p.signed.has(d.version.id)).map((d) => d.doc.kind as ConsentKind);

async function people(db: DbOrTx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  const rows = wanted.length ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted)) : [];
  return new Map(rows.map((u) => [u.id, { id: u.id, name: u.name || u.email }]));
}

/** A participant as the desk sees them. */
function participantJson(p: Participant, docs: Published, who: Map<number, { id: number; name: string }>) {
  const missing = missingOf(p, docs);
  return {
    id: p.id, position: p.position, lead: p.lead, name: p.name, birth_date: p.birthDate,
    signed: missing.length === 0, missing,
    documents: Object.fromEntries(docs.map((d) => [d.doc.kind, p.signed.has(d.version.id)])) as Partial<Record<ConsentKind, boolean>>,
    checked_in: p.checkedInAt !== null,
    checked_in_at: p.checkedInAt?.toISOString() ?? null,
    checked_in_by: p.checkedInBy !== null ? who.get(p.checkedInBy) ?? null : null,
  };
}

/** An order's arrival facts (the order's answer and the check-in's). */
export async function arrivalOf(db: DbOrTx, orderId: number) {
  const [order] = await db.select({ id: orders.id, locationId: orders.locationId, persons: orders.persons, noShow: orders.noShow }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const [docs, participants] = await Promise.all([publishedDocuments(db, order.locationId), participantsOf(db, [orderId])]);
  const list = participants.get(orderId) ?? [];
  const who = await people(db, list.map((p) => p.checkedInBy));
  return {
    order_id: orderId,
    persons: order.persons,
    participants: list.map((p) => participantJson(p, docs, who)),
    signed: list.filter((p) => missingOf(p, docs).length === 0).length,
    checked_in: list.filter((p) => p.checkedInAt !== null).length,
    no_show: order.noShow,
  };
}

/**
 * GET /api/v2.2/locations/{id}/arrivals/?date=&search=: the business day's live orders by session,
 * each with paid or not, signed x of y and checked in x of y. `search` narrows to a phone, a part of
 * a name, an order number, or the code of an arrival link (a QR code a scanner types).
 */
export async function arrivalsOn(db: Db, secret: string, userId: number, locationId: number, date: string, search: string | undefined, lang: Lang) {
  await requireRoleAt(db, userId, locationId);
  const [loc] = await db.select({ l: locations, c: currencies }).from(locations).leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  const q = search?.trim() ?? '';
  const key = q ? arrivalKeyOf(q) : null;
  // A code that is not one of ours finds nothing (never another order by its number).
  const keyOrder = key ? orderIdOfKey(secret, key) ?? 0 : null;
  const rows = await db.select({ o: orders, ps: playsessions, playground: playgrounds.name }).from(orders)
    .innerJoin(orderPlaysessions, eq(orderPlaysessions.orderId, orders.id))
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId))
    .innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(and(eq(orders.locationId, locationId), eq(playsessions.businessDate, date), sql`${orders.status} NOT IN (1, 4, 5)`, searchWhere(q, keyOrder)))
    .orderBy(asc(playsessions.timeStart), asc(playgrounds.name), asc(orders.id));
  const ids = [...new Set(rows.map((r) => r.o.id))];
  const [docs, participants] = await Promise.all([publishedDocuments(db, locationId), participantsOf(db, ids)]);
  const who = await people(db, [...participants.values()].flat().map((p) => p.checkedInBy));
  const sessions = new Map<string, { playground_id: number; playground_name: string; time_start: string; duration: number; orders: unknown[] }>();
  for (const r of rows) {
    const k = `${r.ps.playgroundId}|${r.ps.timeStart}`;
    const session = sessions.get(k) ?? { playground_id: r.ps.playgroundId, playground_name: r.playground, time_start: r.ps.timeStart, duration: r.ps.duration, orders: [] };
    const list = participants.get(r.o.id) ?? [];
    session.orders.push({
      id: r.o.id, name: r.o.name, phone: r.o.phone, persons: r.o.persons, order_type: r.o.orderType, status: r.o.status,
      purchase: r.o.purchase, paid: r.o.paid, to_pay: orderBalance(r.o).toPay, paid_in_full: toCents(orderBalance(r.o).toPay) === 0,
      signed: list.filter((p) => missingOf(p, docs).length === 0).length,
      checked_in: list.filter((p) => p.checkedInAt !== null).length,
      no_show: r.o.noShow,
      participants: list.map((p) => participantJson(p, docs, who)),
    });
    sessions.set(k, session);
  }
  return {
    date,
    arrivals_enabled: loc.l.arrivalsEnabled,
    currency: currencyJson(loc.c),
    documents: docs.map((d) => ({ kind: d.doc.kind, title: CONSENT_KIND_LABELS[d.doc.kind as ConsentKind]?.[lang] ?? d.doc.kind, required: isRequiredKind(d.doc.kind), version: d.version.version })),
    sessions: [...sessions.values()],
  };
}

/** The search's condition: an arrival code names its order; digits a phone or an order number; else a part of a name. */
function searchWhere(q: string, keyOrder: number | null) {
  if (!q) return undefined;
  if (keyOrder !== null) return eq(orders.id, keyOrder);
  const conditions = [];
  if (/^\d{1,15}$/.test(q)) conditions.push(eq(orders.id, Number(q)));
  const phone = phoneMatch(q);
  if (phone) conditions.push('whole' in phone ? sql`right(${orders.phone}, ${PHONE_KEY_DIGITS}) = ${phone.whole}` : sql`${orders.phone} like ${`%${phone.part}%`}`);
  if (!/^[\d\s()+-]+$/.test(q)) conditions.push(sql`${orders.name} ~ ${nameSearchPattern(q)}`);
  return conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : sql`false`;
}

export interface CheckInInput { participants?: number[]; reason?: string }

/** The order under its lock: 404, and refused when it cannot be checked in. */
async function lockedOrder(tx: Tx, orderId: number) {
  if (!(await lockOrder(tx, orderId))) throw notFound();
  const [order] = await tx.select({ o: orders, arrivals: locations.arrivalsEnabled, currency: currencies }).from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId)).leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(orders.id, orderId));
  return order!;
}

/** The participants a body names (all of the order's when it names none); an unknown one is a 400. */
function chosen(list: Participant[], ids: number[] | undefined): Participant[] {
  if (ids === undefined || ids.length === 0) return list;
  const unknown = ids.filter((id) => !list.some((p) => p.id === id));
  if (unknown.length) throw fieldError('participants', 'arrival_participant_unknown');
  return list.filter((p) => ids.includes(p.id));
}

const shown = (p: Participant, lang: Lang) => p.name || (lang === 'en' ? `guest ${p.position}` : `гость ${p.position}`);

/**
 * POST /api/v2.2/orders/{id}/check_in/: checks in the named participants (all when none are named).
 * Idempotent: those already in stay as they were, and a call that checks nobody new records nothing.
 */
export async function checkIn(db: Db, userId: number, orderId: number, input: CheckInInput, lang: Lang) {
  const [ref] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, orderId));
  if (!ref) throw notFound();
  const role = await requireRoleAt(db, userId, ref.locationId);
  await lockedTransaction(db, async (tx) => {
    const { o, arrivals, currency } = await lockedOrder(tx, orderId);
    if (!arrivals) throw fieldError('non_field_errors', 'arrivals_off');
    if (!isLiveOrder(o)) throw fieldError('non_field_errors', 'arrival_order_cancelled');
    await ensureParticipants(tx, [orderId]);
    // One after the other: a transaction is one connection (pg deprecates queueing queries on it).
    const docs = await publishedDocuments(tx, o.locationId);
    const participants = await participantsOf(tx, [orderId]);
    const notYetIn = chosen(participants.get(orderId) ?? [], input.participants).filter((p) => p.checkedInAt === null);
    if (!notYetIn.length) return;
    // What blocks: each participant's unsigned required documents, and money the order still owes.
    const blocks: { key: MessageKey; params: MessageParams }[] = [];
    const unsigned = notYetIn.filter((p) => missingOf(p, docs).length);
    if (unsigned.length) blocks.push({ key: 'check_in_unsigned', params: { who: unsigned.map((p) => `${shown(p, lang)} (${missingOf(p, docs).map((k) => CONSENT_KIND_LABELS[k][lang]).join(', ')})`).join('; ') } });
    const toPay = orderBalance(o).toPay;
    if (toCents(toPay) > 0) blocks.push({ key: 'check_in_unpaid', params: { amount: moneyParam(toPay, currencyJson(currency)) } });
    const reason = input.reason?.trim() ?? '';
    if (blocks.length && !reason) throw new ApiError(400, undefined, { non_field_errors: blocks });
    if (blocks.length && role.value < CHECK_IN_MANAGER_ROLE) throw new ApiError(403, { key: 'check_in_override_role' });
    const done = await tx.update(orderParticipants).set({ checkedInAt: new Date(), checkedInBy: userId })
      .where(and(inArray(orderParticipants.id, notYetIn.map((p) => p.id)), isNull(orderParticipants.checkedInAt))).returning({ id: orderParticipants.id });
    if (!done.length) return;
    const list = participants.get(orderId) ?? [];
    const names = notYetIn.filter((p) => done.some((d) => d.id === p.id)).map((p) => shown(p, lang));
    // Someone came: the order is no longer a no-show.
    if (o.noShow) await tx.update(orders).set({ noShow: false }).where(eq(orders.id, orderId));
    const overridden = blocks.length > 0;
    // The activity entry: who was in before, who is in now (and a block passed: why, and what it was).
    const inBefore = list.filter((p) => p.checkedInAt !== null).map((p) => shown(p, lang));
    const inAfter = list.filter((p) => p.checkedInAt !== null || done.some((d) => d.id === p.id)).map((p) => shown(p, lang));
    await recordEffects(tx, {
      activity: { locationId: o.locationId, kind: overridden ? 'order.check_in_overridden' : 'order.checked_in', subject: `#${orderId}`, before: { checked_in: inBefore },
        after: { checked_in: inAfter, ...(overridden ? { check_in_reason: reason, blocked_by: blocks.map((b) => b.key === 'check_in_unpaid' ? CHECK_IN_BLOCK_WORDS.unpaid[lang] : CHECK_IN_BLOCK_WORDS.unsigned[lang]) } : {}) } },
      orderLog: { orderId, type: 'checked_in', author: userId, data: { participants: names, ...(overridden ? { reason } : {}) } },
    });
  });
  return arrivalOf(db, orderId);
}

const CHECK_IN_BLOCK_WORDS = {
  unsigned: { ru: 'не подписаны документы', en: 'documents unsigned' },
  unpaid: { ru: 'не оплачено', en: 'not paid' },
} as const;

/**
 * DELETE /api/v2.2/orders/{id}/check_in/: undoes the named participants' check-in (all when none
 * are named). Whoever checked them in may within 5 minutes; role 20 or more at any time.
 */
export async function undoCheckIn(db: Db, userId: number, orderId: number, input: CheckInInput, lang: Lang) {
  const [ref] = await db.select({ locationId: orders.locationId }).from(orders).where(eq(orders.id, orderId));
  if (!ref) throw notFound();
  const role = await requireRoleAt(db, userId, ref.locationId);
  await lockedTransaction(db, async (tx) => {
    const { o } = await lockedOrder(tx, orderId);
    const participants = await participantsOf(tx, [orderId]);
    const wereIn = chosen(participants.get(orderId) ?? [], input.participants).filter((p) => p.checkedInAt !== null);
    if (!wereIn.length) return;
    const now = Date.now();
    if (wereIn.some((p) => !mayUndoCheckIn({ checkedInBy: p.checkedInBy, checkedInAtMs: p.checkedInAt!.getTime() }, { userId, roleValue: role.value }, now))) {
      throw new ApiError(403, { key: 'check_in_undo_late', params: { minutes: CHECK_IN_UNDO_MINUTES } });
    }
    await tx.update(orderParticipants).set({ checkedInAt: null, checkedInBy: null }).where(inArray(orderParticipants.id, wereIn.map((p) => p.id)));
    const names = wereIn.map((p) => shown(p, lang));
    const inBefore = (participants.get(orderId) ?? []).filter((p) => p.checkedInAt !== null);
    await recordEffects(tx, {
      activity: { locationId: o.locationId, kind: 'order.check_in_undone', subject: `#${orderId}`,
        before: { checked_in: inBefore.map((p) => shown(p, lang)) }, after: { checked_in: inBefore.filter((p) => !wereIn.includes(p)).map((p) => shown(p, lang)) } },
      orderLog: { orderId, type: 'check_in_undone', author: userId, data: { participants: names } },
    });
  });
  return arrivalOf(db, orderId);
}

// ---- the location's arrival settings ----

export interface ArrivalSettings { arrivals_enabled: boolean; grace_minutes: number; minor_age: number }

/** GET /api/v2.2/locations/{id}/arrival_settings/ */
export async function arrivalSettings(db: Db, userId: number, locationId: number): Promise<ArrivalSettings> {
  await requireRoleAt(db, userId, locationId);
  const [loc] = await db.select({ on: locations.arrivalsEnabled, grace: locations.arrivalGraceMinutes, minor: locations.minorAge }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  return { arrivals_enabled: loc.on, grace_minutes: loc.grace, minor_age: loc.minor };
}

/** PUT /api/v2.2/locations/{id}/arrival_settings/ (role 40). Turned on, only sessions from then on can make no-shows. */
export async function saveArrivalSettings(db: Db, userId: number, locationId: number, input: ArrivalSettings): Promise<ArrivalSettings> {
  const before = await arrivalSettings(db, userId, locationId);
  await db.transaction(async (tx) => {
    await tx.update(locations).set({
      arrivalsEnabled: input.arrivals_enabled, arrivalGraceMinutes: input.grace_minutes, minorAge: input.minor_age,
      ...(input.arrivals_enabled && !before.arrivals_enabled ? { arrivalsSince: new Date() } : {}),
    }).where(eq(locations.id, locationId));
    const field = { arrivals_enabled: 'arrivals_enabled', grace_minutes: 'arrival_grace_minutes', minor_age: 'minor_age' } as const;
    const changed = (Object.keys(field) as (keyof ArrivalSettings)[]).filter((k) => before[k] !== input[k]);
    if (!changed.length) return;
    await recordEffects(tx, { activity: { locationId, kind: 'arrivals.settings_changed', subject: '',
      before: Object.fromEntries(changed.map((k) => [field[k], before[k]])), after: Object.fromEntries(changed.map((k) => [field[k], input[k]])) } });
  });
  return arrivalSettings(db, userId, locationId);
}

/** The business day of an order's first session (null: none). */
export async function firstSessionOf(db: DbOrTx, orderId: number) {
  const [s] = await db.select({ timeStart: playsessions.timeStart, duration: playsessions.duration, playground: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(asc(playsessions.timeStart)).limit(1);
  return s ? { ...s, date: businessDateOf(s.timeStart) } : null;
}
