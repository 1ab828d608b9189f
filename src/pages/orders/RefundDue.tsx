// An order that owes the customer money (`to_refund`, domain/orderBalance): a cancelled order that
// still holds it (a prepaid widget booking the customer cancelled, a cancel without the refund), or a
// live one paid beyond its price (a payment link settled after the order was paid another way, #25).
// Says so on the order page and in the slot's order list. #38: it lists what goes back per tender,
// the way it came (the server's refund_split: latest paid first), and gives it all back that way
// after one yes/no question: each tender's part is its own POST /refund/ with its own Idempotency-Key
// (a retry after a lost answer is the same refund). "Another way…" gives back part of it by one
// tender: the card with the terminal's reference, a certificate onto its balance, online through the
// provider; cash beyond the cash the order holds asks for the manager's reason. A refund through the
// provider still in progress is named with its provider. The server refuses more than is due.
import { useRef, useState } from 'react';
import { Alert, Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { formatAmount, formatMoney, readAmount, type Currency } from '../../../domain/money';
import { toCents, fromCents } from '../../../domain/pricing';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { languageOf } from '../../i18n/useLanguage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { newIdempotencyKey } from '../../dataProvider/http';
import { bookingApi, useOrder } from '../booking/api';
import { isLiveOrder } from '../../../domain/slotFlags';
import type { RefundTender } from '../booking/types';
import { providerName, RefundTenderList } from './RefundTenderList';
import { CashInsteadFields, cashInsteadBody, cashInsteadReady, NO_CASH_INSTEAD, type CashInstead } from './CashInsteadFields';
import { CASH_INSTEAD_MIN_ROLE } from '../../../domain/refundTenders';
import type { LocationRecord } from '../../resources/locations/types';
import { useDeskTill } from '../../components/till/deskTill';

/** Cash, online (the provider), card, certificate: the server's REFUND_PAYMENT_TYPES. */
const REFUND_TYPES = [2, 1, 6, 3] as const;
const CASH = 2;
const CARD = 6;

/** The split's parts by payment type, in its order (the server splits each type latest paid first again). */
function partsByType(split: readonly RefundTender[]): { paymentType: number; cents: number }[] {
  const out: { paymentType: number; cents: number }[] = [];
  for (const t of split) {
    const had = out.find((p) => p.paymentType === t.payment_type);
    if (had) had.cents += toCents(t.amount);
    else out.push({ paymentType: t.payment_type, cents: toCents(t.amount) });
  }
  return out;
}

export function RefundDue({ order, onRefunded }: {
  order: { id: number; status: number; to_refund: string; currency: Currency | null; refund_pending?: string };
  onRefunded: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const lang = languageOf(translate);
  const money = (v: string) => formatMoney(v, order.currency, lang);
  const detail = useOrder(order.id);
  const split = detail.data?.refund_split ?? [];
  const holdings = detail.data?.refund_tenders ?? [];
  const pendingRefunds = (detail.data?.refunds ?? []).filter((r) => r.status === 'pending');
  // Refunds the provider has not confirmed yet are not due again.
  const due = fromCents(Math.max(0, toCents(order.to_refund) - toCents(detail.data?.refund_pending ?? order.refund_pending ?? '0')));
  const held = (type: number) => fromCents(Math.min(toCents(due), holdings.filter((h) => h.payment_type === type).reduce((s, h) => s + toCents(h.amount), 0)));

  const [asking, setAsking] = useState<'all' | 'one' | null>(null);
  const [busy, setBusy] = useState(false);
  const [other, setOther] = useState(false);
  const [type, setType] = useState<number>(CASH);
  const [amountText, setAmountText] = useState(formatAmount(due, lang));
  const [reference, setReference] = useState('');
  const [instead, setInstead] = useState<CashInstead>(NO_CASH_INSTEAD);
  const manager = (useGetOne<LocationRecord>('locations', { id: detail.data?.location_id ?? 0 }, { enabled: !!detail.data }).data?.role?.value ?? 0) >= CASH_INSTEAD_MIN_ROLE;
  // #43 Cash and card given back leave the desk's till's open shift.
  const desk = useDeskTill(detail.data?.location_id);
  const till = desk.till?.id ?? null;
  // One key per tender part of an opened question: a retry after a lost answer is the same refund.
  const keys = useRef<Record<string, string>>({});
  const keyOf = (part: string) => (keys.current[part] ??= newIdempotencyKey());

  const amount = readAmount(amountText);
  const limit = type === CASH ? due : held(type);
  const wrongAmount = amount === null || toCents(amount) <= 0 || toCents(amount) > toCents(limit);
  // Cash beyond the cash the order holds is another tender's money: the manager's reason.
  const cashInstead = type === CASH && amount !== null && toCents(amount) > toCents(held(CASH));
  const wrong = wrongAmount || (cashInstead && !cashInsteadReady(instead, manager));

  const choose = (t: number) => {
    setType(t);
    setAmountText(formatAmount(t === CASH ? due : held(t), lang));
  };

  const finish = async () => {
    setBusy(false);
    keys.current = {};
    await Promise.all([onRefunded(), detail.refetch()]);
  };

  const refundAll = async () => {
    setAsking(null);
    setBusy(true);
    const total = fromCents(split.reduce((s, t) => s + toCents(t.amount), 0));
    for (const part of partsByType(split)) {
      const answer = await run(() => bookingApi.refund(order.id, part.paymentType, fromCents(part.cents), keyOf(`all-${part.paymentType}`), { till }));
      // The first refusal stops the rest; what went back stays, and the list shows what is still due.
      if (!answer) return finish();
    }
    await finish();
    notify('app.providerRefunds.tenders.done', { type: 'success', messageArgs: { amount: money(total) } });
  };

  const refundOne = async () => {
    setAsking(null);
    setBusy(true);
    const extra = { ...(type === CARD && reference.trim() ? { external_id: reference.trim() } : {}), ...(cashInstead ? cashInsteadBody(instead, manager) : {}), till };
    const answer = await run(() => bookingApi.refund(order.id, type, amount, keyOf(`one-${type}`), extra));
    await finish();
    if (answer) notify('app.order.refund.done', { type: 'success', messageArgs: { amount: money(amount ?? '0') } });
  };

  if (toCents(due) <= 0 && !pendingRefunds.length) return null;
  const cancelled = !isLiveOrder(order);
  const shown = money(amount ?? '0');
  const splitTotal = fromCents(split.reduce((s, t) => s + toCents(t.amount), 0));
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="order-refund-due">
      {toCents(due) > 0 && translate(cancelled ? 'app.order.refund.due' : 'app.order.refund.dueOverpaid', { amount: money(due) })}
      {pendingRefunds.map((r) => (
        <Typography key={r.id} variant="body2" data-testid="order-refund-pending">
          {translate('app.providerRefunds.tenders.pending', { provider: providerName(translate, r.provider), amount: money(r.amount) })}
        </Typography>
      ))}
      {toCents(due) > 0 && (
        <>
          <RefundTenderList tenders={split} money={money} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
            <Button variant="contained" color="warning" startIcon={<UndoIcon />} disabled={busy || !split.length} onClick={() => setAsking('all')} data-testid="order-refund-all">
              {translate('app.providerRefunds.tenders.refundAll', { amount: money(splitTotal) })}
            </Button>
            {!other && <Link component="button" type="button" onClick={() => setOther(true)} data-testid="order-refund-other">{translate('app.providerRefunds.tenders.other')}</Link>}
          </Stack>
          {other && (
            <Box sx={{ mt: 1.5 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField select size="small" label={translate('app.order.refund.type')} value={type} onChange={(e) => choose(Number(e.target.value))}
                  sx={{ minWidth: 200 }} fullWidth={false} margin="none" slotProps={{ htmlInput: { 'data-testid': 'order-refund-type' } }}>
                  {REFUND_TYPES.filter((t) => t === CASH || toCents(held(t)) > 0).map((t) => <MenuItem key={t} value={t}>{translate(`app.paymentTypes.t${t}`)}</MenuItem>)}
                </TextField>
                <TextField size="small" label={translate('app.providerRefunds.amount')} value={amountText} onChange={(e) => setAmountText(e.target.value)}
                  error={wrongAmount} sx={{ width: 160 }} fullWidth={false} margin="none" slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12, 'data-testid': 'order-refund-amount' } }} />
                {type === CARD && (
                  <TextField size="small" label={translate('app.providerRefunds.tenders.cardReference')} value={reference} onChange={(e) => setReference(e.target.value)}
                    fullWidth={false} margin="none" slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.cardRefundReference, 'data-testid': 'order-refund-reference' } }} />
                )}
                <Button variant="outlined" color="warning" disabled={busy || wrong} onClick={() => setAsking('one')} data-testid="order-refund-record">
                  {translate('app.order.refund.record')}
                </Button>
              </Stack>
              {cashInstead && (
                <>
                  <Typography variant="caption" sx={{ display: 'block', mt: 1 }}>{translate('app.providerRefunds.tenders.cashInsteadShort')}</Typography>
                  <CashInsteadFields value={instead} onChange={setInstead} manager={manager} testId="order-refund-instead" />
                </>
              )}
            </Box>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={translate('app.order.refund.confirmTitle', { amount: asking === 'all' ? money(splitTotal) : shown })}
        text={asking === 'all' ? (
          <>
            {translate('app.providerRefunds.tenders.confirmAll')}
            <RefundTenderList tenders={split} money={money} title={false} />
          </>
        ) : translate(cancelled ? 'app.order.refund.confirmText' : 'app.order.refund.confirmTextOverpaid', { type: translate(`app.paymentTypes.t${type}`) })}
        onConfirm={asking === 'all' ? refundAll : refundOne}
        onClose={() => setAsking(null)}
      />
    </Alert>
  );
}
