// #29 What Stripe is sent: amounts in the currency's smallest unit, and a session's expiry within Stripe's bounds.
import { describe, expect, it } from 'vitest';
import { expiresAt, minorUnits } from '../../server/modules/paymentProviders/stripe';

describe('Stripe amounts and expiry', () => {
  it('sends amounts in the smallest unit (kopecks, whole yen, fils in thousandths) and a session life of 31 minutes to 24 hours', () => {
    expect(minorUnits('1000.00', 'RUB')).toBe(100000);
    expect(minorUnits('12.34', 'eur')).toBe(1234);
    expect(minorUnits('1500.00', 'JPY')).toBe(1500);
    expect(() => minorUnits('1500.50', 'JPY')).toThrow('JPY amounts are whole');
    expect(minorUnits('5.12', 'KWD')).toBe(5120);
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(expiresAt(20, now) - now / 1000).toBe(31 * 60);
    expect(expiresAt(90, now) - now / 1000).toBe(90 * 60);
    expect(expiresAt(48 * 60, now) - now / 1000).toBe(24 * 3600);
  });
});
