// Which shift desk money lands in (#43). Cash (payment type 2) and card (6) taken or given back at
// the desk go to the open shift of the till the caller names (`till`; the browser sends the one it
// remembers); without one, to the location's only open shift; with several open, the caller must
// choose ({"till": ["Выберите кассу"]}). With none open, a location that keeps desk money in shifts
// (`cash_only_in_shift`) refuses it; one that does not records it in no shift. Online, widget,
// certificate and bill money never lands in a shift and is never refused here.
//
// Locking: the shift's row is taken FOR SHARE inside the money's own transaction, after whatever
// that transaction locked before (the order, a certificate): many payments share it, and a close
// (FOR UPDATE, platform/locks.ts) waits for them, or they for it and then read it closed and are
// refused ("Смена закрыта"). So a payment racing the close lands before the close counts it, or is
// refused; never in a closed shift (a trigger of migration 0025 has the last word).
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { locations, tillShifts, tills } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { lockShift } from '../../platform/locks';
import { isDeskMoney } from '../../../domain/till';

/** Where desk money landed: the shift and its till (the pay dialogs say it). */
export interface LandedShift { id: number; till: { id: number; name: string } }

/**
 * The open shift `paymentType` money of `locationId` lands in (`till`: the caller's), locked FOR
 * SHARE until the caller's transaction ends; null when it belongs to no shift. Throws the desk's
 * refusals: an unknown till, several open shifts and none chosen, no open shift where one is needed,
 * a shift closed (or counted) meanwhile.
 */
export async function deskShift(tx: Tx, locationId: number, paymentType: number, till: number | null | undefined): Promise<LandedShift | null> {
  if (!isDeskMoney(paymentType)) return null;
  let chosen: { id: number; name: string } | undefined;
  let current: { id: number; state: string; tillId: number; tillName: string }[];
  const shiftColumns = { id: tillShifts.id, state: tillShifts.state, tillId: tills.id, tillName: tills.name };
  if (till) {
    [chosen] = await tx.select({ id: tills.id, name: tills.name }).from(tills).where(and(eq(tills.id, till), eq(tills.locationId, locationId)));
    if (!chosen) throw fieldError('till', 'invalid_choice');
    current = await tx.select(shiftColumns).from(tillShifts).innerJoin(tills, eq(tills.id, tillShifts.tillId))
      .where(and(eq(tillShifts.tillId, till), ne(tillShifts.state, 'closed')));
  } else {
    current = await tx.select(shiftColumns).from(tillShifts).innerJoin(tills, eq(tills.id, tillShifts.tillId))
      .where(and(eq(tillShifts.locationId, locationId), eq(tillShifts.state, 'open')));
    if (current.length > 1) throw fieldError('till', 'till_choose');
  }
  const shift = current[0];
  if (!shift) {
    const [loc] = await tx.select({ required: locations.cashOnlyInShift }).from(locations).where(eq(locations.id, locationId));
    if (!loc?.required) return null;
    const [first] = chosen ? [chosen] : await tx.select({ name: tills.name }).from(tills).where(eq(tills.locationId, locationId)).orderBy(asc(tills.id)).limit(1);
    throw fieldError('non_field_errors', 'shift_open_first', { till: first?.name ?? '' });
  }
  // The state as a close in progress leaves it: the lock waits for that close to commit.
  if ((await lockShift(tx, shift.id, 'share')) !== 'open') throw fieldError('non_field_errors', 'shift_closed');
  return { id: shift.id, till: { id: shift.tillId, name: shift.tillName } };
}

