// The booking widget's entry: a page of its own (widget.html), without the staff app's libraries,
// so a venue's site loads a few kilobytes. /widget/?location=<id>[&group=<id>][&lang=ru|en] books;
// /widget/order/<key> is the customer's booking page; #44 /arrival/<key> the guests' signing page,
// and /arrival/<key>?desk=1 the same page on the desk's tablet (the staff app's tablet mode frames it):
// bigger, no way out of the page, signed with the signed-in staff's token; #45 /unsubscribe/<key> the
// page of a marketing thank-you's link.
import './widget.css';
import { CallError, client } from './api';
import { h, reportHeight, show } from './dom';
import { pickLang, texts } from './texts';
import { bookingPage } from './booking';
import { orderPage } from './order';
import { arrivalPage } from './arrival';
import { unsubscribePage } from './unsubscribe';
import { session } from '../authProvider/session';

const root = document.getElementById('widget')!;
const lang = pickLang(location.search, navigator.language);
const t = texts(lang);
const orderKey = /^\/widget\/order\/([^/]+)$/.exec(location.pathname)?.[1];
// #44 The guest's arrival page (the confirmation letter's link, the QR code at the desk).
const arrivalKey = /^\/arrival\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const unsubscribeKey = /^\/unsubscribe\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const params = new URLSearchParams(location.search);
const desk = !!arrivalKey && params.get('desk') === '1';
const call = client(lang, desk ? session.token() : null);
document.documentElement.lang = lang;
document.title = t('title');
// Named, so a venue's page with a main landmark of its own tells the two apart (#40).
root.setAttribute('aria-label', t('title'));
reportHeight();

function failed(err: unknown) {
  const message = err instanceof CallError ? (err.status === 404 ? t('notFound') : err.message) : t('error');
  show(root, h('p', { class: 'alert', role: 'alert', 'data-testid': 'widget-error' }, message));
}

// Errors of later steps (a dropped connection while booking) surface the same way.
window.addEventListener('unhandledrejection', (e) => failed(e.reason));

function start() {
  show(root, h('p', { class: 'muted' }, t('loading')));
  const page = unsubscribeKey ? unsubscribePage(root, call, lang, decodeURIComponent(unsubscribeKey))
    : arrivalKey ? arrivalPage(root, call, lang, decodeURIComponent(arrivalKey), desk) : orderKey
    ? orderPage(root, call, t, lang, decodeURIComponent(orderKey))
    : bookingPage(root, call, t, lang, params.get('location') ?? '', params.get('group'));
  page.catch(failed);
}
start();
// #40 Back from the payment provider's page may bring this page back from the browser's cache as it
// was left (the held screen): it is drawn again from the server, which offers the held order's
// payment or release (and an order page shows its state now).
window.addEventListener('pageshow', (e) => { if (e.persisted) start(); });
