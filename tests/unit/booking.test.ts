import { describe, expect, it } from 'vitest';
import {
  canAddBooking, canChangeOrders, cardOrders, colourOf, dayScrollTime, nightDateOf, occupancyByTime, scrollTimeBefore, splitDayNight,
  toCalendarIso, visibleSlots, wallClockAt, businessTodayAt,
} from '../../src/calendar/calendarModel';
import { paymentLineText } from '../../src/calendar/paymentLineText';
import { amountMaxChars } from '../../src/components/validators';
import {
  amountRule, BOOKING_SOURCE, bookingBody, bookingErrors, bookingFailure, bookingFromOrder, changeBooking, emptyBooking,
  gameRequired, nearestBookable, personsChoices, prepaymentNotSet, settleGame, settlePersons, timeChoices, type BookingValues,
} from '../../src/pages/booking/bookingForm';
import { refusalReasons } from '../../src/dataProvider/refusal';
import type { Slot, SlotOrder } from '../../src/calendar/types';

const RUB = { code: 'RUB', is_before: false, blank_place: true };

function order(patch: Partial<SlotOrder> = {}): SlotOrder {
  return {
    id: 1, name: 'Ivan', phone: '+79990000000', email: null, persons: 2, order_type: 1, status: 2, cost: '3000.00', discount: '0.00',
    purchase: '3000.00', paid: '0.00', need_paid: '3000.00', promocode: null, bill: null, cancel_delay: null, comment: '',
    seller_user_id: null, staff_user_id: 1, game_id: 2, multisession: false, ...patch,
  };
}

function slot(patch: Partial<Slot> = {}): Slot {
  const time_start = patch.time_start ?? '2030-01-14 15:00';
  return {
    time_start, time_end: '2030-01-14 15:30', begin: time_start.slice(11), end: '15:30', duration: 30, available_persons: 4,
    playground: 1, playground_name: 'Cube 1', session_id: null, game: null, outside_schedule: false,
    pricing: { session_price: null, personal_price: '1500.00', prepayment: '0.50', discount: '0.00', currency: RUB },
    free: false, pending: false, not_paid: false, need_paid: false, paid: false, event: false, archived: false, orders: [], ...patch,
  };
}

// A translate that shows the key and its options, so texts can be checked without the catalogues.
const t = (key: string, options?: Record<string, unknown>) => {
  const opts = Object.entries(options ?? {}).filter(([k]) => k !== '_').map(([k, v]) => `${k}=${v}`).join(',');
  return opts ? `${key}(${opts})` : key;
};

describe('booking calendar model', () => {
  it('feeds wall-clock times to FullCalendar as UTC strings and reads a zone\'s wall clock', () => {
    expect(toCalendarIso('2030-01-14 23:30')).toBe('2030-01-14T23:30:00');
    const moment = new Date('2030-01-14T22:30:00Z');
    expect(wallClockAt('Europe/Moscow', moment)).toBe('2030-01-15 01:30');
    expect(wallClockAt('America/New_York', moment)).toBe('2030-01-14 17:30');
    // 01:30 in Moscow still belongs to the business day of the 14th.
    expect(businessTodayAt('Europe/Moscow', moment)).toBe('2030-01-14');
  });

  it('puts 00:00-05:59 sessions of the business day in the night calendar of the next date', () => {
    const slots = [slot({ time_start: '2030-01-14 23:30' }), slot({ time_start: '2030-01-15 01:00' }), slot({ time_start: '2030-01-14 10:00' })];
    const { day, night } = splitDayNight(slots, '2030-01-14');
    expect(day.map((s) => s.time_start)).toEqual(['2030-01-14 23:30', '2030-01-14 10:00']);
    expect(night.map((s) => s.time_start)).toEqual(['2030-01-15 01:00']);
    expect(nightDateOf('2030-01-31')).toBe('2030-02-01');
  });

  it('hides archived slots without orders unless asked; archived slots with orders always show', () => {
    const slots = [slot({ archived: true }), slot({ archived: true, orders: [order({ status: 4 })] }), slot()];
    expect(visibleSlots(slots, false)).toHaveLength(2);
    expect(visibleSlots(slots, true)).toHaveLength(3);
  });

  it('offers booking only with places left, not archived and not begun; orders change until the session begins', () => {
    const now = '2030-01-14 15:10';
    expect(canAddBooking(slot({ time_start: '2030-01-14 15:30' }), now)).toBe(true);
    expect(canAddBooking(slot({ time_start: '2030-01-14 15:30', available_persons: 0 }), now)).toBe(false);
    expect(canAddBooking(slot({ time_start: '2030-01-14 15:00' }), now)).toBe(false);
    expect(canAddBooking(slot({ time_start: '2030-01-14 16:00', archived: true }), now)).toBe(false);
    expect(canChangeOrders(slot({ time_start: '2030-01-14 15:00' }), now)).toBe(false);
    expect(canChangeOrders(slot({ time_start: '2030-01-14 15:30' }), now)).toBe(true);
  });

  it('lists at most three live orders on a card and counts the rest', () => {
    const orders = [1, 2, 3, 4, 5].map((id) => order({ id })).concat(order({ id: 6, status: 4 }));
    const { shown, more } = cardOrders(slot({ orders }));
    expect(shown.map((o) => o.id)).toEqual([1, 2, 3]);
    expect(more).toBe(2);
    expect(cardOrders(slot({ orders: [order({ status: 4 })] }))).toEqual({ shown: [], more: 0 });
  });

  it('colours a slot from its flags; only cancelled orders leave it empty', () => {
    expect(colourOf(slot({ orders: [order()], not_paid: true, pending: true }))).toBe('unpaid');
    expect(colourOf(slot({ orders: [order({ paid: '1000.00' })], need_paid: true, pending: true }))).toBe('partly_paid');
    expect(colourOf(slot({ orders: [order({ status: 6 })], paid: true }))).toBe('paid');
    expect(colourOf(slot({ orders: [order({ status: 4 })] }))).toBe('empty');
  });

  it('sums places taken per start time in business-day order, night last', () => {
    const max = new Map([[1, 4], [2, 10]]);
    const rows = occupancyByTime([
      slot({ time_start: '2030-01-15 01:00', playground: 1, orders: [order({ persons: 1 })] }),
      slot({ time_start: '2030-01-14 15:00', playground: 1, orders: [order({ persons: 3 }), order({ persons: 2, status: 4 })] }),
      slot({ time_start: '2030-01-14 15:00', playground: 2 }),
    ], max);
    expect(rows).toEqual([{ time: '15:00', taken: 3, total: 14 }, { time: '01:00', taken: 1, total: 4 }]);
  });

  it('opens at the current time today and at the first session on other days', () => {
    expect(scrollTimeBefore('15:10')).toBe('14:55:00');
    expect(scrollTimeBefore('06:05')).toBe('06:00:00');
    expect(dayScrollTime('2030-01-14', '2030-01-14 15:10', [])).toBe('14:55:00');
    expect(dayScrollTime('2030-01-14', '2030-01-15 01:10', [])).toBe('23:00:00');
    expect(dayScrollTime('2030-01-20', '2030-01-14 15:10', [{ begin: '12:00' }, { begin: '10:00' }])).toBe('09:45:00');
  });

  it('writes the payment line with the slot currency', () => {
    expect(paymentLineText(t, order(), RUB)).toBe('app.paymentLine.not_paid(amount=3\u00a0000,00\u00a0RUB)');
    expect(paymentLineText(t, order({ paid: '1000.00', need_paid: '2000.00' }), RUB)).toBe('app.paymentLine.to_pay(amount=2\u00a0000,00\u00a0RUB)');
    expect(paymentLineText(t, order({ status: 4 }), RUB)).toBe('app.paymentLine.cancelled');
    expect(paymentLineText(t, order({ order_type: 4 }), RUB)).toBe('app.paymentLine.event');
  });
});

describe('booking form rules', () => {
  const valid = (): BookingValues => ({
    ...emptyBooking('2030-01-14', 1, '2030-01-14 15:00'), persons: 2, game: 2, name: 'Ivan', phone: '+79990000000',
  });
  const rules = { today: '2030-01-10', slot: slot(), personsChoices: [1, 2, 3, 4], promo: 'idle' as const };

  it('offers times with places that have not begun, and the edited order\'s own session', () => {
    const slots = [slot({ time_start: '2030-01-14 10:00' }), slot({ time_start: '2030-01-14 15:00', available_persons: 0 }), slot({ time_start: '2030-01-14 16:00' })];
    expect(timeChoices(slots, '2030-01-14 12:00').map((s) => s.begin)).toEqual(['16:00']);
    expect(timeChoices(slots, '2030-01-14 12:00', { playground: 1, time_start: '2030-01-14 15:00', persons: 2 }).map((s) => s.begin)).toEqual(['15:00', '16:00']);
  });

  it('on a fall-back night offers the second 01:00 while the first 01:xx hour runs (real instants, not the clock text)', () => {
    const first = slot({ time_start: '2027-11-07 01:00', begin: '01:00', utc_offset: '-04:00' });
    const second = slot({ time_start: '2027-11-07 01:00-05:00', begin: '01:00', utc_offset: '-05:00' });
    // 01:40 of the first pass (05:40 UTC): the first 01:00 has begun, the second (06:00 UTC) has not.
    const now = Date.parse('2027-11-07T05:40:00Z');
    expect(timeChoices([first, second], '2027-11-07 01:40', null, now)).toEqual([second]);
  });

  it('offers persons up to min(max players, places left), adding back the edited order\'s own', () => {
    expect(personsChoices(4, slot({ available_persons: 2 }))).toEqual([1, 2]);
    expect(personsChoices(4, slot({ available_persons: 2 }), { playground: 1, time_start: '2030-01-14 15:00', persons: 2 })).toEqual([1, 2, 3, 4]);
    expect(personsChoices(10, slot({ available_persons: 4, playground: 2 }), { playground: 1, time_start: '2030-01-14 15:00', persons: 2 })).toEqual([1, 2, 3, 4]);
    expect(personsChoices(4, null)).toEqual([]);
    // No number yet: the smallest allowed (a single choice too); a chosen number is never changed
    // behind the cashier's back (#30), also when fewer places are left.
    expect(settlePersons({ ...valid(), persons: null }, [1]).persons).toBe(1);
    expect(settlePersons({ ...valid(), persons: null }, [1, 2, 3]).persons).toBe(1);
    expect(settlePersons({ ...valid(), persons: null }, []).persons).toBeNull();
    expect(settlePersons({ ...valid(), persons: 3 }, [1, 2]).persons).toBe(3);
    expect(settlePersons({ ...valid(), persons: 2 }, [1]).persons).toBe(2);
    // The only game offered is chosen; the clicked slot's session, or the nearest bookable one after it.
    expect(settleGame({ ...valid(), game: null }, [7]).game).toBe(7);
    expect(settleGame({ ...valid(), game: null }, [7, 8]).game).toBeNull();
    expect(settleGame({ ...valid(), game: 8 }, [7]).game).toBe(8);
    const offered = [{ time_start: '2030-01-14 16:00' }, { time_start: '2030-01-14 15:30' }];
    expect(nearestBookable('2030-01-14 15:30', offered)).toBe('2030-01-14 15:30');
    expect(nearestBookable('2030-01-14 15:00', offered)).toBe('2030-01-14 15:30');
    expect(nearestBookable('2030-01-14 17:00', offered)).toBe('');
    expect(nearestBookable('', offered)).toBe('');
  });

  it('names the spec\'s message keys', () => {
    expect(bookingErrors(valid(), rules)).toEqual({});
    const empty = bookingErrors(emptyBooking(''), { ...rules, slot: null, personsChoices: [] });
    expect(empty).toMatchObject({ date: 'validation.validationRequired', playground: 'validation.validationRequired', time: 'validation.validationRequired', persons: 'validation.validationRequired', name: 'validation.validationRequired', phone: 'validation.validationRequired' });
    expect(bookingErrors({ ...valid(), phone: '+7 999' }, rules).phone).toBe('validation.validationPhone');
    expect(bookingErrors({ ...valid(), email: 'a@b' }, rules).email).toBe('validation.validationEmail');
    expect(bookingErrors({ ...valid(), email: 'a@b.ru' }, rules).email).toBeUndefined();
    expect(bookingErrors({ ...valid(), promocode: 'NOPE' }, { ...rules, promo: 'invalid' }).promocode).toBe('validation.validationPromocode');
    expect(bookingErrors({ ...valid(), date: '2030-01-09' }, rules).date).toBe('app.booking.errors.pastDate');
    // Game only when the session is priced per person.
    expect(gameRequired(slot())).toBe(true);
    expect(gameRequired(slot({ pricing: { session_price: '120.00', personal_price: null, prepayment: null, discount: '0.00', currency: RUB } }))).toBe(false);
    expect(bookingErrors({ ...valid(), game: null }, rules).game).toBe('validation.validationRequired');
    // cancel_delay only with bill on a paid order.
    expect(bookingErrors({ ...valid(), bill: true, cancel_delay: '' }, rules).cancel_delay).toBe('validation.validationRequired');
    expect(bookingErrors({ ...valid(), bill: true, cancel_delay: '15' }, rules).cancel_delay).toBeUndefined();
  });

  it('resets time, persons and promo code when the date or playground changes; non-paid types switch bill off', () => {
    const v = { ...valid(), promocode: 'VR10', bill: true };
    expect(changeBooking(v, { date: '2030-01-15' })).toMatchObject({ time: '', persons: null, promocode: '', bill: true });
    expect(changeBooking(v, { playground: 2 })).toMatchObject({ time: '', persons: null, promocode: '' });
    // An edited order keeps its code over a change of session (checked again there): away and back keeps the discount.
    expect(changeBooking(changeBooking(v, { playground: 2 }, true), { playground: 1 }, true)).toMatchObject({ time: '', persons: null, promocode: 'VR10' });
    expect(changeBooking(v, { date: '2030-01-15' }, true)).toMatchObject({ time: '', promocode: 'VR10' });
    expect(changeBooking(v, { name: 'Petr' })).toMatchObject({ time: '2030-01-14 15:00', persons: 2, promocode: 'VR10' });
    expect(changeBooking(v, { order_type: 2 }).bill).toBe(false);
  });

  it('sends null for an empty seller, email and promo code, and bill only for paid orders', () => {
    const body = bookingBody({ ...valid(), seller: ' ', comment: 'hi', bill: true, cancel_delay: '30' });
    expect(body).toEqual({
      playground_id: 1, persons: 2, order_type: 1, promocode: null, name: 'Ivan', phone: '+79990000000', email: null, bill: true,
      cancel_delay: 30, comment: 'hi', session_dt: '2030-01-14 15:00', game_id: 2, seller: null, source: BOOKING_SOURCE,
    });
    expect(bookingBody({ ...valid(), order_type: 3, bill: true })).toMatchObject({ bill: false, cancel_delay: null });
    expect(bookingBody({ ...valid(), seller: '6f1c1d3e-1111-4222-8333-944455556666' }).seller).toBe('6f1c1d3e-1111-4222-8333-944455556666');
  });

  it('reads an order back into the form for editing', () => {
    const v = bookingFromOrder(order({ promocode: 'VR10', bill: 'http://pay', cancel_delay: 40, email: 'a@b.ru' }), slot(), '2030-01-14', 'uuid-1');
    expect(v).toMatchObject({ date: '2030-01-14', playground: 1, time: '2030-01-14 15:00', persons: 2, promocode: 'VR10', bill: true, cancel_delay: '40', email: 'a@b.ru', seller: 'uuid-1', game: 2 });
  });

  it('maps refusals to the error catalogue; any other refusal shows the server\'s reasons (#39)', () => {
    // As the HTTP client reads them (src/dataProvider/refusal.ts), with a translate that echoes its key.
    const refused = (drfBody: unknown, status = 400) => ({ status, drfBody, reasons: refusalReasons(status, drfBody, (k) => `<${k}>`) });
    expect(bookingFailure(refused({ bill: ['null payment'] })).reason).toBe('noPayment');
    expect(bookingFailure(refused({ persons: ['wrong persons number'] })).reason).toBe('timeSlotBusy');
    expect(bookingFailure(refused({ datetime_start: ['Free sessions not found for this event on this location at given time'] })).reason).toBe('timeSlotBusy');
    const phone = bookingFailure(refused({ phone: ['Enter a valid phone number'] }));
    expect(phone).toEqual({ reason: 'phone', fields: { phone: 'Enter a valid phone number' } });
    expect(bookingFailure(refused({ seller: ['not found'] })).reason).toBe('sellerNotFound');
    expect(bookingFailure(refused({ seller: ['Must be a valid UUID.'] })).reason).toBe('sellerNotCorrect');
    expect(bookingFailure(refused({ cancel_delay: ['Set the minutes'] }))).toMatchObject({ reason: 'cancelDelay', texts: ['Set the minutes'] });
    // A lock timeout, a missing provider, a closed location, a provider without an answer: the server says why.
    expect(bookingFailure(refused({ detail: 'Someone else is booking' }, 409))).toMatchObject({ reason: 'server', texts: ['Someone else is booking'] });
    expect(bookingFailure(refused({ non_field_errors: ['Payment links are not available: no payment provider is configured.'] })))
      .toMatchObject({ reason: 'server', texts: ['Payment links are not available: no payment provider is configured.'] });
    expect(bookingFailure(refused({ promocode: ['Promo code not found.'], non_field_errors: ['Closed.'] })))
      .toEqual({ reason: 'server', texts: ['Closed.', 'Promo code not found.'], fields: { promocode: 'Promo code not found.' } });
    // Another catalogue string among the reasons reads in the screen's words.
    expect(refusalReasons(400, { non_field_errors: ['x'], bill: ['null payment'] }, (k) => `<${k}>`)).toEqual(['x', '<app.booking.result.reasons.noPayment>']);
    // Only no answer (0) and the server's failure (5xx) read "try later"; not a call's refusal at all, too.
    expect(bookingFailure(refused({ detail: 'A server error occurred.' }, 500)).reason).toBe('tryLater');
    expect(bookingFailure(refused(null, 0)).reason).toBe('tryLater');
    expect(refusalReasons(502, '<html>Bad gateway</html>', (k) => `<${k}>`)).toEqual(['<app.alerts.tryLater>']);
    expect(bookingFailure(null).reason).toBe('tryLater');
  });

  it('checks amounts', () => {
    for (const ok of ['1', '1500', '1500.5', '1500,50', '1 500,50', '1\u00a0500', '12 000 000']) expect(amountRule(ok), ok).toBeUndefined();
    for (const bad of ['1.234', '-5', '1e3', '12a', '1.500,50', '15 00', '1 5000']) expect(amountRule(bad), bad).toBe('validation.validationCost');
    // The spec's length counts the amount, not the spaces that group its digits as the screens do.
    const ten = amountMaxChars(10);
    for (const ok of ['1 500 000,00', '1\u00a0500\u00a0000.00', '1500000.00']) expect(ten(ok, {}), ok).toBeUndefined();
    expect(ten('15 000 000,00', {})).toMatchObject({ message: 'validation.validationPaymentsLength', args: { max: 10 } });
    // The search's rule (#39: a phone or a name) is domain/orderSearch.ts searchQuery, tests/unit/orderSearch.test.ts.
  });
});

describe('prepayment not set (booking spec §8)', () => {
  it('warns when the chosen session\'s schedule gives no prepayment, and only then', () => {
    expect(prepaymentNotSet(null)).toBe(false);
    expect(prepaymentNotSet(slot())).toBe(false);
    expect(prepaymentNotSet(slot({ pricing: null }))).toBe(true);
    expect(prepaymentNotSet(slot({ pricing: { session_price: '120.00', personal_price: null, prepayment: null, discount: '0.00', currency: RUB } }))).toBe(true);
  });
});
