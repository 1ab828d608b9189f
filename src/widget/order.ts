// The customer's page of their booking (/widget/order/<key>), #46 for every booking, the desk's
// too: state, session, money, the venue (address, map, phone), "add to calendar", the payment link
// while one is open or "pay the rest", the guests' arrival page, a move to another session of its
// playgrounds (move.ts) and a cancel that says what goes back by which tender before it is confirmed,
// each until the location's cut-off; after it, the venue's phone and what a late cancel keeps.
import { formatMoney } from '../../domain/money';
import { CallError, type Call, type PublicOrder, type RefundPreview } from './api';
import { h, show } from './dom';
import { forgetHold } from './hold';
import { movePanel } from './move';
import { boughtRows, newTabLink, prepayNote, row } from './summary';
import type { T, WidgetLang } from './texts';

const ddmmyyyy = (date: string) => date.split('-').reverse().join('.');
/** The listeners of the page drawn last (it is drawn again on coming back from the browser's cache). */
let listening: AbortController | null = null;

export async function orderPage(root: HTMLElement, call: Call, t: T, lang: WidgetLang, key: string) {
  const path = `/api/public/orders/${encodeURIComponent(key)}/`;
  // #39 When the offer to cancel ends on this page's clock (the server's seconds left, counted from
  // when they arrived): a page left open past the deadline stops offering it, at the moment, on
  // coming back to the tab, and before a click goes out. The server refuses a late cancel anyway.
  let closesAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: { o: PublicOrder; message?: string } | null = null;
  listening?.abort();
  listening = new AbortController();
  document.addEventListener('visibilitychange', () => { if (shown && document.visibilityState === 'visible') render(shown.o, shown.message); }, { signal: listening.signal });
  const first = await call<PublicOrder>(path);
  // #46 The page opens in the booking's language unless the link says one (the toggle then says it).
  if (first.language && first.language !== lang && !new URLSearchParams(location.search).has('lang')) {
    location.replace(langUrl(first.language));
    return;
  }
  received(first);

  function received(o: PublicOrder, message?: string) {
    // #40 Paid, confirmed or cancelled: no longer this browser's held order to offer on the booking page.
    if (o.state !== 'awaiting_payment' && o.state !== 'payment_declined') forgetHold(key);
    closesAt = o.can_cancel && o.cancel_closes_in !== null ? Date.now() + o.cancel_closes_in * 1000 : null;
    render(o, message);
  }

  function render(fresh: PublicOrder, message?: string) {
    shown = { o: fresh, message };
    clearTimeout(timer);
    const open = fresh.can_cancel && (closesAt === null || Date.now() < closesAt);
    const o: PublicOrder = open ? fresh : { ...fresh, can_cancel: false };
    if (open && closesAt !== null) timer = setTimeout(() => render(fresh, message), Math.min(closesAt - Date.now() + 50, 2 ** 31 - 1));
    const money = (amount: string) => formatMoney(amount, o.currency, lang);
    const error = h('p', { class: 'alert', role: 'alert', hidden: true, 'data-testid': 'widget-error' });
    const actions = h('div', { class: 'actions' });
    // #46 The question says what goes back, and how, before the customer confirms.
    const askCancel = () => (closesAt !== null && Date.now() >= closesAt ? render(fresh) : show(actions,
      h('div', { class: 'confirm', role: 'group', 'aria-label': t('cancel') },
        h('p', {}, t('cancelAsk')),
        ...refundLines(t, money, o.refund_preview),
        h('div', { class: 'actions' },
          h('button', { type: 'button', class: 'danger', 'data-testid': 'order-cancel-yes', onclick: () => void cancel() }, t('yes')),
          h('button', { type: 'button', onclick: () => render(fresh) }, t('no'))))));
    const askMove = () => show(actions, movePanel(call, t, lang, {
      path, order: o, money,
      moved: (moved) => received(moved, moved.payment_url && moved.pay_amount ? t('movedPay', { amount: money(moved.pay_amount) }) : t('moved')),
      back: () => render(fresh),
    }));
    // Pay again after a decline, or (#46) the rest: the server makes the link; straight to it.
    async function payAgain(button: HTMLButtonElement) {
      button.disabled = true;
      try {
        const fresh = await call<PublicOrder>(`${path}pay/`, {});
        // Straight to the provider's page with the new link, as after booking.
        if (fresh.payment_url) window.top!.location.href = fresh.payment_url;
        else received(fresh);
      } catch (err) {
        if (!(err instanceof CallError)) throw err;
        button.disabled = false;
        error.hidden = false;
        error.textContent = Object.values(err.fields)[0]?.[0] ?? t('error');
      }
    }
    async function cancel() {
      // Past the deadline on this page's clock: not sent, the page shows it can no longer be done.
      if (closesAt !== null && Date.now() >= closesAt) { render(fresh); return; }
      try {
        received(await call<PublicOrder>(`${path}cancel/`, {}), t('cancelled'));
      } catch (err) {
        if (!(err instanceof CallError)) throw err;
        error.hidden = false;
        error.textContent = Object.values(err.fields)[0]?.[0] ?? t('error');
      }
    }
    if (o.state === 'payment_declined') {
      const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'order-pay-again' }, t('payAgain', { amount: money(o.pay_amount ?? o.to_pay) })) as HTMLButtonElement;
      button.onclick = () => void payAgain(button);
      actions.append(button);
    }
    if (o.payment_url) actions.append(h('a', { class: 'primary button', href: o.payment_url, target: '_top', 'data-testid': 'order-pay' }, t('pay', { amount: money(o.pay_amount ?? o.to_pay) })));
    if (o.can_pay) {
      const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'order-pay-rest' }, t('payRest', { amount: money(o.to_pay) })) as HTMLButtonElement;
      button.onclick = () => void payAgain(button);
      actions.append(button);
    }
    if (o.can_move) actions.append(h('button', { type: 'button', 'data-testid': 'order-move', onclick: askMove }, t('move')));
    if (o.can_cancel) actions.append(h('button', { type: 'button', class: 'danger', 'data-testid': 'order-cancel', onclick: askCancel }, t('cancel')));
    const when = (wallClock: string) => `${ddmmyyyy(wallClock.slice(0, 10))} ${wallClock.slice(11)}`;
    const until = o.cancel_until ? when(o.cancel_until) : '';
    // What the customer should know about the state: a declined payment, the hold, why it was cancelled.
    const note = o.state === 'payment_declined' && o.hold_until ? t('declined', { when: when(o.hold_until) })
      : o.state === 'awaiting_payment' && o.hold_until ? t('holdUntil', { when: when(o.hold_until) })
      : o.state === 'cancelled' && o.cancelled_by ? t(`cancelledBy_${o.cancelled_by}`) : null;
    // What the venue owes back: a cancelled booking's money, or a payment beyond the price (a link paid after the order was paid).
    // #40 Why the pay button asks for less than "to pay": the rest is paid at the venue.
    const prepay = o.state !== 'cancelled' && o.pay_amount ? prepayNote(t, money, o.pay_amount, o.to_pay) : null;
    const refund = Number(o.to_refund) > 0 ? t(o.state === 'cancelled' ? 'refundNote' : 'overpaidNote', { amount: money(o.to_refund) }) : null;
    // #42 Booked with nothing paid online: paid at the venue.
    const atVenue = o.state === 'booked' && Number(o.paid) === 0 && Number(o.to_pay) > 0 ? t('payAtVenue', { amount: money(o.to_pay) }) : null;

    const other: WidgetLang = lang === 'ru' ? 'en' : 'ru';
    show(root, h('section', { class: 'order', 'data-testid': 'widget-order', 'data-state': o.state },
      h('header', {},
        // #46 The other language, one click away (the page opens in the booking's).
        h('p', { class: 'lang' }, h('a', { href: langUrl(other), lang: other, hreflang: other, 'aria-label': t('otherLangName'), 'data-testid': 'order-lang' }, t('otherLang'))),
        h('h1', {}, t('booking', { id: o.id })), h('p', { class: 'muted' }, o.location.name, o.location.address ? `, ${o.location.address}` : '',
          o.map_url ? ' ' : null, o.map_url ? newTabLink(t, o.map_url, t('onMap'), { 'data-testid': 'order-map' }) : null),
        // #40 The venue's phone, always (not only when it is too late to cancel online).
        o.location.phone ? h('p', { class: 'muted' }, `${t('venuePhone')} `, h('a', { href: `tel:${o.location.phone}`, 'data-testid': 'widget-venue-phone' }, o.location.phone)) : null),
      // "Статус: Оплачен": the order status's own word (masculine, as the back office says it) after a label, not after "Бронь".
      h('p', { class: `state state-${o.state}` }, `${t('state')}: `, h('span', { 'data-testid': 'order-state' }, t(`state_${o.state}`))),
      message ? h('p', { class: 'note', role: 'status', 'data-testid': 'order-message' }, message) : null,
      note ? h('p', { class: o.state === 'payment_declined' ? 'alert' : 'note', 'data-testid': 'order-note' }, note) : null,
      refund ? h('p', { class: 'note', 'data-testid': 'order-refund' }, refund) : null,
      atVenue ? h('p', { class: 'note', 'data-testid': 'order-at-venue' }, atVenue) : null,
      h('div', { class: 'details' },
        ...boughtRows(t, lang, { ...o, time_start: o.date && o.begin ? o.time_start : null, game: o.game?.name ?? null }, 'order'),
        row(t('name'), o.name, 'order-name'),
        row(t('total'), money(o.purchase), 'order-total'),
        row(t('paid'), money(o.paid), 'order-paid'),
        o.state !== 'cancelled' && Number(o.to_pay) > 0 ? row(t('toPay'), money(o.to_pay), 'order-to-pay') : null),
      error,
      prepay ? h('p', { 'data-testid': 'order-prepay' }, prepay) : null,
      actions,
      // #46 The booking in the customer's calendar, and the guests' documents where the venue asks for them.
      o.calendar_url || o.arrival_url ? h('p', { class: 'links' },
        o.calendar_url ? h('a', { href: `${o.calendar_url}?lang=${lang}`, download: `booking-${o.id}.ics`, 'data-testid': 'order-calendar' }, t('addToCalendar')) : null,
        o.calendar_url && o.arrival_url ? ' · ' : null,
        o.arrival_url ? h('a', { href: o.arrival_url, 'data-testid': 'order-arrival' }, t('arrivalLink')) : null) : null,
      o.state === 'cancelled' ? null
        : h('p', { class: 'muted', 'data-testid': 'order-move-note' }, o.can_move && o.move_until ? t('moveUntil', { when: when(o.move_until) })
          : o.move_until && !o.can_move && o.state !== 'awaiting_payment' && o.state !== 'payment_declined' ? t('moveClosed') : ''),
      o.state === 'cancelled' ? null
        : h('p', { class: 'muted', 'data-testid': 'order-cancel-note' }, ...(o.can_cancel && o.state !== 'awaiting_payment' ? [t('cancelUntil', { when: until })]
          : o.can_cancel ? []
          // "Call the venue" with the venue's phone when it has one (#39).
          : o.location.phone ? [t('cancelClosedPhone'), h('a', { href: `tel:${o.location.phone}`, 'data-testid': 'order-venue-phone' }, o.location.phone)]
          : [t('cancelClosed')])),
      // #46 After the cut-off: what a cancel by the venue keeps, by its rule, and gives back.
      !o.can_cancel && o.state !== 'cancelled' && o.refund_preview && Number(o.paid) > 0 ? h('p', { class: 'muted', 'data-testid': 'order-late-keeps' },
        t('lateKeeps', { percent: o.late_cancel_keep_percent ?? 100, keeps: money(o.refund_preview.keeps), amount: money(o.refund_preview.amount) })) : null));
  }
}

/** This page in another language (the toggle; the booking's language on opening). */
function langUrl(lang: WidgetLang): string {
  const params = new URLSearchParams(location.search);
  params.set('lang', lang);
  return `${location.pathname}?${params}`;
}

/** #46 What a cancel gives back, one line a tender (who gives it back and when), or that nothing was paid. */
function refundLines(t: T, money: (amount: string) => string, preview: RefundPreview | null | undefined): HTMLElement[] {
  if (!preview) return [];
  if (Number(preview.amount) <= 0) return [h('p', { 'data-testid': 'order-refund-preview' }, t('refundNothing'))];
  return [h('div', { 'data-testid': 'order-refund-preview' },
    h('p', {}, t('refundAsk', { amount: money(preview.amount) })),
    h('ul', {}, ...preview.parts.map((part) => h('li', { 'data-tender': part.tender },
      t(`tender_${part.tender}`, { amount: money(part.amount), number: part.certificate_number ?? '' })))))];
}
