// Slot-engine micro-benchmark, no server or database: 20 playgrounds, each with a history of
// schedules (day and night items, two pricing rows, breaks), and one month of sessions for all of
// them per round (every date: scheduleInForce, dayTypeOf, generateSessions).
// Usage: node --import tsx bench/engine.ts [--rounds 50] [--month 2026-12]
import { monthDates } from '../domain/businessDay';
import { dayTypeOf, generateSessions, scheduleInForce } from '../domain/schedule/engine';
import type { HolidayKind, PricingRow, Schedule, ScheduleItem } from '../domain/schedule/types';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const rounds = Number(arg('rounds', '50'));
const month = arg('month', '2026-12');
const PLAYGROUNDS = 20;

function price(start: string, amount: string): PricingRow {
  return { currency_id: 1, session_price: amount, personal_price: null, prepayment: '0.3', start };
}

/** Playground p's schedules: an old one, a disabled draft, and the current one from mid-month. */
function schedulesFor(p: number): Schedule[] {
  const duration = [30, 45, 60, 90][p % 4]!;
  const overlap = p % 3 === 0 ? 10 : 0;
  const items = (nightEnd: string): ScheduleItem[] => [
    {
      // Weekday day and evening.
      begin: '10:00', end: '22:00', duration, overlap, day_types: [1, 2, 3, 4, 5],
      breaks: [{ start: '15:00', duration: 30, date: null }],
      pricing: [price('10:00', String(1000 + p * 10)), price('18:00', String(1500 + p * 10))],
    },
    {
      // Weekday night, past midnight.
      begin: '22:00', end: nightEnd, duration, overlap, day_types: [1, 2, 3, 4, 5],
      breaks: [],
      pricing: [price('22:00', '1800'), price('01:00', '1200')],
    },
    {
      // Weekends, holidays and pre-holidays: one long item into the night.
      begin: '09:00', end: nightEnd, duration, overlap, day_types: [6, 7, 8, 9],
      breaks: [],
      pricing: [price('09:00', '2000'), price('20:00', '2500')],
    },
  ];
  const base = { playground_group: p + 1, breaks: [{ start: '13:00', duration: 60, date: null }] };
  return [
    { ...base, id: p * 10 + 1, name: 'old', start_dt: '2025-01-01', disabled: false, items: items('02:00') },
    { ...base, id: p * 10 + 2, name: 'draft', start_dt: `${month}-05`, disabled: true, items: items('06:00') },
    {
      ...base, id: p * 10 + 3, name: 'current', start_dt: `${month}-15`, disabled: false, items: items('04:00'),
      breaks: [...base.breaks, { start: '19:00', duration: 45, date: `${month}-20` }],
    },
  ];
}

const playgrounds = Array.from({ length: PLAYGROUNDS }, (_, p) => schedulesFor(p));
const holidays = new Map<string, HolidayKind>([[`${month}-24`, 'pre_holiday'], [`${month}-25`, 'holiday'], [`${month}-31`, 'pre_holiday']]);
const dates = monthDates(`${month}-01`);

function oneMonth(): number {
  let count = 0;
  for (const schedules of playgrounds) {
    for (const date of dates) {
      const schedule = scheduleInForce(schedules, date);
      if (!schedule) continue;
      count += generateSessions(schedule, date, dayTypeOf(date, holidays)).length;
    }
  }
  return count;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// Warm-up so the JIT settles before the timed rounds.
for (let i = 0; i < 5; i++) oneMonth();

const times: number[] = [];
let sessions = 0;
for (let i = 0; i < rounds; i++) {
  const t = performance.now();
  sessions = oneMonth();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

console.log(`slot engine: ${PLAYGROUNDS} playgrounds x ${dates.length} days (${month}), ${rounds} rounds, node ${process.version}`);
console.log(`sessions per round: ${sessions} (${(sessions / PLAYGROUNDS / dates.length).toFixed(1)} per playground-day)`);
console.log(
  `ms per round: min ${times[0]!.toFixed(2)}  median ${percentile(times, 50).toFixed(2)}  p95 ${percentile(times, 95).toFixed(2)}  max ${times.at(-1)!.toFixed(2)}`,
);
