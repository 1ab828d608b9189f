// A session in the booking calendar: its time, places left, an add button while it can be booked,
// an archive icon once it is over, and up to three live orders (id, name, payment line, persons)
// then "+N more". The background says the money state (domain slotColour); a slot that cannot
// take a booking has a red border. A click anywhere opens the slot's order list.
import { memo, type MouseEvent } from 'react';
import { Box, ButtonBase, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/Inventory2Outlined';
import PersonIcon from '@mui/icons-material/Person';
import PublicIcon from '@mui/icons-material/Public';
import { useTranslate } from 'react-admin';
import type { SlotColour } from '../../domain/paymentLine';
import { paymentLine } from '../../domain/paymentLine';
import type { Slot } from '../pages/booking/types';
import { canAddBooking, cardOrders, colourOf } from './calendarModel';
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
  const label = `${slot.begin}–${slot.end}`;
  const add = (e: MouseEvent) => {
    e.stopPropagation();
    onAdd(slot);
  };

  return (
    <Box
      data-testid="slot-card"
      data-playground={slot.playground}
      data-start={slot.time_start}
      data-colour={colour}
      data-archived={slot.archived ? 'true' : 'false'}
      data-available={slot.available_persons}
      data-bookable={bookable ? 'true' : 'false'}
      onClick={() => onOpen(slot)}
      sx={{
        height: '100%',
        boxSizing: 'border-box',
        overflow: 'hidden',
        cursor: 'pointer',
        bgcolor: palette.bg,
        color: slot.archived ? 'text.secondary' : 'text.primary',
        borderRadius: 1,
        border: 2,
        // The spec: a slot without an add button has a red border.
        borderColor: bookable ? 'transparent' : 'error.main',
        borderLeft: `6px solid ${palette.accent}`,
        px: 0.75,
        py: 0.25,
        '&:hover': { filter: 'brightness(0.97)' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minHeight: 30 }}>
        <ButtonBase
          onClick={(e) => { e.stopPropagation(); onOpen(slot); }}
          aria-label={translate('app.calendar.openSlot', { time: label, playground: slot.playground_name })}
          sx={{ borderRadius: 0.5, px: 0.25, fontWeight: 700, fontSize: 15, lineHeight: 1.3 }}
        >
          {label}
        </ButtonBase>
        {slot.archived && (
          // data-tooltip: shown by the calendar's DelegatedTooltip (one tooltip for all cards).
          <ArchiveIcon fontSize="small" data-testid="slot-archived" aria-label={translate('app.calendar.archived')} data-tooltip={translate('app.calendar.archived')} />
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap', color: slot.available_persons ? 'text.secondary' : 'error.main', fontWeight: slot.available_persons ? 400 : 700 }} data-testid="slot-free">
          {translate('app.calendar.free', { n: slot.available_persons })}
        </Typography>
        {bookable && (
          <IconButton
              size="small"
              color="primary"
              onClick={add}
              aria-label={translate('app.calendar.addAt', { time: slot.begin, playground: slot.playground_name })}
              data-testid="slot-add"
              data-tooltip={translate('app.calendar.add')}
              sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'primary.light', p: 0.25, '&:hover': { bgcolor: 'grey.100' } }}
            >
              <AddIcon fontSize="small" />
            </IconButton>
        )}
      </Stack>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="slot-empty">{translate('app.calendar.noBookings')}</Typography>
      ) : shown.map((o) => {
        const line = paymentLine(o);
        return (
          <Box key={o.id} data-testid="slot-order" data-order-id={o.id} sx={{ mt: 0.25, lineHeight: 1.2 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={`№${o.id} ${o.name}`}>
              {o.source === 'widget' && (
                // Booked by the customer in the online widget (orders.source).
                <PublicIcon sx={{ fontSize: 13, mr: 0.25, verticalAlign: '-2px', color: 'primary.main' }} data-testid="slot-order-widget" titleAccess={translate('app.widget.sourceWidget')} />
              )}
              <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>№{o.id}</Box>{o.name}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Typography variant="caption" noWrap sx={{ flex: 1, color: slot.archived ? 'inherit' : paymentLineColour(line.kind), fontWeight: 600 }} data-testid="slot-order-payment">
                {paymentLineText(translate, o, currency)}
              </Typography>
              <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }} title={translate('app.calendar.persons', { n: o.persons })} data-testid="slot-order-persons">
                <PersonIcon sx={{ fontSize: 14 }} />{o.persons}
              </Typography>
            </Stack>
          </Box>
        );
      })}
      {more > 0 && (
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'primary.main' }} data-testid="slot-more">
          {translate('app.calendar.more', { n: more })}
        </Typography>
      )}
    </Box>
  );
});
