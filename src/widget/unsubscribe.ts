// #45 The customer's unsubscribe page, /unsubscribe/<key> (the link in a marketing thank-you): says
// which venue's offers it is about and unsubscribes with one press (mail scanners open links: opening
// the page alone changes nothing). Again after that: it says so.
import { announce, h, show } from './dom';
import type { Call } from './api';
import type { WidgetLang } from './texts';

const en = {
  title: 'Offers by e-mail and SMS',
  ask: 'Stop receiving offers and promo codes from %{location}? Booking confirmations and reminders still come.',
  button: 'Unsubscribe',
  sending: 'Unsubscribing…',
  done: 'Done: %{location} will send you no more offers.',
};
const ru: typeof en = {
  title: 'Предложения по почте и СМС',
  ask: 'Больше не получать предложения и промокоды от «%{location}»? Подтверждения и напоминания о бронированиях будут приходить как прежде.',
  button: 'Отписаться',
  sending: 'Отписываем…',
  done: 'Готово: «%{location}» больше не будет присылать вам предложения.',
};
const all = { en, ru } as const;

interface UnsubscribePage { location: string; unsubscribed: boolean }

export async function unsubscribePage(root: HTMLElement, call: Call, lang: WidgetLang, key: string): Promise<void> {
  const t = (k: keyof typeof en, location = '') => all[lang][k].replace('%{location}', location);
  document.title = t('title');
  const path = `/api/public/unsubscribe/${encodeURIComponent(key)}/`;
  const render = (p: UnsubscribePage) => {
    if (p.unsubscribed) {
      show(root, h('section', { class: 'unsubscribe', 'data-testid': 'unsubscribe' }, h('h1', {}, t('title')),
        h('p', { class: 'note', role: 'status', 'data-testid': 'unsubscribe-done' }, t('done', p.location))));
      return;
    }
    const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'unsubscribe-button' }, t('button')) as HTMLButtonElement;
    button.onclick = async () => {
      button.disabled = true;
      button.textContent = t('sending');
      const after = await call<UnsubscribePage>(path, {});
      announce(t('done', after.location));
      render(after);
    };
    show(root, h('section', { class: 'unsubscribe', 'data-testid': 'unsubscribe' }, h('h1', {}, t('title')),
      h('p', { 'data-testid': 'unsubscribe-ask' }, t('ask', p.location)), button));
  };
  render(await call<UnsubscribePage>(path));
}
