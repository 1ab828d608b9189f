// Wall-clock "now" of a location's time zone, as 'YYYY-MM-DD HH:mm' (session times are wall clock).
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export function wallClockNow(tz: string, now: Date = new Date()): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD HH:mm');
}

export { addMinutesToWallClock as addMinutes } from '../../domain/businessDay';
