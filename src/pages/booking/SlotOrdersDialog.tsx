// The order list of a slot: every order (live ones first) with its customer, persons, game,
// payment line and status, and per order pay, edit and cancel (yes/no, then the day reloads).
// Once the session has begun (or is archived) its orders can no longer be edited or cancelled,
// but still paid (customers pay after playing); cancelling asks CancelOrderQuestion (refunds by tender). An order
// that owes money back (a cancelled one that holds it, an overpaid one) offers recording the refund (#25).
import { guestName } from '../../../domain/guest';
import { cloneElement, useState, type ReactElement } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useNotify, useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../domain/constants';
import { formatCount, formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { paymentLine } from '../../../domain/paymentLine';
import { isLiveOrder } from '../../../domain/slotFlags';
import { orderBalance } from '../../../domain/orderBalance';
import { RefundDue } from '../orders/RefundDue';
import { TruncatedText } from '../../components/TruncatedText';
import { canAddBooking, canChangeOrders } from '../../calendar/calendarModel';
import { paymentLineColour, paymentLineText } from '../../calendar/paymentLineText';
import { useGames } from './api';
import { CancelOrderQuestion } from './CancelOrderQuestion';
import { useDatabaseDown } from '../../dataProvider/databaseStatus';
import type { Slot, SlotOrder } from '../../calendar/types';

export function orderStatusText(translate: (key: string, options?: object) => string, status: number) {
  return translate(`app.orderStatus.s${status}`, { _: String(status) });
}

export function SlotOrdersDialog({ slot, now, onClose, onAdd, onPay, onEdit, onChanged }: {
  slot: Slot;
  now: string;
  onClose: () => void;
  /** None: the location is closed (#42), no booking is added. */
  onAdd?: (slot: Slot) => void;
  onPay: (order: SlotOrder, slot: Slot) => void;
  onEdit: (order: SlotOrder, slot: Slot) => void;
  onChanged: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const games = useGames(slot.playground);
  const [cancelling, setCancelling] = useState<SlotOrder | null>(null);
  const currency = slot.pricing?.currency;
  const money = (v: string) => formatMoney(v, currency, languageOf(translate));
  const changeable = canChangeOrders(slot, now);
  // #48 While the database is unreachable the slot's changes wait: disabled, with a tooltip that says why.
  const databaseDown = useDatabaseDown() !== null;
  const held = (button: ReactElement<{ disabled?: boolean }>) => (databaseDown
    ? <Tooltip title={translate('app.databaseDown.readOnly')}><span>{cloneElement(button, { disabled: true })}</span></Tooltip>
    : button);
  const orders = [...slot.orders].sort((a, b) => Number(isLiveOrder(b)) - Number(isLiveOrder(a)) || a.id - b.id);
  const gameName = (id: number | null) => (id ? games.data?.find((g) => g.id === id)?.name ?? `#${id}` : null);
  const unitPrice = slot.pricing?.personal_price
    ? translate('app.booking.slot.perPerson', { price: money(slot.pricing.personal_price) })
    : slot.pricing?.session_price ? translate('app.booking.slot.perSession', { price: money(slot.pricing.session_price) }) : null;

  // An order with a payment link offers to copy it for the customer.
  const copyBill = async (bill: string) => {
    try {
      await navigator.clipboard.writeText(bill);
      notify('app.booking.billCopied', { type: 'success' });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="slot-orders-title" data-testid="slot-orders">
      <DialogTitle id="slot-orders-title" sx={{ pb: 0.5 }}>
        {slot.playground_name} · {dayjs(slot.time_start.slice(0, 10)).format(DATE_FORMAT)} · {slot.begin}–{slot.end}
      </DialogTitle>
      <Box sx={{ px: 3, pb: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.booking.slot.places', { free: formatCount(slot.available_persons, languageOf(translate)) })}
          {unitPrice && <> · {unitPrice}</>}
        </Typography>
        {slot.archived && <Chip size="small" label={translate('app.calendar.archived')} />}
        {!slot.archived && !changeable && <Chip size="small" color="warning" label={translate('app.booking.slot.begun')} />}
        <Box sx={{ flex: 1 }} />
        {onAdd && canAddBooking(slot, now) && held(
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => onAdd(slot)} data-testid="slot-orders-add">
            {translate('app.calendar.add')}
          </Button>,
        )}
      </Box>
      <DialogContent dividers sx={{ p: 0 }}>
        {orders.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3 }}>{translate('app.calendar.noBookings')}</Typography>
        )}
        {orders.map((o, i) => {
          const live = isLiveOrder(o);
          const line = paymentLine(o);
          // Paying stays open after the session (customers pay at the desk after playing).
          const { toPay, toRefund } = orderBalance(o);
          const payable = live && Number(toPay) > 0;
          // A paid order's links are closed: nothing to copy for the customer.
          const bill = payable ? o.bill : null;
          const game = gameName(o.game_id);
          return (
            <Box key={o.id} data-testid="slot-order-row" data-order-id={o.id} data-status={o.status}>
              {i > 0 && <Divider />}
              <Box sx={{ px: 3, py: 1.5, opacity: live ? 1 : 0.6 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Link href={`/orders/${o.id}`} target="_blank" rel="noopener" sx={{ fontWeight: 700 }} aria-label={translate('app.booking.actions.openOrder', { id: o.id })}>
                    №{o.id}<OpenInNewIcon sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'middle' }} />
                  </Link>
                  {/* A 150-character name is cut with its whole text as the title, not run past the dialog (#18). */}
                  <TruncatedText text={guestName(o.name, translate)} maxWidth="100%" sx={{ fontWeight: 600, flex: '0 1 auto' }} />
                  <Box sx={{ flex: 1 }} />
                  {o.order_type !== 1 && <Chip size="small" variant="outlined" label={translate(`app.orderTypes.t${o.order_type}`)} />}
                  <Chip size="small" label={orderStatusText(translate, o.status)} color={o.status === 6 ? 'success' : o.status === 4 || o.status === 5 ? 'default' : 'warning'} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {o.phone}{o.email ? ` · ${o.email}` : ''} · {translate('app.calendar.persons', { n: o.persons })}{game ? ` · ${game}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, color: live ? paymentLineColour(line.kind) : 'text.secondary' }} data-testid="order-payment-line">
                  {paymentLineText(translate, o, currency)}
                  {live && Number(o.purchase) > 0 && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                      {' '}({translate('app.booking.slot.paidOf', { paid: money(o.paid), purchase: money(o.purchase) })})
                    </Typography>
                  )}
                </Typography>
                {(o.comment || o.promocode) && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                    {o.promocode ? `${translate('app.booking.fields.promocode')}: ${o.promocode}` : ''}
                    {o.promocode && o.comment ? ' · ' : ''}{o.comment}
                  </Typography>
                )}
                {Number(toRefund) > 0 && (
                  <Box sx={{ mt: 1 }}>
                    <RefundDue order={{ id: o.id, status: o.status, to_refund: toRefund, currency: currency ?? null }} onRefunded={onChanged} />
                  </Box>
                )}
                {live && (payable || changeable || !!bill) && (
                  <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    {bill && (
                      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => copyBill(bill)} data-testid="copy-bill">
                        {translate('app.booking.actions.copyBill')}
                      </Button>
                    )}
                    {payable && held(
                      <Button size="small" variant="contained" color="success" startIcon={<PaymentsIcon />} onClick={() => onPay(o, slot)}>
                        {translate('app.booking.actions.pay')}
                      </Button>,
                    )}
                    {changeable && held(
                      <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => onEdit(o, slot)}>
                        {translate('app.booking.actions.edit')}
                      </Button>,
                    )}
                    {changeable && held(
                      <Button size="small" color="error" startIcon={<CancelIcon />} onClick={() => setCancelling(o)}>
                        {translate('app.booking.actions.cancel')}
                      </Button>,
                    )}
                  </Stack>
                )}
              </Box>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
      </DialogActions>
      {cancelling && (
        <CancelOrderQuestion
          order={{ id: cancelling.id, name: cancelling.name, paid: cancelling.paid, time: `${slot.begin}–${slot.end}`, playground: slot.playground_name }}
          currency={currency} onClose={() => setCancelling(null)} onCancelled={onChanged} />
      )}
    </Dialog>
  );
}
