// Sessions on the real timeline of zones with daylight saving (docs/decisions.md, "Daylight-saving
// time"): New York (clocks change at 02:00), Sydney (southern hemisphere, 02:00/03:00) and Santiago
// (southern hemisphere, the clocks change at midnight, so 00:00 itself is skipped once a year).
// fast-check properties over random schedules on the business days around every change of
// 2026-2028, and on random days, where the zone must change nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, minutesToTime } from '../../domain/businessDay';
import { generateSessions } from '../../domain/schedule/engine';
import { startsAfterNow } from '../../domain/slot';
import { slotTimes, toCalendarIso } from '../../src/calendar/calendarModel';
import type { GeneratedSession, Schedule, ScheduleBreak, ScheduleItem } from '../../domain/schedule/types';
import {
  canonicalLocal, firstInstantFrom, formatLocal, instantOfLocal, instantsOfWall, offsetAt, offsetText, readableLocal, readableTime, wallMs,
} from '../../domain/zonedTime';

const ZONES = ['America/New_York', 'Australia/Sydney', 'America/Santiago'] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Business dates whose day or night holds a change of the zone's offset (2026-2028). */
function changeDates(tz: string): { date: string; kind: 'forward' | 'back' }[] {
  const out: { date: string; kind: 'forward' | 'back' }[] = [];
  for (let d = '2026-01-01'; d < '2029-01-01'; d = addDays(d, 1)) {
    // Offsets at 06:00 UTC-ish of the business day and of the next: changes happen in the night.
    const a = offsetAt(tz, Date.parse(`${d}T12:00:00Z`));
    const b = offsetAt(tz, Date.parse(`${addDays(d, 1)}T12:00:00Z`));
    if (a !== b) out.push({ date: d, kind: b > a ? 'forward' : 'back' });
  }
  return out;
}

const CHANGES = new Map(ZONES.map((tz) => [tz, changeDates(tz)]));

function item(over: Partial<ScheduleItem> & Pick<ScheduleItem, 'begin' | 'end' | 'duration'>): ScheduleItem {
  return { overlap: 0, day_types: ALL_DAYS, breaks: [], pricing: [], ...over };
}

const schedule = (items: ScheduleItem[], breaks: ScheduleBreak[] = []): Pick<Schedule, 'items' | 'breaks'> => ({ items, breaks });

/** Every business day around a change (the change's own and its neighbours, where the night may reach it). */
const dateAround = (tz: string) => fc.record({ i: fc.nat(), shift: fc.integer({ min: -1, max: 1 }) })
  .map(({ i, shift }) => { const list = CHANGES.get(tz as (typeof ZONES)[number])!; return addDays(list[i % list.length]!.date, shift); });

const fiveMinutes = (lo: number, hi: number) => fc.integer({ min: lo / 5, max: hi / 5 }).map((n) => minutesToTime((n * 5) % 1440));

/** An item open into the night (the hours the clocks change), with any grid. */
const nightItemArb = fc.record({
  begin: fiveMinutes(600, 1380),
  end: fc.oneof(fiveMinutes(0, 360), fiveMinutes(1380, 1435)),
  duration: fc.integer({ min: 5, max: 150 }),
}).chain((it) => fc.record({ overlap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: it.duration - 1 })) })
  .map(({ overlap }) => item({ ...it, overlap })));

const breakArb: fc.Arbitrary<ScheduleBreak> = fc.record({
  start: fc.oneof(fiveMinutes(0, 355), fiveMinutes(360, 1435)),
  duration: fc.integer({ min: 5, max: 120 }),
  date: fc.constant(null),
});

const scenarioArb = fc.constantFrom(...ZONES).chain((tz) => fc.record({
  tz: fc.constant(tz),
  date: dateAround(tz),
  items: fc.array(nightItemArb, { minLength: 1, maxLength: 2 }),
  breaks: fc.array(breakArb, { maxLength: 2 }),
}));

const run = <Ts extends [unknown, ...unknown[]]>(p: fc.IPropertyWithHooks<Ts>, numRuns = 200) => fc.assert(p, { numRuns });

const wallPart = (s: string) => s.slice(0, 16);

function checkTimeline(tz: string, sessions: GeneratedSession[]) {
  for (const s of sessions) {
    // The start exists: the zone's clock shows it at the session's instant, and the text names that instant.
    expect(instantsOfWall(tz, wallMs(wallPart(s.time_start)))).toContain(s.instant);
    expect(instantOfLocal(tz, s.time_start)).toBe(s.instant);
    expect(formatLocal(tz, s.instant)).toBe(s.time_start);
    expect(s.utc_offset).toBe(offsetText(offsetAt(tz, s.instant)));
    expect(s.begin).toBe(s.time_start.slice(11, 16));
    // Its real length is its duration; the end is shown in local time.
    expect(instantOfLocal(tz, s.time_end) - s.instant).toBe(s.duration * MINUTE);
    expect(s.end).toBe(s.time_end.slice(11, 16));
  }
  // Instants strictly increase, and so every session has its own time_start.
  for (let i = 1; i < sessions.length; i++) expect(sessions[i]!.instant).toBeGreaterThan(sessions[i - 1]!.instant);
  expect(new Set(sessions.map((s) => s.time_start)).size).toBe(sessions.length);
}

describe('zonedTime', () => {
  it('knows the skipped and the repeated hours of New York, Sydney and Santiago', () => {
    const ny = 'America/New_York';
    expect(instantsOfWall(ny, wallMs('2027-03-14 02:30'))).toEqual([]);
    expect(instantsOfWall(ny, wallMs('2027-11-07 01:30')).map((t) => new Date(t).toISOString()))
      .toEqual(['2027-11-07T05:30:00.000Z', '2027-11-07T06:30:00.000Z']);
    expect(formatLocal(ny, Date.parse('2027-11-07T05:30:00Z'))).toBe('2027-11-07 01:30');
    expect(formatLocal(ny, Date.parse('2027-11-07T06:30:00Z'))).toBe('2027-11-07 01:30-05:00');
    expect(firstInstantFrom(ny, wallMs('2027-03-14 02:30'))).toBe(Date.parse('2027-03-14T07:00:00Z'));
    // A skipped time is read as Temporal's 'compatible' does: 02:30 is 03:30.
    expect(formatLocal(ny, instantOfLocal(ny, '2027-03-14 02:30'))).toBe('2027-03-14 03:30');
    expect(canonicalLocal(ny, '2027-11-07 01:30-04:00')).toBe('2027-11-07 01:30');
    expect(canonicalLocal(ny, '2027-11-07 01:30-05:00')).toBe('2027-11-07 01:30-05:00');
    expect(canonicalLocal(ny, '2027-11-07 03:30-04:00')).toBeNull();
    expect(canonicalLocal(ny, '2027-11-07 03:30')).toBe('2027-11-07 03:30');
    expect(instantsOfWall('Australia/Sydney', wallMs('2027-10-03 02:30'))).toEqual([]);
    expect(instantsOfWall('Australia/Sydney', wallMs('2027-04-04 02:30'))).toHaveLength(2);
    expect(instantsOfWall('Europe/Moscow', wallMs('2027-03-28 02:30'))).toHaveLength(1);
    for (const tz of ZONES) expect(CHANGES.get(tz)!.length).toBe(6);
  });
});

describe('sessions across daylight-saving changes', () => {
  it('New York: the spring-forward night has no 02:xx session and the session over the jump lasts its real hour', () => {
    const sch = schedule([item({ begin: '10:00', end: '04:00', duration: 60 })]);
    const night = generateSessions(sch, '2027-03-13', 6, 'America/New_York').filter((s) => s.start_minutes >= 1440);
    expect(night.map((s) => `${s.time_start}/${s.time_end}/${s.utc_offset}`)).toEqual([
      '2027-03-14 00:00/2027-03-14 01:00/-05:00',
      '2027-03-14 01:00/2027-03-14 03:00/-05:00',
      '2027-03-14 03:00/2027-03-14 04:00/-04:00',
    ]);
    const halfHours = generateSessions(schedule([item({ begin: '10:00', end: '04:00', duration: 30 })]), '2027-03-13', 6, 'America/New_York');
    expect(halfHours.filter((s) => s.begin.startsWith('02:'))).toEqual([]);
    expect(halfHours.find((s) => s.begin === '01:30')!.time_end).toBe('2027-03-14 03:00');
  });

  it('New York: the fall-back night offers the repeated hour twice, the second time with its offset', () => {
    const sch = schedule([item({ begin: '10:00', end: '04:00', duration: 30 })]);
    const night = generateSessions(sch, '2027-11-06', 6, 'America/New_York').filter((s) => s.start_minutes >= 1440);
    expect(night.map((s) => `${s.time_start}/${s.utc_offset}`)).toEqual([
      '2027-11-07 00:00/-04:00', '2027-11-07 00:30/-04:00', '2027-11-07 01:00/-04:00', '2027-11-07 01:30/-04:00',
      '2027-11-07 01:00-05:00/-05:00', '2027-11-07 01:30-05:00/-05:00',
      '2027-11-07 02:00/-05:00', '2027-11-07 02:30/-05:00', '2027-11-07 03:00/-05:00', '2027-11-07 03:30/-05:00',
    ]);
    expect(night[3]!.time_end).toBe('2027-11-07 01:00-05:00');
  });

  it('Santiago: the night clocks skip midnight has no 00:xx session; the night they repeat 23:00 has it twice', () => {
    const changes = CHANGES.get('America/Santiago')!;
    const sch = schedule([item({ begin: '10:00', end: '04:00', duration: 60 })]);
    for (const { date, kind } of changes) {
      const all = [addDays(date, -1), date, addDays(date, 1)].flatMap((d) => generateSessions(sch, d, 6, 'America/Santiago'));
      const walls = all.map((s) => wallPart(s.time_start));
      for (const w of walls) expect(instantsOfWall('America/Santiago', wallMs(w)).length).toBeGreaterThan(0);
      if (kind === 'back') expect(all.filter((s) => s.time_start.length > 16)).toHaveLength(1);
    }
  });

  it('every session starts at a time that exists, lasts its real duration, and instants strictly increase', () => {
    run(fc.property(scenarioArb, ({ tz, date, items, breaks }) => {
      checkTimeline(tz, generateSessions(schedule(items, breaks), date, 6, tz));
    }));
  });

  it('sessions of one item never start closer than duration - overlap, breaks never touch a session', () => {
    run(fc.property(scenarioArb, ({ tz, date, items, breaks }) => {
      const sessions = generateSessions(schedule(items, breaks), date, 6, tz);
      items.forEach((it, index) => {
        const own = sessions.filter((s) => s.item_index === index);
        for (let i = 1; i < own.length; i++) expect(own[i]!.instant - own[i - 1]!.instant).toBeGreaterThanOrEqual((it.duration - it.overlap) * MINUTE);
      });
      // Every occurrence of every daily break (this business day's, the day before's and after's).
      const occurrences = breaks.flatMap((b) => [-1, 0, 1, 2].flatMap((d) => {
        const wall = wallMs(`${addDays(date, d)} ${b.start}`);
        const starts = instantsOfWall(tz, wall);
        return (starts.length ? starts : [firstInstantFrom(tz, wall)]).map((t) => [t, t + b.duration * MINUTE] as const);
      }));
      for (const s of sessions) {
        const end = s.instant + s.duration * MINUTE;
        for (const [bs, be] of occurrences) expect(s.instant < be && bs < end, `${s.time_start} vs break`).toBe(false);
      }
    }));
  });

  it('the repeated hour yields both occurrences of each grid start, with distinct texts, when the grid divides the hour', () => {
    const backDates = ZONES.flatMap((tz) => CHANGES.get(tz)!.filter((c) => c.kind === 'back').map((c) => ({ tz, date: c.date })));
    run(fc.property(fc.constantFrom(...backDates), fc.constantFrom(5, 10, 15, 20, 30, 60), fc.integer({ min: 0, max: 11 }),
      ({ tz, date }, step, startShift) => {
        const begin = minutesToTime(600 + startShift * 5);
        const sessions = generateSessions(schedule([item({ begin, end: '06:00', duration: step })]), date, 6, tz);
        checkTimeline(tz, sessions);
        const byWall = new Map<string, GeneratedSession[]>();
        for (const s of sessions) byWall.set(wallPart(s.time_start), [...(byWall.get(wallPart(s.time_start)) ?? []), s]);
        const twice = [...byWall.values()].filter((list) => list.length === 2);
        // The repeated hour is an hour in all three zones: 60 / step grid starts, each offered twice.
        expect(twice).toHaveLength(60 / step);
        for (const [first, second] of twice) {
          expect(second!.instant - first!.instant).toBe(HOUR);
          expect(first!.time_start).toBe(wallPart(second!.time_start));
          expect(second!.time_start).toBe(`${wallPart(first!.time_start)}${second!.utc_offset}`);
          expect(first!.utc_offset).not.toBe(second!.utc_offset);
        }
      }), 60);
  });

  it('the skipped hour has no session and the night is an hour shorter; the repeated one an hour longer', () => {
    run(fc.property(fc.constantFrom(...ZONES), fc.nat(), fc.constantFrom(15, 30, 60), (tz, i, step) => {
      const changes = CHANGES.get(tz)!;
      const { date, kind } = changes[i % changes.length]!;
      const sch = schedule([item({ begin: '10:00', end: '06:00', duration: step })]);
      const sessions = generateSessions(sch, date, 6, tz);
      const plain = generateSessions(sch, date, 6);
      const hour = 60 / step;
      expect(sessions.length).toBe(plain.length + (kind === 'back' ? hour : -hour));
      if (kind === 'forward') {
        for (const s of plain) {
          const exists = instantsOfWall(tz, wallMs(s.time_start)).length > 0;
          expect(sessions.some((z) => z.time_start === s.time_start)).toBe(exists);
        }
      }
    }));
  });

  it('far from a change, the zone changes nothing but the instants (New York, Sydney, Santiago, Moscow)', () => {
    const zones = [...ZONES, 'Europe/Moscow'];
    run(fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 3 * 365 }), fc.array(nightItemArb, { minLength: 1, maxLength: 2 }),
      (tz, n, items) => {
        const date = addDays('2026-01-01', n);
        const near = (CHANGES.get(tz as (typeof ZONES)[number]) ?? []).some((c) => Math.abs(Date.parse(c.date) - Date.parse(date)) <= 3 * 86_400_000);
        fc.pre(!near);
        const strip = ({ instant: _i, utc_offset: _o, ...s }: GeneratedSession) => s;
        const zoned = generateSessions(schedule(items), date, 6, tz);
        expect(zoned.map(strip)).toEqual(generateSessions(schedule(items), date, 6).map(strip));
        checkTimeline(tz, zoned);
      }));
  });
});

describe('the calendar on a night the clocks change', () => {
  const translate = (key: string, o?: object) => `${key}:${JSON.stringify(o)}`;
  it('places both occurrences at their wall-clock time and labels them with their offsets', () => {
    expect(toCalendarIso('2027-11-07 01:00-05:00')).toBe('2027-11-07T01:00:00');
    expect(toCalendarIso('2027-11-07 01:00')).toBe('2027-11-07T01:00:00');
    expect(slotTimes({ begin: '01:00', end: '01:30' }, translate)).toBe('01:00–01:30');
    expect(slotTimes({ begin: '01:00', end: '01:30', utc_offset: '-05:00' }, translate))
      .toBe('app.calendar.withOffset:{"time":"01:00–01:30","offset":"-05:00"}');
  });

  it('compares a slot that says its offset with the real now: the second 01:45 has not begun during the first 01:50', () => {
    const firstTen = Date.parse('2027-11-07T05:50:00Z'); // 01:50 EDT
    expect(startsAfterNow({ time_start: '2027-11-07 01:45-05:00', utc_offset: '-05:00' }, '2027-11-07 01:50', firstTen)).toBe(true);
    expect(startsAfterNow({ time_start: '2027-11-07 01:45', utc_offset: '-04:00' }, '2027-11-07 01:50', firstTen)).toBe(false);
    const secondHalf = Date.parse('2027-11-07T06:30:00Z'); // 01:30 EST
    expect(startsAfterNow({ time_start: '2027-11-07 01:45', utc_offset: '-04:00' }, '2027-11-07 01:30', secondHalf)).toBe(false);
    // Without an offset (every other day) the wall clock decides, as before.
    expect(startsAfterNow({ time_start: '2030-03-04 10:00' }, '2030-03-04 09:59')).toBe(true);
  });
});

describe('reading a local time', () => {
  it('shows the second occurrence of a repeated time with its offset, every other time as its clock', () => {
    expect(readableLocal('2027-11-07 01:00')).toBe('01:00');
    expect(readableLocal('2027-11-07 01:00-05:00')).toBe('01:00 (UTC-05:00)');
    expect(readableLocal('2027-11-07 01:30-05:00', true)).toBe('07.11.2027 01:30 (UTC-05:00)');
    expect(readableLocal('2030-01-14 15:00', true)).toBe('14.01.2030 15:00');
    expect(readableLocal('soon')).toBe('soon');
    expect(readableTime('01:00-05:00')).toBe('01:00 (UTC-05:00)');
    expect(readableTime('23:30')).toBe('23:30');
  });
});
