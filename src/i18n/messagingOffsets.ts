// #45 The reminder offsets' words (app.messaging.offsets.<minutes>), from the form's offered offsets.
import { REMINDER_OFFSETS, offsetLabel } from '../resources/messaging/fields';

const WORDS = {
  en: { minutes: (n: number) => `${n} min before`, hours: (n: number) => `${n} h before`, days: (n: number) => (n === 1 ? '1 day before' : `${n} days before`) },
  ru: { minutes: (n: number) => `за ${n} мин`, hours: (n: number) => `за ${n} ч`, days: (n: number) => (n === 1 ? 'за сутки' : n < 5 ? `за ${n} дня` : `за ${n} дней`) },
};

export function offsetTexts(lang: 'ru' | 'en'): Record<string, string> {
  return Object.fromEntries(REMINDER_OFFSETS.map((m) => {
    const { key, count } = offsetLabel(m);
    return [String(m), WORDS[lang][key](count)];
  }));
}
