// The tools page's "Booking widget" tab: how long an online booking holds its places while the
// customer pays (then an unpaid order is cancelled and its places freed), and until how many hours
// before the session a customer may cancel on their own page (0: until it starts).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';

interface WidgetSettings {
  payment_minutes: number;
  cancel_hours: number;
}

const DIGITS = /^\d+$/;
const LIMITS = { payment_minutes: [1, 1440], cancel_hours: [0, 720] } as const;

/** The message key of an invalid value, with its bound. */
export function settingError(field: keyof WidgetSettings, value: string): { key: string; args?: Record<string, number> } | null {
  const [min, max] = LIMITS[field];
  if (!value.trim()) return { key: 'validation.validationRequired' };
  if (!DIGITS.test(value.trim())) return { key: 'validation.validationPersons' };
  if (Number(value) < min) return { key: 'validation.validationMinValue', args: { min } };
  if (Number(value) > max) return { key: 'validation.validationMaxValue', args: { max } };
  return null;
}

export function WidgetSettingsTab({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  const key = ['tools', locationId, 'widget_settings'];
  const settings = useQuery({ queryKey: key, queryFn: () => api<WidgetSettings>(`/api/v2.1/locations/${locationId}/widget_settings/`) });
  const [values, setValues] = useState({ payment_minutes: '', cancel_hours: '' });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setValues({ payment_minutes: String(settings.data.payment_minutes), cancel_hours: String(settings.data.cancel_hours) });
  }, [settings.data]);

  if (settings.isError) return <Alert severity="error">{(settings.error as Error).message}</Alert>;
  if (!settings.data) return <CircularProgress />;
  const errors = { payment_minutes: settingError('payment_minutes', values.payment_minutes), cancel_hours: settingError('cancel_hours', values.cancel_hours) };
  const invalid = !!errors.payment_minutes || !!errors.cancel_hours;
  const helper = (field: keyof WidgetSettings, hint: string) => {
    const e = errors[field];
    return { error: !!e, helperText: e ? translate(e.key, e.args) : hint };
  };
  const save = async () => {
    setSaving(true);
    const saved = await run(() => api<WidgetSettings>(`/api/v2.1/locations/${locationId}/widget_settings/`, {
      method: 'PUT', body: { payment_minutes: Number(values.payment_minutes), cancel_hours: Number(values.cancel_hours) },
    }));
    setSaving(false);
    if (saved) {
      client.setQueryData(key, saved);
      notify('app.tools.widget.saved', { type: 'success' });
    }
  };

  return (
    <Box sx={{ maxWidth: 560 }} data-testid="widget-settings">
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.tools.widget.intro')}</Typography>
      <Stack sx={{ gap: 2 }}>
        <TextField label={translate('app.tools.widget.paymentMinutes')} value={values.payment_minutes} required inputMode="numeric" size="small"
          onChange={(e) => setValues((v) => ({ ...v, payment_minutes: e.target.value }))}
          {...helper('payment_minutes', translate('app.tools.widget.paymentHint'))} slotProps={{ htmlInput: { 'data-testid': 'widget-payment-minutes' } }} />
        <TextField label={translate('app.tools.widget.cancelHours')} value={values.cancel_hours} required inputMode="numeric" size="small"
          onChange={(e) => setValues((v) => ({ ...v, cancel_hours: e.target.value }))}
          {...helper('cancel_hours', translate('app.tools.widget.cancelHint'))} slotProps={{ htmlInput: { 'data-testid': 'widget-cancel-hours' } }} />
        <Box>
          <Button variant="contained" onClick={save} disabled={invalid || saving} data-testid="widget-settings-save">
            {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
            {translate('app.common.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
