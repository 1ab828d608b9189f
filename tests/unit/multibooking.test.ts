import { describe, expect, it } from 'vitest';
import type { SlotBase } from '../../domain/slot';
import { BOOKING_SOURCE } from '../../src/pages/booking/bookingForm';
import {
  changeMulti, emptyMulti, goneSessions, multiBody, multiErrors, multiFailure, multiFromOrder, multiOrderTypes, sessionChoices, sessionKey,
  packageOffer, toggleSession, type MultiRules, type MultiSchedule, type MultiValues,
} from '../../src/pages/multibooking/multiForm';
import {
  addMonths, firstMonth, groupByPrice, isMonth, monthLabel, rememberedPlayground, visibleDays,
} from '../../src/pages/multibooking/monthView';

const RUB = { code: 'RUB', is_before: false, blank_place: true };

function slot(playground: number, timeStart: string, patch: Partial<SlotBase> = {}): SlotBase {
  return {
    time_start: timeStart, time_end: timeStart, begin: timeStart.slice(11), end: timeStart.slice(11), duration: 60, available_persons: 4,
    playground, playground_name: `PG ${playground}`, session_id: null, game: null, outside_schedule: false,
    pricing: { session_price: '4000.00', personal_price: null, prepayment: '1', discount: '0.00', currency: RUB },
    free: false, pending: false, not_paid: false, need_paid: false, paid: false, event: false, archived: false, ...patch,
  };
}

const pg = (id: number, types: string[], max = 4) => ({ id, name: `PG ${id}`, types, duration: 60, max_players: max, group: null });

const schedule: MultiSchedule = {
  date: '2030-01-14',
  playgrounds: [pg(1, ['the_cube']), pg(2, ['arena'], 6), pg(3, ['bar'])],
  schedule: [
    slot(1, '2030-01-15 01:00'), slot(1, '2030-01-14 22:00'), slot(1, '2030-01-14 10:00'),
    slot(1, '2030-01-14 11:00', { available_persons: 2 }), // someone booked part of it
    slot(1, '2030-01-14 09:00', { archived: true }),
    slot(2, '2030-01-14 12:00', { available_persons: 6 }),
    slot(3, '2030-01-14 12:00'),
  ],
};

const valid: MultiValues = {
  ...emptyMulti('2030-01-14'), cost: '9000,50', persons: '4', name: 'Party', phone: '+79990001122', email: 'party@example.com',
  sessions: [sessionKey(1, '2030-01-14 22:00'), sessionKey(2, '2030-01-14 12:00')],
};

const rules = (patch: Partial<MultiRules> = {}): MultiRules => ({
  creating: true, today: '2030-01-14', orderTypes: [1, 2, 3], offered: new Set(valid.sessions), maxPersons: 4, promo: 'idle', ...patch,
});

describe('multi-booking form rules', () => {
  it('offers only fully free, not begun sessions of the_cube, arena and lounge playgrounds, night times last', () => {
    const choices = sessionChoices(schedule, '2030-01-14 09:30');
    expect(choices.map((c) => c.playground.id)).toEqual([1, 2]);
    expect(choices[0]!.slots.map((s) => s.begin)).toEqual(['10:00', '22:00', '01:00']);
    expect(choices[1]!.slots.map((s) => s.begin)).toEqual(['12:00']);
    // Begun sessions drop out.
    expect(sessionChoices(schedule, '2030-01-14 10:00')[0]!.slots.map((s) => s.begin)).toEqual(['22:00', '01:00']);
  });

  it('names the chosen sessions taken meanwhile, with the free sessions of the same playground not chosen yet to replace them', () => {
    const choices = sessionChoices(schedule, '2030-01-14 09:30');
    const chosen = [sessionKey(1, '2030-01-14 11:00'), sessionKey(1, '2030-01-14 22:00'), sessionKey(2, '2030-01-14 12:00')];
    const gone = goneSessions(chosen, schedule, choices);
    expect(gone.map((g) => [g.key, g.timeStart, g.playgroundName])).toEqual([[sessionKey(1, '2030-01-14 11:00'), '2030-01-14 11:00', 'PG 1']]);
    expect(gone[0]!.others.map((s) => s.begin)).toEqual(['10:00', '01:00']);
    expect(goneSessions([sessionKey(2, '2030-01-14 12:00')], schedule, choices)).toEqual([]);
  });

  it('keeps offering the sessions the edited order holds itself', () => {
    const own = new Set([sessionKey(1, '2030-01-14 11:00')]);
    expect(sessionChoices(schedule, '2030-01-14 09:30', own)[0]!.slots.map((s) => s.begin)).toEqual(['10:00', '11:00', '22:00', '01:00']);
  });

  it('a valid form has no errors', () => {
    expect(multiErrors(valid, rules())).toEqual({});
  });

  it('names the spec message of each invalid field', () => {
    const e = multiErrors({ ...valid, name: ' ', phone: '+7 999', email: '', cost: '12a', persons: '2.5', sessions: [], date: '' }, rules());
    expect(e).toEqual({
      name: 'validation.validationRequired', phone: 'validation.validationPhone', email: 'validation.validationRequired',
      cost: 'validation.validationCost', persons: 'validation.validationPersons', sessions: 'app.multibooking.errors.sessions',
      date: 'validation.validationRequired',
    });
    expect(multiErrors({ ...valid, email: 'nope', cost: '', persons: '' }, rules())).toMatchObject({
      email: 'validation.validationEmail', cost: 'validation.validationRequired', persons: 'validation.validationRequired',
    });
    expect(multiErrors({ ...valid, cost: '100.5' }, rules()).cost).toBeUndefined();
    expect(multiErrors({ ...valid, cost: '1.234' }, rules()).cost).toBe('validation.validationCost');
    // A paid or event order takes money: not 0 (#25); a free one may cost nothing.
    expect(multiErrors({ ...valid, cost: '0,00' }, rules()).cost).toBe('validation.validationAmountPositive');
    expect(multiErrors({ ...valid, order_type: 4, event_type_id: 1, cost: '0' }, rules()).cost).toBe('validation.validationAmountPositive');
    expect(multiErrors({ ...valid, order_type: 3, cost: '0' }, rules({ orderTypes: [1, 2, 3, 4] })).cost).toBeUndefined();
  });

  it('date is required only when creating; persons above the smallest chosen playground are refused', () => {
    expect(multiErrors({ ...valid, date: '' }, rules({ creating: false })).date).toBeUndefined();
    expect(multiErrors({ ...valid, persons: '5' }, rules()).persons).toBe('app.multibooking.errors.tooManyPersons');
  });

  it('an event order needs its package; the event type is offered only at a park or with events', () => {
    expect(multiErrors({ ...valid, order_type: 4 }, rules({ orderTypes: [1, 2, 3, 4] })).event_type_id).toBe('validation.validationRequired');
    expect(multiErrors({ ...valid, order_type: 4, event_type_id: 7 }, rules({ orderTypes: [1, 2, 3, 4] }))).toEqual({});
    expect(multiErrors({ ...valid, order_type: 4, event_type_id: 7 }, rules()).order_type).toBe('validation.validationRequired');
    expect(multiOrderTypes({ is_park: false, is_events_available: false })).toEqual([1, 2, 3]);
    expect(multiOrderTypes({ is_park: true, is_events_available: false })).toEqual([1, 2, 3, 4]);
    expect(multiOrderTypes({ is_park: false, is_events_available: true })).toEqual([1, 2, 3, 4]);
  });

  it('a chosen session that is no longer offered must be chosen again', () => {
    expect(multiErrors(valid, rules({ offered: new Set([valid.sessions[0]!]) })).sessions).toBe('app.multibooking.errors.sessionGone');
  });

  it('bill is for paid and event orders and needs a cancel delay (25 by default)', () => {
    expect(emptyMulti('2030-01-14').cancel_delay).toBe('25');
    expect(multiErrors({ ...valid, bill: true, cancel_delay: '' }, rules()).cancel_delay).toBe('validation.validationRequired');
    expect(changeMulti({ ...valid, bill: true }, { order_type: 3 }).bill).toBe(false);
    expect(changeMulti({ ...valid, bill: true, order_type: 4, event_type_id: 2 }, { comment: 'x' })).toMatchObject({ bill: true, event_type_id: 2 });
    expect(changeMulti({ ...valid, order_type: 4, event_type_id: 2 }, { order_type: 1 }).event_type_id).toBeNull();
  });

  it('a new date drops the chosen sessions; choosing twice un-chooses', () => {
    expect(changeMulti(valid, { date: '2030-01-15' }).sessions).toEqual([]);
    expect(changeMulti(valid, { name: 'X' }).sessions).toEqual(valid.sessions);
    expect(toggleSession(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleSession(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('sends the multi-booking payload of the spec', () => {
    const body = multiBody({ ...valid, bill: true, amo_id: 'D-77', promocode: ' vr10 ' }, 3);
    expect(body).toEqual({
      date: '2030-01-14', cost: '9000.50', persons: 4, name: 'Party', email: 'party@example.com', phone: '+79990001122', promocode: 'vr10',
      bill: true, cancel_delay: 25, order_type: 1, event_type_id: null, time: '12:00', comment: '', location_id: 3,
      playsessions: [{ playground_id: 2, session_dt: '2030-01-14 12:00' }, { playground_id: 1, session_dt: '2030-01-14 22:00' }],
      amo_id: 'D-77', source: BOOKING_SOURCE,
    });
    expect(multiBody({ ...valid, order_type: 3, bill: true }, 3)).toMatchObject({ bill: false, cancel_delay: null });
  });

  it('reads an existing order back into the form', () => {
    const order = {
      order_id: 5, location_id: 1, date: '2030-01-14', name: 'N', phone: '+1', email: null, persons: 3, order_type: 4, status: 2,
      cost: '100.00', discount: '0.00', purchase: '100.00', paid: '0.00', promocode: null, bill: 'http://pay', cancel_delay: null,
      comment: 'c', event_type_id: 9, amo_id: 'A1', multisession: true,
      playsessions: [{ id: 1, playground_id: 2, session_dt: '2030-01-14 12:00', duration: 60 }],
    };
    const v = multiFromOrder(order);
    expect(v).toMatchObject({ persons: '3', email: '', bill: true, cancel_delay: '25', event_type_id: 9, amo_id: 'A1', sessions: ['2|2030-01-14 12:00'] });
    // The cost as the screens write amounts (#25: the form showed '3000.00').
    expect(multiFromOrder({ ...order, cost: '30000.00' }, 'ru').cost).toBe('30\u00a0000,00');
    expect(multiFromOrder({ ...order, cost: '30000.00' }, 'en').cost).toBe('30,000.00');
  });

  it('maps a refused multi-booking to the dialog reason and its fields', () => {
    const refused = (body: Record<string, string[]>) => ({ status: 400, drfBody: body, reasons: Object.values(body).flat() });
    const busy = multiFailure(refused({ datetime_start: ['Free sessions not found for this event on this location at given time'] }));
    expect(busy.reason).toBe('timeSlotBusy');
    const fields = multiFailure(refused({ cost: ['Digits with a comma or dot'], playsessions: ['Choose at least one session.'] }));
    expect(fields.multiFields).toEqual({ cost: 'Digits with a comma or dot', sessions: 'Choose at least one session.' });
    expect(multiFailure(refused({ bill: ['null payment'] })).reason).toBe('noPayment');
    // #39 Anything else: the server's reasons, as the dialog shows them.
    expect(multiFailure(refused({ non_field_errors: ['This location is not active: it takes no bookings.'] })))
      .toMatchObject({ reason: 'server', texts: ['This location is not active: it takes no bookings.'] });
  });
});

describe('month view', () => {
  it('months: MM.YYYY labels, arithmetic across years, the archive reaches two months back', () => {
    expect(monthLabel('2030-01')).toBe('01.2030');
    expect(addMonths('2030-01', -2)).toBe('2029-11');
    expect(addMonths('2029-12', 1)).toBe('2030-01');
    expect(firstMonth('2030-01-14', false)).toBe('2030-01');
    expect(firstMonth('2030-01-14', true)).toBe('2029-11');
    expect(isMonth('2030-13')).toBe(false);
    expect(isMonth('2030-02')).toBe(true);
  });

  it('lists the days from today unless the archive is on', () => {
    expect(visibleDays('2030-01', '2030-01-30', false)).toEqual(['2030-01-30', '2030-01-31']);
    expect(visibleDays('2030-02', '2030-01-30', false)).toHaveLength(28);
    expect(visibleDays('2030-01', '2030-01-30', true)).toHaveLength(31);
  });

  it('groups a day by price, cheapest first, times in order', () => {
    const groups = groupByPrice([
      slot(1, '2030-01-14 20:00', { pricing: { session_price: '5000.00', personal_price: null, prepayment: null, discount: '0', currency: RUB } }),
      slot(1, '2030-01-14 12:00'),
      slot(1, '2030-01-14 10:00'),
      slot(1, '2030-01-15 01:00', { pricing: null }),
      slot(1, '2030-01-14 11:00', { pricing: { session_price: null, personal_price: '1500.00', prepayment: null, discount: '0', currency: RUB } }),
    ]);
    expect(groups.map((g) => [g.key, g.slots.map((s) => s.begin)])).toEqual([
      ['person:1500.00', ['11:00']],
      ['session:4000.00', ['10:00', '12:00']],
      ['session:5000.00', ['20:00']],
      ['none', ['01:00']],
    ]);
  });

  it('remembers the playground in selected_pg_id while it is still offered', () => {
    const store = (v: string | null) => ({ getItem: (k: string) => (k === 'selected_pg_id' ? v : null) });
    expect(rememberedPlayground([4, 5], store('5'))).toBe(5);
    expect(rememberedPlayground([4, 5], store('9'))).toBe(4);
    expect(rememberedPlayground([], store('9'))).toBeNull();
  });
});

describe('month grid (issue #18)', () => {
  it('says how full a day is: no sessions, free, three quarters taken, full', async () => {
    const { dayFullness } = await import('../../src/pages/multibooking/monthView');
    expect(dayFullness(0, 0)).toEqual({ level: 'none', taken: 0 });
    expect(dayFullness(100, 100)).toEqual({ level: 'free', taken: 0 });
    expect(dayFullness(26, 100)).toEqual({ level: 'free', taken: 0.74 });
    expect(dayFullness(25, 100)).toEqual({ level: 'filling', taken: 0.75 });
    expect(dayFullness(0, 100)).toEqual({ level: 'full', taken: 1 });
  });
});

describe('the cost offer of an event multi-booking (#30)', () => {
  const packages = [{ id: 7, name: 'Birthday', price: '15000.00' }, { id: 8, name: 'Team', price: '20000.00' }];
  const event = { order_type: 4, date: '2030-01-14', event_type_id: 8 as number | null };
  it('offers the price of the chosen package, or says why not; nothing for other types or before the packages are read', () => {
    expect(packageOffer(event, packages)).toEqual({ kind: 'price', name: 'Team', price: '20000.00' });
    expect(packageOffer({ ...event, event_type_id: null }, packages)).toEqual({ kind: 'why', reason: 'choosePackage' });
    expect(packageOffer(event, [])).toEqual({ kind: 'why', reason: 'noPackageCost' });
    // An edited order's package no longer on sale that date.
    expect(packageOffer({ ...event, event_type_id: 3 }, packages)).toEqual({ kind: 'why', reason: 'packageNotOnSale' });
    expect(packageOffer({ ...event, order_type: 1 }, packages)).toBeNull();
    expect(packageOffer({ ...event, date: '' }, packages)).toBeNull();
    expect(packageOffer(event, undefined)).toBeNull();
  });
});
