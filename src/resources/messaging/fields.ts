// #45 The messaging form's pure parts: the reminder offsets offered (minutes before the session, as
// the server takes them: 10 minutes to 7 days, at most 3) and the quiet hours' time (HH:MM).
import type { Choice, FieldRule } from '../declaration';

export const REMINDER_OFFSETS = [10, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080] as const;
export const MAX_REMINDERS = 3;

/** "2 h", "1 d", "30 min" by their message keys with `count`. */
export function offsetLabel(minutes: number): { key: 'minutes' | 'hours' | 'days'; count: number } {
  if (minutes % 1440 === 0) return { key: 'days', count: minutes / 1440 };
  if (minutes % 60 === 0) return { key: 'hours', count: minutes / 60 };
  return { key: 'minutes', count: minutes };
}

/** Each offset labelled by app.messaging.offsets.<minutes> (the i18n files build them with offsetLabel). */
export const REMINDER_CHOICES: Choice[] = REMINDER_OFFSETS.map((m) => ({ value: m, label: `app.messaging.offsets.${m}` }));

export const atMostReminders: FieldRule = (value) =>
  (Array.isArray(value) && value.length > MAX_REMINDERS ? { message: 'app.messaging.tooManyReminders', args: { max: MAX_REMINDERS } } : undefined);

export const quietTime = { regex: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'app.messaging.timeInvalid' };

/** A variable put where the cursor is (replacing a selection), with the cursor after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insert + text.slice(b), caret: a + insert.length };
}
