// #43 The alert of a shift open longer than 23 hours (domain/till.ts LONG_SHIFT_HOURS), on the desk's
// shift line and the till screen: close the shift and the cash register's own shift (54-FZ: within
// 24 hours). Nothing for a closed shift or a younger one. The daily letter says the same words.
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { openTooLong, type ShiftState } from '../../../domain/till';

export function LongShiftAlert({ shift, now }: { shift: { id: number; state: ShiftState; opened_at: string }; now?: Date }) {
  const translate = useTranslate();
  if (shift.state === 'closed' || !openTooLong(shift, now ?? new Date())) return null;
  return <Alert severity="error" sx={{ my: 1 }} role="alert" data-testid="till-long-shift">{translate('app.till.alerts.longShift', { id: shift.id })}</Alert>;
}
