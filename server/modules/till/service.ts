// The till (#43): a location's desks, their shifts, money moved by hand and the blind count.
// Transactions and locks (platform/locks.ts): opening a shift locks its till's row (two opens at
// once give one shift; a partial unique index says the same); a movement takes the shift FOR SHARE,
// as desk money does (landing.ts); a count and a confirmation take it FOR UPDATE, so they wait for
// money being written into it and no money lands after the count. A count is kept as it is made: a
// recount is a second count, and once a count needed a manager's confirmation, only that closes it.
// A closed shift never changes (triggers of migration 0025 refuse it too).
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { currencies, locations, payments, tillCounts, tillMovements, tillShifts, tills, users } from '../../db/schema';
import { recordEffects } from '../../platform/effects';
import { fieldError, notFound, permissionDenied } from '../../platform/errors';
import type { IdempotentCall } from '../../platform/idempotency';
import { idempotentTransaction, lockedTransaction, lockShift, lockTill } from '../../platform/locks';
import { moneyParam } from '../../platform/messages';
import { currencyJson, requireRoleAt } from '../locations/service';
import { fromCents, toCents } from '../../../domain/pricing';
import {
  countFigures, denominationsCents, expectedOf, floatNeedsComment, needsConfirmation, registerFigures, seesExpected, shiftTotals, suggestedFloat,
  type MovementKind, type ShiftState, type ShiftTotals,
} from '../../../domain/till';

type ShiftRow = typeof tillShifts.$inferSelect;
type Person = { id: number; name: string };

const personOf = (u: { id: number | null; name: string | null; email: string | null } | null | undefined): Person | null =>
  (u && u.id !== null ? { id: u.id, name: u.name || u.email || '' } : null);

async function people(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  const rows = wanted.length ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, wanted)) : [];
  return new Map(rows.map((u) => [u.id, personOf(u)!]));
}

async function currencyOfLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select({ c: currencies }).from(locations).leftJoin(currencies, eq(currencies.id, locations.currencyId)).where(eq(locations.id, locationId));
  return currencyJson(row?.c ?? null);
}

// ---- tills ----

/** The float a till's next shift is offered: its last closed shift's last count, less the cash dropped at that close. */
async function offeredFloat(db: DbOrTx, tillId: number): Promise<string | null> {
  const [last] = await db.select({ counted: tillCounts.countedCash, drop: tillCounts.drop }).from(tillCounts)
    .innerJoin(tillShifts, eq(tillShifts.id, tillCounts.shiftId))
    .where(and(eq(tillShifts.tillId, tillId), eq(tillShifts.state, 'closed')))
    .orderBy(desc(tillShifts.closedAt), desc(tillCounts.id)).limit(1);
  return suggestedFloat(last ? { counted_cash: last.counted, drop: last.drop } : null);
}

/** GET /api/v2.2/locations/{id}/tills/: every till with the shift it holds (open, or counted and waiting) and the float its next shift is offered. */
export async function tillsAt(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  const rows = await db.select().from(tills).where(eq(tills.locationId, locationId)).orderBy(asc(tills.id));
  const current = rows.length ? await db.select().from(tillShifts)
    .where(and(inArray(tillShifts.tillId, rows.map((t) => t.id)), ne(tillShifts.state, 'closed'))) : [];
  const who = await people(db, current.map((s) => s.openedBy));
  return Promise.all(rows.map(async (t) => {
    const s = current.find((c) => c.tillId === t.id);
    return {
      id: t.id, name: t.name, location: t.locationId,
      current_shift: s ? { id: s.id, state: s.state as ShiftState, float: s.float, opened_at: s.openedAt.toISOString(), opened_by: who.get(s.openedBy) ?? null } : null,
      suggested_float: await offeredFloat(db, t.id),
    };
  }));
}

/** POST /api/v2.2/locations/{id}/tills/ (role 40): another desk. Its name is unique at the location (any case). */
export async function createTill(db: Db, userId: number, locationId: number, input: { name: string }) {
  await requireRoleAt(db, userId, locationId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(tills).values({ locationId, name: input.name }).returning();
    await recordEffects(tx, { activity: { locationId, kind: 'till.created', subject: row!.name, after: { till: row!.name } } });
    return row!.id;
  });
  return (await tillsAt(db, userId, locationId)).find((t) => t.id === id)!;
}

/** GET /api/v2.2/locations/{id}/till_settings/: whether desk money needs an open shift, and the variance a count may have without a manager. */
export async function tillSettings(db: Db, userId: number, locationId: number) {
  await requireRoleAt(db, userId, locationId);
  const [loc] = await db.select({ only: locations.cashOnlyInShift, threshold: locations.shiftVarianceThreshold }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound();
  return { cash_only_in_shift: loc.only, variance_threshold: loc.threshold };
}

/** PUT /api/v2.2/locations/{id}/till_settings/ (role 40). */
export async function saveTillSettings(db: Db, userId: number, locationId: number, input: { cash_only_in_shift: boolean; variance_threshold: string }) {
  const before = await tillSettings(db, userId, locationId);
  await db.transaction(async (tx) => {
    await tx.update(locations).set({ cashOnlyInShift: input.cash_only_in_shift, shiftVarianceThreshold: input.variance_threshold }).where(eq(locations.id, locationId));
    const changed = (['cash_only_in_shift', 'variance_threshold'] as const).filter((k) => before[k] !== input[k]);
    await recordEffects(tx, { activity: { locationId, kind: 'till.settings_changed', subject: '',
      before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, input[k]])) } });
  });
  return tillSettings(db, userId, locationId);
}

// ---- shifts ----

/** A shift's money: its float, desk payments and refunds, and the movements; summed by the one rule (domain/till.ts). */
async function totalsOf(db: DbOrTx, shift: ShiftRow): Promise<ShiftTotals> {
  // One after the other: inside a transaction (the count) both would go to one client at once, which pg deprecates.
  const paid = await db.select({ payment_type: payments.paymentType, amount: payments.purchase }).from(payments).where(and(eq(payments.shiftId, shift.id), eq(payments.status, 'paid')));
  const moved = await db.select({ kind: tillMovements.kind, amount: tillMovements.amount }).from(tillMovements).where(eq(tillMovements.shiftId, shift.id));
  return shiftTotals({ float: shift.float, payments: paid, movements: moved.map((m) => ({ kind: m.kind as MovementKind, amount: m.amount })) });
}

const totalsJson = (t: ShiftTotals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fromCents(v)])) as Record<keyof ShiftTotals, string>;

/** A shift and its till, or 404. */
async function shiftWithTill(db: DbOrTx, shiftId: number) {
  const [row] = await db.select({ shift: tillShifts, till: { id: tills.id, name: tills.name } }).from(tillShifts)
    .innerJoin(tills, eq(tills.id, tillShifts.tillId)).where(eq(tillShifts.id, shiftId));
  if (!row) throw notFound();
  return row;
}

/**
 * A shift as the caller may see it. Blind count: before the shift is counted, its expected figures
 * and what they are made of (totals) are null for roles below 40; the counts (made after it) show
 * to everyone.
 */
export async function shiftJson(db: DbOrTx, shiftId: number, roleValue: number) {
  const { shift, till } = await shiftWithTill(db, shiftId);
  const [moved, counted, totals, currency] = await Promise.all([
    db.select().from(tillMovements).where(eq(tillMovements.shiftId, shiftId)).orderBy(asc(tillMovements.id)),
    db.select().from(tillCounts).where(eq(tillCounts.shiftId, shiftId)).orderBy(asc(tillCounts.id)),
    totalsOf(db, shift),
    currencyOfLocation(db, shift.locationId),
  ]);
  const who = await people(db, [shift.openedBy, shift.confirmedBy, ...moved.map((m) => m.userId), ...counted.map((c) => c.userId)]);
  const state = shift.state as ShiftState;
  const sees = seesExpected(roleValue, state);
  const last = counted.at(-1);
  const expected = expectedOf(totals);
  const counts = counted.map((c) => ({
    id: c.id, counted_cash: c.countedCash, counted_card: c.countedCard, denominations: c.denominations ?? null, drop: c.drop,
    ...countFigures({ cash: toCents(c.expectedCash), card: toCents(c.expectedCard) }, { cash: c.countedCash, card: c.countedCard }),
    // The desk's money does not change once counted (none lands after a count): the shift's totals are the count's.
    ...registerFigures(c.registerRevenue, totals),
    user: who.get(c.userId) ?? null, created: c.createdAt.toISOString(),
  }));
  return {
    id: shift.id, till, location: shift.locationId, state, currency,
    opened_at: shift.openedAt.toISOString(), opened_by: who.get(shift.openedBy) ?? null,
    float: shift.float, float_suggested: shift.floatSuggested, float_comment: shift.floatComment,
    closed_at: shift.closedAt?.toISOString() ?? null,
    confirmed_by: shift.confirmedBy !== null ? who.get(shift.confirmedBy) ?? null : null, confirm_comment: shift.confirmComment,
    blind: !sees,
    expected_cash: sees ? fromCents(expected.cash) : null,
    expected_card: sees ? fromCents(expected.card) : null,
    variance_cash: counts.at(-1)?.variance_cash ?? null,
    variance_card: counts.at(-1)?.variance_card ?? null,
    totals: sees ? totalsJson(totals) : null,
    movements: moved.map((m) => ({ id: m.id, kind: m.kind as MovementKind, amount: m.amount, comment: m.comment, user: who.get(m.userId) ?? null, created: m.createdAt.toISOString() })),
    counts,
    // The float the next shift of this till is offered, once this one closed.
    next_float: state === 'closed' && last ? suggestedFloat({ counted_cash: last.countedCash, drop: last.drop }) : null,
  };
}

/** GET /api/v2.2/shifts/{id}/: any role at its location, blind as above. */
export async function getShift(db: Db, userId: number, shiftId: number) {
  const { shift } = await shiftWithTill(db, shiftId);
  const role = await requireRoleAt(db, userId, shift.locationId);
  return shiftJson(db, shiftId, role.value);
}

const subjectOf = (till: { name: string }, shiftId: number) => `${till.name} #${shiftId}`;

/**
 * POST /api/v2.2/tills/{id}/shifts/ {float, comment}: opens a shift on the till, any role at its
 * location. The till's row is locked, so two opens at once give one shift and the other a 400. A
 * float other than the one offered (the last close's counted cash less its drop) needs a comment.
 */
export async function openShift(db: Db, userId: number, tillId: number, input: { float: string; comment: string }, call?: IdempotentCall) {
  const [till] = await db.select().from(tills).where(eq(tills.id, tillId));
  if (!till) throw notFound();
  const role = await requireRoleAt(db, userId, till.locationId);
  const id = await idempotentTransaction(db, call, async (tx) => {
    await lockTill(tx, tillId);
    const [current] = await tx.select({ state: tillShifts.state }).from(tillShifts).where(and(eq(tillShifts.tillId, tillId), ne(tillShifts.state, 'closed')));
    if (current) throw fieldError('non_field_errors', current.state === 'open' ? 'shift_already_open' : 'shift_awaiting_confirmation', { till: till.name });
    const offered = await offeredFloat(tx, tillId);
    const comment = input.comment.trim();
    if (floatNeedsComment(input.float, offered) && !comment) {
      throw fieldError('comment', 'float_comment_required', { suggested: moneyParam(offered!, await currencyOfLocation(tx, till.locationId)) });
    }
    const [shift] = await tx.insert(tillShifts).values({
      tillId, locationId: till.locationId, float: input.float, floatSuggested: offered, floatComment: comment, openedBy: userId,
    }).returning({ id: tillShifts.id });
    await recordEffects(tx, { activity: { locationId: till.locationId, kind: 'shift.opened', subject: subjectOf(till, shift!.id),
      after: { till: till.name, float: input.float, ...(offered !== null ? { float_suggested: offered } : {}), ...(comment ? { comment } : {}) } } });
    return shift!.id;
  });
  return shiftJson(db, id, role.value);
}

/**
 * POST /api/v2.2/shifts/{id}/movements/ {kind, amount, comment}: money put in (paid_in), paid out
 * (paid_out) or taken to the safe (drop) by hand, with its reason, by any role at the location,
 * only while the shift is open. Who made it is recorded.
 */
export async function addMovement(db: Db, userId: number, shiftId: number, input: { kind: MovementKind; amount: string; comment: string }, call?: IdempotentCall) {
  const { shift, till } = await shiftWithTill(db, shiftId);
  await requireRoleAt(db, userId, shift.locationId);
  return idempotentTransaction(db, call, async (tx) => {
    if ((await lockShift(tx, shiftId, 'share')) !== 'open') throw fieldError('non_field_errors', 'shift_closed');
    const [row] = await tx.insert(tillMovements).values({ shiftId, kind: input.kind, amount: input.amount, comment: input.comment, userId }).returning();
    await recordEffects(tx, { activity: { locationId: shift.locationId, kind: `shift.${input.kind}`, subject: subjectOf(till, shiftId),
      after: { till: till.name, movement: input.kind, amount: input.amount, comment: input.comment } } });
    const [who] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    return { id: row!.id, shift: shiftId, kind: input.kind, amount: row!.amount, comment: row!.comment, user: personOf(who), created: row!.createdAt.toISOString() };
  });
}

export interface CountInput {
  counted_cash: string;
  counted_card: string;
  denominations: Record<string, number> | null;
  drop: string;
  /** #43 The register's own shift revenue, when entered. */
  register_revenue?: string | null;
}

/**
 * POST /api/v2.2/shifts/{id}/close/: the blind count. Under the shift's lock (FOR UPDATE: money being
 * written into it is counted, none lands after), the count is kept with what was expected then; the
 * shift closes, or waits for a manager when a variance is above the location's threshold. A shift
 * waiting may be counted again (a second count, both kept); it closes only by the confirmation.
 */
export async function closeShift(db: Db, userId: number, shiftId: number, input: CountInput, call?: IdempotentCall) {
  const { shift: before, till } = await shiftWithTill(db, shiftId);
  await requireRoleAt(db, userId, before.locationId);
  const currency = await currencyOfLocation(db, before.locationId);
  if (input.denominations) {
    const total = denominationsCents(input.denominations);
    if (total !== toCents(input.counted_cash)) {
      throw fieldError('denominations', 'denominations_mismatch', { total: moneyParam(fromCents(total), currency), counted: moneyParam(input.counted_cash, currency) });
    }
  }
  if (toCents(input.drop) > toCents(input.counted_cash)) throw fieldError('drop', 'shift_drop_over_counted', { max: moneyParam(input.counted_cash, currency) });
  return idempotentTransaction(db, call, async (tx) => {
    const state = await lockShift(tx, shiftId, 'update');
    if (state === 'closed') throw fieldError('non_field_errors', 'shift_closed');
    const [shift] = await tx.select().from(tillShifts).where(eq(tillShifts.id, shiftId));
    const totals = await totalsOf(tx, shift!);
    const expected = expectedOf(totals);
    const figures = countFigures(expected, { cash: input.counted_cash, card: input.counted_card });
    const register = registerFigures(input.register_revenue ?? null, totals);
    const [count] = await tx.insert(tillCounts).values({
      shiftId, countedCash: input.counted_cash, countedCard: input.counted_card, denominations: input.denominations, drop: input.drop,
      expectedCash: figures.expected_cash, expectedCard: figures.expected_card, registerRevenue: register.register_revenue, userId,
    }).returning({ id: tillCounts.id });
    const [loc] = await tx.select({ threshold: locations.shiftVarianceThreshold }).from(locations).where(eq(locations.id, shift!.locationId));
    // Once a count needed a confirmation, a recount does not close the shift by itself.
    const waits = state === 'needs_confirmation' || needsConfirmation(figures, loc!.threshold);
    const next: ShiftState = waits ? 'needs_confirmation' : 'closed';
    await tx.update(tillShifts).set({ state: next, closedAt: waits ? null : new Date() }).where(eq(tillShifts.id, shiftId));
    await recordEffects(tx, { activity: { locationId: shift!.locationId, kind: waits ? 'shift.counted' : 'shift.closed', subject: subjectOf(till, shiftId),
      before: { shift_state: state }, after: { till: till.name, shift_state: next, counted_cash: input.counted_cash, counted_card: input.counted_card,
        ...(toCents(input.drop) > 0 ? { drop: input.drop } : {}), ...figures,
        ...(register.register_revenue !== null ? { register_revenue: register.register_revenue, register_difference: register.register_difference } : {}) } } });
    return { shift: shiftId, count: count!.id, state: next, ...figures, register_revenue: register.register_revenue, register_difference: register.register_difference };
  });
}

/**
 * POST /api/v2.2/shifts/{id}/confirm/ {comment}: a manager (role 20 or more) who made none of its
 * counts confirms a count above the threshold; the shift closes.
 */
export async function confirmShift(db: Db, userId: number, shiftId: number, input: { comment: string }) {
  const { shift: before, till } = await shiftWithTill(db, shiftId);
  const role = await requireRoleAt(db, userId, before.locationId);
  await lockedTransaction(db, async (tx) => {
    const state = await lockShift(tx, shiftId, 'update');
    if (state === 'closed') throw fieldError('non_field_errors', 'shift_closed');
    if (state === 'open') throw fieldError('non_field_errors', 'shift_not_counted');
    const counted = await tx.select({ userId: tillCounts.userId, cash: tillCounts.countedCash, card: tillCounts.countedCard,
      expectedCash: tillCounts.expectedCash, expectedCard: tillCounts.expectedCard }).from(tillCounts).where(eq(tillCounts.shiftId, shiftId)).orderBy(asc(tillCounts.id));
    if (counted.some((c) => c.userId === userId)) throw permissionDenied('shift_confirm_other_person');
    await tx.update(tillShifts).set({ state: 'closed', closedAt: new Date(), confirmedBy: userId, confirmComment: input.comment }).where(eq(tillShifts.id, shiftId));
    const last = counted.at(-1)!;
    const figures = countFigures({ cash: toCents(last.expectedCash), card: toCents(last.expectedCard) }, { cash: last.cash, card: last.card });
    await recordEffects(tx, { activity: { locationId: before.locationId, kind: 'shift.confirmed', subject: subjectOf(till, shiftId),
      before: { shift_state: state }, after: { till: till.name, shift_state: 'closed', comment: input.comment, variance_cash: figures.variance_cash, variance_card: figures.variance_card } } });
  });
  return shiftJson(db, shiftId, role.value);
}
