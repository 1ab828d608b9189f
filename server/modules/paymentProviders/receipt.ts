// #29 The 54-FZ receipt sent with a YooKassa payment when the account has receipts on: the customer's
// e-mail (else phone) and one item per session, "Сеанс: <playground>, <date time>", quantity = persons,
// paid before the session (full_prepayment) or after it (full_payment). The items add up to the link's
// amount to the kopeck, as YooKassa requires: the amount is spread over the sessions, and a session
// whose share does not divide by its persons is two items of the same text, one kopeck apart in price.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, orderPlaysessions, orders, playgrounds, playsessions, users } from '../../db/schema';
import { formatWallClock } from '../../../domain/dates';
import { fromCents, toCents } from '../../../domain/pricing';
import { wallClockNow } from '../../platform/clock';
import type { PaymentProvider, Receipt } from './types';

type Item = Receipt['items'][number];

/** `cents` as whole kopecks over `quantity` units: one item, or two when it does not divide. */
export function unitItems(description: string, cents: number, quantity: number, paymentMode: Item['paymentMode']): Item[] {
  const q = Math.max(1, quantity);
  const unit = Math.floor(cents / q);
  const extra = cents - unit * q;
  const items: Item[] = [];
  if (q - extra > 0 && unit > 0) items.push({ description, quantity: q - extra, price: fromCents(unit), paymentMode });
  if (extra > 0) items.push({ description, quantity: extra, price: fromCents(unit + 1), paymentMode });
  return items;
}

/** Splits `cents` into `n` shares that differ by at most a kopeck (the first ones take the remainder). */
export function shares(cents: number, n: number): number[] {
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => base + (i < cents - base * n ? 1 : 0));
}

function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits : null;
}

/** An order's receipt for a link of `amount` (null when the order names no way to reach the customer). */
export async function orderReceipt(db: DbOrTx, provider: PaymentProvider, orderId: number, amount: string, currency: string): Promise<Receipt | null> {
  const [order] = await db.select({ email: orders.email, phone: orders.phone, persons: orders.persons, tz: locations.timezone })
    .from(orders).innerJoin(locations, eq(locations.id, orders.locationId)).where(eq(orders.id, orderId));
  if (!order) return null;
  const email = order.email?.trim() || null;
  const phone = email ? null : phoneDigits(order.phone);
  if (!email && !phone) return null;
  const sessions = await db.select({ start: playsessions.timeStart, playground: playgrounds.name }).from(orderPlaysessions)
    .innerJoin(playsessions, eq(playsessions.id, orderPlaysessions.playsessionId)).innerJoin(playgrounds, eq(playgrounds.id, playsessions.playgroundId))
    .where(eq(orderPlaysessions.orderId, orderId)).orderBy(asc(playsessions.timeStart));
  const now = wallClockNow(order.tz ?? 'UTC');
  const cents = toCents(amount);
  const items = sessions.length
    ? shares(cents, sessions.length).flatMap((share, i) => unitItems(`Сеанс: ${sessions[i]!.playground}, ${formatWallClock(sessions[i]!.start)}`, share, order.persons,
      sessions[i]!.start > now ? 'full_prepayment' : 'full_payment'))
    : unitItems(`Заказ № ${orderId}`, cents, 1, 'full_payment');
  return { email, phone, currency, vatCode: provider.vatCode ?? 1, taxSystemCode: provider.taxSystemCode, items };
}

/** A top-up's receipt: the member of staff who asked for it, one item. */
export async function topUpReceipt(db: DbOrTx, provider: PaymentProvider, userId: number, locationName: string, amount: string, currency: string): Promise<Receipt | null> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!u?.email) return null;
  return { email: u.email, phone: null, currency, vatCode: provider.vatCode ?? 1, taxSystemCode: provider.taxSystemCode,
    items: unitItems(`Пополнение баланса: ${locationName}`, toCents(amount), 1, 'full_payment') };
}
