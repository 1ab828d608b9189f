// Pure helpers of the control page: whether technical access is open, and times in a location's zone.
import type { ControlPlayground } from './types';
import { formatInstant } from '../../../domain/dates';

/** Open while the expiry is in the future (the spec: stop shows only while not yet expired). */
export function accessOpen(p: Pick<ControlPlayground, 'tech_sessions_access_expires_at'>, now: number): boolean {
  return p.tech_sessions_access_expires_at !== null && Date.parse(p.tech_sessions_access_expires_at) > now;
}

/** DD.MM.YYYY HH:mm of an instant on the location's wall clock (staff read times as the venue's): the one date formatter. */
export const zonedDateTime = (iso: string, timeZone: string): string => formatInstant(iso, timeZone);

/**
 * When the page was last read, HH:mm:ss on the clock of the locations it shows (the first one's,
 * so it reads beside their "open until" times), never the browser's zone or its 12-hour format.
 */
export const updatedTime = (at: number, timeZone: string | undefined): string => formatInstant(at, timeZone, true).slice(11);
