import { describe, expect, it } from 'vitest';
import { firstErrorMessage, fieldMessages } from '../../domain/errors';
import { formatDay, formatInstant, formatWallClock, parseDay, parseTime, parseTypedDay } from '../../domain/dates';
import { formatAmount, formatMoney, readAmount } from '../../domain/money';
import { hasPermission, permissionName } from '../../domain/permissions';
import { canManageLocation, canSeeLocationsTab } from '../../domain/roles';
import { isValidEmail, isValidPhone } from '../../domain/validation';

const RUB = { code: 'RUB', is_before: false, blank_place: true };
const USD = { code: 'USD', is_before: true, blank_place: false };

describe('money', () => {
  const RUB_SIGN = { ...RUB, unicode: '₽' };
  const USD_SIGN = { ...USD, unicode: '$' };
  it('places the currency per is_before and blank_place, its sign when it has one', () => {
    expect(formatMoney('18000', RUB_SIGN, 'ru')).toBe('18\u00a0000,00\u00a0₽');
    expect(formatMoney('1500.5', USD_SIGN, 'en')).toBe('$1,500.50');
    expect(formatMoney('1500.00', RUB, 'en')).toBe('1,500.00\u00a0RUB');
    expect(formatMoney('1500.50', USD, 'ru')).toBe('USD1\u00a0500,50');
  });
  it('reads an amount as a cashier types it, grouped as the screens write it (#18)', () => {
    expect(readAmount('1 500,50')).toBe('1500.50');
    expect(readAmount('18\u00a0000,00')).toBe('18000.00');
    expect(readAmount(' 1500.5 ')).toBe('1500.5');
    expect(readAmount('970')).toBe('970');
    // The English form the en screens write and prefill (#25): '3,000.00'.
    expect(readAmount('1,500.50')).toBe('1500.50');
    expect(readAmount('30,000.00')).toBe('30000.00');
    for (const bad of ['', '1.500,50', '15 00', '-5', '1e3', '12,345', '1,50,000.00', '1,500,5']) expect(readAmount(bad), bad).toBeNull();
  });
  it('writes a minus before a leading currency sign (#18: the USD ledger showed $-150.00)', () => {
    expect(formatMoney('-150', USD_SIGN, 'en')).toBe('-$150.00');
    expect(formatMoney('-1500.5', { ...USD_SIGN, blank_place: true }, 'ru')).toBe('-$\u00a01\u00a0500,50');
    expect(formatMoney('-150', RUB_SIGN, 'ru')).toBe('-150,00\u00a0₽');
  });
  it('shows the default title when the currency is null', () => {
    expect(formatMoney('0.00', null, 'ru')).toBe('0,00\u00a0у.е.');
    expect(formatMoney('7', null, 'en')).toBe('7.00\u00a0c.u.');
  });
  it('keeps the sign, groups thousands and always writes two decimals, without floats', () => {
    expect(formatAmount('-1234567.5', 'ru')).toBe('-1\u00a0234\u00a0567,50');
    expect(formatAmount('-1234567.5', 'en')).toBe('-1,234,567.50');
    expect(formatAmount('999', 'ru')).toBe('999,00');
    expect(formatAmount('90071992547409931.99', 'en')).toBe('90,071,992,547,409,931.99');
    expect(formatAmount(12.5, 'ru')).toBe('12,50');
    expect(formatAmount('-0.00', 'ru')).toBe('0,00');
  });
});

describe('dates', () => {
  it('writes days, wall clocks and instants as DD.MM.YYYY (HH:mm), instants on the location clock', () => {
    expect(formatDay('2026-11-23')).toBe('23.11.2026');
    expect(formatWallClock('2026-11-23 09:05')).toBe('23.11.2026 09:05');
    // 16:45 UTC is 11:45 in Brooklyn and 19:45 in Moscow, whatever zone the browser is in.
    expect(formatInstant('2026-11-23T16:45:00Z', 'America/New_York')).toBe('23.11.2026 11:45');
    expect(formatInstant('2026-11-23T16:45:07Z', 'Europe/Moscow', true)).toBe('23.11.2026 19:45:07');
    expect(formatInstant(null, 'Europe/Moscow')).toBe('—');
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

describe('typed days and times (the app\'s own date and time inputs, the widget, the dashboards\' period)', () => {
  it('reads DD.MM.YYYY as shown and the ISO day; no other day', () => {
    expect(parseDay('07.03.2026')).toBe('2026-03-07');
    expect(parseDay(' 7.3.2026 ')).toBe('2026-03-07');
    expect(parseDay('2026-03-07')).toBe('2026-03-07');
    expect(parseDay('31.02.2026')).toBeNull();
    expect(parseDay('03/07/2026')).toBe('2026-07-03');
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
  it('#40 reads a day typed on a phone: digits alone, a two-digit year, and a day and month on or after today', () => {
    expect(parseTypedDay('30112026')).toBe('2026-11-30');
    expect(parseTypedDay('301126')).toBe('2026-11-30');
    expect(parseTypedDay('30.11.2026')).toBe('2026-11-30');
    expect(parseTypedDay('30.11.26')).toBe('2026-11-30');
    expect(parseTypedDay('30 11 2026')).toBe('2026-11-30');
    expect(parseTypedDay('30-11-26')).toBe('2026-11-30');
    expect(parseTypedDay(' 1.2.27 ')).toBe('2027-02-01');
    expect(parseTypedDay('2026-11-30')).toBe('2026-11-30');
    expect(parseTypedDay('31022026')).toBeNull();
    expect(parseTypedDay('3011202')).toBeNull();
    expect(parseTypedDay('30112')).toBeNull();
    expect(parseTypedDay('abc')).toBeNull();
    // A day and month alone need today: the next such day.
    expect(parseTypedDay('3011')).toBeNull();
    expect(parseTypedDay('3011', '2026-11-20')).toBe('2026-11-30');
    expect(parseTypedDay('30.11', '2026-11-20')).toBe('2026-11-30');
    expect(parseTypedDay('0501', '2026-11-20')).toBe('2027-01-05');
    expect(parseTypedDay('20.11.', '2026-11-20')).toBe('2026-11-20');
    expect(parseTypedDay('2902', '2027-03-01')).toBe('2028-02-29');
    expect(parseTypedDay('3102', '2026-11-20')).toBeNull();
    // While DDMMYYYY is being typed its first six digits are a past day (20YY = 2020), never a wrong future one.
    expect(parseTypedDay('301120')).toBe('2020-11-30');
  });
  it('reads a time of day on a 24-hour clock', () => {
    expect(parseTime('14:05')).toBe('14:05');
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime('930')).toBe('09:30');
    expect(parseTime('1405')).toBe('14:05');
    expect(parseTime('14.05')).toBe('14:05');
    expect(parseTime('14')).toBe('14:00');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('2 PM')).toBeNull();
  });
});
