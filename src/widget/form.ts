// The customer's form for a chosen session, and what booking shows: the held screen (pay now) or the
// confirmation. #40: what is bought stays in sight (day, time, playground, guests, game), the e-mail's
// likely typo is offered fixed, the name's limit is said, the consent is a box of its own, the price
// sent is the price shown (a promo code typed and booked at once is priced first), and a held order
// is remembered for Back from the payment page.
import { suggestEmail } from '../../domain/emailTypos';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { isValidEmail, isValidPhone } from '../../domain/validation';
import { CallError, type Booked, type Call, type Price, type PublicLocation, type PublicSession } from './api';
import { announce, bringIntoView, focusOn, h, show } from './dom';
import { forgetHold, heldAt, rememberHold } from './hold';
import { boughtRows, newTabLink, prepayNote } from './summary';
import { nightOfDay, type T, type WidgetLang } from './texts';

export interface Selected {
  playground: { id: number; name: string };
  session: PublicSession;
}

export interface FormContext {
  root: HTMLElement;
  /** Where the form goes, below the sessions. */
  form: HTMLElement;
  call: Call;
  t: T;
  lang: WidgetLang;
  loc: PublicLocation;
  money: (amount: string) => string;
  /** The day the session was chosen on (its night's sessions start on the next date). */
  date: string;
  typed: Record<string, string>;
  say: (message: string | null) => void;
  goneMeanwhile: (err: CallError) => Promise<boolean>;
  again: () => Promise<void>;
}

const gamesOf = new Map<number, { id: number; name: string }[]>();
const NAME_MAX = TEXT_LIMITS.personName;

export async function bookingForm(ctx: FormContext, choice: Selected) {
  const { form, call, t, lang, loc, money, date, typed, say, goneMeanwhile } = ctx;
  const perPerson = choice.session.personal_price !== null;
  if (perPerson && !gamesOf.has(loc.id)) gamesOf.set(loc.id, await call<{ id: number; name: string }[]>(`/api/public/locations/${loc.id}/games/`));
  const games = gamesOf.get(loc.id) ?? [];
  const errors: Record<string, HTMLElement> = {};
  const field = (name: string, label: string, input: HTMLInputElement | HTMLSelectElement, ...notes: (HTMLElement | null)[]) => {
    input.id = `w-${name}`;
    input.name = name;
    errors[name] = h('span', { class: 'error', id: `w-${name}-error` });
    input.setAttribute('aria-describedby', [...notes.map((n) => n?.id), `w-${name}-error`].filter(Boolean).join(' '));
    return h('div', { class: 'field' }, h('label', { for: input.id }, label), input, ...notes, errors[name]);
  };
  const max = choice.session.available_persons;
  const persons = h('select', { 'data-testid': 'widget-persons' },
    ...Array.from({ length: max }, (_, i) => h('option', { value: String(i + 1) }, String(i + 1))));
  // Guests and game stay as chosen (another session, "places just taken"); guests within the places left.
  persons.value = String(Math.min(Number(typed.persons) || 1, max));
  const game = perPerson ? h('select', { 'data-testid': 'widget-game' }, h('option', { value: '' }, t('chooseGame')),
    ...games.map((g) => h('option', { value: String(g.id) }, g.name))) : null;
  if (game && games.some((g) => String(g.id) === typed.game_id)) game.value = typed.game_id!;
  // No maxLength on the name: a longer one (a paste) is not cut without a word, the count says so.
  const name = h('input', { type: 'text', autocomplete: 'name' });
  const nameCount = h('small', { class: 'muted', id: 'w-name-count', hidden: true, 'data-testid': 'widget-name-count' });
  const phone = h('input', { type: 'tel', autocomplete: 'tel', maxLength: TEXT_LIMITS.phone, placeholder: '+7…' });
  const email = h('input', { type: 'email', autocomplete: 'email', maxLength: TEXT_LIMITS.email });
  const emailHint = h('small', { class: 'muted', id: 'w-email-hint' }, t('emailHint'));
  const suggestion = h('p', { class: 'suggest', id: 'w-email-suggest', hidden: true, 'data-testid': 'widget-email-suggest' });
  const promocode = h('input', { type: 'text', maxLength: TEXT_LIMITS.promocode, autocomplete: 'off' });
  for (const [key, input] of Object.entries({ name, phone, email, promocode })) {
    input.value = typed[key] ?? '';
    input.addEventListener('input', () => { typed[key] = input.value; });
  }

  // The consent: its own unticked box, the text one tap away, the policy linked (152-FZ).
  const consent = h('input', { type: 'checkbox', id: 'w-personal_data_consent', name: 'personal_data_consent', 'data-testid': 'widget-consent' });
  consent.checked = typed.consent === '1';
  consent.addEventListener('change', () => {
    typed.consent = consent.checked ? '1' : '';
    if (consent.checked) errors.personal_data_consent!.textContent = '';
  });
  errors.personal_data_consent = h('span', { class: 'error', id: 'w-personal_data_consent-error' });
  consent.setAttribute('aria-describedby', 'w-personal_data_consent-error');
  const consentText = h('div', { class: 'consent-text', tabindex: 0, role: 'region', 'aria-label': t('consentText') }, loc.personal_data_consent?.text ?? '');
  const consentBlock = h('div', { class: 'consent', 'data-testid': 'widget-consent-block' },
    h('label', { class: 'check', for: consent.id }, consent, h('span', {}, t('consent'))),
    loc.personal_data_consent ? h('details', { 'data-testid': 'widget-consent-text' }, h('summary', {}, t('consentText')), consentText) : null,
    loc.privacy_policy_url ? h('p', {}, newTabLink(t, loc.privacy_policy_url, t('privacyPolicy'), { 'data-testid': 'widget-privacy-policy' })) : null,
    errors.personal_data_consent);

  const summary = h('div', { class: 'details', 'data-testid': 'widget-choice' });
  const drawSummary = () => show(summary, ...boughtRows(t, lang, {
    time_start: choice.session.time_start, begin: choice.session.begin, end: choice.session.end, playground: choice.playground.name,
    persons: Number(persons.value), game: game?.value ? game.selectedOptions[0]?.textContent ?? null : null,
  }, 'widget-choice'));
  const priceBox = h('div', { class: 'price', 'data-testid': 'widget-price', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary', disabled: true, 'data-testid': 'widget-submit' }, t('book'));
  const priceUpdated = h('p', { class: 'note', hidden: true, 'data-testid': 'widget-price-updated' }, t('priceUpdated'));
  let price: Price | null = null;
  /** What the price shown is for (guests and promo code), and the call getting the next one. */
  let priced = '';
  let pending: Promise<void> | null = null;
  /** The server's refusal of the promo code as it stands (sent, it would be refused again). */
  let codeRefused: string | null = null;
  const wanted = () => `${persons.value}|${promocode.value.trim()}`;

  const clearErrors = () => { for (const el of Object.values(errors)) el.textContent = ''; };
  const showErrors = (fields: Record<string, string[]>) => {
    for (const [key, messages] of Object.entries(fields)) {
      const target = errors[key];
      if (target) target.textContent = messages[0] ?? '';
      else say(messages[0] ?? t('error'));
    }
  };

  let priceAsked = 0;
  function updatePrice(): Promise<void> {
    const done = (pending = askPrice(true).finally(() => { if (pending === done) pending = null; }));
    return done;
  }
  async function askPrice(withCode: boolean): Promise<void> {
    const ask = ++priceAsked;
    const wants = wanted();
    const body = { playground_id: choice.playground.id, session_dt: choice.session.time_start, persons: Number(persons.value), promocode: withCode ? promocode.value.trim() : '' };
    try {
      const p = await call<Price>(`/api/public/locations/${loc.id}/price/`, body);
      if (ask !== priceAsked) return;
      price = p;
      priced = wants;
      if (withCode) {
        codeRefused = null;
        errors.promocode!.textContent = '';
      }
      const line = (label: string, value: string, testid: string) => h('div', { class: 'row', 'data-testid': testid }, h('span', {}, label), h('b', {}, value));
      const why = prepayNote(t, money, p.due_now, p.purchase, p.prepayment);
      show(priceBox,
        line(t('price'), money(p.cost), 'price-cost'),
        Number(p.discount) > 0 ? line(t('discount'), `−${money(p.discount)}`, 'price-discount') : null,
        line(t('total'), money(p.purchase), 'price-total'),
        Number(p.due_now) > 0 ? line(t('dueNow'), money(p.due_now), 'price-due') : null,
        Number(p.pay_at_venue) > 0 ? line(t('atVenue'), money(p.pay_at_venue), 'price-venue') : null,
        // #40 Why the button asks for less than the total.
        why ? h('p', { class: 'muted', 'data-testid': 'price-prepay' }, why) : null);
      submit.textContent = Number(p.due_now) > 0 ? t('bookAndPay', { amount: money(p.due_now) }) : t('book');
      submit.disabled = false;
    } catch (err) {
      if (ask !== priceAsked || !(err instanceof CallError)) throw err;
      // A refused promo code: say so under the field and show the price without it.
      if (withCode && err.fields.promocode) {
        codeRefused = err.fields.promocode[0] ?? t('error');
        errors.promocode!.textContent = codeRefused;
        await askPrice(false);
        if (ask + 1 === priceAsked) priced = wants;
        return;
      }
      submit.disabled = true;
      show(priceBox);
      if (await goneMeanwhile(err)) return;
      // #42 A refusal of any booking here (online booking unavailable: call the venue) shows where the price would, by the button.
      const whole = err.fields.non_field_errors?.[0];
      if (whole) show(priceBox, h('p', { class: 'alert', 'data-testid': 'widget-price-refused' }, whole));
      else showErrors(err.fields);
    }
  }

  function valid(): boolean {
    clearErrors();
    const problems: Record<string, string[]> = {};
    if (game && !game.value) problems.game_id = [t('required')];
    const named = name.value.trim();
    if (!named) problems.name = [t('required')];
    else if (named.length > NAME_MAX) problems.name = [t('nameTooLong', { max: NAME_MAX, n: named.length })];
    if (!phone.value.trim()) problems.phone = [t('required')];
    else if (!isValidPhone(phone.value.trim())) problems.phone = [t('phoneInvalid')];
    if (!email.value.trim()) problems.email = [t('required')];
    else if (!isValidEmail(email.value)) problems.email = [t('emailInvalid')];
    if (codeRefused && priced === wanted()) problems.promocode = [codeRefused];
    if (!consent.checked) problems.personal_data_consent = [t('consentRequired')];
    showErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) (form.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
    return !first;
  }

  /** A changed consent text (the server refused the version shown): the new one, to read and tick again. */
  async function refreshConsent() {
    const fresh = await call<PublicLocation>(`/api/public/locations/${loc.id}/`);
    if (!fresh.personal_data_consent || fresh.personal_data_consent.version === loc.personal_data_consent?.version) return;
    loc.personal_data_consent = fresh.personal_data_consent;
    consentText.textContent = fresh.personal_data_consent.text;
    consent.checked = false;
    typed.consent = '';
  }

  const formEl = h('form', {
    novalidate: true,
    onsubmit: async (e: Event) => {
      e.preventDefault();
      say(null);
      priceUpdated.hidden = true;
      if (!valid()) return;
      // #40 The price sent is the price seen: a promo code (or guests) changed just before the tap is
      // priced and shown first, and the customer taps again.
      if (pending || !price || priced !== wanted()) {
        if (pending) await pending;
        if (priced !== wanted()) await updatePrice();
        if (price && priced === wanted()) {
          priceUpdated.hidden = false;
          announce(t('priceUpdated'));
        }
        return;
      }
      submit.disabled = true;
      submit.textContent = t('sending');
      const address = email.value.trim();
      try {
        const booked = await call<Booked>(`/api/public/locations/${loc.id}/bookings/`, {
          playground_id: choice.playground.id, session_dt: choice.session.time_start, persons: Number(persons.value),
          game_id: game ? Number(game.value) : null, name: name.value.trim(), phone: phone.value.trim(), email: address,
          promocode: promocode.value.trim(),
          personal_data_consent: consent.checked,
          ...(loc.personal_data_consent ? { personal_data_consent_version: loc.personal_data_consent.version } : {}),
          // This browser's earlier hold here is released by the booking that replaces it.
          release_key: heldAt(loc.id)?.key ?? null,
        });
        done(booked, address);
      } catch (err) {
        if (!(err instanceof CallError)) throw err;
        submit.disabled = false;
        submit.textContent = price && Number(price.due_now) > 0 ? t('bookAndPay', { amount: money(price.due_now) }) : t('book');
        if (err.fields.personal_data_consent) await refreshConsent().catch(() => undefined);
        if (!(await goneMeanwhile(err))) showErrors(err.fields);
        const first = Object.keys(err.fields).find((key) => errors[key]);
        if (first) (form.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus({ preventScroll: true });
      }
    },
  },
  h('h2', { id: 'w-form-title' }, `${choice.playground.name}, ${choice.session.begin}–${choice.session.end}`,
    choice.session.time_start.slice(0, 10) !== date ? ` (${nightOfDay(t, lang, date, choice.session.time_start.slice(0, 10))})` : ''),
  summary,
  h('div', { class: 'grid' },
    field('persons', t('persons'), persons),
    game ? field('game_id', t('game'), game) : null,
    field('name', t('name'), name, nameCount),
    field('phone', t('phone'), phone),
    field('email', t('email'), email, emailHint, suggestion),
    field('promocode', t('promocode'), promocode)),
  consentBlock,
  priceBox, priceUpdated, submit);

  // The name's limit, said before it is reached (#40: it was cut at 150 without a word).
  const countName = () => {
    const n = name.value.trim().length;
    nameCount.hidden = n < NAME_MAX - 20;
    nameCount.textContent = t('nameCount', { n, max: NAME_MAX });
    nameCount.classList.toggle('error', n > NAME_MAX);
  };
  name.addEventListener('input', countName);
  // #40 A likely typo in the e-mail's domain, offered fixed in one tap.
  const checkEmail = () => {
    const better = suggestEmail(email.value);
    suggestion.hidden = !better;
    if (!better) return show(suggestion);
    show(suggestion, h('button', {
      type: 'button', class: 'link', 'data-testid': 'widget-email-fix',
      onclick: () => {
        email.value = typed.email = better;
        errors.email!.textContent = '';
        show(suggestion, t('emailFixed', { email: better }));
        focusOn(suggestion);
      },
    }, t('emailSuggest', { email: better })));
  };
  email.addEventListener('change', checkEmail);
  email.addEventListener('input', () => { if (!suggestion.hidden) { suggestion.hidden = true; show(suggestion); } });
  persons.addEventListener('change', () => { typed.persons = persons.value; drawSummary(); void updatePrice(); });
  game?.addEventListener('change', () => { typed.game_id = game.value; drawSummary(); });
  promocode.addEventListener('change', () => void updatePrice());
  countName();
  if (email.value) checkEmail();
  drawSummary();
  show(form, formEl);
  // #40 The form comes into view (embedded: the venue's page scrolls to it, after the frame grew), and
  // a screen reader lands on its heading.
  bringIntoView(formEl);
  focusOn(formEl.querySelector('h2')!);
  await updatePrice();

  function done(booked: Booked, to: string) {
    const o = booked.order;
    // The earlier hold was released with this booking; a new one is remembered for Back from paying.
    const earlier = heldAt(loc.id);
    if (earlier) forgetHold(earlier.key);
    if (booked.payment_url) {
      rememberHold({
        key: booked.key, location: loc.id, order_id: o.id, time_start: o.time_start, playground: o.playground, email: to,
        expires: Date.now() + loc.payment_minutes * 60_000,
      });
    }
    const open = newTabLink(t, `/widget/order/${booked.key}?lang=${lang}`, t('openBooking'), { 'data-testid': 'widget-order-link' });
    const again = h('button', { type: 'button', class: 'link', onclick: () => void ctx.again() }, t('another'));
    const heading = h('h1', {}, booked.payment_url ? t('heldTitle') : t('confirmedTitle', { id: o.id }));
    const details = h('div', { class: 'details', 'data-testid': 'widget-result-details' }, ...boughtRows(t, lang, { ...o, game: o.game?.name ?? null }, 'widget-result'));
    const result = h('section', { class: 'result', 'data-testid': 'widget-result', 'data-order-id': o.id });
    if (booked.payment_url) {
      const why = prepayNote(t, money, booked.due_now, o.purchase);
      show(result, heading, details,
        h('p', {}, t('heldText', { amount: money(booked.due_now), minutes: loc.payment_minutes, id: o.id })),
        why ? h('p', { 'data-testid': 'widget-result-prepay' }, why) : null,
        // #40 The address again, before paying: the letter with the link goes there.
        h('p', { 'data-testid': 'widget-result-email' }, t('heldEmail', { email: to })),
        // The provider's page opens in the whole window: payment pages refuse to be framed.
        h('a', { class: 'primary button', href: booked.payment_url, target: '_top', 'data-testid': 'widget-pay-link' }, t('goPay')),
        h('p', {}, open), h('p', {}, again));
    } else {
      // #42 Booked without paying online: the customer reads that they pay at the venue, and how much.
      const atVenue = Number(o.paid) === 0 && Number(o.to_pay) > 0 ? h('p', { 'data-testid': 'widget-result-at-venue' }, t('payAtVenue', { amount: money(o.to_pay) })) : null;
      show(result, heading, details, atVenue, h('p', { 'data-testid': 'widget-result-email' }, t('confirmedText', { email: to })), h('p', {}, open), h('p', {}, again));
    }
    show(ctx.root, result);
    bringIntoView(result);
    focusOn(heading);
  }
}
