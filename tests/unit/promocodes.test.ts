// Issue #18: the promo code status rule (list and bookings read the same one) and the multi-booking
// price that the form previews and the server saves.
import { describe, expect, it } from 'vitest';
import { promocodeStatus, type PromocodeTerms } from '../../domain/promocodes';
import { bookingPrice, multiBookingPrice } from '../../domain/pricing';
import { ORDER_TYPE } from '../../domain/slotFlags';

const code = (p: Partial<PromocodeTerms> = {}): PromocodeTerms => ({ active: true, valid_from: null, valid_to: null, usage_limit: null, used_count: 0, ...p });

describe('promocodeStatus', () => {
  it('is expired the day after its end date, not on it', () => {
    expect(promocodeStatus(code({ valid_to: '2030-05-10' }), '2030-05-10')).toBe('active');
    expect(promocodeStatus(code({ valid_to: '2030-05-10' }), '2030-05-11')).toBe('expired');
  });
  it('is used up once the uses reach the limit, unless the order already holds one', () => {
    expect(promocodeStatus(code({ usage_limit: 2, used_count: 1 }), '2030-05-10')).toBe('active');
    expect(promocodeStatus(code({ usage_limit: 2, used_count: 2 }), '2030-05-10')).toBe('used_up');
    expect(promocodeStatus(code({ usage_limit: 2, used_count: 2 }), '2030-05-10', { alreadyUsed: true })).toBe('active');
  });
  it('says not started before its start date; switched off wins over every date', () => {
    expect(promocodeStatus(code({ valid_from: '2030-06-01' }), '2030-05-10')).toBe('not_started');
    expect(promocodeStatus(code({ active: false, valid_to: '2020-01-01', usage_limit: 1, used_count: 1 }), '2030-05-10')).toBe('inactive');
    expect(promocodeStatus(code({ valid_to: '2020-01-01', usage_limit: 1, used_count: 1 }), '2030-05-10')).toBe('expired');
  });
});

describe('multiBookingPrice', () => {
  it('takes a fraction or a flat promo code off the staff\'s cost, never below zero', () => {
    expect(multiBookingPrice({ orderType: ORDER_TYPE.paid, cost: '9000,50', promoDiscount: null })).toEqual({ cost: '9000.50', discount: '0.00', purchase: '9000.50' });
    expect(multiBookingPrice({ orderType: ORDER_TYPE.paid, cost: '9000', promoDiscount: '0.10' })).toEqual({ cost: '9000.00', discount: '900.00', purchase: '8100.00' });
    expect(multiBookingPrice({ orderType: ORDER_TYPE.event, cost: '300', promoDiscount: '500.00' })).toEqual({ cost: '300.00', discount: '300.00', purchase: '0.00' });
  });
  it('keeps cost and discount of a technical or free order but owes nothing', () => {
    expect(multiBookingPrice({ orderType: ORDER_TYPE.free, cost: '1000', promoDiscount: '0.10' })).toEqual({ cost: '1000.00', discount: '100.00', purchase: '0.00' });
  });
  it('reads a promo code as the single booking price does', () => {
    const single = bookingPrice({ orderType: ORDER_TYPE.paid, persons: 1, maxPlayers: 4, personalPrice: null, sessionPrice: '2000', promoDiscount: '0.15', groupDiscountPercent: 0, earlyDiscountPercent: 0 });
    expect(multiBookingPrice({ orderType: ORDER_TYPE.paid, cost: '2000', promoDiscount: '0.15' })).toEqual(single);
  });
});
