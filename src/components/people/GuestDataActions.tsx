// #47 What an administrator does with a guest's data on request, for one contact (a phone and/or an
// e-mail): download everything held about them as JSON, open it as a printable page, or erase them
// after a question that asks for the grounds (a withdrawal, a request, a letter of a date). The
// location's guest data screen (pages/people) and the order page (its guest) both show it. The
// server's refusal (bookings still to come) shows in the question, as it says it.
import { useState } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError, saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { ConfirmDialog } from '../ConfirmDialog';

const t = (key: string) => `app.people.${key}`;

export interface GuestContact {
  phone?: string | null;
  email?: string | null;
}

/** The contact as the calls take it: only what is given. */
const contactBody = (c: GuestContact) => ({ ...(c.phone ? { phone: c.phone } : {}), ...(c.email ? { email: c.email } : {}) });

export function GuestDataActions({ locationId, contact, orders, onErased }: {
  locationId: number | string;
  contact: GuestContact;
  /** How many orders the erasure would touch (the question says it), when known. */
  orders?: number;
  onErased?: (erased: number) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const handle = useGenericHandler();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const meta = { location_id: locationId };
  const body = contactBody(contact);
  const stamp = () => new Date().toISOString().slice(0, 10);

  const downloadJson = () => handle(async () => {
    const { data } = await dataProvider.action('people', { action: 'export', data: body, meta });
    saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `guest-data-${stamp()}.json`);
  });
  const print = () => handle(async () => {
    const { data } = await dataProvider.action<string>('people', { action: 'export', data: body, meta, query: { format: 'html' } });
    const url = URL.createObjectURL(new Blob([data], { type: 'text/html' }));
    window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });
  const erase = async () => {
    setRefusal(null);
    try {
      const { data } = await dataProvider.action<{ orders_erased: number }>('people', { action: 'erase', data: { ...body, reason: reason.trim() }, meta });
      setAsking(false);
      setReason('');
      notify(translate(t('erased'), { smart_count: data.orders_erased }), { type: 'success' });
      onErased?.(data.orders_erased);
    } catch (err) {
      setRefusal(err instanceof ApiError || err instanceof Error ? err.message : translate('app.alerts.unknownError'));
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="guest-data-actions">
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={downloadJson}>{translate(t('exportJson'))}</Button>
        <Button size="small" variant="outlined" startIcon={<PrintIcon />} onClick={print}>{translate(t('exportPrint'))}</Button>
        <Button size="small" variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => { setRefusal(null); setAsking(true); }}>
          {translate(t('erase'))}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={translate(t('eraseTitle'))}
        text={translate(orders === undefined ? t('eraseText') : t('eraseTextOrders'), { smart_count: orders ?? 0 })}
        dirty={reason.trim() !== ''}
        confirmDisabled={reason.trim() === ''}
        onConfirm={erase}
        onClose={() => setAsking(false)}
      >
        <TextField
          label={translate(t('reason'))} helperText={translate(t('reasonHint'))} value={reason} onChange={(e) => setReason(e.target.value)}
          fullWidth multiline minRows={2} required sx={{ mt: 2 }} inputProps={{ maxLength: TEXT_LIMITS.shortComment }}
        />
        {refusal && <Alert severity="error" sx={{ mt: 2 }} data-testid="erase-refusal">{refusal}</Alert>}
      </ConfirmDialog>
    </>
  );
}
