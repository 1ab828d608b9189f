// Shared by the day and month views: the location's ticking wall clock and the location that
// shows the payments button.
import { useEffect, useState } from 'react';
import { wallClockAt } from '../../calendar/calendarModel';

/** The location whose booking screens show the payments button (booking spec §6). */
export const PAYMENTS_LOCATION_ID = 1;

/** The location's wall clock ('YYYY-MM-DD HH:mm'), ticking every 30 s. */
export function useWallClock(timezone: string | undefined) {
  const [now, setNow] = useState(() => wallClockAt(timezone));
  useEffect(() => {
    setNow(wallClockAt(timezone));
    const timer = setInterval(() => setNow(wallClockAt(timezone)), 30_000);
    return () => clearInterval(timer);
  }, [timezone]);
  return now;
}
