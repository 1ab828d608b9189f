// Date helpers of the schedules screens (LM §9: dates shown as DD.MM.YYYY).
import dayjs from 'dayjs';
import { businessDateOf } from '../../../domain/businessDay';

export const formatDate = (date: string, format: string) => (date ? dayjs(date).format(format) : '');

/** Today's business date at a location (its time zone; the business day starts at 06:00). */
export function businessToday(timezone: string | undefined, now = new Date()): string {
  let parts: Record<string, string>;
  try {
    parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(now).map((p) => [p.type, p.value]));
  } catch {
    return dayjs(now).format('YYYY-MM-DD');
  }
  return businessDateOf(`${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`);
}
