// Demo tills and shifts (#43): the demo locations are new locations, so desk money needs an open
// shift there. Location 1 has a second desk and a history: a shift closed as counted, one short in
// cash that a manager confirmed, and one on the second desk counted over in card that still waits
// for a manager (the demo manager can confirm it: the cashier counted); location 1's first desk, and
// locations 2 and 3, have a shift open now, so the demo desk takes cash and card at once. The desk
// payments of each past shift's hours are its payments.
import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../client';
import { payments, tillCounts, tillMovements, tillShifts, tills } from '../schema';
import { countFigures, expectedOf, shiftTotals, DESK_PAYMENT_TYPES, type MovementKind } from '../../../domain/till';
import { fromCents, toCents } from '../../../domain/pricing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoShift {
  tillId: number;
  locationId: number;
  openedBy: number;
  /** When it opened and (for a past shift) closed, from now. */
  openedAgo: number;
  closedAgo?: number;
  float: string;
  floatComment?: string;
  movements?: { kind: MovementKind; amount: string; comment: string; by: number }[];
  /** Its count: how far the cash and the card are from what was expected (kopecks), who counted, what went to the safe (all above the float). */
  count?: { by: number; cashOff: number; cardOff: number; keep: string };
  confirm?: { by: number; comment: string };
}

async function seedShift(tx: Tx, d: DemoShift): Promise<void> {
  const openedAt = new Date(Date.now() - d.openedAgo);
  const closedAt = d.closedAgo !== undefined ? new Date(Date.now() - d.closedAgo) : new Date();
  const [shift] = await tx.insert(tillShifts).values({
    tillId: d.tillId, locationId: d.locationId, float: d.float, floatComment: d.floatComment ?? '', openedBy: d.openedBy, openedAt,
  }).returning();
  // The desk's cash and card of its hours (while it is open: a trigger keeps money out of any other).
  await tx.update(payments).set({ shiftId: shift!.id }).where(and(eq(payments.locationId, d.locationId), inArray(payments.paymentType, [...DESK_PAYMENT_TYPES]),
    eq(payments.status, 'paid'), isNull(payments.shiftId), gte(payments.created, openedAt), lt(payments.created, closedAt)));
  for (const [i, m] of (d.movements ?? []).entries()) {
    await tx.insert(tillMovements).values({ shiftId: shift!.id, kind: m.kind, amount: m.amount, comment: m.comment, userId: m.by, createdAt: new Date(openedAt.getTime() + (i + 1) * HOUR) });
  }
  if (!d.count) return;
  const paid = await tx.select({ payment_type: payments.paymentType, amount: payments.purchase }).from(payments).where(eq(payments.shiftId, shift!.id));
  const expected = expectedOf(shiftTotals({ float: d.float, payments: paid, movements: d.movements ?? [] }));
  const counted = { cash: fromCents(expected.cash + d.count.cashOff), card: fromCents(expected.card + d.count.cardOff) };
  const figures = countFigures(expected, counted);
  await tx.insert(tillCounts).values({
    shiftId: shift!.id, countedCash: counted.cash, countedCard: counted.card, drop: fromCents(Math.max(0, toCents(counted.cash) - toCents(d.count.keep))),
    expectedCash: figures.expected_cash, expectedCard: figures.expected_card, userId: d.count.by, createdAt: closedAt,
  });
  const waits = d.count.cashOff !== 0 || d.count.cardOff !== 0;
  await tx.update(tillShifts).set({ state: waits ? 'needs_confirmation' : 'closed', closedAt: waits ? null : closedAt }).where(eq(tillShifts.id, shift!.id));
  if (waits && d.confirm) {
    await tx.update(tillShifts).set({ state: 'closed', closedAt: new Date(closedAt.getTime() + HOUR / 2), confirmedBy: d.confirm.by, confirmComment: d.confirm.comment })
      .where(eq(tillShifts.id, shift!.id));
  }
}

export async function seedTill(tx: Tx, who: { admin: number; manager: number; staff: number }): Promise<void> {
  const first = async (locationId: number) => (await tx.select({ id: tills.id }).from(tills).where(eq(tills.locationId, locationId)).orderBy(asc(tills.id)).limit(1))[0]!.id;
  const desk1 = await first(1);
  const [desk2] = await tx.insert(tills).values({ locationId: 1, name: 'Касса 2' }).returning();
  await seedShift(tx, {
    tillId: desk1, locationId: 1, openedBy: who.staff, openedAgo: 3 * DAY + 12 * HOUR, closedAgo: 3 * DAY, float: '5000.00',
    movements: [{ kind: 'paid_out', amount: '350.00', comment: 'Вода для гостей', by: who.staff }],
    count: { by: who.staff, cashOff: 0, cardOff: 0, keep: '5000.00' },
  });
  await seedShift(tx, {
    tillId: desk1, locationId: 1, openedBy: who.staff, openedAgo: 2 * DAY + 12 * HOUR, closedAgo: 2 * DAY, float: '5000.00',
    movements: [{ kind: 'paid_in', amount: '2000.00', comment: 'Размен из сейфа', by: who.manager }, { kind: 'drop', amount: '3000.00', comment: 'Инкассация в обед', by: who.manager }],
    count: { by: who.staff, cashOff: -30000, cardOff: 0, keep: '5000.00' },
    confirm: { by: who.manager, comment: 'Сдача гостю без чека, кассир предупреждён' },
  });
  await seedShift(tx, {
    tillId: desk2!.id, locationId: 1, openedBy: who.staff, openedAgo: DAY + 10 * HOUR, closedAgo: DAY, float: '3000.00',
    count: { by: who.staff, cashOff: 0, cardOff: 150000, keep: '3000.00' },
  });
  // Open now: the first desk's float is what its last close left (counted less the drop).
  await seedShift(tx, { tillId: desk1, locationId: 1, openedBy: who.staff, openedAgo: 6 * HOUR, float: '5000.00' });
  await seedShift(tx, { tillId: await first(2), locationId: 2, openedBy: who.manager, openedAgo: 6 * HOUR, float: '3000.00' });
  await seedShift(tx, { tillId: await first(3), locationId: 3, openedBy: who.admin, openedAgo: 6 * HOUR, float: '200.00' });
}
