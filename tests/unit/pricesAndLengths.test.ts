// #42 Session length and prices in the schedule editor: the rule's pure parts (domain/sessionLength.ts)
// and the editor's checks (src/pages/schedules/scheduleForm.ts): a negative price says so, a price of
// 0 is a free session the editor asks about before saving.
import { describe, expect, it } from 'vitest';
import { differingDurations, newRowDuration, scheduleDurations } from '../../domain/sessionLength';
import { emptyPricing, emptySchedule, freeRows, validateSchedule, type ScheduleForm } from '../../src/pages/schedules/scheduleForm';

const schedules = [
  { playground_group: 1, disabled: false, items: [{ duration: 60 }, { duration: 30 }] },
  { playground_group: 1, disabled: true, items: [{ duration: 90 }] },
  { playground_group: 2, disabled: false, items: [{ duration: '45' }] },
];

describe('session length', () => {
  it('the lengths a group\'s switched-on schedules sell, each once, ascending; none for no group', () => {
    expect(scheduleDurations(schedules, 1)).toEqual([30, 60]);
    expect(scheduleDurations(schedules, 2)).toEqual([45]);
    expect(scheduleDurations(schedules, null)).toEqual([]);
  });
  it('says the schedule\'s lengths only where they differ from the playground\'s', () => {
    expect(differingDurations(60, [60])).toBeNull();
    expect(differingDurations(30, [60])).toEqual([60]);
    expect(differingDurations(30, [])).toBeNull();
  });
  it('a new row takes its group\'s playgrounds\' length (the most of them), else the last row\'s, else 60', () => {
    expect(newRowDuration([{ duration: 30 }, { duration: 45 }, { duration: 30 }])).toBe(30);
    expect(newRowDuration([], 90)).toBe(90);
    expect(newRowDuration([])).toBe(60);
  });
});

describe('prices', () => {
  const withPrice = (price: string): ScheduleForm => {
    const form = { ...emptySchedule(1), name: 'S', start_dt: '2031-01-01' };
    form.items[0]!.day_types = [1];
    form.items[0]!.pricing = [{ ...emptyPricing('10:00'), price }];
    return form;
  };
  it('a negative price says so', () => {
    expect(validateSchedule(withPrice('-100'))['items.0.pricing.0.price']).toEqual({ key: 'app.words.prices.negative' });
    expect(validateSchedule(withPrice('abc'))['items.0.pricing.0.price']).toEqual({ key: 'validation.validationPrice' });
    expect(validateSchedule(withPrice('1 500'))['items.0.pricing.0.price']).toBeUndefined();
  });
  it('rows priced 0 are free sessions, asked about before saving', () => {
    expect(freeRows(withPrice('0'))).toEqual([{ item: 1, start: '10:00' }]);
    expect(freeRows(withPrice('0,00'))).toEqual([{ item: 1, start: '10:00' }]);
    expect(freeRows(withPrice('10'))).toEqual([]);
  });
});
