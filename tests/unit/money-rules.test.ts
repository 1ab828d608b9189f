import { describe, expect, it } from 'vitest';
import { bookingPrice, earlyBookingPercent, fromCents, percentOf, toCents } from '../../domain/pricing';
import { paymentLine, slotColour } from '../../domain/paymentLine';
import { personsTaken, slotFlags } from '../../domain/slotFlags';

const base = { orderType: 1, persons: 2, maxPlayers: 4, personalPrice: '1500.00', sessionPrice: null, promoDiscount: null, groupDiscountPercent: 0, earlyDiscountPercent: 0 };

describe('cents', () => {
  it('parses and prints decimal strings without floats', () => {
    expect(toCents('1500')).toBe(150000);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('12,34')).toBe(1234);
    expect(toCents('-5.5')).toBe(-550);
    expect(fromCents(150050)).toBe('1500.50');
    expect(fromCents(-7)).toBe('-0.07');
    expect(percentOf(333, 10)).toBe(33);
  });
});

describe('booking price', () => {
  it('is the per-person price times persons', () => {
    expect(bookingPrice(base)).toEqual({ cost: '3000.00', discount: '0.00', purchase: '3000.00' });
  });
  it('is the session price when the slot is priced per session', () => {
    expect(bookingPrice({ ...base, personalPrice: null, sessionPrice: '120.00', persons: 3 })).toEqual({ cost: '120.00', discount: '0.00', purchase: '120.00' });
  });
  it('takes a promo code below 1 as a fraction and from 1 as a flat amount', () => {
    expect(bookingPrice({ ...base, promoDiscount: '0.1' }).purchase).toBe('2700.00');
    expect(bookingPrice({ ...base, promoDiscount: '500' }).purchase).toBe('2500.00');
  });
  it('gives the group discount only when persons equal max players', () => {
    expect(bookingPrice({ ...base, groupDiscountPercent: 10 }).discount).toBe('0.00');
    expect(bookingPrice({ ...base, persons: 4, groupDiscountPercent: 10 })).toEqual({ cost: '6000.00', discount: '600.00', purchase: '5400.00' });
  });
  it('adds the early-booking discount and never goes below zero', () => {
    expect(bookingPrice({ ...base, earlyDiscountPercent: 5 }).purchase).toBe('2850.00');
    expect(bookingPrice({ ...base, promoDiscount: '10000' }).purchase).toBe('0.00');
  });
  it('charges nothing for technical and free orders', () => {
    expect(bookingPrice({ ...base, orderType: 2 }).purchase).toBe('0.00');
    expect(bookingPrice({ ...base, orderType: 3 }).purchase).toBe('0.00');
    expect(bookingPrice({ ...base, orderType: 4 }).purchase).toBe('3000.00');
  });
  it('picks the best early-booking condition the booking qualifies for', () => {
    const conditions = [{ days: 7, discount: 5 }, { days: 14, discount: 10 }];
    expect(earlyBookingPercent(conditions, 3)).toBe(0);
    expect(earlyBookingPercent(conditions, 7)).toBe(5);
    expect(earlyBookingPercent(conditions, 30)).toBe(10);
  });
});

const order = (o: Partial<{ status: number; order_type: number; persons: number; purchase: string; paid: string; need_paid: string }>) => ({
  status: 2, order_type: 1, persons: 1, purchase: '1000.00', paid: '0.00', need_paid: '1000.00', ...o,
});

describe('slot flags', () => {
  it('derives pending, not paid, need paid, paid, event, free', () => {
    expect(slotFlags([order({})], false)).toMatchObject({ pending: true, not_paid: true, need_paid: false, paid: false });
    expect(slotFlags([order({ paid: '400.00', need_paid: '600.00' })], false)).toMatchObject({ not_paid: false, need_paid: true });
    expect(slotFlags([order({ status: 6, paid: '1000.00', need_paid: '0.00' })], false)).toMatchObject({ paid: true, pending: false });
    expect(slotFlags([order({ order_type: 4 })], false).event).toBe(true);
    expect(slotFlags([order({ order_type: 3, purchase: '0.00', need_paid: '0.00', status: 3 })], false)).toMatchObject({ free: true, not_paid: false });
    // Technical orders owe nothing even with a price.
    expect(slotFlags([order({ order_type: 2 })], false).not_paid).toBe(false);
  });
  it('ignores cancelled orders and counts only live persons', () => {
    const cancelled = order({ status: 4, persons: 3 });
    expect(slotFlags([cancelled], false)).toMatchObject({ pending: false, not_paid: false });
    expect(personsTaken([cancelled, order({ persons: 2 }), order({ status: 5, persons: 1 })])).toBe(2);
  });
  it('passes the archived state through', () => {
    expect(slotFlags([], true).archived).toBe(true);
  });
});

describe('payment line', () => {
  it('labels event, free and technical orders', () => {
    expect(paymentLine(order({ order_type: 4 }))).toEqual({ kind: 'event' });
    expect(paymentLine(order({ order_type: 3 }))).toEqual({ kind: 'free' });
    expect(paymentLine(order({ order_type: 2 }))).toEqual({ kind: 'technical' });
  });
  it('shows the paid amount, not paid with need_paid, to pay, cancelled and overpayment', () => {
    expect(paymentLine(order({ status: 6, paid: '1000.00', need_paid: '0.00' }))).toEqual({ kind: 'paid', amount: '1000.00' });
    expect(paymentLine(order({}))).toEqual({ kind: 'not_paid', amount: '1000.00' });
    expect(paymentLine(order({ paid: '300.00', need_paid: '700.00' }))).toEqual({ kind: 'to_pay', amount: '700.00' });
    expect(paymentLine(order({ status: 4 }))).toEqual({ kind: 'cancelled' });
    expect(paymentLine(order({ status: 6, paid: '1200.00', need_paid: '-200.00' }))).toEqual({ kind: 'overpayment', amount: '200.00' });
  });
});

describe('slot colour', () => {
  const flags = (o: Parameters<typeof slotFlags>[0]) => slotFlags(o, false);
  it('is purple for events, blue for free, red unpaid, orange partly paid, green paid', () => {
    expect(slotColour(flags([order({ order_type: 4 })]), true)).toBe('event');
    expect(slotColour(flags([order({ order_type: 3, status: 3, purchase: '0.00', need_paid: '0.00' })]), true)).toBe('free');
    expect(slotColour(flags([order({})]), true)).toBe('unpaid');
    expect(slotColour(flags([order({ paid: '1.00', need_paid: '999.00' })]), true)).toBe('partly_paid');
    expect(slotColour(flags([order({ status: 6, paid: '1000.00', need_paid: '0.00' })]), true)).toBe('paid');
    expect(slotColour(flags([]), false)).toBe('empty');
  });
});
