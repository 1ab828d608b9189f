import { describe, expect, it } from 'vitest';
import { timeZoneLabel } from '../../domain/dates';

// The location form's zone choice: found by the zone's name in the screen's language, stored by its id.
describe('timeZoneLabel', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  it('names the zone in the screen language, with its offset and its IANA id', () => {
    expect(timeZoneLabel('Europe/Moscow', 'ru', winter)).toBe('Москва, стандартное время (GMT+3) · Europe/Moscow');
    expect(timeZoneLabel('Europe/Moscow', 'en', winter)).toBe('Moscow Standard Time (GMT+3) · Europe/Moscow');
    expect(timeZoneLabel('Europe/Berlin', 'ru', winter)).toMatch(/^Центральная Европа \(GMT\+1\) · Europe\/Berlin$/);
  });
  it('shows the id alone for a zone the runtime does not know', () => {
    expect(timeZoneLabel('Mars/Olympus_Mons', 'ru', winter)).toBe('Mars/Olympus_Mons');
  });
});
