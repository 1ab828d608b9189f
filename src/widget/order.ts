// The customer's page of their booking (/widget/order/<key>): state, session, money, the payment
// link while it is awaited, and cancel (with a second click) until the location's deadline.
import { formatMoney } from '../../domain/money';
import { CallError, type Call, type PublicOrder } from './api';
import { h, show } from './dom';
import { forgetHold } from './hold';
import { boughtRows, prepayNote, row } from './summary';
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
  received(await call<PublicOrder>(path));

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
    const askCancel = () => (closesAt !== null && Date.now() >= closesAt ? render(fresh) : show(actions,
      h('p', {}, t('cancelAsk')),
      h('button', { type: 'button', class: 'danger', 'data-testid': 'order-cancel-yes', onclick: () => void cancel() }, t('yes')),
      h('button', { type: 'button', onclick: () => render(fresh) }, t('no'))));
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

    show(root, h('section', { class: 'order', 'data-testid': 'widget-order', 'data-state': o.state },
      h('header', {}, h('h1', {}, t('booking', { id: o.id })), h('p', { class: 'muted' }, o.location.name, o.location.address ? `, ${o.location.address}` : ''),
        // #40 The venue's phone, always (not only when it is too late to cancel online).
        o.location.phone ? h('p', { class: 'muted' }, `${t('venuePhone')} `, h('a', { href: `tel:${o.location.phone}`, 'data-testid': 'widget-venue-phone' }, o.location.phone)) : null),
      // "Статус: Оплачен": the order status's own word (masculine, as the back office says it) after a label, not after "Бронь".
      h('p', { class: `state state-${o.state}` }, `${t('state')}: `, h('span', { 'data-testid': 'order-state' }, t(`state_${o.state}`))),
      message ? h('p', { class: 'note', role: 'status' }, message) : null,
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
      o.state === 'cancelled' ? null
        : h('p', { class: 'muted', 'data-testid': 'order-cancel-note' }, ...(o.can_cancel && o.state !== 'awaiting_payment' ? [t('cancelUntil', { when: until })]
          : o.can_cancel ? []
          // "Call the venue" with the venue's phone when it has one (#39).
          : o.location.phone ? [t('cancelClosedPhone'), h('a', { href: `tel:${o.location.phone}`, 'data-testid': 'order-venue-phone' }, o.location.phone)]
          : [t('cancelClosed')]))));
  }
}
