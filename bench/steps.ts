// The steps of `npm run bench` (bench/suite.ts) and the sizes they run at. One list for every mode:
// the full run and the smoke run (`--smoke`, part of `npm test`) run every step of it, the smoke run on
// tiny data and short durations through the same functions; `--only browser` runs the chain and the
// browser steps. suite.ts has one runner per step (a Record over StepId, so a step without one does not
// type-check), and tests/unit/benchSteps.test.ts holds the smoke run to the whole list.
// No imports with side effects: the unit test reads this file.

export const STEPS = [
  { id: 'engine', title: 'slot engine' },
  { id: 'chain', title: 'the generated chain' },
  { id: 'dayview', title: 'day view through the API next to SQL through pg' },
  { id: 'browser', title: 'day view in Chromium (JavaScript, render, live update)' },
  { id: 'walkin', title: 'a walk-in at the desk in Chromium' },
  { id: 'bigvenue', title: 'a big venue\'s day view: 30 and 60 playgrounds, API and Chromium (#49)' },
  { id: 'pooler', title: 'day view with named prepared statements off, direct and through PgBouncer' },
  { id: 'bookings', title: 'bookings, 1 process and a cluster' },
  { id: 'events', title: 'live events to SSE clients across the cluster' },
  { id: 'churn', title: 'customer messages under churn: moves, cancels, a killed worker (#45)' },
  { id: 'csv', title: 'CSV and XLSX export next to psql \\copy' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

/** What a step needs to have passed before it can run (the chain's data). */
export const NEEDS: Partial<Record<StepId, StepId[]>> = {
  dayview: ['chain'], browser: ['chain'], walkin: ['chain'], bigvenue: ['chain'], pooler: ['chain'], bookings: ['chain'], churn: ['chain'],
};

export type Mode = 'full' | 'smoke' | 'browser' | 'churn' | 'dayview';

/** The steps a mode runs, in the suite's order. */
export function stepsOf(mode: Mode): StepId[] {
  const all = STEPS.map((s) => s.id);
  if (mode === 'browser') return all.filter((id) => id === 'chain' || id === 'browser' || id === 'walkin' || id === 'bigvenue');
  // #45 The churn test alone at full size (10,000 bookings), for its figures without the other steps' load.
  if (mode === 'churn') return all.filter((id) => id === 'chain' || id === 'churn');
  // #49 The day view's rows alone: with named statements, and without them directly and through PgBouncer.
  if (mode === 'dayview') return all.filter((id) => id === 'chain' || id === 'dayview' || id === 'pooler');
  return all;
}

export interface Scale {
  /** Orders of the generated chain, and of location 1 for the exports. */
  orders: number;
  /** Seconds of each timed load (day view, pooler, bookings); the live events run twice as long. */
  seconds: number;
  /** Concurrent clients of the booking runs. */
  concurrency: number;
  engineRounds: number;
  /** The chain: locations (10 playgrounds each) and the days of orders before and after today. */
  chainLocations: number;
  daysBack: number;
  daysAhead: number;
  /** Free days after the chain's range whose sessions the distinct-session bookings take. */
  bookingDays: number;
  /** Timed loads of the day view in Chromium, live updates of a card, walk-ins (each after a warm-up). */
  browserLoads: number;
  liveUpdates: number;
  walkIns: number;
  /** Server processes of the cluster (bookings, live events). */
  workers: number;
  eventClients: number;
  eventsPerSecond: number;
  /** The churn step (#45): bookings, and the minutes from its start to the reminder time (the smoke run brings it forward). */
  churnBookings: number;
  churnLeadMinutes: number;
  /** #49 The sizes, in playgrounds, a location of the chain grows to for the big venue's day view. */
  bigVenues: number[];
  /** #49 Rounds of the exports (\copy, CSV, XLSX one after another in each); a row is the median round. */
  exportRounds: number;
  /** A step that runs longer fails (a hung step must not hang `npm test`). */
  stepTimeoutSeconds: number;
}

export const FULL: Scale = {
  orders: 1_000_000, seconds: 5, concurrency: 32, engineRounds: 50,
  chainLocations: 20, daysBack: 365, daysAhead: 364, bookingDays: 20,
  browserLoads: 7, liveUpdates: 5, walkIns: 5,
  workers: 4, eventClients: 200, eventsPerSecond: 20,
  churnBookings: 10_000, churnLeadMinutes: 7,
  bigVenues: [30, 60],
  exportRounds: 3,
  stepTimeoutSeconds: 1800,
};

/**
 * Every step, small: two locations over seven weeks (the day view's date, 30-36 days ahead, inside
 * them), 2,000 orders, quarter-second loads, one timed page load, live update and walk-in, two cluster
 * processes, ten SSE clients, 100 bookings of the churn step (every kind of change still made: 20
 * moved, 10 cancelled, 5 inside the reminder window).
 */
export const SMOKE: Scale = {
  orders: 2_000, seconds: 0.25, concurrency: 4, engineRounds: 3,
  chainLocations: 2, daysBack: 7, daysAhead: 42, bookingDays: 2,
  browserLoads: 1, liveUpdates: 1, walkIns: 1,
  workers: 2, eventClients: 10, eventsPerSecond: 10,
  churnBookings: 100, churnLeadMinutes: 1,
  bigVenues: [12],
  exportRounds: 2,
  stepTimeoutSeconds: 120,
};
