// A session in the booking calendar: its time, places left, an add button while it can be booked,
// an archive icon once it is over, and up to three live orders (id, name, payment line, persons)
// then "+N more". The background says the money state (domain slotColour); a slot that cannot
// take a booking has a red border. A click anywhere opens the slot's order list.
//
// Render cost: a day shows a few hundred cards, and MUI components per card (ButtonBase with its
// ripple, IconButton, Typography, Stack, Box with its own `sx`, SvgIcon) cost ~230 ms of the day
// view's first render (222 cards, measured). So the card is plain elements (native <button>s, inline
// <svg> icons) under one styled() root whose styles, taken from the MUI theme, are built once per
// theme; per-card colours come in as CSS custom properties. Same look as the MUI version, except
// that the buttons have no ripple and show an outline on keyboard focus.
import { memo, type CSSProperties, type MouseEvent } from 'react';
import { css, type CSSObject, type SerializedStyles } from '@emotion/react';
import { styled, type Theme } from '@mui/material/styles';
import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import PublicIcon from '@mui/icons-material/Public';
import { useTranslate } from 'react-admin';
import type { PaymentLine, SlotColour } from '../../domain/paymentLine';
import { paymentLine } from '../../domain/paymentLine';
import type { Slot } from '../pages/booking/types';
import { canAddBooking, cardOrders, colourOf, slotTimes } from './calendarModel';
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

// The paths of @mui/icons-material's Add and Person (24×24), drawn like SvgIcon does.
const ADD_PATH = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z';
const PERSON_PATH = 'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4';
const Icon = ({ d }: { d: string }) => (
  <svg className="SlotCard-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24"><path d={d} /></svg>
);

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
    '& .SlotCard-top': { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: spacing(0.5), minHeight: 30 },
    '& .SlotCard-time': { ...buttonBase, borderRadius: radius * 0.5, padding: spacing(0, 0.25), fontWeight: 700, fontSize: 15, lineHeight: 1.3 },
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
    '& .SlotCard-order': { marginTop: spacing(0.25), lineHeight: 1.2 },
    '& .SlotCard-name': { ...body2, margin: 0, ...noWrap, fontWeight: 600 },
    '& .SlotCard-id': { color: palette.text.secondary, marginRight: spacing(0.5) },
    '& .SlotCard-line': { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: spacing(0.5) },
    '& .SlotCard-pay': { ...caption, margin: 0, ...noWrap, flex: 1, fontWeight: 600 },
    ...Object.fromEntries(PAYMENT_KINDS.map((k) => [`& .SlotCard-pay-${k}`, { color: paletteColour(theme, paymentLineColour(k)) }])),
    '& .SlotCard-persons': { ...caption, margin: 0, display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap', '& .SlotCard-icon': { fontSize: 14 } },
    '& .SlotCard-empty': { ...body2, margin: 0, color: palette.text.secondary },
    '& .SlotCard-more': { ...caption, margin: 0, fontWeight: 600, color: palette.primary.main },
  };
}

// Serialized once per theme (css()), so a card render hands emotion a ready string instead of
// an object to walk.
const stylesByTheme = new WeakMap<Theme, SerializedStyles>();
const CardRoot = styled('div')(({ theme }) => {
  let styles = stylesByTheme.get(theme);
  if (!styles) stylesByTheme.set(theme, (styles = css(cardStyles(theme))));
  return styles;
});

export const SlotCard = memo(function SlotCard({ slot, now, onOpen, onAdd }: {
  slot: Slot;
  /** The location's wall clock, 'YYYY-MM-DD HH:mm'. */
  now: string;
  onOpen: (slot: Slot) => void;
  onAdd: (slot: Slot) => void;
}) {
  const translate = useTranslate();
  const colour = colourOf(slot);
  const bookable = canAddBooking(slot, now);
  const { shown, more } = cardOrders(slot);
  const palette = slot.archived ? ARCHIVED_COLOURS : SLOT_COLOURS[colour];
  const currency = slot.pricing?.currency;
  const label = slotTimes(slot, translate);
  const open = (e: MouseEvent) => {
    e.stopPropagation();
    onOpen(slot);
  };
  const add = (e: MouseEvent) => {
    e.stopPropagation();
    onAdd(slot);
  };

  return (
    <CardRoot
      data-testid="slot-card"
      data-playground={slot.playground}
      data-start={slot.time_start}
      data-colour={colour}
      data-archived={slot.archived ? 'true' : 'false'}
      data-available={slot.available_persons}
      data-bookable={bookable ? 'true' : 'false'}
      onClick={() => onOpen(slot)}
      style={{ '--slot-bg': palette.bg, '--slot-accent': palette.accent } as CSSProperties}
    >
      <div className="SlotCard-top">
        <button
          type="button"
          className="SlotCard-time"
          onClick={open}
          aria-label={translate('app.calendar.openSlot', { time: label, playground: slot.playground_name })}
        >
          {label}
        </button>
        {slot.archived && (
          // data-tooltip: shown by the calendar's DelegatedTooltip (one tooltip for all cards).
          <ArchiveIcon fontSize="small" data-testid="slot-archived" aria-label={translate('app.calendar.archived')} data-tooltip={translate('app.calendar.archived')} />
        )}
        <div className="SlotCard-fill" />
        <span className={slot.available_persons ? 'SlotCard-free' : 'SlotCard-free SlotCard-full'} data-testid="slot-free">
          {translate('app.calendar.free', { n: slot.available_persons })}
        </span>
        {bookable && (
          <button
            type="button"
            className="SlotCard-add"
            onClick={add}
            aria-label={translate('app.calendar.addAt', { time: slot.begin, playground: slot.playground_name })}
            data-testid="slot-add"
            data-tooltip={translate('app.calendar.add')}
          >
            <Icon d={ADD_PATH} />
          </button>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="SlotCard-empty" data-testid="slot-empty">{translate('app.calendar.noBookings')}</p>
      ) : shown.map((o) => (
        <div key={o.id} className="SlotCard-order" data-testid="slot-order" data-order-id={o.id}>
          <p className="SlotCard-name" title={`№${o.id} ${o.name}`}>
            {o.source === 'widget' && (
              // Booked by the customer in the online widget (orders.source); rare, so a MUI icon.
              <PublicIcon sx={{ fontSize: 13, mr: 0.25, verticalAlign: '-2px', color: 'primary.main' }} data-testid="slot-order-widget" titleAccess={translate('app.widget.sourceWidget')} />
            )}
            <span className="SlotCard-id">№{o.id}</span>{o.name}
          </p>
          <div className="SlotCard-line">
            <span className={slot.archived ? 'SlotCard-pay' : `SlotCard-pay SlotCard-pay-${paymentLine(o).kind}`} data-testid="slot-order-payment">
              {paymentLineText(translate, o, currency)}
            </span>
            <span className="SlotCard-persons" title={translate('app.calendar.persons', { n: o.persons })} data-testid="slot-order-persons">
              <Icon d={PERSON_PATH} />{o.persons}
            </span>
          </div>
        </div>
      ))}
      {more > 0 && (
        <span className="SlotCard-more" data-testid="slot-more">
          {translate('app.calendar.more', { n: more })}
        </span>
      )}
    </CardRoot>
  );
});
