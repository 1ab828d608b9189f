// The question before an order is cancelled, asked by the slot's order list and by the order page
// (#39: one question, not a copy per screen). #38 A paid order's money goes back the way it came (the
// order's own view, read when the question opens: cash from the till, the card on the terminal,
// certificates onto their balance, provider money through the provider), in the cancel's one call.
// Cash for all of it instead is a manager's choice with a reason (confirmed at a cashier's desk by
// the manager's e-mail and password). "Yes" waits for the order's view,
// so the refund offered is never the wrong one.
import { useState } from 'react';
import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { guestName } from '../../../domain/guest';
import { formatMoney, type Currency } from '../../../domain/money';
import { fromCents, toCents } from '../../../domain/pricing';
import { CASH_INSTEAD_MIN_ROLE } from '../../../domain/refundTenders';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import type { LocationRecord } from '../../resources/locations/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { languageOf } from '../../i18n/useLanguage';
import { RefundTenderList } from '../orders/RefundTenderList';
import { CashInsteadFields, cashInsteadBody, cashInsteadReady, NO_CASH_INSTEAD, type CashInstead } from '../orders/CashInsteadFields';
import { bookingApi, useOrder } from './api';
import { DeskShiftLine } from '../../components/till/DeskShiftLine';
import { useDeskTill } from '../../components/till/deskTill';

/** The order being cancelled and where it plays, in the question's words. */
export interface CancelTarget {
  id: number;
  name: string;
  paid: string;
  /** 'HH:mm–HH:mm' of its session. */
  time: string;
  playground: string;
}

export function CancelOrderQuestion({ order, currency, onClose, onCancelled }: {
  order: CancelTarget;
  currency: Currency | null | undefined;
  onClose: () => void;
  /** After the cancel succeeded (the screen reloads what it shows). */
  onCancelled: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const money = (v: string) => formatMoney(v, currency, languageOf(translate));
  // A paid order's cancel offers the refund in the same confirmation (on by default).
  const [refundNow, setRefundNow] = useState(true);
  const paid = toCents(order.paid) > 0;
  const detail = useOrder(order.id, paid);
  const tenders = paid ? detail.data?.refund_tenders ?? [] : [];
  const otherTenders = tenders.some((t) => t.tender !== 'cash');
  const manager = (useGetOne<LocationRecord>('locations', { id: detail.data?.location_id ?? 0 }, { enabled: !!detail.data }).data?.role?.value ?? 0) >= CASH_INSTEAD_MIN_ROLE;
  const [cashInstead, setCashInstead] = useState(false);
  const [instead, setInstead] = useState<CashInstead>(NO_CASH_INSTEAD);
  const [cardReference, setCardReference] = useState('');
  const refundTotal = fromCents(tenders.reduce((s, t) => s + toCents(t.amount), 0));
  // #43 Cash and card given back leave the desk's till's open shift.
  const desk = useDeskTill(paid ? detail.data?.location_id : null);
  const deskMoney = refundNow && paid && (cashInstead ? true : tenders.some((t) => t.tender === 'cash' || t.tender === 'card'));

  const cancel = async () => {
    const { id } = order;
    const refunding = refundNow && paid;
    const till = desk.till?.id ?? null;
    const how = !refunding ? { refund: 'none' as const } : cashInstead && otherTenders
      ? { refund: 'cash' as const, ...cashInsteadBody(instead, manager), till } : { refund: 'original' as const, external_id: cardReference.trim() || undefined, till };
    const done = await run(() => bookingApi.cancel(id, how).then(() => true));
    onClose();
    if (done) {
      notify(refunding ? 'app.booking.cancelledRefunded' : 'app.booking.cancelled', { type: 'success', messageArgs: { id, amount: money(refunding && tenders.length ? refundTotal : order.paid) } });
      await onCancelled();
    }
  };

  return (
    <ConfirmDialog
      open
      title={translate('app.booking.cancelTitle', { id: order.id })}
      text={(
        <>
          {translate('app.booking.cancelText', { name: guestName(order.name, translate), time: order.time, playground: order.playground })}
          {paid && (
            <>
              {' '}{translate('app.booking.cancelPaid', { amount: money(order.paid) })}
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={<Checkbox checked={refundNow} disabled={detail.isFetching} onChange={(e) => setRefundNow(e.target.checked)} data-testid="cancel-refund" />}
                label={translate(cashInstead && otherTenders ? 'app.booking.refundCashAll' : 'app.booking.refundOriginal', { amount: money(tenders.length ? refundTotal : order.paid) })}
                data-testid="cancel-refund-original"
              />
              {refundNow && !cashInstead && <RefundTenderList tenders={tenders} money={money} title={false} />}
              {refundNow && !cashInstead && tenders.some((t) => t.tender === 'card') && (
                <TextField size="small" fullWidth margin="dense" label={translate('app.providerRefunds.tenders.cardReference')} value={cardReference}
                  onChange={(e) => setCardReference(e.target.value)} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.cardRefundReference, 'data-testid': 'cancel-card-reference' } }} />
              )}
              {refundNow && otherTenders && (
                <>
                  <FormControlLabel
                    sx={{ display: 'flex' }}
                    control={<Checkbox checked={cashInstead} onChange={(e) => setCashInstead(e.target.checked)} data-testid="cancel-cash-instead" />}
                    label={translate('app.providerRefunds.tenders.cashInstead')}
                  />
                  {cashInstead && <CashInsteadFields value={instead} onChange={setInstead} manager={manager} testId="cancel-instead" />}
                </>
              )}
              {deskMoney && <DeskShiftLine desk={desk} currency={currency} />}
            </>
          )}
        </>
      )}
      onConfirm={cancel}
      confirmDisabled={paid && (detail.isFetching || (refundNow && cashInstead && otherTenders && !cashInsteadReady(instead, manager)))}
      dirty={instead !== NO_CASH_INSTEAD || cardReference !== ''}
      onClose={onClose}
    />
  );
}
