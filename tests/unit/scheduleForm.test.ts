import { describe, expect, it } from 'vitest';
import {
  emptyItem, emptySchedule, firstPricingError, flattenErrors, formOf, gridPayload, percentOf, schedulePayload, validateSchedule,
  type ScheduleForm,
} from '../../src/pages/schedules/scheduleForm';

function validForm(): ScheduleForm {
  const form = emptySchedule(7, 60);
  form.name = 'Main';
  form.start_dt = '2030-01-07';
  form.items[0]!.day_types = [1, 2, 3, 4, 5];
  form.items[0]!.pricing[0]!.price = '1500,50';
  return form;
}

describe('schedule editor form', () => {
  it('a filled form has no errors; an empty one names the specs keys', () => {
    expect(validateSchedule(validForm())).toEqual({});
    const errors = validateSchedule(emptySchedule(null));
    expect(errors.name).toEqual({ key: 'validation.validationScheduleName' });
    expect(errors.playground_group?.key).toBe('validation.validationRequired');
    expect(errors['items.0.day_types']?.key).toBe('app.scheduleEditor.errors.dayTypes');
    expect(errors['items.0.pricing.0.price']?.key).toBe('validation.validationRequired');
  });

  it('checks prices, prepayment percent, unique row starts, breaks and overlap', () => {
    const form = validForm();
    const item = form.items[0]!;
    item.pricing[0]!.price = '12a';
    item.pricing.push({ kind: 'person', price: '1'.repeat(21), prepayment: '101', start: '10:00', currency_id: null });
    item.pricing.push({ kind: 'person', price: '700.5', prepayment: '-1', start: '18:00', currency_id: null });
    item.overlap = '60';
    item.breaks.push({ start: '', duration: '0', date: '' });
    form.breaks.push({ start: '14:00', duration: '', date: '' });
    const errors = validateSchedule(form);
    expect(errors['items.0.pricing.0.price']?.key).toBe('validation.validationPrice');
    expect(errors['items.0.pricing.1.price']?.key).toBe('validation.validationPrice');
    expect(errors['items.0.pricing.1.prepayment']).toEqual({ key: 'validation.validationMaxValue', args: { max: 100 } });
    expect(errors['items.0.pricing.2.prepayment']).toEqual({ key: 'validation.validationMinValue', args: { min: 0 } });
    expect(errors['items.0.pricing.1.start']?.key).toBe('validation.validationPricingTimeUnique');
    expect(errors['items.0.pricing.0.start']).toBeUndefined();
    expect(errors['items.0.overlap']?.key).toBe('app.scheduleEditor.errors.overlap');
    expect(errors['items.0.breaks.0.start']?.key).toBe('validation.validationBreakStart');
    expect(errors['items.0.breaks.0.duration']).toEqual({ key: 'validation.validationMinValue', args: { min: 1 } });
    expect(errors['breaks.0.duration']?.key).toBe('validation.validationRequired');
  });

  it('sends prepayment as a fraction and one price kind per row, and reads it back as percent', () => {
    const form = validForm();
    form.items[0]!.pricing[0]!.prepayment = '50';
    // Digits grouped by spaces, as the screens show amounts, are the same price.
    form.items[0]!.pricing.push({ kind: 'person', price: ' 7\u00a0000 ', prepayment: '100', start: '18:00', currency_id: 3 });
    form.breaks.push({ start: '14:00', duration: '30', date: '' });
    expect(validateSchedule(form)['items.0.pricing.1.price']).toBeUndefined();
    const payload = schedulePayload(form, 1);
    expect(payload).toMatchObject({ name: 'Main', start_dt: '2030-01-07', playground_group: 7, location: 1, disabled: false });
    expect(payload.breaks).toEqual([{ start: '14:00', duration: 30, date: null }]);
    expect(payload.items[0]!.pricing).toEqual([
      { currency_id: null, session_price: '1500,50', personal_price: null, prepayment: 0.5, start: '10:00' },
      { currency_id: 3, session_price: null, personal_price: '7000', prepayment: 1, start: '18:00' },
    ]);
    const back = formOf({ id: 1, name: 'Main', start_dt: '2030-01-07', disabled: true, playground_group: 7, breaks: payload.breaks,
      items: [{ ...payload.items[0]!, pricing: payload.items[0]!.pricing.map((r) => ({ ...r, prepayment: String(r.prepayment) })) }] });
    expect(back.items[0]!.pricing.map((r) => [r.kind, r.price, r.prepayment])).toEqual([['session', '1500,50', '50'], ['person', '7000', '100']]);
    expect(percentOf('0.33')).toBe('33');
    expect(gridPayload({ ...form, items: [emptyItem(45, [6, 7])] }).items[0]).toMatchObject({ duration: 45, overlap: 0, day_types: [6, 7] });
  });

  it('reads nested DRF errors: field paths, and the first pricing message for the alert', () => {
    const body = { items: [{}, { begin: ['overlaps'], pricing: [{}, { start: ['row taken'], session_price: ['bad price'] }] }] };
    expect(flattenErrors(body)).toEqual({ 'items.1.begin': 'overlaps', 'items.1.pricing.1.start': 'row taken', 'items.1.pricing.1.price': 'bad price' });
    expect(firstPricingError(body)).toBe('row taken');
    expect(firstPricingError({ items: [{}, { begin: ['overlaps'] }] })).toBeNull();
    expect(firstPricingError({ start_dt: ['taken'] })).toBeNull();
  });
});
