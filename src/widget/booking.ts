// The booking page: date (typed, by the arrows or on the calendar) -> free sessions per playground
// with prices (filtered by playground) -> session, persons, game -> name, phone, email, promo code,
// consent -> the server's price -> book -> payment or confirmation. A held order of this browser
// (#40) is offered first: pay it or release it.
import { formatDay as shownDay, parseTypedDay } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import { CallError, type Call, type PublicLocation, type PublicOrder, type PublicSession, type PublicSlots } from './api';
import { datePicker } from './calendar';
import { announce, bringIntoView, h, show } from './dom';
import { bookingForm, type Selected } from './form';
import { forgetHold, heldAt } from './hold';
import { boughtRows, prepayNote, when } from './summary';
import { nightOfDay, type T, type WidgetLang } from './texts';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** How many days after today the page looks for free sessions when today has none left. */
const FIRST_DAY_LOOKAHEAD = 7;

export async function bookingPage(root: HTMLElement, call: Call, t: T, lang: WidgetLang, locationId: string, group: string | null) {
  const scope = group ? `?group=${encodeURIComponent(group)}` : '';
  const loc = await call<PublicLocation>(`/api/public/locations/${encodeURIComponent(locationId)}/${scope}`);
  const money = (amount: string) => formatMoney(amount, loc.currency, lang);
  let date = loc.today;
  /** #40 The playground the day's list is narrowed to (kept from day to day while the day has it). */
  let only: number | null = null;
  // What the customer typed (and chose: guests, game, the consent tick) stays when they pick another
  // session or day (#18), and after "places just taken" (#40).
  const typed: Record<string, string> = {};

  // The date reads DD.MM.YYYY whatever the browser's locale (a native date input follows the browser's
  // and showed 11/23/2026 to a Russian customer): a text field with the day buttons beside it, digits
  // alone taken too (#40: a phone's numeric keyboard may have no dot), and the calendar.
  const dateInput = h('input', {
    type: 'text', id: 'w-date', inputMode: 'numeric', autocomplete: 'off', placeholder: t('datePlaceholder'), maxLength: 10, size: 10,
    value: shownDay(date), 'data-testid': 'widget-date',
  });
  const prev = h('button', { type: 'button', class: 'icon', 'aria-label': t('prevDay'), onclick: () => setDate(addDays(date, -1), true) }, '‹');
  const next = h('button', { type: 'button', class: 'icon', 'aria-label': t('nextDay'), onclick: () => setDate(addDays(date, 1), true) }, '›');
  const calendar = datePicker(t, lang, loc.today, loc.last_date, () => date, (day) => setDate(day, true));
  const holdBox = h('section', { class: 'hold', hidden: true, 'aria-labelledby': 'w-hold-title', 'data-testid': 'widget-hold' });
  const chips = h('div', { class: 'chips', role: 'group', 'aria-label': t('filterLabel'), hidden: true, 'data-testid': 'widget-filter' });
  const sessions = h('section', { class: 'sessions', 'data-testid': 'widget-sessions' });
  const form = h('section', { class: 'form' });
  const notice = h('p', { class: 'alert', role: 'alert', hidden: true, 'data-testid': 'widget-error' });
  const inRange = (day: string | null): day is string => !!day && day >= loc.today && day <= loc.last_date;
  // A whole date typed or pasted is taken at once; on leaving the field a day and month alone are
  // read too, and a text that is no day of the bookable range says so and shows the chosen day again.
  dateInput.addEventListener('input', () => {
    const day = parseTypedDay(dateInput.value);
    if (inRange(day) && day !== date) setDate(day, true, false);
  });
  dateInput.addEventListener('change', () => {
    const day = parseTypedDay(dateInput.value, loc.today);
    if (inRange(day)) return day === date ? void (dateInput.value = shownDay(date)) : setDate(day, true);
    dateInput.value = shownDay(date);
    say(t('dateOutOfRange', { from: shownDay(loc.today), to: shownDay(loc.last_date) }));
  });

  show(root,
    h('header', {},
      h('h1', {}, loc.name),
      loc.address ? h('p', { class: 'muted' }, loc.address) : null,
      // #40 The venue's phone, to call from the phone the customer books on.
      loc.phone ? h('p', { class: 'muted' }, `${t('venuePhone')} `, h('a', { href: `tel:${loc.phone}`, 'data-testid': 'widget-venue-phone' }, loc.phone)) : null),
    holdBox,
    h('div', { class: 'date-row' }, h('label', { for: 'w-date' }, t('date')), prev, dateInput, calendar.toggle, next),
    calendar.panel,
    notice, chips, sessions, form);

  function say(message: string | null) {
    notice.hidden = !message;
    notice.textContent = message ?? '';
  }

  function setDate(value: string, byHand: boolean, rewrite = true) {
    if (value < loc.today || value > loc.last_date) return;
    date = value;
    // While digits are typed the field keeps them (the caret stays); leaving it writes the day out.
    if (rewrite) dateInput.value = shownDay(value);
    say(null);
    calendar.refresh();
    void loadSessions(byHand);
  }

  /**
   * The day's sessions; a change the customer made is announced with how many there are (#40).
   * `lead`: a line above them (why another day than today is shown). True when the day has any.
   */
  async function loadSessions(byHand = false, lead?: string): Promise<boolean> {
    prev.disabled = date <= loc.today;
    next.disabled = date >= loc.last_date;
    show(form);
    show(sessions, h('p', { class: 'muted' }, t('loading')));
    const asked = date;
    const day = await call<PublicSlots>(`/api/public/locations/${loc.id}/slots/?date=${asked}${group ? `&group=${encodeURIComponent(group)}` : ''}`);
    if (asked !== date) return false;
    const playgrounds = day.playgrounds.filter((p) => p.sessions.length > 0);
    // Sessions after midnight belong to the chosen day's night (they start on the next date).
    const night = (s: PublicSession) => (s.time_start.slice(0, 10) !== asked ? nightOfDay(t, lang, asked, s.time_start.slice(0, 10)) : null);
    if (only !== null && !playgrounds.some((p) => p.id === only)) only = null;
    drawChips(playgrounds);
    if (!playgrounds.length) {
      show(sessions, h('p', { class: 'muted' }, t('noSessions')));
      if (byHand) announce(t('noSessionsOn', { date: shownDay(asked) }));
      return false;
    }
    show(sessions, lead ? h('p', { class: 'muted', 'data-testid': 'widget-later-day' }, lead) : null, ...playgrounds.map((pg) => h('div', {
      class: 'playground', 'data-testid': 'widget-playground', 'data-playground': pg.id, hidden: only !== null && only !== pg.id,
    },
    h('h2', {}, pg.name),
    h('div', { class: 'slots' }, ...pg.sessions.map((s) => h('button', {
      type: 'button', class: 'slot', 'aria-pressed': 'false', 'data-testid': 'widget-session', 'data-start': s.time_start, 'data-playground': pg.id,
      onclick: (e: Event) => choose({ playground: pg, session: s }, e.currentTarget as HTMLButtonElement),
    },
    h('b', {}, `${s.begin}–${s.end}`),
    h('span', {}, s.personal_price !== null ? `${money(s.personal_price)} ${t('perPerson')}` : `${money(s.session_price ?? '0')} ${t('perSession')}`),
    h('small', {}, t('free', { n: s.available_persons })),
    night(s) ? h('small', { class: 'night', 'data-testid': 'widget-night' }, night(s)) : null))))));
    if (byHand) announce(t('sessionsOn', { date: shownDay(asked), n: visibleCount() }));
    return true;
  }

  /**
   * Opening the page: today's sessions, or when none is left (late at night, a day off) the first
   * day of the coming week that has some, said above them; a customer at 2 a.m. wants tomorrow's.
   */
  async function openOnFirstFreeDay() {
    if (await loadSessions()) return;
    // Stops when the customer chose a day meanwhile.
    for (let ahead = 1; ahead <= FIRST_DAY_LOOKAHEAD && date === addDays(loc.today, ahead - 1); ahead++) {
      const day = addDays(loc.today, ahead);
      if (day > loc.last_date) return;
      date = day;
      if (await loadSessions(false, t('laterDay', { today: shownDay(loc.today), date: shownDay(day) }))) {
        dateInput.value = shownDay(day);
        calendar.refresh();
        return;
      }
    }
    // Nothing in the week: today is shown again, with its "no free sessions".
    if (date === addDays(loc.today, FIRST_DAY_LOOKAHEAD)) setDate(loc.today, false);
  }

  const visibleCount = () => sessions.querySelectorAll('.playground:not([hidden]) button.slot').length;

  /** #40 "All" and each playground of the day, when there are several: one tap narrows the list. */
  function drawChips(playgrounds: PublicSlots['playgrounds']) {
    chips.hidden = playgrounds.length < 2;
    if (chips.hidden) return show(chips);
    const chip = (id: number | null, name: string) => h('button', {
      type: 'button', class: 'chip', 'aria-pressed': String(only === id), 'data-testid': 'widget-filter-chip', 'data-playground': id ?? '',
      onclick: () => {
        only = id;
        for (const b of chips.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === chipOf(id)));
        for (const el of sessions.querySelectorAll<HTMLElement>('.playground')) el.hidden = id !== null && Number(el.dataset.playground) !== id;
        announce(t('sessionsShown', { n: visibleCount() }));
      },
    }, name);
    const chipOf = (id: number | null) => chips.querySelector(`button[data-playground="${id ?? ''}"]`);
    show(chips, chip(null, t('allPlaygrounds')), ...playgrounds.map((p) => chip(p.id, p.name)));
  }

  /** Places taken or the session gone meanwhile: say so above the sessions still free. */
  async function goneMeanwhile(err: CallError): Promise<boolean> {
    const message = err.fields.persons?.[0] ?? err.fields.session_dt?.[0];
    if (!message) return false;
    await loadSessions();
    say(message);
    bringIntoView(notice);
    return true;
  }

  function choose(choice: Selected, button: HTMLButtonElement) {
    for (const b of sessions.querySelectorAll('button.slot')) b.setAttribute('aria-pressed', String(b === button));
    say(null);
    void bookingForm({ root, form, call, t, lang, loc, money, date, typed, say, goneMeanwhile, again: () => bookingPage(root, call, t, lang, locationId, group) }, choice);
  }

  /**
   * #40 This browser's held order at this location, while it still waits for its payment: its session,
   * until when it is held, the address its letter went to, pay (or pay again) and release.
   */
  async function offerHold() {
    const stored = heldAt(loc.id);
    if (!stored) return;
    const path = `/api/public/orders/${encodeURIComponent(stored.key)}/`;
    let o: PublicOrder;
    try {
      o = await call<PublicOrder>(path);
    } catch (err) {
      if (err instanceof CallError && err.status === 404) forgetHold(stored.key);
      return;
    }
    if (o.state !== 'awaiting_payment' && o.state !== 'payment_declined') {
      forgetHold(stored.key);
      return;
    }
    const error = h('p', { class: 'alert', role: 'alert', hidden: true });
    const failed = (err: unknown, button: HTMLButtonElement) => {
      if (!(err instanceof CallError)) throw err;
      button.disabled = false;
      error.hidden = false;
      error.textContent = Object.values(err.fields)[0]?.[0] ?? t('error');
    };
    const amount = money(o.pay_amount ?? o.to_pay);
    const pay = o.state === 'awaiting_payment' && o.payment_url
      // The provider's page opens in the whole window: payment pages refuse to be framed.
      ? h('a', { class: 'primary button', href: o.payment_url, target: '_top', 'data-testid': 'widget-hold-pay' }, t('pay', { amount }))
      : h('button', { type: 'button', class: 'primary', 'data-testid': 'widget-hold-pay' }, t('payAgain', { amount }));
    if (pay instanceof HTMLButtonElement) {
      pay.onclick = async () => {
        pay.disabled = true;
        try {
          const fresh = await call<PublicOrder>(`${path}pay/`, {});
          if (fresh.payment_url) window.top!.location.href = fresh.payment_url;
          else void offerHold();
        } catch (err) { failed(err, pay); }
      };
    }
    const release = h('button', { type: 'button', class: 'danger', 'data-testid': 'widget-hold-release' }, t('release'));
    release.onclick = async () => {
      release.disabled = true;
      try {
        await call<PublicOrder>(`${path}cancel/`, {});
      } catch (err) {
        return failed(err, release);
      }
      forgetHold(stored.key);
      show(holdBox, h('p', { class: 'note', 'data-testid': 'widget-hold-released' }, t('released')));
      announce(t('released'));
      // The freed places are on sale again.
      void loadSessions();
    };
    const until = o.hold_until ? when(o.hold_until) : '';
    show(holdBox,
      h('h2', { id: 'w-hold-title' }, t('holdTitle', { id: o.id })),
      h('div', { class: 'details' }, ...boughtRows(t, lang, { ...o, game: o.game?.name ?? null }, 'widget-hold')),
      h('p', { class: o.state === 'payment_declined' ? 'alert' : 'note', 'data-testid': 'widget-hold-note' },
        o.state === 'payment_declined' ? t('declined', { when: until }) : t('holdText', { when: until })),
      prepayNote(t, money, o.pay_amount ?? o.to_pay, o.to_pay) ? h('p', { 'data-testid': 'widget-hold-prepay' }, prepayNote(t, money, o.pay_amount ?? o.to_pay, o.to_pay)) : null,
      stored.email ? h('p', { 'data-testid': 'widget-hold-email' }, t('heldEmail', { email: stored.email })) : null,
      error,
      h('div', { class: 'actions' }, pay, release));
    holdBox.hidden = false;
  }

  await Promise.all([offerHold(), openOnFirstFreeDay()]);
}
