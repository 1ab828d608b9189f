// Pure helpers of the control page: whether technical access is open, and times in a location's zone.
import type { ControlPlayground } from './types';

/** Open while the expiry is in the future (the spec: stop shows only while not yet expired). */
export function accessOpen(p: Pick<ControlPlayground, 'tech_sessions_access_expires_at'>, now: number): boolean {
  return p.tech_sessions_access_expires_at !== null && Date.parse(p.tech_sessions_access_expires_at) > now;
}

/** DD.MM.YYYY HH:mm of an instant on the location's wall clock (staff read times as the venue's). */
export function zonedDateTime(iso: string, timeZone: string): string {
  let parts: Record<string, string>;
  try {
    parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  } catch {
    // An unknown zone: the browser's own.
    parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  }
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
