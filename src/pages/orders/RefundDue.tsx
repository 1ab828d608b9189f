// An order that owes the customer money (`to_refund`, domain/orderBalance): a cancelled order that
// still holds it (a prepaid widget booking the customer cancelled, a cancel without the cash
// refund), or a live one paid beyond its price (a payment link settled after the order was paid
// another way, #25). Says so on the order page and in the slot's order list, and records how the
// money went back (cash, online through the provider, or to the card), after a yes/no question.
// POST /api/v2.2/orders/{id}/refund/; the server refuses a second refund.
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney, type Currency } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { bookingApi } from '../booking/api';
import { isLiveOrder } from '../../../domain/slotFlags';

/** Cash, online (the provider), card: the server's REFUND_PAYMENT_TYPES. */
const REFUND_TYPES = [2, 1, 6] as const;

export function RefundDue({ order, onRefunded }: {
  order: { id: number; status: number; to_refund: string; currency: Currency | null };
  onRefunded: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const [type, setType] = useState<number>(REFUND_TYPES[0]);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(order.to_refund, order.currency, languageOf(translate));
  const typeName = translate(`app.paymentTypes.t${type}`);
  const cancelled = !isLiveOrder(order);

  const record = async () => {
    setAsking(false);
    setBusy(true);
    const done = await run(() => bookingApi.refund(order.id, type));
    setBusy(false);
    if (!done) return;
    await onRefunded();
    notify('app.order.refund.done', { type: 'success', messageArgs: { amount } });
  };

  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="order-refund-due">
      {translate(cancelled ? 'app.order.refund.due' : 'app.order.refund.dueOverpaid', { amount })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={translate('app.order.refund.type')} value={type} onChange={(e) => setType(Number(e.target.value))}
          sx={{ minWidth: 200 }} fullWidth={false} margin="none">
          {REFUND_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`app.paymentTypes.t${t}`)}</MenuItem>)}
        </TextField>
        <Button variant="contained" color="warning" startIcon={<UndoIcon />} disabled={busy} onClick={() => setAsking(true)} data-testid="order-refund-record">
          {translate('app.order.refund.record')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={translate('app.order.refund.confirmTitle', { amount })}
        text={translate(cancelled ? 'app.order.refund.confirmText' : 'app.order.refund.confirmTextOverpaid', { type: typeName })}
        onConfirm={record}
        onClose={() => setAsking(false)}
      />
    </Alert>
  );
}
