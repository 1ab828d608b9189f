// #40 The date picker: a month grid the widget draws itself (no library: the widget stays a few
// kilobytes), opened by a button beside the date field (a disclosure, not a modal). Only the bookable
// days (today to last_date) can be chosen; today is marked (aria-current) and the chosen day pressed.
// Keyboard as the ARIA date picker pattern: arrows by day and week, Home/End to the week's ends,
// PageUp/PageDown by month, Enter or Space picks, Escape closes back to the button. One day button is
// in the tab order (roving tabindex).
import { h, show } from './dom';
import { dayWords, type T, type WidgetLang } from './texts';

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** The same day a month away, or the month's last day (31.01 + 1 month = 28.02). */
const shiftMonth = (date: string, months: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(Number(date.slice(8)), last));
  return d.toISOString().slice(0, 10);
};
/** 0 for Monday … 6 for Sunday. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

const ICON = '<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24"><path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 6v2h14V6H5zm2 6h3v3H7v-3z"/></svg>';

export function datePicker(t: T, lang: WidgetLang, min: string, max: string, chosen: () => string, pick: (date: string) => void) {
  const panel = h('div', { class: 'calendar', id: 'w-calendar', hidden: true, 'data-testid': 'widget-calendar' });
  const toggle = h('button', {
    type: 'button', class: 'icon', 'aria-label': t('calendar'), 'aria-expanded': 'false', 'aria-controls': 'w-calendar', 'data-testid': 'widget-calendar-toggle',
    onclick: () => (panel.hidden ? open() : close(false)),
  });
  toggle.innerHTML = ICON;
  let focusDay = min;

  function open() {
    focusDay = chosen();
    panel.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    render(true);
  }

  function close(returnFocus: boolean) {
    panel.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    if (returnFocus) toggle.focus({ preventScroll: true });
  }

  function moveTo(date: string) {
    focusDay = date < min ? min : date > max ? max : date;
    render(true);
  }

  function render(focus: boolean) {
    const first = `${focusDay.slice(0, 7)}-01`;
    const days: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
    for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = shift(d, 1)) days.push(d);
    while (days.length % 7) days.push(null);
    const selected = chosen();
    // The week's day names from a known Monday (2024-01-01).
    const names = Array.from({ length: 7 }, (_, i) => shift('2024-01-01', i));
    const title = dayWords(lang, first, { month: 'long', year: 'numeric' });
    const monthButton = (label: string, months: number, disabled: boolean) => h('button', {
      type: 'button', class: 'icon', 'aria-label': label, disabled, onclick: () => moveTo(shiftMonth(focusDay, months)),
    }, months < 0 ? '‹' : '›');
    show(panel,
      h('div', { class: 'calendar-head' },
        monthButton(t('prevMonth'), -1, first <= min),
        h('p', { id: 'w-calendar-title', class: 'calendar-title' }, title.charAt(0).toUpperCase() + title.slice(1)),
        monthButton(t('nextMonth'), 1, shiftMonth(first, 1) > max)),
      h('table', { 'aria-labelledby': 'w-calendar-title' },
        h('thead', {}, h('tr', {}, ...names.map((d) => h('th', { scope: 'col', abbr: dayWords(lang, d, { weekday: 'long' }) }, dayWords(lang, d, { weekday: 'short' }))))),
        h('tbody', {}, ...Array.from({ length: days.length / 7 }, (_, w) => h('tr', {}, ...days.slice(w * 7, w * 7 + 7).map((d) => h('td', {}, d ? h('button', {
          type: 'button', class: 'day', tabIndex: d === focusDay ? 0 : -1, disabled: d < min || d > max,
          'aria-label': dayWords(lang, d, { day: 'numeric', month: 'long', weekday: 'long' }), 'aria-pressed': String(d === selected),
          'aria-current': d === min ? 'date' : undefined, 'data-date': d,
          onclick: () => { close(true); pick(d); },
        }, String(Number(d.slice(8)))) : null)))))));
    if (focus) (panel.querySelector(`button[data-date="${focusDay}"]`) as HTMLButtonElement | null)?.focus({ preventScroll: true });
  }

  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
      return;
    }
    const day = (e.target as HTMLElement).dataset?.date;
    if (!day) return;
    const to = ({
      ArrowLeft: shift(day, -1), ArrowRight: shift(day, 1), ArrowUp: shift(day, -7), ArrowDown: shift(day, 7),
      Home: shift(day, -weekday(day)), End: shift(day, 6 - weekday(day)), PageUp: shiftMonth(day, -1), PageDown: shiftMonth(day, 1),
    } as Record<string, string>)[e.key];
    if (!to) return;
    e.preventDefault();
    moveTo(to);
  });

  /** The chosen day changed elsewhere (the field, the arrows): an open grid follows it. */
  const refresh = () => {
    if (panel.hidden) return;
    focusDay = chosen();
    render(false);
  };
  return { toggle, panel, refresh, close };
}
