// #30 "Book and pay": the one confirmation between the booking form and a paid order. The amount in
// the location's money format, cash chosen (card one click away), and the take button focused, so
// Enter confirms. The booking and its payment are one server call (bookingApi.create with `payment`).
import { useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BOOK_PAY_TYPES, type BookPayType } from '../../../domain/booking';
import type { Currency } from '../../../domain/money';
import { DeskShiftLine } from '../../components/till/DeskShiftLine';
import { useDeskTill } from '../../components/till/deskTill';

export function BookPayDialog({ amount, busy, locationId, currency, onConfirm, onClose }: {
  /** The price, written in the location's money format. */
  amount: string;
  busy: boolean;
  /** #43 Where it is booked: the desk's till there takes the money (its shift named, or opened in one click). */
  locationId: number;
  currency: Currency | null | undefined;
  onConfirm: (paymentType: BookPayType, till: number | null) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const desk = useDeskTill(locationId);
  const [type, setType] = useState<BookPayType>(BOOK_PAY_TYPES[0]);
  // Back on the take button after choosing the type, so Enter still takes the payment.
  const take = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="book-pay-title" data-testid="book-pay-confirm">
      <form onSubmit={(e) => { e.preventDefault(); if (!busy) onConfirm(type, desk.till?.id ?? null); }}>
        <DialogTitle id="book-pay-title">{translate('app.desk.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }} data-testid="book-pay-amount">{translate('app.desk.confirmText', { amount })}</Typography>
          <ToggleButtonGroup exclusive value={type} onChange={(_, v: BookPayType | null) => { if (v) setType(v); take.current?.focus(); }}
            aria-label={translate('app.desk.payType')} color="primary" size="small">
            {BOOK_PAY_TYPES.map((t) => (
              <ToggleButton key={t} value={t} data-testid={`book-pay-type-${t}`}>{translate(`app.paymentTypes.t${t}`)}</ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box sx={{ mt: 2 }}><DeskShiftLine desk={desk} currency={currency} /></Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{translate('app.common.cancel')}</Button>
          <Button ref={take} type="submit" variant="contained" color="success" autoFocus disabled={busy} data-testid="book-pay-submit">
            {translate('app.desk.take', { amount })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
