// The booking page: date -> free sessions per playground with prices -> session, persons, game ->
// name, phone, email, promo code -> the server's price -> book -> payment or confirmation.
import { formatDay as shownDay, parseDay } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import { isValidEmail, isValidPhone } from '../../domain/validation';
import { CallError, type Booked, type Call, type Price, type PublicLocation, type PublicSession, type PublicSlots } from './api';
import { h, show } from './dom';
import { nightOfDay, type T, type WidgetLang } from './texts';

interface Selected {
  playground: { id: number; name: string };
  session: PublicSession;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function bookingPage(root: HTMLElement, call: Call, t: T, lang: WidgetLang, locationId: string, group: string | null) {
  const scope = group ? `?group=${encodeURIComponent(group)}` : '';
  const loc = await call<PublicLocation>(`/api/public/locations/${encodeURIComponent(locationId)}/${scope}`);
  const money = (amount: string) => formatMoney(amount, loc.currency, lang);
  let date = loc.today;
  let games: { id: number; name: string }[] | null = null;
  // What the customer typed stays when they pick another session or day (#18: the form is drawn
  // again for the new choice, and it threw their details away without a word).
  const typed: Record<string, string> = {};

  // The date reads DD.MM.YYYY whatever the browser's locale (a native date input follows the browser's
  // and showed 11/23/2026 to a Russian customer): a text field with the day buttons beside it.
  const dateInput = h('input', {
    type: 'text', id: 'w-date', inputMode: 'numeric', autocomplete: 'off', placeholder: t('datePlaceholder'), maxLength: 10, size: 10,
    value: shownDay(date), 'data-testid': 'widget-date',
  });
  const prev = h('button', { type: 'button', class: 'icon', 'aria-label': t('prevDay'), onclick: () => setDate(addDays(date, -1)) }, '‹');
  const next = h('button', { type: 'button', class: 'icon', 'aria-label': t('nextDay'), onclick: () => setDate(addDays(date, 1)) }, '›');
  const sessions = h('section', { class: 'sessions', 'data-testid': 'widget-sessions' });
  const form = h('section', { class: 'form' });
  const notice = h('p', { class: 'alert', role: 'alert', hidden: true, 'data-testid': 'widget-error' });
  // A whole date typed or pasted is taken at once; on leaving the field, a text that is no day of the
  // bookable range says so and the field shows the chosen day again.
  dateInput.addEventListener('input', () => {
    const typed = parseDay(dateInput.value);
    if (typed && typed !== date && typed >= loc.today && typed <= loc.last_date) setDate(typed);
  });
  dateInput.addEventListener('change', () => {
    const typed = parseDay(dateInput.value);
    if (typed && typed >= loc.today && typed <= loc.last_date) return typed === date ? undefined : setDate(typed);
    dateInput.value = shownDay(date);
    say(t('dateOutOfRange', { from: shownDay(loc.today), to: shownDay(loc.last_date) }));
  });

  show(root,
    h('header', {}, h('h1', {}, loc.name), loc.address ? h('p', { class: 'muted' }, loc.address) : null),
    h('div', { class: 'date-row' }, h('label', { for: 'w-date' }, t('date')), prev, dateInput, next),
    notice, sessions, form);

  function say(message: string | null) {
    notice.hidden = !message;
    notice.textContent = message ?? '';
  }

  function setDate(value: string) {
    if (value < loc.today || value > loc.last_date) return;
    date = value;
    dateInput.value = shownDay(value);
    say(null);
    void loadSessions();
  }

  async function loadSessions() {
    prev.disabled = date <= loc.today;
    next.disabled = date >= loc.last_date;
    show(form);
    show(sessions, h('p', { class: 'muted' }, t('loading')));
    const asked = date;
    const day = await call<PublicSlots>(`/api/public/locations/${loc.id}/slots/?date=${asked}${group ? `&group=${encodeURIComponent(group)}` : ''}`);
    if (asked !== date) return;
    const playgrounds = day.playgrounds.filter((p) => p.sessions.length > 0);
    // Sessions after midnight belong to the chosen day's night (they start on the next date).
    const night = (s: PublicSession) => (s.time_start.slice(0, 10) !== asked ? nightOfDay(t, lang, asked, s.time_start.slice(0, 10)) : null);
    if (!playgrounds.length) return show(sessions, h('p', { class: 'muted' }, t('noSessions')));
    show(sessions, ...playgrounds.map((pg) => h('div', { class: 'playground', 'data-testid': 'widget-playground', 'data-playground': pg.id },
      h('h2', {}, pg.name),
      h('div', { class: 'slots' }, ...pg.sessions.map((s) => h('button', {
        type: 'button', class: 'slot', 'aria-pressed': 'false', 'data-testid': 'widget-session', 'data-start': s.time_start, 'data-playground': pg.id,
        onclick: (e: Event) => choose({ playground: pg, session: s }, e.currentTarget as HTMLButtonElement),
      },
      h('b', {}, `${s.begin}–${s.end}`),
      h('span', {}, s.personal_price !== null ? `${money(s.personal_price)} ${t('perPerson')}` : `${money(s.session_price ?? '0')} ${t('perSession')}`),
      h('small', {}, t('free', { n: s.available_persons })),
      night(s) ? h('small', { class: 'night', 'data-testid': 'widget-night' }, night(s)) : null))))));
  }

  /** Places taken or the session gone meanwhile: say so above the sessions still free. */
  async function goneMeanwhile(err: CallError): Promise<boolean> {
    const message = err.fields.persons?.[0] ?? err.fields.session_dt?.[0];
    if (!message) return false;
    await loadSessions();
    say(message);
    notice.scrollIntoView?.({ block: 'nearest' });
    return true;
  }

  function choose(choice: Selected, button: HTMLButtonElement) {
    for (const b of sessions.querySelectorAll('button.slot')) b.setAttribute('aria-pressed', String(b === button));
    say(null);
    void renderForm(choice);
  }

  async function renderForm(choice: Selected) {
    const perPerson = choice.session.personal_price !== null;
    if (perPerson && !games) games = await call<{ id: number; name: string }[]>(`/api/public/locations/${loc.id}/games/`);
    const errors: Record<string, HTMLElement> = {};
    const field = (name: string, label: string, input: HTMLInputElement | HTMLSelectElement, hint?: string) => {
      input.id = `w-${name}`;
      input.name = name;
      errors[name] = h('span', { class: 'error', id: `w-${name}-error` });
      input.setAttribute('aria-describedby', `w-${name}-error`);
      return h('div', { class: 'field' }, h('label', { for: input.id }, label), input, hint ? h('small', { class: 'muted' }, hint) : null, errors[name]);
    };
    const max = choice.session.available_persons;
    const persons = h('select', { 'data-testid': 'widget-persons' },
      ...Array.from({ length: max }, (_, i) => h('option', { value: String(i + 1) }, String(i + 1))));
    const game = perPerson ? h('select', { 'data-testid': 'widget-game' }, h('option', { value: '' }, t('chooseGame')),
      ...(games ?? []).map((g) => h('option', { value: String(g.id) }, g.name))) : null;
    const name = h('input', { type: 'text', autocomplete: 'name', maxLength: 150 });
    const phone = h('input', { type: 'tel', autocomplete: 'tel', maxLength: 20, placeholder: '+7…' });
    const email = h('input', { type: 'email', autocomplete: 'email', maxLength: 254 });
    const promocode = h('input', { type: 'text', maxLength: 50, autocomplete: 'off' });
    for (const [key, input] of Object.entries({ name, phone, email, promocode })) {
      input.value = typed[key] ?? '';
      input.addEventListener('input', () => { typed[key] = input.value; });
    }
    const priceBox = h('div', { class: 'price', 'data-testid': 'widget-price', 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary', disabled: true, 'data-testid': 'widget-submit' }, t('book'));
    let price: Price | null = null;

    const clearErrors = () => { for (const el of Object.values(errors)) el.textContent = ''; };
    const showErrors = (fields: Record<string, string[]>) => {
      for (const [key, messages] of Object.entries(fields)) {
        const target = errors[key];
        if (target) target.textContent = messages[0] ?? '';
        else say(messages[0] ?? t('error'));
      }
    };

    let priceAsked = 0;
    async function updatePrice(withCode = true): Promise<void> {
      const ask = ++priceAsked;
      const body = { playground_id: choice.playground.id, session_dt: choice.session.time_start, persons: Number(persons.value), promocode: withCode ? promocode.value.trim() : '' };
      try {
        const p = await call<Price>(`/api/public/locations/${loc.id}/price/`, body);
        if (ask !== priceAsked) return;
        price = p;
        if (withCode) errors.promocode!.textContent = '';
        const row = (label: string, value: string, testid: string) => h('div', { class: 'row', 'data-testid': testid }, h('span', {}, label), h('b', {}, value));
        show(priceBox,
          row(t('price'), money(p.cost), 'price-cost'),
          Number(p.discount) > 0 ? row(t('discount'), `−${money(p.discount)}`, 'price-discount') : null,
          row(t('total'), money(p.purchase), 'price-total'),
          Number(p.due_now) > 0 ? row(t('dueNow'), money(p.due_now), 'price-due') : null,
          Number(p.pay_at_venue) > 0 ? row(t('atVenue'), money(p.pay_at_venue), 'price-venue') : null);
        submit.textContent = Number(p.due_now) > 0 ? t('bookAndPay', { amount: money(p.due_now) }) : t('book');
        submit.disabled = false;
      } catch (err) {
        if (ask !== priceAsked || !(err instanceof CallError)) throw err;
        // A refused promo code: say so under the field and show the price without it.
        if (withCode && err.fields.promocode) {
          errors.promocode!.textContent = err.fields.promocode[0] ?? '';
          return updatePrice(false);
        }
        submit.disabled = true;
        show(priceBox);
        if (!(await goneMeanwhile(err))) showErrors(err.fields);
      }
    }

    function valid(): boolean {
      clearErrors();
      const problems: Record<string, string[]> = {};
      if (game && !game.value) problems.game_id = [t('required')];
      if (!name.value.trim()) problems.name = [t('required')];
      if (!phone.value.trim()) problems.phone = [t('required')];
      else if (!isValidPhone(phone.value.trim())) problems.phone = [t('phoneInvalid')];
      if (!email.value.trim()) problems.email = [t('required')];
      else if (!isValidEmail(email.value)) problems.email = [t('emailInvalid')];
      showErrors(problems);
      const first = Object.keys(problems)[0];
      if (first) (form.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
      return !first;
    }

    const formEl = h('form', {
      novalidate: true,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        say(null);
        if (!valid() || !price) return;
        submit.disabled = true;
        submit.textContent = t('sending');
        try {
          const booked = await call<Booked>(`/api/public/locations/${loc.id}/bookings/`, {
            playground_id: choice.playground.id, session_dt: choice.session.time_start, persons: Number(persons.value),
            game_id: game ? Number(game.value) : null, name: name.value.trim(), phone: phone.value.trim(), email: email.value.trim(),
            promocode: promocode.value.trim(),
          });
          done(booked, email.value.trim());
        } catch (err) {
          if (!(err instanceof CallError)) throw err;
          submit.disabled = false;
          submit.textContent = t('book');
          if (!(await goneMeanwhile(err))) showErrors(err.fields);
        }
      },
    },
    h('h2', {}, `${choice.playground.name}, ${choice.session.begin}–${choice.session.end}`,
      choice.session.time_start.slice(0, 10) !== date ? ` (${nightOfDay(t, lang, date, choice.session.time_start.slice(0, 10))})` : ''),
    h('div', { class: 'grid' },
      field('persons', t('persons'), persons),
      game ? field('game_id', t('game'), game) : null,
      field('name', t('name'), name),
      field('phone', t('phone'), phone),
      field('email', t('email'), email, t('emailHint')),
      field('promocode', t('promocode'), promocode)),
    priceBox, submit);
    persons.addEventListener('change', () => void updatePrice());
    promocode.addEventListener('change', () => void updatePrice());
    show(form, formEl);
    form.scrollIntoView?.({ block: 'nearest' });
    await updatePrice();
  }

  function done(booked: Booked, to: string) {
    const o = booked.order;
    const open = h('a', { href: `/widget/order/${booked.key}?lang=${lang}`, target: '_blank', rel: 'noopener', 'data-testid': 'widget-order-link' }, t('openBooking'));
    const again = h('button', { type: 'button', class: 'link', onclick: () => void bookingPage(root, call, t, lang, locationId, group) }, t('another'));
    const result = h('section', { class: 'result', 'data-testid': 'widget-result', 'data-order-id': o.id });
    if (booked.payment_url) {
      show(result,
        h('h1', {}, t('heldTitle')),
        h('p', {}, t('heldText', { amount: money(booked.due_now), minutes: loc.payment_minutes, id: o.id })),
        // The provider's page opens in the whole window: payment pages refuse to be framed.
        h('a', { class: 'primary button', href: booked.payment_url, target: '_top', 'data-testid': 'widget-pay-link' }, t('goPay')),
        h('p', {}, open), h('p', {}, again));
    } else {
      show(result, h('h1', {}, t('confirmedTitle', { id: o.id })), h('p', {}, t('confirmedText', { email: to })), h('p', {}, open), h('p', {}, again));
    }
    show(root, result);
    root.scrollIntoView?.({ block: 'start' });
  }

  await loadSessions();
}
