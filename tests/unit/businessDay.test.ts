import { describe, expect, it } from 'vitest';
import {
  DAY_START_MINUTES,
  MINUTES_PER_DAY,
  addDays,
  businessDateOf,
  businessMinutes,
  isDate,
  isTime,
  isoWeekday,
  minutesToTime,
  monthDates,
  timeToMinutes,
  wallClock,
} from '../../domain/businessDay';

describe('business day constants', () => {
  it('starts the business day at 06:00 and counts 1440 minutes a day', () => {
    expect(DAY_START_MINUTES).toBe(360);
    expect(MINUTES_PER_DAY).toBe(1440);
  });
});

describe('isTime', () => {
  it('accepts HH:mm from 00:00 to 23:59', () => {
    for (const t of ['00:00', '05:59', '06:00', '12:30', '23:59']) expect(isTime(t)).toBe(true);
  });
  it('rejects out-of-range and malformed times', () => {
    for (const t of ['24:00', '23:60', '7:00', '07:0', '0700', '07:00:00', '', 'ab:cd', ' 07:00']) expect(isTime(t)).toBe(false);
  });
});

describe('isDate', () => {
  it('accepts real calendar dates, including leap days', () => {
    for (const d of ['2026-01-01', '2026-12-31', '2028-02-29', '2000-02-29']) expect(isDate(d)).toBe(true);
  });
  it('rejects impossible dates and other shapes', () => {
    for (const d of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01', '26-01-01', '2026/01/01', '']) {
      expect(isDate(d)).toBe(false);
    }
  });
});

describe('timeToMinutes / minutesToTime', () => {
  it('converts HH:mm to minutes after midnight', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('06:00')).toBe(360);
    expect(timeToMinutes('23:59')).toBe(1439);
  });
  it('throws on a malformed time', () => {
    expect(() => timeToMinutes('24:00')).toThrow(/not a time/);
    expect(() => timeToMinutes('7:00')).toThrow(/not a time/);
  });
  it('wraps any day offset back to a wall-clock time', () => {
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(605)).toBe('10:05');
    expect(minutesToTime(1440)).toBe('00:00');
    expect(minutesToTime(1500)).toBe('01:00');
    expect(minutesToTime(1799)).toBe('05:59');
    expect(minutesToTime(-60)).toBe('23:00');
  });
});

describe('businessMinutes', () => {
  it('places 06:00 at 360 and the night after 23:59', () => {
    expect(businessMinutes('06:00')).toBe(360);
    expect(businessMinutes('23:59')).toBe(1439);
    expect(businessMinutes('00:00')).toBe(1440);
    expect(businessMinutes('01:00')).toBe(1500);
    expect(businessMinutes('05:59')).toBe(1799);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-15', 0)).toBe('2026-03-15');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });
  it('throws on a malformed date', () => {
    expect(() => addDays('2026-1-1', 1)).toThrow(/not a date/);
  });
});

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-25')).toBe(3);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7); // Sunday
    expect(isoWeekday('2028-02-29')).toBe(2);
  });
});

describe('wallClock', () => {
  it('keeps day positions on the business date', () => {
    expect(wallClock('2026-11-22', 360)).toBe('2026-11-22 06:00');
    expect(wallClock('2026-11-22', 1439)).toBe('2026-11-22 23:59');
  });
  it('moves night positions to the next calendar day, across month and year', () => {
    expect(wallClock('2026-11-22', 1440)).toBe('2026-11-23 00:00');
    expect(wallClock('2026-11-22', 1500)).toBe('2026-11-23 01:00');
    expect(wallClock('2026-11-30', 1799)).toBe('2026-12-01 05:59');
    expect(wallClock('2026-12-31', 1800)).toBe('2027-01-01 06:00');
    expect(wallClock('2028-02-28', 1560)).toBe('2028-02-29 02:00');
  });
});

describe('businessDateOf', () => {
  it('gives night hours to the previous business day', () => {
    expect(businessDateOf('2026-11-23 01:00')).toBe('2026-11-22');
    expect(businessDateOf('2026-11-23 00:00')).toBe('2026-11-22');
    expect(businessDateOf('2026-11-23 05:59')).toBe('2026-11-22');
    expect(businessDateOf('2027-01-01 03:00')).toBe('2026-12-31');
    expect(businessDateOf('2028-03-01 02:00')).toBe('2028-02-29');
  });
  it('keeps 06:00 onwards on the same date', () => {
    expect(businessDateOf('2026-11-23 06:00')).toBe('2026-11-23');
    expect(businessDateOf('2026-11-23 23:59')).toBe('2026-11-23');
  });
  it('inverts wallClock for every position of the business day', () => {
    for (let m = DAY_START_MINUTES; m < DAY_START_MINUTES + MINUTES_PER_DAY; m += 7) {
      expect(businessDateOf(wallClock('2026-12-31', m))).toBe('2026-12-31');
    }
  });
});

describe('monthDates', () => {
  it('lists every date of the month, whatever day is given', () => {
    const feb2028 = monthDates('2028-02-17');
    expect(feb2028).toHaveLength(29);
    expect(feb2028[0]).toBe('2028-02-01');
    expect(feb2028[28]).toBe('2028-02-29');
    expect(monthDates('2026-02-10')).toHaveLength(28);
    expect(monthDates('2026-04-30')).toHaveLength(30);
    const dec = monthDates('2026-12-01');
    expect(dec).toHaveLength(31);
    expect(dec.at(-1)).toBe('2026-12-31');
  });
});

describe('addMinutesToWallClock', () => {
  it('adds minutes across midnight, month and year ends', async () => {
    const { addMinutesToWallClock } = await import('../../domain/businessDay');
    expect(addMinutesToWallClock('2026-11-22 23:30', 45)).toBe('2026-11-23 00:15');
    expect(addMinutesToWallClock('2026-12-31 23:00', 120)).toBe('2027-01-01 01:00');
    expect(addMinutesToWallClock('2026-03-01 00:10', -20)).toBe('2026-02-28 23:50');
    expect(addMinutesToWallClock('2026-05-05 10:00', 0)).toBe('2026-05-05 10:00');
  });
});
