// Slot-engine micro-benchmark, no server or database: 20 playgrounds, each with a history of
// schedules (day and night items, two pricing rows, breaks), and one month of sessions for all of
// them per round (every date: scheduleInForce, dayTypeOf, generateSessions).
// Usage: node --import tsx bench/engine.ts [--rounds 50] [--month 2026-12]; `runEngine` for the suite.
import { pathToFileURL } from 'node:url';
import { monthDates } from '../domain/businessDay';
import { dayTypeOf, generateSessions, scheduleInForce } from '../domain/schedule/engine';
import type { HolidayKind, PricingRow, Schedule, ScheduleItem } from '../domain/schedule/types';
import { percentile } from './lib/measure';

const PLAYGROUNDS = 20;

function price(start: string, amount: string): PricingRow {
  return { currency_id: 1, session_price: amount, personal_price: null, prepayment: '0.3', start };
}

/** Playground p's schedules: an old one, a disabled draft, and the current one from mid-month. */
function schedulesFor(p: number, month: string): Schedule[] {
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

export interface EngineResult {
  playgrounds: number;
  days: number;
  rounds: number;
  sessions: number;
  min: number;
  median: number;
  p95: number;
  max: number;
}

export function runEngine(rounds = 50, month = '2026-12'): EngineResult {
  const playgrounds = Array.from({ length: PLAYGROUNDS }, (_, p) => schedulesFor(p, month));
  const holidays = new Map<string, HolidayKind>([[`${month}-24`, 'pre_holiday'], [`${month}-25`, 'holiday'], [`${month}-31`, 'pre_holiday']]);
  const dates = monthDates(`${month}-01`);
  const oneMonth = (): number => {
    let count = 0;
    for (const schedules of playgrounds) {
      for (const date of dates) {
        const schedule = scheduleInForce(schedules, date);
        if (!schedule) continue;
        count += generateSessions(schedule, date, dayTypeOf(date, holidays)).length;
      }
    }
    return count;
  };
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
  return { playgrounds: PLAYGROUNDS, days: dates.length, rounds, sessions, min: times[0]!, median: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argOf = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
  };
  const month = argOf('month', '2026-12');
  const r = runEngine(Number(argOf('rounds', '50')), month);
  console.log(`slot engine: ${r.playgrounds} playgrounds x ${r.days} days (${month}), ${r.rounds} rounds, node ${process.version}`);
  console.log(`sessions per round: ${r.sessions} (${(r.sessions / r.playgrounds / r.days).toFixed(1)} per playground-day)`);
  console.log(`ms per round: min ${r.min.toFixed(2)}  median ${r.median.toFixed(2)}  p95 ${r.p95.toFixed(2)}  max ${r.max.toFixed(2)}`);
}

