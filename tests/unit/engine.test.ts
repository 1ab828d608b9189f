// The slot engine: example tests and fast-check properties over random schedules that the server
// would accept (overlap < duration, duration >= 1, items sharing a day type have disjoint spans).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, businessDateOf, businessMinutes, isoWeekday, minutesToTime } from '../../domain/businessDay';
import {
  BUSINESS_DAY_END_MINUTES,
  breakSpans,
  dayTypeOf,
  generateSessions,
  itemGrid,
  itemSpan,
  itemsForDay,
  pricingFor,
  scheduleInForce,
} from '../../domain/schedule/engine';
import type { GeneratedSession, HolidayKind, PricingRow, Schedule, ScheduleBreak, ScheduleItem } from '../../domain/schedule/types';

const NUM_RUNS = 200;
const DAY = 1440;

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

function row(start: string, price = '100', id?: number): PricingRow {
  return { id, currency_id: 1, session_price: price, personal_price: null, prepayment: '0', start };
}

function item(over: Partial<ScheduleItem> & Pick<ScheduleItem, 'begin' | 'end' | 'duration'>): ScheduleItem {
  return { overlap: 0, day_types: [1, 2, 3, 4, 5, 6, 7], breaks: [], pricing: [row(over.begin)], ...over };
}

function schedule(items: ScheduleItem[], breaks: ScheduleBreak[] = [], over: Partial<Schedule> = {}): Schedule {
  return { id: 1, name: 's', start_dt: '2020-01-01', disabled: false, playground_group: 1, breaks, items, ...over };
}

const MONDAY = '2026-11-23';

// ---------------------------------------------------------------------------------------------
// Reference model, written independently of the engine
// ---------------------------------------------------------------------------------------------

/** [begin, end) of an item in business minutes; an end at or before the begin is the next day's. */
function spanOf(it: Pick<ScheduleItem, 'begin' | 'end'>): [number, number] {
  const b = businessMinutes(it.begin);
  const e = businessMinutes(it.end);
  return [b, e > b ? e : e + DAY];
}

/** Starts of an item's grid before breaks. */
function gridStarts(it: ScheduleItem): number[] {
  const [b, e] = spanOf(it);
  const step = it.duration - it.overlap;
  const out: number[] = [];
  for (let s = b; s + it.duration <= e && s < BUSINESS_DAY_END_MINUTES; s += step) out.push(s);
  return out;
}

/**
 * The break intervals, in business minutes of `date`, that a session of `it` must avoid. A daily
 * break happens at its wall-clock time on every calendar day, so its occurrences one day before
 * and after count too (a daily 05:30+60 break also covers 06:00-06:30 of this business day). A
 * dated break applies only on its own business day, at its position in that day.
 */
function breakIntervals(sch: Pick<Schedule, 'breaks'>, it: ScheduleItem, date: string): [number, number][] {
  const out: [number, number][] = [];
  for (const b of [...sch.breaks, ...it.breaks]) {
    const start = businessMinutes(b.start);
    if (!b.date) for (const k of [-1, 0, 1]) out.push([start + k * DAY, start + k * DAY + b.duration]);
    else if (b.date === date) out.push([start, start + b.duration]);
  }
  return out;
}

function hitsBreak(start: number, duration: number, breaks: [number, number][]): boolean {
  return breaks.some(([bs, be]) => start < be && bs < start + duration);
}

/** Which items the day uses: a holiday / pre-holiday's own items, else the weekday's. */
function applicableItems(items: ScheduleItem[], date: string, holidays: ReadonlyMap<string, HolidayKind>): number[] {
  const kind = holidays.get(date);
  const special = kind === 'holiday' ? 8 : kind === 'pre_holiday' ? 9 : null;
  const idx = items.map((_, i) => i);
  if (special !== null) {
    const own = idx.filter((i) => items[i]!.day_types.includes(special));
    if (own.length) return own;
  }
  return idx.filter((i) => items[i]!.day_types.includes(isoWeekday(date)));
}

function expectedSessions(sch: Schedule, date: string, holidays: ReadonlyMap<string, HolidayKind>): { item_index: number; start: number }[] {
  const out: { item_index: number; start: number }[] = [];
  for (const i of applicableItems(sch.items, date, holidays)) {
    const it = sch.items[i]!;
    const breaks = breakIntervals(sch, it, date);
    for (const s of gridStarts(it)) if (!hitsBreak(s, it.duration, breaks)) out.push({ item_index: i, start: s });
  }
  return out.sort((a, b) => a.start - b.start || a.item_index - b.item_index);
}

function expectedPricing(rows: PricingRow[], start: number): PricingRow | null {
  const eligible = rows.filter((r) => businessMinutes(r.start) <= start);
  if (!eligible.length) return null;
  return eligible.reduce((a, b) => (businessMinutes(b.start) > businessMinutes(a.start) ? b : a));
}

function sessionsFor(sch: Schedule, date: string, holidays: ReadonlyMap<string, HolidayKind>): GeneratedSession[] {
  return generateSessions(sch, date, dayTypeOf(date, holidays));
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const BASE_DATE = '2024-01-01';
const dateArb = fc.integer({ min: 0, max: 7 * 366 }).map((n) => addDays(BASE_DATE, n));
// Any 5-minute time, with extra weight around the business-day boundary (04:00-07:55) and midnight.
const timeArb = fc
  .oneof(
    { arbitrary: fc.integer({ min: 0, max: 287 }), weight: 3 },
    { arbitrary: fc.integer({ min: 48, max: 95 }), weight: 1 },
    { arbitrary: fc.integer({ min: 276, max: 299 }).map((n) => n % 288), weight: 1 },
  )
  .map((n) => minutesToTime(n * 5));
const dayTypesArb = fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 9 });
const holidayArb = fc.constantFrom<HolidayKind | null>(null, null, 'holiday', 'pre_holiday');

/** A break whose date is given relative to the business date under test (null: every day). */
interface RawBreak { start: string; duration: number; dayOffset: number | null }
const rawBreakArb: fc.Arbitrary<RawBreak> = fc.record({
  start: timeArb,
  duration: fc.integer({ min: 5, max: 180 }),
  dayOffset: fc.constantFrom<number | null>(null, null, 0, 0, -1, 1, 30),
});

const durationOverlapArb = fc.integer({ min: 5, max: 120 }).chain((duration) =>
  fc.record({
    duration: fc.constant(duration),
    overlap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: duration - 1 })),
  }),
);

const rawItemArb = fc.record({
  begin: timeArb,
  end: timeArb,
  timing: durationOverlapArb,
  day_types: dayTypesArb,
  breaks: fc.array(rawBreakArb, { maxLength: 2 }),
  pricingStarts: fc.uniqueArray(timeArb, { minLength: 1, maxLength: 3 }),
});
type RawItem = typeof rawItemArb extends fc.Arbitrary<infer T> ? T : never;

function materializeBreak(b: RawBreak, date: string): ScheduleBreak {
  return { start: b.start, duration: b.duration, date: b.dayOffset === null ? null : addDays(date, b.dayOffset) };
}

/** Keeps the items the server accepts: an item overlapping an earlier one on a shared day type is dropped. */
function acceptedItems(raw: RawItem[], date: string): ScheduleItem[] {
  const items: ScheduleItem[] = [];
  for (const r of raw) {
    const it: ScheduleItem = {
      begin: r.begin,
      end: r.end,
      duration: r.timing.duration,
      overlap: r.timing.overlap,
      day_types: r.day_types,
      breaks: r.breaks.map((b) => materializeBreak(b, date)),
      pricing: r.pricingStarts.map((start, i) => row(start, String(100 + i), i + 1)),
    };
    const [b, e] = spanOf(it);
    const clash = items.some((o) => {
      if (!o.day_types.some((d) => it.day_types.includes(d))) return false;
      const [ob, oe] = spanOf(o);
      return b < oe && ob < e;
    });
    if (!clash) items.push(it);
  }
  return items;
}

interface Scenario { date: string; schedule: Schedule; holidays: Map<string, HolidayKind> }

function scenarioArb(opts: { holiday?: fc.Arbitrary<HolidayKind | null>; items?: fc.Arbitrary<RawItem[]> } = {}): fc.Arbitrary<Scenario> {
  return fc
    .record({
      date: dateArb,
      items: opts.items ?? fc.array(rawItemArb, { minLength: 1, maxLength: 4 }),
      breaks: fc.array(rawBreakArb, { maxLength: 3 }),
      holiday: opts.holiday ?? holidayArb,
    })
    .map(({ date, items, breaks, holiday }) => ({
      date,
      schedule: schedule(acceptedItems(items, date), breaks.map((b) => materializeBreak(b, date))),
      holidays: new Map<string, HolidayKind>(holiday ? [[date, holiday]] : []),
    }));
}

function byItem(sessions: GeneratedSession[]): Map<number, GeneratedSession[]> {
  const m = new Map<number, GeneratedSession[]>();
  for (const s of sessions) m.set(s.item_index, [...(m.get(s.item_index) ?? []), s]);
  for (const list of m.values()) list.sort((a, b) => a.start_minutes - b.start_minutes);
  return m;
}

const run = <Ts extends [unknown, ...unknown[]]>(p: fc.IPropertyWithHooks<Ts>) => fc.assert(p, { numRuns: NUM_RUNS });

// ---------------------------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------------------------

describe('generateSessions examples', () => {
  it('a 10:00-02:00 item of 60-minute sessions gives 16 sessions, the last at 01:00 of the next day', () => {
    const sessions = generateSessions(schedule([item({ begin: '10:00', end: '02:00', duration: 60 })]), MONDAY, 1);
    expect(sessions).toHaveLength(16);
    expect(sessions[0]).toMatchObject({ time_start: '2026-11-23 10:00', time_end: '2026-11-23 11:00', begin: '10:00', end: '11:00', start_minutes: 600 });
    expect(sessions[13]).toMatchObject({ time_start: '2026-11-23 23:00', time_end: '2026-11-24 00:00' });
    expect(sessions[14]).toMatchObject({ time_start: '2026-11-24 00:00', start_minutes: 1440 });
    expect(sessions.at(-1)).toMatchObject({ time_start: '2026-11-24 01:00', time_end: '2026-11-24 02:00', begin: '01:00', end: '02:00', start_minutes: 1500 });
  });

  it('a 30-minute session with a 10-minute overlap starts every 20 minutes', () => {
    const sessions = generateSessions(schedule([item({ begin: '10:00', end: '12:00', duration: 30, overlap: 10 })]), MONDAY, 1);
    expect(sessions.map((s) => `${s.begin}-${s.end}`)).toEqual(['10:00-10:30', '10:20-10:50', '10:40-11:10', '11:00-11:30', '11:20-11:50']);
  });

  it('a 13:00-14:00 break removes the sessions that intersect it and keeps the adjacent ones', () => {
    const it1 = item({ begin: '10:00', end: '17:00', duration: 60, overlap: 30 });
    const sessions = generateSessions(schedule([it1], [{ start: '13:00', duration: 60, date: null }]), MONDAY, 1);
    const begins = sessions.map((s) => s.begin);
    expect(begins).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '14:00', '14:30', '15:00', '15:30', '16:00']);
    // 12:30-13:30, 13:00-14:00 and 13:30-14:30 are gone; 12:00-13:00 and 14:00-15:00 only touch it.
  });

  it('applies an item break and a dated break only on its date', () => {
    const it1 = item({ begin: '10:00', end: '14:00', duration: 60, breaks: [{ start: '11:00', duration: 60, date: null }] });
    const sch = schedule([it1], [{ start: '12:00', duration: 60, date: MONDAY }]);
    expect(generateSessions(sch, MONDAY, 1).map((s) => s.begin)).toEqual(['10:00', '13:00']);
    expect(generateSessions(sch, '2026-11-30', 1).map((s) => s.begin)).toEqual(['10:00', '12:00', '13:00']);
  });

  it('a daily break across 06:00 also removes the first sessions of the business day', () => {
    // 05:30 + 60 minutes happens every day, so it also covers 06:00-06:30 of this business day.
    const sch = schedule([item({ begin: '06:00', end: '09:00', duration: 60 })], [{ start: '05:30', duration: 60, date: null }]);
    expect(generateSessions(sch, MONDAY, 1).map((s) => s.begin)).toEqual(['07:00', '08:00']);
    // A night closure 22:00-08:00 removes 06:00-08:00 too.
    const closed = schedule([item({ begin: '06:00', end: '10:00', duration: 60 })], [{ start: '22:00', duration: 600, date: null }]);
    expect(generateSessions(closed, MONDAY, 1).map((s) => s.begin)).toEqual(['08:00', '09:00']);
    // A night session 05:30-06:30 meets the next morning's daily 06:00 break.
    const night = schedule([item({ begin: '04:30', end: '07:00', duration: 60 })], [{ start: '06:00', duration: 15, date: null }]);
    expect(generateSessions(night, MONDAY, 1).map((s) => s.begin)).toEqual(['04:30']);
    // A dated break only blocks its own business day: the same break dated the day before does not.
    const dated = schedule([item({ begin: '06:00', end: '09:00', duration: 60 })], [{ start: '05:30', duration: 60, date: '2026-11-22' }]);
    expect(generateSessions(dated, MONDAY, 1).map((s) => s.begin)).toEqual(['06:00', '07:00', '08:00']);
    expect(breakSpans({ start: '05:30', duration: 60, date: null })).toEqual([[330, 390], [1770, 1830], [3210, 3270]]);
    expect(breakSpans({ start: '05:30', duration: 60, date: MONDAY })).toEqual([[1770, 1830]]);
  });

  it('prices each session from the latest row at or before its start, across midnight', () => {
    const it1 = item({ begin: '22:00', end: '03:00', duration: 60, pricing: [row('23:00', '200'), row('01:00', '300'), row('06:00', '100')] });
    const prices = generateSessions(schedule([it1]), MONDAY, 1).map((s) => `${s.begin}=${s.pricing?.session_price}`);
    expect(prices).toEqual(['22:00=100', '23:00=200', '00:00=200', '01:00=300', '02:00=300']);
    expect(pricingFor([row('12:00')], 600)).toBeNull();
  });

  it('a holiday uses its own items, else the weekday ones', () => {
    const weekday = item({ begin: '10:00', end: '12:00', duration: 60, day_types: [1] });
    const holiday = item({ begin: '14:00', end: '16:00', duration: 60, day_types: [8] });
    const holidays = new Map<string, HolidayKind>([[MONDAY, 'holiday']]);
    expect(dayTypeOf(MONDAY, holidays)).toBe(8);
    expect(dayTypeOf(MONDAY, new Map([[MONDAY, 'pre_holiday']]))).toBe(9);
    expect(dayTypeOf(MONDAY, new Map())).toBe(1);
    expect(generateSessions(schedule([weekday, holiday]), MONDAY, 8).map((s) => s.begin)).toEqual(['14:00', '15:00']);
    expect(generateSessions(schedule([weekday]), MONDAY, 8).map((s) => s.begin)).toEqual(['10:00', '11:00']);
    expect(generateSessions(schedule([weekday, holiday]), MONDAY, 9).map((s) => s.begin)).toEqual(['10:00', '11:00']);
    expect(itemsForDay([weekday, holiday], 1, 1).map((x) => x.index)).toEqual([0]);
  });

  it('stops starting sessions at the end of the business day', () => {
    // 05:00-08:00 runs past 06:00; only starts before 06:00 belong to this business day.
    const sessions = generateSessions(schedule([item({ begin: '05:00', end: '08:00', duration: 60, overlap: 30 })]), MONDAY, 1);
    expect(itemSpan({ begin: '05:00', end: '08:00' })).toEqual([1740, 1920]);
    expect(sessions.map((s) => s.time_start)).toEqual(['2026-11-24 05:00', '2026-11-24 05:30']);
    expect(itemSpan({ begin: '06:00', end: '06:00' })).toEqual([360, 1800]);
  });
});

describe('scheduleInForce examples', () => {
  const s = (id: number, start_dt: string, disabled = false) => ({ id, start_dt, disabled });
  it('picks the latest enabled start on or before the date', () => {
    const list = [s(1, '2026-01-01'), s(2, '2026-06-01'), s(3, '2026-09-01', true), s(4, '2026-12-01')];
    expect(scheduleInForce(list, '2026-10-15')?.id).toBe(2);
    expect(scheduleInForce(list, '2026-12-01')?.id).toBe(4);
    expect(scheduleInForce(list, '2025-12-31')).toBeNull();
    expect(scheduleInForce([], '2026-01-01')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('generateSessions properties', () => {
  it('produces exactly the grid starts of the day\'s items that no applicable break intersects', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        const got = sessionsFor(sch, date, holidays).map((s) => ({ item_index: s.item_index, start: s.start_minutes }));
        expect(got).toEqual(expectedSessions(sch, date, holidays));
      }),
    );
  });

  it('sessions of one item are at least duration - overlap apart, exactly one step unless a break removed the starts between', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        for (const [index, list] of byItem(sessionsFor(sch, date, holidays))) {
          const it = sch.items[index]!;
          const step = it.duration - it.overlap;
          const breaks = breakIntervals(sch, it, date);
          const [begin] = spanOf(it);
          for (let i = 1; i < list.length; i++) {
            const prev = list[i - 1]!.start_minutes;
            const next = list[i]!.start_minutes;
            expect(next - prev).toBeGreaterThanOrEqual(step);
            expect((next - begin) % step).toBe(0);
            // Every start skipped in between was removed by a break.
            for (let s = prev + step; s < next; s += step) expect(hitsBreak(s, it.duration, breaks)).toBe(true);
          }
          for (const s of list) expect(s.duration).toBe(it.duration);
        }
      }),
    );
  });

  it('sessions of different items never overlap', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        const sessions = sessionsFor(sch, date, holidays);
        const maxEnd = new Map<number, number>();
        for (const s of sessions) {
          for (const [index, end] of maxEnd) if (index !== s.item_index) expect(end).toBeLessThanOrEqual(s.start_minutes);
          maxEnd.set(s.item_index, Math.max(maxEnd.get(s.item_index) ?? -Infinity, s.start_minutes + s.duration));
        }
      }),
    );
  });

  it('no session intersects a break that applies that day', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        for (const s of sessionsFor(sch, date, holidays)) {
          const breaks = breakIntervals(sch, sch.items[s.item_index]!, date);
          expect(hitsBreak(s.start_minutes, s.duration, breaks)).toBe(false);
        }
      }),
    );
  });

  it('a dated break on another date removes no session', () => {
    run(
      fc.property(
        scenarioArb(),
        fc.record({ start: timeArb, duration: fc.integer({ min: 1, max: 1440 }), offset: fc.integer({ min: -400, max: 400 }).filter((n) => n !== 0) }),
        fc.nat(),
        ({ date, schedule: sch, holidays }, extra, where) => {
          const b: ScheduleBreak = { start: extra.start, duration: extra.duration, date: addDays(date, extra.offset) };
          const target = where % (sch.items.length + 1);
          const withBreak: Schedule =
            target === sch.items.length
              ? { ...sch, breaks: [...sch.breaks, b] }
              : { ...sch, items: sch.items.map((it, i) => (i === target ? { ...it, breaks: [...it.breaks, b] } : it)) };
          expect(sessionsFor(withBreak, date, holidays)).toEqual(sessionsFor(sch, date, holidays));
        },
      ),
    );
  });

  it('every session lies in its item span, starts before the business day ends, and maps back to the business date', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        const sessions = sessionsFor(sch, date, holidays);
        for (let i = 1; i < sessions.length; i++) expect(sessions[i]!.start_minutes).toBeGreaterThan(sessions[i - 1]!.start_minutes);
        for (const s of sessions) {
          const it = sch.items[s.item_index]!;
          const [begin, end] = itemSpan(it);
          expect([begin, end]).toEqual(spanOf(it));
          expect(s.start_minutes).toBeGreaterThanOrEqual(begin);
          expect(s.start_minutes + s.duration).toBeLessThanOrEqual(end);
          expect(s.start_minutes).toBeGreaterThanOrEqual(360);
          expect(s.start_minutes).toBeLessThan(BUSINESS_DAY_END_MINUTES);
          const [startDate, startTime] = s.time_start.split(' ');
          expect(startDate).toBe(s.start_minutes >= DAY ? addDays(date, 1) : date);
          expect(startTime).toBe(s.begin);
          expect(s.begin).toBe(minutesToTime(s.start_minutes));
          expect(s.end).toBe(minutesToTime(s.start_minutes + s.duration));
          expect(businessDateOf(s.time_start)).toBe(date);
          const [endDate] = s.time_end.split(' ');
          expect(endDate).toBe(addDays(date, Math.floor((s.start_minutes + s.duration) / DAY)));
        }
      }),
    );
  });

  it('a holiday or pre-holiday replaces the weekday items when the schedule has items for it, else the weekday applies', () => {
    run(
      fc.property(scenarioArb({ holiday: fc.constantFrom<HolidayKind | null>('holiday', 'pre_holiday') }), ({ date, schedule: sch, holidays }) => {
        const type = holidays.get(date) === 'holiday' ? 8 : 9;
        const sessions = sessionsFor(sch, date, holidays);
        if (sch.items.some((it) => it.day_types.includes(type))) {
          for (const s of sessions) expect(sch.items[s.item_index]!.day_types).toContain(type);
        } else {
          const weekday = isoWeekday(date);
          for (const s of sessions) expect(sch.items[s.item_index]!.day_types).toContain(weekday);
          expect(sessions).toEqual(generateSessions(sch, date, weekday));
        }
      }),
    );
  });

  it('an ordinary day uses only the items of its weekday', () => {
    run(
      fc.property(scenarioArb({ holiday: fc.constant(null) }), ({ date, schedule: sch, holidays }) => {
        for (const s of sessionsFor(sch, date, holidays)) expect(sch.items[s.item_index]!.day_types).toContain(isoWeekday(date));
      }),
    );
  });

  it('each session is priced by the row with the greatest start at or before it, or none', () => {
    run(
      fc.property(scenarioArb(), ({ date, schedule: sch, holidays }) => {
        for (const s of sessionsFor(sch, date, holidays)) {
          expect(s.pricing).toBe(expectedPricing(sch.items[s.item_index]!.pricing, s.start_minutes));
        }
      }),
    );
  });

  it('itemGrid agrees with the sessions of a day without dated breaks', () => {
    run(
      fc.property(fc.array(rawItemArb, { minLength: 1, maxLength: 1 }), dateArb, ([raw], date) => {
        const [it] = acceptedItems([{ ...raw!, breaks: raw!.breaks.map((b) => ({ ...b, dayOffset: null })) }], date);
        const sch = schedule([{ ...it!, day_types: [isoWeekday(date)] }]);
        const sessions = generateSessions(sch, date, isoWeekday(date));
        expect(itemGrid(it!)).toEqual(sessions.map((s) => ({ time_start: s.begin, time_end: s.end, pricing: s.pricing })));
      }),
    );
  });
});

describe('scheduleInForce properties', () => {
  const schedulesArb = fc.uniqueArray(
    fc.record({ id: fc.integer({ min: 1, max: 1000 }), offset: fc.integer({ min: -60, max: 60 }), disabled: fc.boolean() }),
    { maxLength: 8, selector: (r) => r.id },
  );

  it('picks the enabled schedule with the latest start_dt on or before the date (ties: the newest id)', () => {
    run(
      fc.property(schedulesArb, dateArb, (raw, date) => {
        const list = raw.map((r) => ({ id: r.id, start_dt: addDays(date, r.offset), disabled: r.disabled }));
        const got = scheduleInForce(list, date);
        const candidates = list.filter((s) => !s.disabled && s.start_dt <= date);
        if (!candidates.length) {
          expect(got).toBeNull();
          return;
        }
        expect(got).not.toBeNull();
        expect(candidates).toContain(got);
        for (const c of candidates) {
          expect(c.start_dt <= got!.start_dt).toBe(true);
          if (c.start_dt === got!.start_dt) expect(c.id).toBeLessThanOrEqual(got!.id);
        }
      }),
    );
  });

  it('ignores disabled and future schedules whatever their start', () => {
    run(
      fc.property(
        schedulesArb,
        dateArb,
        fc.array(fc.record({ offset: fc.integer({ min: -60, max: 60 }), future: fc.boolean() }), { minLength: 1, maxLength: 4 }),
        (raw, date, extras) => {
          const list = raw.map((r) => ({ id: r.id, start_dt: addDays(date, r.offset), disabled: r.disabled }));
          const before = scheduleInForce(list, date);
          const noise = extras.map((e, i) =>
            e.future
              ? { id: 2000 + i, start_dt: addDays(date, Math.abs(e.offset) + 1), disabled: false }
              : { id: 2000 + i, start_dt: addDays(date, e.offset), disabled: true },
          );
          expect(scheduleInForce([...noise, ...list], date)).toBe(before);
          expect(scheduleInForce([...list, ...noise], date)).toBe(before);
        },
      ),
    );
  });
});
