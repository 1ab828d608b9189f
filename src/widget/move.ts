// #46 Moving a booking on the customer's own page: a date, the sessions of the booking's playgrounds
// that day with the price difference, then one question that says what the move costs or gives
// back. The server checks everything again (the cut-off, the places) and answers the moved order.
import { CallError, type Call, type MoveOption, type PublicOrder } from './api';
import { h, show } from './dom';
import { addDays } from '../../domain/businessDay';
import { whenText } from './summary';
import type { T, WidgetLang } from './texts';

export interface MovePanel {
  /** The order page's path (/api/public/orders/<key>/). */
  path: string;
  order: PublicOrder;
  money: (amount: string) => string;
  /** The moved order (a dearer session's difference in its payment_url). */
  moved: (order: PublicOrder) => void;
  back: () => void;
}

const abs = (amount: string) => amount.replace(/^-/, '');

export function movePanel(call: Call, t: T, lang: WidgetLang, p: MovePanel): HTMLElement {
  const error = h('p', { class: 'alert', role: 'alert', hidden: true, 'data-testid': 'move-error' });
  const list = h('div', { class: 'move-options', 'aria-live': 'polite', 'data-testid': 'move-options' });
  // The day, stepped with the arrows from the booking's own (no native date input: the widget's rule,
  // and on a phone two taps beat typing a date); the server refuses one outside what it sells.
  const date = { value: p.order.date ?? '' };
  const shown = h('output', { id: 'w-move-date', 'aria-live': 'polite', 'data-testid': 'move-date', 'data-date': date.value });
  const step = (days: number) => {
    date.value = addDays(date.value, days);
    void load();
  };
  const panel = h('section', { class: 'move', 'aria-labelledby': 'w-move-title', 'data-testid': 'order-move-panel' },
    h('h2', { id: 'w-move-title' }, t('moveTitle')),
    h('div', { class: 'date-row' }, h('span', { class: 'label' }, t('moveDate')),
      h('button', { type: 'button', class: 'icon', 'aria-label': t('prevDay'), 'data-testid': 'move-prev-day', onclick: () => step(-1) }, '‹'),
      shown,
      h('button', { type: 'button', class: 'icon', 'aria-label': t('nextDay'), 'data-testid': 'move-next-day', onclick: () => step(1) }, '›')),
    error, list,
    h('div', { class: 'actions' }, h('button', { type: 'button', 'data-testid': 'move-back', onclick: () => p.back() }, t('moveBack'))));

  const refused = (err: unknown) => {
    if (!(err instanceof CallError)) throw err;
    error.hidden = false;
    error.textContent = Object.values(err.fields)[0]?.[0] ?? t('error');
  };

  async function load() {
    error.hidden = true;
    if (!date.value) return;
    shown.textContent = whenText(lang, `${date.value} 00:00`, null, null);
    shown.setAttribute('data-date', date.value);
    show(list, h('p', { class: 'muted' }, t('moveLoading')));
    try {
      const options = await call<MoveOption[]>(`${p.path}move_options/?date=${encodeURIComponent(date.value)}`);
      show(list, options.length ? h('ul', { class: 'sessions' }, ...options.map((o) => h('li', {}, optionButton(o))))
        : h('p', { class: 'muted', 'data-testid': 'move-none' }, t('moveNone')));
    } catch (err) {
      show(list);
      refused(err);
    }
  }

  const priceWord = (o: MoveOption) => (Number(o.difference) === 0 ? t('moveSame')
    : Number(o.difference) > 0 ? t('moveDearer', { amount: p.money(o.difference) }) : t('moveCheaper', { amount: p.money(abs(o.difference)) }));

  const optionButton = (o: MoveOption) => h('button', { type: 'button', class: 'session', 'data-testid': 'move-option', 'data-playground': o.playground_id, 'data-session': o.session_dt, onclick: () => ask(o) },
    h('span', {}, `${o.begin}–${o.end}`), ' ', h('span', {}, o.playground_name), ' ', h('span', { class: 'muted' }, priceWord(o)));

  function ask(o: MoveOption) {
    const when = whenText(lang, o.session_dt, o.begin, o.end);
    const cost = Number(o.difference) > 0 ? t('moveAskDearer', { amount: p.money(o.difference) })
      : Number(o.difference) < 0 ? t('moveAskCheaper', { amount: p.money(abs(o.difference)) }) : null;
    show(list, h('div', { class: 'confirm', role: 'group', 'aria-label': t('moveTitle') },
      h('p', {}, t('moveAsk', { when, playground: o.playground_name })),
      cost ? h('p', { 'data-testid': 'move-cost' }, cost) : null,
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'primary', 'data-testid': 'move-yes', onclick: (e: Event) => void move(o, e.currentTarget as HTMLButtonElement) }, t('moveYes')),
        h('button', { type: 'button', onclick: () => void load() }, t('no')))));
  }

  async function move(o: MoveOption, button: HTMLButtonElement) {
    button.disabled = true;
    try {
      p.moved(await call<PublicOrder>(`${p.path}move/`, { session_dt: o.session_dt, playground_id: o.playground_id }));
    } catch (err) {
      button.disabled = false;
      refused(err);
    }
  }

  void load();
  return panel;
}
