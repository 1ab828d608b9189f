// Pure helpers of the tools and control pages.
import { describe, expect, it } from 'vitest';
import { accessOpen, zonedDateTime } from '../../src/pages/control/access';
import { promocodeDiscount } from '../../src/resources/promocodes/PromocodeCells';

describe('control page', () => {
  const now = Date.parse('2030-01-14T10:00:00Z');

  it('technical access is open only before its expiry (stop shows only then)', () => {
    expect(accessOpen({ tech_sessions_access_expires_at: null }, now)).toBe(false);
    expect(accessOpen({ tech_sessions_access_expires_at: '2030-01-14T10:00:01Z' }, now)).toBe(true);
    expect(accessOpen({ tech_sessions_access_expires_at: '2030-01-14T10:00:00Z' }, now)).toBe(false);
    expect(accessOpen({ tech_sessions_access_expires_at: '2030-01-14T09:00:00Z' }, now)).toBe(false);
  });

  it('writes times on the location\'s wall clock as DD.MM.YYYY HH:mm', () => {
    expect(zonedDateTime('2030-01-14T21:30:00Z', 'Europe/Moscow')).toBe('15.01.2030 00:30');
    expect(zonedDateTime('2030-01-14T21:30:00Z', 'America/New_York')).toBe('14.01.2030 16:30');
    // An unknown zone falls back to the browser's: still a full date and time.
    expect(zonedDateTime('2030-01-14T21:30:00Z', 'Nowhere/Else')).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });
});

describe('promo code discount', () => {
  it('shows a fraction as a percent and a flat discount in the currency', () => {
    expect(promocodeDiscount({ type: 'fraction', discount: '0.15' }, null, 'ru')).toBe('15 %');
    expect(promocodeDiscount({ type: 'fraction', discount: '0.07' }, null, 'ru')).toBe('7 %');
    const rub = { code: 'RUB', is_before: false, blank_place: true, unicode: '₽' };
    expect(promocodeDiscount({ type: 'flat', discount: '500.00' }, rub, 'ru')).toBe('500,00\u00a0₽');
  });
});
