// #40 What is being bought, said the same way on the form, the held and confirmed screens, the
// stored hold's offer and the order page: the day (with its weekday), the time, the playground, the
// guests and the game; and why the amount paid now is not the whole price.
import { h } from './dom';
import { dayWords, type T, type WidgetLang } from './texts';

const ddmmyyyy = (date: string) => date.split('-').reverse().join('.');

/** A wall-clock time 'YYYY-MM-DD HH:mm…' as 'DD.MM.YYYY HH:mm'. */
export const when = (wallClock: string) => `${ddmmyyyy(wallClock.slice(0, 10))} ${wallClock.slice(11, 16)}`;

/** A link that opens a new tab, saying so to a screen reader. */
export const newTabLink = (t: T, href: string, text: string, props: Record<string, string> = {}) =>
  h('a', { href, target: '_blank', rel: 'noopener', ...props }, text, h('span', { class: 'sr-only' }, ` ${t('newTab')}`));

/** "30.11.2026, Mon, 15:00–16:00" from a session's start (wall clock, 'YYYY-MM-DD HH:mm'). */
export function whenText(lang: WidgetLang, timeStart: string, begin: string | null, end: string | null): string {
  const day = timeStart.slice(0, 10);
  return `${ddmmyyyy(day)}, ${dayWords(lang, day, { weekday: 'short' })}${begin ? `, ${begin}–${end ?? ''}` : ''}`;
}

export function row(label: string, value: string | Node | null | undefined, testid: string): HTMLElement | null {
  return value ? h('div', { class: 'row', 'data-testid': testid }, h('span', {}, label), h('b', {}, value)) : null;
}

/** The day, then the time unbroken ("15:00–16:00" never split at its dash). */
const whenNode = (lang: WidgetLang, timeStart: string, begin: string | null, end: string | null) => {
  const text = whenText(lang, timeStart, begin, end);
  const time = begin ? `${begin}–${end ?? ''}` : '';
  return h('span', {}, text.slice(0, text.length - time.length), h('span', { class: 'nowrap' }, time));
};

export interface Bought {
  time_start: string | null;
  begin: string | null;
  end: string | null;
  playground: string | null;
  persons: number | null;
  game: string | null;
}

/** The rows of what is bought, each with `<prefix>-when`, `-playground`, `-persons`, `-game` as its test id. */
export function boughtRows(t: T, lang: WidgetLang, b: Bought, prefix: string): (HTMLElement | null)[] {
  return [
    row(t('when'), b.time_start ? whenNode(lang, b.time_start, b.begin, b.end) : null, `${prefix}-when`),
    row(t('playground'), b.playground, `${prefix}-playground`),
    row(t('persons'), b.persons ? String(b.persons) : null, `${prefix}-persons`),
    row(t('game'), b.game, `${prefix}-game`),
  ];
}

/**
 * "Предоплата 50 %: 1 800 ₽ сейчас, 1 800 ₽ на месте" when what is paid now is part of the total;
 * null when it is all of it or nothing. The share is the schedule's when known, else the amounts'.
 */
export function prepayNote(t: T, money: (amount: string) => string, now: string, total: string, share?: string): string | null {
  const cents = (a: string) => Math.round(Number(a) * 100);
  if (!(cents(now) > 0 && cents(now) < cents(total))) return null;
  const percent = share !== undefined ? Math.round(Number(share) * 100) : Math.round((cents(now) / cents(total)) * 100);
  return t('prepayNote', { percent, now: money(now), later: money(((cents(total) - cents(now)) / 100).toFixed(2)) });
}
