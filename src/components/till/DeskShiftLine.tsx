// #43 What a desk dialog (pay, book and pay, cancel) says about the till its cash and card go to:
// the shift they land in; or that none is open, with the shift opened in one click (its float the
// one offered: the last close's counted cash less its drop); or that the till's shift was counted and
// waits for a manager; or, with several tills and none remembered, the choice of this desk's till.
import { useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney, type Currency } from '../../../domain/money';
import { ApiError, newIdempotencyKey } from '../../dataProvider/http';
import { languageOf } from '../../i18n/useLanguage';
import { tillApi, type DeskTill } from './deskTill';
import { LongShiftAlert } from './LongShiftAlert';

export function DeskShiftLine({ desk, currency }: { desk: DeskTill; currency: Currency | null | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  if (desk.loading) return null;
  const { till } = desk;
  const chooser = desk.tills.length > 1 && (
    <TextField select size="small" label={translate('app.till.desk.till')} value={till?.id ?? ''} sx={{ minWidth: 180, mt: 1 }}
      onChange={(e) => desk.choose(Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'desk-till-choice' } }}>
      {desk.tills.map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
    </TextField>
  );
  if (!till) {
    return <Alert severity="warning" sx={{ mb: 2 }} data-testid="desk-shift"><span data-testid="desk-shift-text">{translate('app.till.desk.choose')}</span><Box>{chooser}</Box></Alert>;
  }
  const shift = till.current_shift;
  if (shift?.state === 'open') {
    return (
      <Box sx={{ mb: 2 }} data-testid="desk-shift" data-shift={shift.id}>
        <Typography variant="body2" color="text.secondary" data-testid="desk-shift-text">{translate('app.till.desk.into', { id: shift.id, till: till.name })}</Typography>
        <LongShiftAlert shift={shift} />
        {chooser}
      </Box>
    );
  }
  if (shift?.state === 'needs_confirmation') {
    return (
      <Box sx={{ mb: 2 }}>
        <Alert severity="warning" data-testid="desk-shift"><span data-testid="desk-shift-text">{translate('app.till.desk.waiting', { till: till.name })}</span><Box>{chooser}</Box></Alert>
        <LongShiftAlert shift={shift} />
      </Box>
    );
  }
  const float = till.suggested_float ?? '0.00';
  const open = async () => {
    setBusy(true);
    try {
      await tillApi.open(till.id, { float }, key);
      desk.choose(till.id);
      await desk.refetch();
      notify('app.till.opened', { type: 'success', messageArgs: { till: till.name } });
    } catch (err) {
      notify(err instanceof ApiError ? err.message : translate('app.alerts.tryLater'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity={desk.settings?.cash_only_in_shift === false ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="desk-shift"
      action={<Button color="inherit" size="small" onClick={() => void open()} disabled={busy} data-testid="desk-open-shift">
        {translate('app.till.desk.open', { amount: formatMoney(float, currency, languageOf(translate)) })}
      </Button>}>
      <span data-testid="desk-shift-text">{translate(desk.settings?.cash_only_in_shift === false ? 'app.till.desk.noneAllowed' : 'app.till.desk.none', { till: till.name })}</span>
      <Box>{chooser}</Box>
    </Alert>
  );
}
