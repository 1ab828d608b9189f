// #49 bench/lib/measure.ts `alternating`: tasks asked in turn keep their ratio while the machine's
// speed drifts, which rows measured one after another did not (the PgBouncer row read 1.16x and
// 1.51x of the same code ten minutes apart). The clock is a fake one that each call moves by its
// own cost, so the figures are exact, whatever else the machine runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alternating, closedLoop } from '../../bench/lib/measure';

beforeEach(() => { vi.useFakeTimers({ toFake: ['Date', 'performance'] }); });
afterEach(() => { vi.useRealTimers(); });

/** A call costing `ms`, three times that once the clock is past `busyFrom` (a machine getting busy). */
const costing = (ms: number, busyFrom: number, calls: string[] = [], name = '') => async () => {
  calls.push(name);
  vi.advanceTimersByTime(Date.now() >= busyFrom ? ms * 3 : ms);
  return true as const;
};

describe('alternating', () => {
  it('asks the tasks in turn, a call each, and keeps their ratio when everything slows down partway', async () => {
    const calls: string[] = [];
    const busyFrom = Date.now() + 600;
    const r = await alternating({ seconds: 1.2 }, { fast: costing(10, busyFrom, calls, 'fast'), twice: costing(20, busyFrom, calls, 'twice') });
    expect(calls.slice(0, 6)).toEqual(['fast', 'twice', 'fast', 'twice', 'fast', 'twice']);
    expect(r.fast.count).toBe(r.twice.count);
    expect(r.twice.p50 / r.fast.p50).toBe(2);
    // Each task's seconds: the time in its own calls (20 calls at 10 ms, then 7 at 30 ms).
    expect(r.fast).toMatchObject({ count: 27, p50: 10, p95: 30, seconds: 0.41 });

    // One after the other, as the rows were measured before: the second meets only the busy machine.
    const later = Date.now() + 600;
    const first = await closedLoop({ concurrency: 1, seconds: 0.6 }, costing(10, later));
    const second = await closedLoop({ concurrency: 1, seconds: 0.6 }, costing(20, later));
    expect(second.p50 / first.p50).toBe(6);
  });

  it('counts a failed or throwing call as an error of its own task, with the first error\'s text', async () => {
    let n = 0;
    const r = await alternating({ seconds: 0.2 }, {
      ok: async () => { vi.advanceTimersByTime(10); return true; },
      refused: async () => { vi.advanceTimersByTime(10); return 'status 503'; },
      throws: async () => { vi.advanceTimersByTime(10); n++; throw new Error(`broken ${n}`); },
    });
    expect(r.ok).toMatchObject({ count: 7, errors: 0 });
    expect(r.refused).toMatchObject({ count: 7, errors: 7, firstError: 'status 503' });
    expect(r.throws).toMatchObject({ count: 7, errors: 7, firstError: 'Error: broken 1' });
  });

  it('does not count the warm-up', async () => {
    const r = await alternating({ seconds: 0.1, warmupSeconds: 0.5 }, { a: async () => { vi.advanceTimersByTime(10); return true; } });
    expect(r.a.count).toBe(10);
  });
});
