// #45 The messaging screens' pure parts: a variable inserted at the cursor, the reminder offsets' words,
// at most 3 reminders, the order page's time of a message, the desk booking's language.
import { describe, expect, it } from 'vitest';
import { MAX_REMINDERS, REMINDER_OFFSETS, atMostReminders, insertAt, offsetLabel, quietTime } from '../../src/resources/messaging/fields';
import { offsetTexts } from '../../src/i18n/messagingOffsets';
import { messageMoment, messageStateColour } from '../../src/pages/orders/orderMessages';
import { bookingBody, defaultBookingLanguage, emptyBooking } from '../../src/pages/booking/bookingForm';
import { emptyMulti, multiBody } from '../../src/pages/multibooking/multiForm';

describe('template editor', () => {
  it('inserts a variable where the cursor is, replacing a selection', () => {
    expect(insertAt('Hello !', '{name}', 6, 6)).toEqual({ text: 'Hello {name}!', caret: 12 });
    expect(insertAt('Hello XX!', '{name}', 6, 8)).toEqual({ text: 'Hello {name}!', caret: 12 });
    expect(insertAt('ab', '{x}', 99, 99)).toEqual({ text: 'ab{x}', caret: 5 });
  });
});

describe('messaging settings form', () => {
  it('words every offered offset in ru and en, within the server range', () => {
    expect(offsetLabel(120)).toEqual({ key: 'hours', count: 2 });
    expect(offsetLabel(1440)).toEqual({ key: 'days', count: 1 });
    expect(offsetLabel(30)).toEqual({ key: 'minutes', count: 30 });
    expect(offsetTexts('ru')['1440']).toBe('за сутки');
    expect(offsetTexts('en')['120']).toBe('2 h before');
    for (const m of REMINDER_OFFSETS) {
      expect(m).toBeGreaterThanOrEqual(10);
      expect(m).toBeLessThanOrEqual(7 * 24 * 60);
    }
  });
  it('takes at most 3 reminders and quiet hours as HH:MM', () => {
    expect(atMostReminders([1440, 120, 60], {})).toBeUndefined();
    expect(atMostReminders([1440, 120, 60, 30], {})).toEqual({ message: 'app.messaging.tooManyReminders', args: { max: MAX_REMINDERS } });
    expect(quietTime.regex.test('22:00')).toBe(true);
    expect(quietTime.regex.test('24:00')).toBe(false);
  });
});

describe('order page messages', () => {
  it('shows when a message went, else when it is due', () => {
    expect(messageMoment({ due_at: '2031-01-01T10:00:00Z', sent_at: null })).toEqual({ key: 'due', at: '2031-01-01T10:00:00Z' });
    expect(messageMoment({ due_at: '2031-01-01T10:00:00Z', sent_at: '2031-01-01T10:00:05Z' })).toEqual({ key: 'sent', at: '2031-01-01T10:00:05Z' });
    expect(messageStateColour('failed')).toBe('error');
    expect(messageStateColour('delivered')).toBe('success');
  });
});

describe('desk booking language', () => {
  it("defaults to the location's first language and sends it; none sends nothing", () => {
    expect(defaultBookingLanguage(['en', 'ru'])).toBe('en');
    expect(defaultBookingLanguage(['kk', 'ru'])).toBe('ru');
    expect(defaultBookingLanguage(undefined)).toBe('');
    const v = { ...emptyBooking('2031-01-01', 1, '2031-01-01 10:00', 'en'), persons: 2 };
    expect(bookingBody(v).language).toBe('en');
    expect('language' in bookingBody({ ...v, language: '' })).toBe(false);
  });

  it('the multi-booking form sends its language the same way and reads an order\'s back', () => {
    const v = { ...emptyMulti('2031-01-01', { language: 'en' }), persons: '2', cost: '4000', sessions: ['1|2031-01-01 10:00'] };
    expect(multiBody(v, 1).language).toBe('en');
    expect('language' in multiBody({ ...v, language: '' }, 1)).toBe(false);
    expect(emptyMulti('2031-01-01').language).toBe('');
  });
});
