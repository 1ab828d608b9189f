// #42 The defaults that let a new venue set up in fewer clicks: a found city's currency, and a group's
// first schedule starting today on every day.
import { describe, expect, it } from 'vitest';
import { currencyOfCountry } from '../../domain/countryCurrency';
import { emptySchedule, firstScheduleOf } from '../../src/pages/schedules/scheduleForm';

describe('the currency of a found city\'s country', () => {
  it('knows Russia, the CIS, Georgia, Armenia, the UAE, the UK and the euro area', () => {
    expect(currencyOfCountry('RU')).toBe('RUB');
    expect(currencyOfCountry('kz')).toBe('KZT');
    expect(currencyOfCountry('BY')).toBe('BYN');
    expect(currencyOfCountry('GE')).toBe('GEL');
    expect(currencyOfCountry('AM')).toBe('AMD');
    expect(currencyOfCountry('AE')).toBe('AED');
    expect(currencyOfCountry('GB')).toBe('GBP');
    expect(currencyOfCountry('DE')).toBe('EUR');
  });
  it('leaves an unknown country to the person', () => {
    expect(currencyOfCountry('ZZ')).toBeNull();
    expect(currencyOfCountry('')).toBeNull();
    expect(currencyOfCountry(null)).toBeNull();
  });
});

describe('a group\'s first schedule', () => {
  it('starts on the given day and its first row runs every day of the week', () => {
    const form = firstScheduleOf(emptySchedule(3, 60, '0'), '2026-11-28');
    expect(form.start_dt).toBe('2026-11-28');
    expect(form.items[0]!.day_types).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(form.items[0]!.pricing[0]!.prepayment).toBe('0');
  });
  it('a later schedule keeps its start and days for the person to decide', () => {
    const form = firstScheduleOf(emptySchedule(3, 60, '100'), null);
    expect(form.start_dt).toBe('');
    expect(form.items[0]!.day_types).toEqual([]);
  });
});
