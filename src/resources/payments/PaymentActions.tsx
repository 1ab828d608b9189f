// The payments screen's own controls: "Add payment" in the filter bar (the same standalone
// payment dialog as the booking area: amount required, at most 10 characters) and the row
// action that hides a manual payment (type 7, the only kind the server lets hide) after a yes/no.
import { useState } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatAmount } from '../../../domain/money';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { dataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { LocationPaymentDialog } from '../../pages/booking/LocationPaymentDialog';
import type { LocationRecord } from '../locations/types';

/** Only manual payments can be hidden (spec: payment types, "only type 7"). */
export const HIDEABLE_PAYMENT_TYPE = 7;

export function AddPaymentButton({ location }: { location: LocationRecord }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.money.payments.add')}
      </Button>
      {open && (
        <LocationPaymentDialog
          locationId={location.id}
          // The dialog closes itself after a saved payment too: the list is read again either way.
          onClose={() => { setOpen(false); refresh(); }}
        />
      )}
    </>
  );
}

export function HidePaymentButton({ payment }: { payment: { id: number; purchase: string } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const run = useGenericHandler();
  const [open, setOpen] = useState(false);
  const hide = async () => {
    const done = await run(() => dataProvider.action('location_payments', { id: payment.id, action: 'hide', data: { actual: false } }));
    setOpen(false);
    if (done === undefined) return;
    notify('app.money.payments.hidden', { type: 'success', messageArgs: { id: payment.id } });
    refresh();
  };
  return (
    <>
      <Button
        size="small" startIcon={<VisibilityOffIcon />} onClick={() => setOpen(true)}
        aria-label={translate('app.money.payments.hideNamed', { id: payment.id })}
      >
        {translate('app.money.payments.hide')}
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('app.money.payments.hideTitle', { id: payment.id })}
        text={translate('app.money.payments.hideText', { amount: formatAmount(payment.purchase) })}
        onConfirm={hide}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The row action column: only manual payments can be hidden. */
export function PaymentRowActions({ record }: { record: { id: number; payment_type: number; purchase: string } }) {
  return record.payment_type === HIDEABLE_PAYMENT_TYPE ? <HidePaymentButton payment={record} /> : null;
}
