// An order that owes the customer money (`to_refund`, domain/orderBalance): a cancelled order that
// still holds it (a prepaid widget booking the customer cancelled, a cancel without the cash
// refund), or a live one paid beyond its price (a payment link settled after the order was paid
// another way, #25). Says so on the order page and in the slot's order list, and gives it back, all
// or part of it, after a yes/no question: in cash or to the card (recorded), or online (#29: through
// the payment provider when the money came that way, at most what was paid there; the answer says
// whether the provider refunded it, took it as pending, or refused it).
// POST /api/v2.2/orders/{id}/refund/; the server refuses a refund of more than is due.
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify, useTranslate } from 'react-admin';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { toCents, fromCents } from '../../../domain/pricing';
import { languageOf } from '../../i18n/useLanguage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { newIdempotencyKey } from '../../dataProvider/http';
import { bookingApi } from '../booking/api';
import { isLiveOrder } from '../../../domain/slotFlags';

/** Cash, online (the provider), card: the server's REFUND_PAYMENT_TYPES. */
const REFUND_TYPES = [2, 1, 6] as const;
const ONLINE = 1;

export function RefundDue({ order, onRefunded }: {
  order: { id: number; status: number; to_refund: string; currency: Currency | null; refund_pending?: string; online_refundable?: string };
  onRefunded: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const lang = languageOf(translate);
  // Refunds the provider has not confirmed yet are not due again.
  const due = fromCents(Math.max(0, toCents(order.to_refund) - toCents(order.refund_pending ?? '0')));
  const online = order.online_refundable ?? '0.00';
  const [type, setType] = useState<number>(toCents(online) > 0 ? ONLINE : REFUND_TYPES[0]);
  const viaProvider = type === ONLINE && toCents(online) > 0;
  const [amountText, setAmountText] = useState(formatAmount(viaProvider ? online : due, lang));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per opened question: a retry after a lost answer is the same refund.
  const [key, setKey] = useState(newIdempotencyKey);
  const amount = readAmount(amountText);
  const limit = viaProvider ? online : due;
  const wrong = amount === null || toCents(amount) <= 0 || toCents(amount) > toCents(limit);
  const shown = formatMoney(amount ?? '0', order.currency, lang);
  const typeName = translate(`app.paymentTypes.t${type}`);
  const cancelled = !isLiveOrder(order);

  const choose = (t: number) => {
    setType(t);
    setAmountText(formatAmount(t === ONLINE && toCents(online) > 0 ? online : due, lang));
  };

  const record = async () => {
    setAsking(false);
    setBusy(true);
    const answer = await run(() => bookingApi.refund(order.id, type, amount, key));
    setBusy(false);
    setKey(newIdempotencyKey());
    await onRefunded();
    if (!answer) return;
    const pending = viaProvider && (answer.refunds ?? []).some((r) => r.status === 'pending');
    notify(viaProvider ? (pending ? 'app.providerRefunds.pendingDone' : 'app.providerRefunds.doneOnline') : 'app.order.refund.done',
      { type: pending ? 'info' : 'success', messageArgs: { amount: shown } });
  };

  if (toCents(due) <= 0) return null;
  const dueText = formatMoney(due, order.currency, lang);
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="order-refund-due">
      {translate(cancelled ? 'app.order.refund.due' : 'app.order.refund.dueOverpaid', { amount: dueText })}
      {viaProvider && (
        <div data-testid="order-refund-online">
          {translate(toCents(online) < toCents(due) ? 'app.providerRefunds.online' : 'app.providerRefunds.onlineFull', { amount: formatMoney(online, order.currency, lang) })}
        </div>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <TextField select size="small" label={translate('app.order.refund.type')} value={type} onChange={(e) => choose(Number(e.target.value))}
          sx={{ minWidth: 200 }} fullWidth={false} margin="none">
          {REFUND_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`app.paymentTypes.t${t}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" label={translate('app.providerRefunds.amount')} value={amountText} onChange={(e) => setAmountText(e.target.value)}
          error={wrong} sx={{ width: 160 }} fullWidth={false} margin="none" slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'order-refund-amount' } }} />
        <Button variant="contained" color="warning" startIcon={<UndoIcon />} disabled={busy || wrong} onClick={() => setAsking(true)} data-testid="order-refund-record">
          {translate(viaProvider ? 'app.providerRefunds.sendOnline' : 'app.order.refund.record')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={translate('app.order.refund.confirmTitle', { amount: shown })}
        text={viaProvider ? translate('app.providerRefunds.confirmOnline', { amount: shown })
          : translate(cancelled ? 'app.order.refund.confirmText' : 'app.order.refund.confirmTextOverpaid', { type: typeName })}
        onConfirm={record}
        onClose={() => setAsking(false)}
      />
    </Alert>
  );
}
