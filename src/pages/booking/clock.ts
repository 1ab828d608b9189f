// Shared by the day and month views: the location's ticking wall clock and the location that
// shows the payments button.
import { useEffect, useState } from 'react';
import { wallClockAt } from '../../calendar/calendarModel';

/** The location whose booking screens show the payments button (booking spec §6). */
export const PAYMENTS_LOCATION_ID = 1;

/** The location's wall clock ('YYYY-MM-DD HH:mm'), ticking every 30 s. */
export function useWallClock(timezone: string | undefined) {
  const [tick, setTick] = useState(() => ({ timezone, now: wallClockAt(timezone) }));
  useEffect(() => {
    setTick({ timezone, now: wallClockAt(timezone) });
    const timer = setInterval(() => setTick({ timezone, now: wallClockAt(timezone) }), 30_000);
    return () => clearInterval(timer);
  }, [timezone]);
  // The render in which the location's zone first arrives already reads its clock: the day it
  // computes decides which schedules are fetched, and the browser's own day may be another one.
  return tick.timezone === timezone ? tick.now : wallClockAt(timezone);
}
