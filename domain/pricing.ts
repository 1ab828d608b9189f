// The price of a booking, in whole cents so no float ever touches money. The server computes it
// (its figure wins); the booking form shows the same computation before saving.
import { ORDER_TYPE } from './slotFlags';

export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim().replace(',', '.');
  const negative = text.startsWith('-');
  const [intPart = '0', frac = ''] = text.replace(/^[-+]/, '').split('.');
  const cents = Number(intPart) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percent of an amount in cents, rounded half up to a cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

export interface PriceInput {
  orderType: number;
  persons: number;
  maxPlayers: number;
  personalPrice: string | null;
  sessionPrice: string | null;
  /** A promo code's discount: below 1 a fraction of the price, otherwise a flat amount. */
  promoDiscount: string | null;
  /** Percent off when the booking takes every place of the session. */
  groupDiscountPercent: number;
  /** Percent off for booking early (the best matching early-booking condition). */
  earlyDiscountPercent: number;
}

export interface Price {
  cost: string;
  discount: string;
  purchase: string;
}

/**
 * Per-person price times persons, or the session price; less the promo code, the group discount
 * (persons equal max players) and the early-booking discount, each taken on the full price and
 * never below zero in total. Technical and free orders cost nothing.
 */
export function bookingPrice(input: PriceInput): Price {
  if (input.orderType === ORDER_TYPE.technical || input.orderType === ORDER_TYPE.free) {
    return { cost: '0.00', discount: '0.00', purchase: '0.00' };
  }
  const gross = input.personalPrice !== null
    ? toCents(input.personalPrice) * input.persons
    : toCents(input.sessionPrice ?? '0');
  let discount = 0;
  if (input.promoDiscount !== null) discount += promoDiscountCents(gross, input.promoDiscount);
  if (input.groupDiscountPercent > 0 && input.persons >= input.maxPlayers) discount += percentOf(gross, input.groupDiscountPercent);
  if (input.earlyDiscountPercent > 0) discount += percentOf(gross, input.earlyDiscountPercent);
  discount = Math.min(discount, gross);
  return { cost: fromCents(gross), discount: fromCents(discount), purchase: fromCents(gross - discount) };
}

/** A promo code's discount of a gross amount in cents: below 1 a fraction of it, otherwise a flat amount; never above it. */
export function promoDiscountCents(grossCents: number, promoDiscount: string): number {
  const d = Number(promoDiscount);
  return Math.min(d < 1 ? Math.round(grossCents * d) : toCents(promoDiscount), Math.max(grossCents, 0));
}

/**
 * A multi-booking's price: the cost is the staff's figure (decimal text), less the promo code;
 * technical and free orders keep their cost and discount but are owed nothing. The server saves
 * this and the multi-booking form shows it before saving.
 */
export function multiBookingPrice(input: { orderType: number; cost: string; promoDiscount: string | null }): Price {
  const cost = toCents(input.cost);
  const discount = input.promoDiscount !== null ? promoDiscountCents(cost, input.promoDiscount) : 0;
  const free = input.orderType === ORDER_TYPE.technical || input.orderType === ORDER_TYPE.free;
  return { cost: fromCents(cost), discount: fromCents(discount), purchase: fromCents(free ? 0 : cost - discount) };
}

/** The best early-booking discount for booking `daysAhead` days before the session. */
export function earlyBookingPercent(conditions: readonly { days: number; discount: number }[], daysAhead: number): number {
  return conditions.filter((c) => daysAhead >= c.days).reduce((best, c) => Math.max(best, c.discount), 0);
}
