// Date helpers of the schedules screens (LM §9: dates shown as DD.MM.YYYY).
import dayjs from 'dayjs';
import { businessTodayAt } from '../../calendar/calendarModel';

export const formatDate = (date: string, format: string) => (date ? dayjs(date).format(format) : '');

/** Today's business date at a location (its time zone; the business day starts at 06:00): the calendar's one rule. */
export const businessToday = (timezone: string | undefined, now = new Date()): string => businessTodayAt(timezone, now);
