// The live desk's pure parts: who receives which kind of event, and the booking form's judgement of
// its chosen session as the day changes under it.
import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_KINDS, mayReceive } from '../../domain/liveEvents';
import { nearestFree, sessionTrouble } from '../../src/live/sessionWatch';
import { READ_LOOKBACK_MS, earliestReadPosition, forgetReadPositions, noteLocationPosition, noteReadPosition } from '../../src/live/readPositions';

const at = (time: string, available: number) => ({ time_start: `2030-04-01 ${time}`, available_persons: available });

describe('live event kinds', () => {
  it('gives a cashier orders and schedules, never payments or ledger entries; role 40 gets the money kinds', () => {
    const none = new Set<string>();
    expect(LIVE_EVENT_KINDS.filter((k) => mayReceive(k, 10, none))).toEqual(['order', 'schedule']);
    expect(LIVE_EVENT_KINDS.filter((k) => mayReceive(k, 40, none))).toEqual(['order', 'payment', 'transaction', 'schedule']);
    expect(mayReceive('certificate', 10, new Set(['certificate']))).toBe(true);
    expect(mayReceive('tech_session', 40, none)).toBe(false);
    expect(mayReceive('unknown', 40, new Set(['certificate', 'techsessions']))).toBe(false);
  });
});

describe('the booking form\'s chosen session', () => {
  const day = [at('12:00', 4), at('13:00', 0), at('14:00', 2), at('15:00', 4)];
  const offered = day.filter((s) => s.available_persons > 0);

  it('is fine while it has room for the persons asked for', () => {
    expect(sessionTrouble('2030-04-01 12:00', 3, day, offered)).toBeNull();
    expect(sessionTrouble('', 3, day, offered)).toBeNull();
  });

  it('is full, has fewer places, or is gone', () => {
    expect(sessionTrouble('2030-04-01 13:00', 1, day, offered)).toEqual({ kind: 'full' });
    expect(sessionTrouble('2030-04-01 14:00', 3, day, offered)).toEqual({ kind: 'fewer', left: 2 });
    expect(sessionTrouble('2030-04-01 16:00', 1, day, offered)).toEqual({ kind: 'gone' });
  });

  it('counts an edited order\'s own places in its own session', () => {
    expect(sessionTrouble('2030-04-01 13:00', 2, day, [...offered, at('13:00', 0)], 2)).toBeNull();
  });

  it('offers the nearest sessions with room for the persons, in time order', () => {
    expect(nearestFree('2030-04-01 13:00', 3, day).map((s) => s.time_start)).toEqual(['2030-04-01 12:00', '2030-04-01 15:00']);
    expect(nearestFree('2030-04-01 13:00', 1, day, 2).map((s) => s.time_start)).toEqual(['2030-04-01 12:00', '2030-04-01 14:00']);
  });
});

describe('the positions the data on screen was read at', () => {
  it('gives the earliest position of a location read in the last moments, and forgets older reads', () => {
    forgetReadPositions();
    const t = 1_000_000;
    expect(earliestReadPosition(1, t)).toBeUndefined();
    noteReadPosition('1:40,2:7', t);
    noteReadPosition('1:42', t + 1000);
    noteReadPosition(null, t + 1000);
    noteReadPosition('junk', t + 1000);
    expect(earliestReadPosition(1, t + 2000)).toBe(40);
    expect(earliestReadPosition(2, t + 2000)).toBe(7);
    expect(earliestReadPosition(3, t + 2000)).toBeUndefined();
    // A read older than the look-back shows nothing any more: the later one counts.
    expect(earliestReadPosition(1, t + READ_LOOKBACK_MS + 500)).toBe(42);
    expect(earliestReadPosition(2, t + READ_LOOKBACK_MS + 500)).toBeUndefined();
    // A location the stream stops following leaves where it was, as a read would.
    noteLocationPosition(2, 9, t + READ_LOOKBACK_MS + 500);
    expect(earliestReadPosition(2, t + READ_LOOKBACK_MS + 600)).toBe(9);
    forgetReadPositions();
  });
});
