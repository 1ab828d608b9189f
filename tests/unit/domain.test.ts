import { describe, expect, it } from 'vitest';
import { firstErrorMessage, fieldMessages } from '../../domain/errors';
import { formatAmount, formatMoney } from '../../domain/money';
import { hasPermission, permissionName } from '../../domain/permissions';
import { canManageLocation, canSeeLocationsTab } from '../../domain/roles';
import { isValidEmail, isValidPhone } from '../../domain/validation';

const RUB = { code: 'RUB', is_before: false, blank_place: true };
const USD = { code: 'USD', is_before: true, blank_place: false };

describe('money', () => {
  it('places the code per is_before and blank_place', () => {
    expect(formatMoney('1500.00', RUB, 'c.u.')).toBe('1\u202f500 RUB');
    expect(formatMoney('1500.50', USD, 'c.u.')).toBe('USD1\u202f500.50');
  });
  it('shows the default title when the currency is null', () => {
    expect(formatMoney('0.00', null, 'у.е.')).toBe('0 у.е.');
  });
  it('keeps the sign and groups thousands', () => {
    expect(formatAmount('-1234567.5')).toBe('-1\u202f234\u202f567.50');
    expect(formatAmount('999')).toBe('999');
  });
});

describe('generic error handler', () => {
  it('takes the first message of the first array field', () => {
    expect(firstErrorMessage({ phone: ['bad phone', 'second'], email: ['bad email'] })).toBe('bad phone');
  });
  it('falls back to the text body, then to Unknown error', () => {
    expect(firstErrorMessage('Bad gateway')).toBe('Bad gateway');
    expect(firstErrorMessage(null)).toBe('Unknown error');
    expect(firstErrorMessage({})).toBe('Unknown error');
    expect(firstErrorMessage({}, 'Неизвестная ошибка')).toBe('Неизвестная ошибка');
  });
  it('looks into nested list entries, skipping the valid ones', () => {
    expect(firstErrorMessage({ items: [{}, { pricing: [{}, { start: ['taken'] }] }] })).toBe('taken');
  });
  it('uses detail when no field has an array', () => {
    expect(firstErrorMessage({ detail: 'Invalid token.' })).toBe('Invalid token.');
  });
  it('maps DRF field arrays to one message per field', () => {
    expect(fieldMessages({ phone: ['bad'], detail: 'x' })).toEqual({ phone: 'bad' });
    expect(fieldMessages({ design: ['first', 'second'], seller: ['not found'] })).toEqual({ design: 'first', seller: 'not found' });
  });
});

describe('roles and permissions', () => {
  it('shows the Locations tab from role value 20', () => {
    expect(canSeeLocationsTab({ id: 10, value: 10 })).toBe(false);
    expect(canSeeLocationsTab({ id: 20, value: 20 })).toBe(true);
    expect(canSeeLocationsTab(null)).toBe(false);
  });
  it('allows location management only to role id 40', () => {
    expect(canManageLocation({ id: 40, value: 40 })).toBe(true);
    expect(canManageLocation({ id: 20, value: 40 })).toBe(false);
  });
  it('checks permissions by name whatever the product', () => {
    expect(permissionName('vr', 'techsessions')).toBe('accounts.vr.techsessions');
    expect(hasPermission(['accounts.vr.certificate.create'], 'certificate')).toBe(false);
    expect(hasPermission(['accounts.vr.certificate'], 'certificate')).toBe(true);
    expect(hasPermission(['accounts.vr.certificate.create'], 'certificate.create')).toBe(true);
  });
});

describe('validation patterns', () => {
  it('accepts digits with an optional leading plus as a phone', () => {
    expect(isValidPhone('+79990000001')).toBe(true);
    expect(isValidPhone('89990000001')).toBe(true);
    expect(isValidPhone('+7 999')).toBe(false);
    expect(isValidPhone('7+999')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('checks e-mail addresses', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('balance currency', () => {
  it('prefers the business currency, then the location currency, else none', async () => {
    const { balanceCurrency } = await import('../../domain/money');
    expect(balanceCurrency({ b2b_currency: USD, currency: RUB })).toBe(USD);
    expect(balanceCurrency({ b2b_currency: null, currency: RUB })).toBe(RUB);
    expect(balanceCurrency({ b2b_currency: null, currency: null })).toBeNull();
  });
});
