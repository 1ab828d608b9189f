// A session in the booking calendar: its time, places left, an add button while it can be booked,
// an archive icon once it is over, and up to three live orders (id, name, payment line, persons)
// then "+N more". The background says the money state (domain slotColour); a slot that cannot
// take a booking has a red border. A click anywhere opens the slot's order list.
//
// Render cost: a day shows a few hundred cards. MUI components per card (ButtonBase with its
// ripple, IconButton, Typography, Stack, Box with its own `sx`, SvgIcon) cost ~230 ms of the day
// view's first render (222 cards, measured), so the card became plain elements under one class.
// Then as React elements inside FullCalendar each card was a React portal (FullCalendar's React
// connector renders custom content that way): React registered its ~70 event listeners on every
// portal's container and reconciled 222 portals, ~100 ms of the render after the data arrives
// (Chromium profile, bench/results.md). So the card is built as DOM (`slotCardElement`) and
// FullCalendar inserts it as is (`domNodes`); its styles are global rules taken from the MUI theme
// (`SlotCardStyles`, once per page); per-card colours come in as CSS custom properties. The month
// view's lists use the same builder through the small `SlotCard` component. Same look as the MUI
// version, except that the buttons have no ripple and show an outline on keyboard focus.
import { guestName } from '../../domain/guest';
import { useLayoutEffect, useRef } from 'react';
import type { CSSObject } from '@emotion/react';
import { GlobalStyles } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { PaymentLine, SlotColour } from '../../domain/paymentLine';
import { paymentLine } from '../../domain/paymentLine';
import type { Slot } from './types';
import { isMarked, slotKey } from '../live/recent';
import { canAddBooking, cardOrders, colourOf, slotArrivals, slotTimes } from './calendarModel';
import { paymentLineColour, paymentLineText } from './paymentLineText';

/** Background and accent stripe per colour: event purple, free blue, unpaid red, partly paid orange, paid green. */
export const SLOT_COLOURS: Record<SlotColour, { bg: string; accent: string }> = {
  empty: { bg: '#ffffff', accent: '#90a4ae' },
  event: { bg: '#f3e5f5', accent: '#8e24aa' },
  free: { bg: '#e3f2fd', accent: '#1e88e5' },
  unpaid: { bg: '#ffebee', accent: '#e53935' },
  partly_paid: { bg: '#fff3e0', accent: '#fb8c00' },
  paid: { bg: '#e8f5e9', accent: '#43a047' },
  pending: { bg: '#eceff1', accent: '#607d8b' },
};
export const ARCHIVED_COLOURS = { bg: '#eeeeee', accent: '#9e9e9e' };

// Every payment line kind, so each gets a class with its colour (paymentLineColour).
const PAYMENT_KINDS = Object.keys({
  cancelled: 1, event: 1, free: 1, technical: 1, paid: 1, overpayment: 1, not_paid: 1, to_pay: 1,
} satisfies Record<PaymentLine['kind'], 1>) as PaymentLine['kind'][];

/** A palette path such as 'error.main' (what paymentLineColour gives) as a CSS colour. */
const paletteColour = (theme: Theme, path: string): string =>
  (path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], theme.palette) as string | undefined) ?? path;

// The paths of @mui/icons-material's Add, Person, Inventory2Outlined and Public (24×24), drawn like SvgIcon does.
const ADD_PATH = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const PERSON_PATH = 'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4';
const ARCHIVE_PATHS = ['M20 2H4c-1 0-2 .9-2 2v3.01c0 .72.43 1.34 1 1.69V20c0 1.1 1.1 2 2 2h14c.9 0 2-.9 2-2V8.7c.57-.35 1-.97 1-1.69V4c0-1.1-1-2-2-2m-1 18H5V9h14zm1-13H4V4h16z', 'M9 12h6v2H9z'];
const PUBLIC_PATH = 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-1 17.93c-3.95-.49-7-3.85-7-7.93 0-.62.08-1.21.21-1.79L9 15v1c0 1.1.9 2 2 2zm6.9-2.54c-.26-.81-1-1.39-1.9-1.39h-1v-3c0-.55-.45-1-1-1H8v-2h2c.55 0 1-.45 1-1V7h2c1.1 0 2-.9 2-2v-.41c2.93 1.19 5 4.06 5 7.41 0 2.08-.8 3.97-2.1 5.39';

/** The card's styles, the same declarations the MUI components and `sx` of the earlier card produced. */
function cardStyles(theme: Theme): CSSObject {
  const { palette, typography, spacing, shape, transitions } = theme;
  const radius = Number(shape.borderRadius);
  const caption = typography.caption as CSSObject;
  const body2 = typography.body2 as CSSObject;
  // What ButtonBase gives a <button>.
  const buttonBase: CSSObject = {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', position: 'relative', boxSizing: 'border-box',
    WebkitTapHighlightColor: 'transparent', backgroundColor: 'transparent', outline: 0, border: 0, margin: 0, borderRadius: 0,
    padding: 0, cursor: 'pointer', userSelect: 'none', verticalAlign: 'middle', MozAppearance: 'none', WebkitAppearance: 'none',
    textDecoration: 'none', color: 'inherit',
    '&::-moz-focus-inner': { borderStyle: 'none' },
    '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
  };
  const noWrap: CSSObject = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
  return {
    height: '100%',
    boxSizing: 'border-box',
    display: 'block',
    overflow: 'hidden',
    cursor: 'pointer',
    backgroundColor: 'var(--slot-bg)',
    color: palette.text.primary,
    borderRadius: radius,
    border: '2px solid transparent',
    borderLeft: '6px solid var(--slot-accent)',
    padding: spacing(0.25, 0.75),
    '&:hover': { filter: 'brightness(0.97)' },
    '&[data-archived="true"]': { color: palette.text.secondary },
    // The spec: a slot without an add button has a red border.
    '&[data-bookable="false"]': { borderTopColor: palette.error.main, borderRightColor: palette.error.main, borderBottomColor: palette.error.main },
    '& .SlotCard-icon': {
      userSelect: 'none', width: '1em', height: '1em', display: 'inline-block', flexShrink: 0, fill: 'currentColor',
      transition: transitions.create('fill', { duration: transitions.duration.shorter }),
    },
    // Wraps in a narrow column (a phone): the add button goes under the time instead of past the card's edge.
    '& .SlotCard-top': { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: spacing(0.5), minHeight: 30 },
    // A time range is one word to the reader: it never breaks at its dash (the column is wide enough, DayCalendar).
    '& .SlotCard-time': { ...buttonBase, borderRadius: radius * 0.5, padding: spacing(0, 0.25), fontWeight: 700, fontSize: 15, lineHeight: 1.3, whiteSpace: 'nowrap' },
    '& .SlotCard-fill': { flex: 1 },
    '& .SlotCard-free': { ...caption, margin: 0, whiteSpace: 'nowrap', color: palette.text.secondary, fontWeight: 400 },
    // error.dark: error.main lacks contrast on an archived card's grey (axe color-contrast, #18).
    '& .SlotCard-full': { color: palette.error.dark, fontWeight: 700 },
    '& .SlotCard-add': {
      ...buttonBase,
      textAlign: 'center', flex: '0 0 auto', fontSize: typography.pxToRem(18), padding: spacing(0.25), borderRadius: '50%',
      color: palette.primary.main, backgroundColor: palette.background.paper, border: `1px solid ${palette.primary.light}`,
      transition: transitions.create('background-color', { duration: transitions.duration.shortest }),
      '&:hover': { backgroundColor: palette.grey[100] },
      '& .SlotCard-icon': { fontSize: typography.pxToRem(20) },
    },
    '& .SlotCard-add-off': { color: palette.text.disabled, borderColor: palette.divider, cursor: 'not-allowed', '&:hover': { backgroundColor: palette.background.paper } },
    '& .SlotCard-order': { marginTop: spacing(0.25), lineHeight: 1.2 },
    '& .SlotCard-name': { ...body2, margin: 0, ...noWrap, fontWeight: 600 },
    '& .SlotCard-id': { color: palette.text.secondary, marginRight: spacing(0.5) },
    '& .SlotCard-line': { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: spacing(0.5) },
    '& .SlotCard-pay': { ...caption, margin: 0, ...noWrap, flex: 1, fontWeight: 600 },
    ...Object.fromEntries(PAYMENT_KINDS.map((k) => [`& .SlotCard-pay-${k}`, { color: paletteColour(theme, paymentLineColour(k)) }])),
    '& .SlotCard-archived': { fontSize: typography.pxToRem(20) },
    '& .SlotCard-widget': { fontSize: 13, marginRight: spacing(0.25), verticalAlign: '-2px', color: palette.primary.main },
    '& .SlotCard-persons': { ...caption, margin: 0, display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap', '& .SlotCard-icon': { fontSize: 14 } },
    '& .SlotCard-empty': { ...body2, margin: 0, color: palette.text.secondary },
    '& .SlotCard-more': { ...caption, margin: 0, fontWeight: 600, color: palette.primary.main },
    // #44 "Checked in x of y" (success.dark: all in; contrast on the card's light colours).
    '& .SlotCard-arrivals': { ...caption, margin: 0, fontWeight: 600, color: palette.text.secondary, '&[data-all="true"]': { color: palette.success.dark } },
  };
}

const globalCardStyles = (theme: Theme) => ({ '.SlotCard': cardStyles(theme) });

/** The cards' rules, once per page that shows cards (emotion adds one style element per instance). */
export const SlotCardStyles = () => <GlobalStyles styles={globalCardStyles} />;

type Translate = (key: string, options?: object) => string;
const SVG = 'http://www.w3.org/2000/svg';

/** An element with attributes (skipping null and false) and children. */
function el(tag: string, attrs: Record<string, string | number | null | false>, ...children: (Node | string | null | false)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== false) node.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== false) node.append(c);
  return node;
}

/** An icon drawn like MUI's SvgIcon: hidden from assistive technology unless it has a title. */
function icon(paths: string[], attrs: Record<string, string> = {}, title?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', `SlotCard-icon${attrs.class ? ` ${attrs.class}` : ''}`);
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('viewBox', '0 0 24 24');
  if (title) svg.setAttribute('role', 'img');
  else svg.setAttribute('aria-hidden', 'true');
  for (const [k, v] of Object.entries(attrs)) if (k !== 'class') svg.setAttribute(k, v);
  for (const d of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  if (title) {
    const t = document.createElementNS(SVG, 'title');
    t.textContent = title;
    svg.append(t);
  }
  return svg;
}

export interface SlotCardActions {
  onOpen: (slot: Slot) => void;
  /** None: the location takes no new bookings (#42: a closed location's calendar offers no "+"). */
  onAdd?: (slot: Slot) => void;
  /** #48 Why nothing can be booked now (the database unreachable): the "+" stays, disabled, with this as its tooltip. */
  readOnly?: string;
}

/**
 * The card of a slot as DOM (under a `SlotCardStyles` of the page). `now` is the location's wall
 * clock, 'YYYY-MM-DD HH:mm'. The card opens the slot's orders; its add button the booking form.
 */
export function slotCardElement(slot: Slot, now: string, translate: Translate, { onOpen, onAdd, readOnly }: SlotCardActions): HTMLElement {
  const colour = colourOf(slot);
  const bookable = !!onAdd && canAddBooking(slot, now);
  const { shown, more } = cardOrders(slot);
  const arrivals = slotArrivals(slot);
  const palette = slot.archived ? ARCHIVED_COLOURS : SLOT_COLOURS[colour];
  const currency = slot.pricing?.currency;
  const label = slotTimes(slot, translate);
  const liveKey = slotKey(slot.playground, slot.time_start);

  const time = el('button', {
    type: 'button', class: 'SlotCard-time', 'aria-label': translate('app.calendar.openSlot', { time: label, playground: slot.playground_name }),
  }, label);
  time.addEventListener('click', (e) => { e.stopPropagation(); onOpen(slot); });
  let add: HTMLElement | null = null;
  if (bookable) {
    add = el('button', {
      type: 'button', class: readOnly ? 'SlotCard-add SlotCard-add-off' : 'SlotCard-add', 'aria-label': translate('app.calendar.addAt', { time: slot.begin, playground: slot.playground_name }),
      'data-testid': 'slot-add', 'data-tooltip': readOnly ?? translate('app.calendar.add'), ...(readOnly ? { 'aria-disabled': 'true' } : {}),
    }, icon([ADD_PATH]));
    // #48 Disabled, not removed, while the database is unreachable: the tooltip says why (a disabled button would show none).
    add.addEventListener('click', (e) => { e.stopPropagation(); if (!readOnly) onAdd!(slot); });
  }
  const top = el('div', { class: 'SlotCard-top' },
    time,
    // data-tooltip: shown by the calendar's DelegatedTooltip (one tooltip for all cards).
    slot.archived && icon(ARCHIVE_PATHS, {
      class: 'SlotCard-archived', 'data-testid': 'slot-archived', 'aria-label': translate('app.calendar.archived'), 'data-tooltip': translate('app.calendar.archived'),
    }),
    el('div', { class: 'SlotCard-fill' }),
    el('span', { class: slot.available_persons ? 'SlotCard-free' : 'SlotCard-free SlotCard-full', 'data-testid': 'slot-free' },
      translate('app.calendar.free', { n: slot.available_persons })),
    add,
  );
  const orders = shown.length === 0
    ? [el('p', { class: 'SlotCard-empty', 'data-testid': 'slot-empty' }, translate('app.calendar.noBookings'))]
    : shown.map((o) => el('div', { class: 'SlotCard-order', 'data-testid': 'slot-order', 'data-order-id': o.id },
      el('p', { class: 'SlotCard-name', title: `№${o.id} ${guestName(o.name, translate)}` },
        // Booked by the customer in the online widget (orders.source).
        o.source === 'widget' && icon([PUBLIC_PATH], { class: 'SlotCard-widget', 'data-testid': 'slot-order-widget' }, translate('app.widget.sourceWidget')),
        el('span', { class: 'SlotCard-id' }, `№${o.id}`), guestName(o.name, translate)),
      el('div', { class: 'SlotCard-line' },
        // Cut with "…" in a narrow card: the whole line in the title, as the name above.
        el('span', { class: slot.archived ? 'SlotCard-pay' : `SlotCard-pay SlotCard-pay-${paymentLine(o).kind}`, 'data-testid': 'slot-order-payment', title: paymentLineText(translate, o, currency) },
          paymentLineText(translate, o, currency)),
        el('span', { class: 'SlotCard-persons', title: translate('app.calendar.persons', { n: o.persons }), 'data-testid': 'slot-order-persons' },
          icon([PERSON_PATH]), String(o.persons)))));
  const card = el('div', {
    class: 'SlotCard', 'data-testid': 'slot-card', 'data-playground': slot.playground, 'data-start': slot.time_start, 'data-colour': colour,
    'data-archived': slot.archived ? 'true' : 'false', 'data-available': slot.available_persons, 'data-bookable': bookable ? 'true' : 'false',
    // The live desk's brief mark (src/live/LiveMark.tsx useDomMarks), also on a card rebuilt while it lasts.
    'data-live-key': liveKey, 'data-live-changed': isMarked(liveKey) ? 'true' : null,
  }, top, ...orders, more > 0 && el('span', { class: 'SlotCard-more', 'data-testid': 'slot-more' }, translate('app.calendar.more', { n: more })),
  // #44 Where the location checks guests in: how many of the booked guests have come (the Arrivals screen's words).
  arrivals && el('p', { class: 'SlotCard-arrivals', 'data-testid': 'slot-checked-in', 'data-all': arrivals.checkedIn >= arrivals.persons ? 'true' : 'false' },
    translate('app.arrival.desk.checked', { n: arrivals.checkedIn, total: arrivals.persons })));
  card.style.setProperty('--slot-bg', palette.bg);
  card.style.setProperty('--slot-accent', palette.accent);
  card.addEventListener('click', () => onOpen(slot));
  return card;
}

/** One card as a React component (the month view's lists): the same DOM, in a box without a box of its own. */
export function SlotCard({ slot, now, onOpen, onAdd }: { slot: Slot; now: string } & SlotCardActions) {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.replaceChildren(slotCardElement(slot, now, translate, { onOpen, onAdd }));
  }, [slot, now, translate, onOpen, onAdd]);
  return <div ref={box} style={{ display: 'contents' }} />;
}
