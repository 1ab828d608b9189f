// /orders/{id}: the order (customer, sessions, money, promo code, seller and staff), its log and
// its payments. Opened in a new tab from the order-created dialog, the slot's order list and the
// search. A missing order (404) says so; a skeleton shows while it loads. #39 It pays, edits, moves
// and cancels the order with the desk's own dialogs (useBookingDialogs, CancelOrderQuestion) while
// its session has not begun, and "Open in the calendar" opens the day view on the order's card.
// #40 It shows the customer's personal-data consent record (OrderConsent).
import { guestName } from '../../../domain/guest';
import { useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, Grid, Link, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead,
  TableRow, Typography,
} from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import CancelIcon from '@mui/icons-material/Cancel';
import EditIcon from '@mui/icons-material/Edit';
import MoveIcon from '@mui/icons-material/EditCalendar';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { paymentLine } from '../../../domain/paymentLine';
import { ApiError } from '../../dataProvider/http';
import { paymentLineColour, paymentLineText } from '../../calendar/paymentLineText';
import { useBookingRefresh, useLocationOf, useOrder, useOrderLog, usePlaygroundSchedule, useUser } from '../booking/api';
import { useBookingDialogs } from '../booking/BookingDialogs';
import { CancelOrderQuestion } from '../booking/CancelOrderQuestion';
import { useWallClock } from '../booking/clock';
import { canChangeOrders } from '../../calendar/calendarModel';
import { businessDateOf } from '../../../domain/businessDay';
import type { OrderDetail } from '../booking/types';
import { orderStatusText } from '../booking/SlotOrdersDialog';
import { formatWallClock, logAuthor, logSummary, logTypeText } from './orderLog';
import { PayDialog } from '../booking/PayDialog';
import { RefundDue } from './RefundDue';
import { OrderRefunds } from './OrderRefunds';
import { OrderTableCard } from './OrderTableCard';
import { OrderConsent } from './OrderConsent';
import { OrderArrival } from './OrderArrival';
import { OrderMessages } from './OrderMessages';
import { isLiveOrder } from '../../../domain/slotFlags';
import { openLinks } from '../../../domain/orderBalance';
import type { OrderPayment } from '../booking/types';
import { TestPaymentBadge } from '../../components/TestPaymentBadge';
import { useFollowLocations } from '../../live/followed';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { formatInstant } from '../../../domain/dates';
import { GuestDataActions } from '../../components/people/GuestDataActions';
import { canManageLocation } from '../../../domain/roles';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography component="div" data-testid={testId} sx={{ wordBreak: 'break-word' }}>{children || '—'}</Typography>
    </Grid>
  );
}

function OrderSkeleton() {
  return (
    <Box data-testid="order-skeleton" aria-busy="true">
      <Skeleton variant="text" width={280} height={48} />
      <Skeleton variant="rounded" height={180} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={160} />
    </Box>
  );
}

/**
 * The order as the desk's slot holds it (its first session's slot of the day's schedule): what the
 * desk's edit and move start from, and whether the session has begun. Null until read, or when the
 * schedule no longer lists it.
 */
function useOrderSlot(o: OrderDetail | undefined) {
  const first = o?.playsessions[0];
  const schedule = usePlaygroundSchedule(first?.playground_id ?? null, first ? businessDateOf(first.session_dt) : null);
  const slot = first ? schedule.data?.find((s) => s.time_start === first.session_dt) : undefined;
  const order = slot?.orders.find((x) => x.id === o?.id);
  return slot && order ? { slot, order } : null;
}

function UserName({ id }: { id: number | null | undefined }) {
  const user = useUser(id);
  if (!id) return <>—</>;
  if (user.isPending) return <Skeleton width={120} sx={{ display: 'inline-block' }} />;
  return <>{user.data?.name || user.data?.email || `#${id}`}</>;
}

export function OrderPage() {
  useSignedIn();
  const { order_id: orderId = '' } = useParams();
  const translate = useTranslate();
  const order = useOrder(orderId);
  const log = useOrderLog(orderId, order.isSuccess);
  const location = useLocationOf(order.data?.location_id);
  // The live desk follows the order's location too (the address names none).
  useFollowLocations(order.data ? [order.data.location_id] : []);
  // Paying is open whenever something is owed, also after the session (customers pay after playing).
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const timezone = location.data?.timezone;
  const now = useWallClock(timezone);
  const dialogs = useBookingDialogs({ location: location.data, now, today: businessDateOf(now) });
  const refresh = useBookingRefresh();
  const held = useOrderSlot(order.data);
  // Edit, move and cancel as at the desk: a live order whose session has not begun.
  const changeable = !!held && !!order.data && isLiveOrder(order.data) && canChangeOrders(held.slot, now);
  // The one date formatter, on the order's location's clock.
  const when = (iso: string) => formatInstant(iso, timezone);

  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <Box component="main" sx={{ maxWidth: 900 }}>
        <Title title={translate('app.order.notFoundTitle')} />
        <Alert severity={missing ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="order-not-found">
          {missing ? translate('app.order.notFound', { id: orderId }) : (order.error as Error).message}
        </Alert>
        <Link component={RouterLink} to="/locations" sx={{ display: 'inline-block', mt: 2 }}>{translate('app.notFound.home')}</Link>
      </Box>
    );
  }
  // Times wait for the location's clock: drawn before it came, the log read 04:22 (the browser's zone) and then 07:22.
  if (!order.data || (!timezone && !location.isError)) return <Box component="main" sx={{ maxWidth: 1100 }}><OrderSkeleton /></Box>;

  const o = order.data;
  const money = (v: string) => formatMoney(v, o.currency, languageOf(translate));
  const line = paymentLine(o);
  const title = translate('app.order.title', { id: o.id });
  const firstDate = o.session_date;

  return (
    <Box component="main" sx={{ maxWidth: 1100, pb: 4 }} data-testid="order-page">
      <Title title={title} />
      {/* One wrapping row: on a phone the chips keep their own width under the title, not a
          full-width bar each. */}
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1">{title}</Typography>
        <Chip label={orderStatusText(translate, o.status)} color={o.status === 6 ? 'success' : o.status === 4 || o.status === 5 ? 'default' : 'warning'} data-testid="order-status" />
        <Chip label={`${translate('app.booking.fields.orderType')}: ${translate(`app.orderTypes.t${o.order_type}`)}`} variant="outlined" />
        <Box sx={{ flex: 1 }} />
        {isLiveOrder(o) && Number(o.need_paid) > 0 && (
          <Button variant="contained" color="success" startIcon={<PaymentsIcon />} onClick={() => setPaying(true)} data-testid="order-pay">
            {translate('app.booking.actions.pay')}
          </Button>
        )}
        {changeable && held && (
          <>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => dialogs.openEdit(held.order, held.slot)} data-testid="order-edit">
              {translate('app.booking.actions.edit')}
            </Button>
            <Button variant="outlined" startIcon={<MoveIcon />} onClick={() => dialogs.openEdit(held.order, held.slot, true)} data-testid="order-move">
              {translate('app.order.move')}
            </Button>
            <Button color="error" startIcon={<CancelIcon />} onClick={() => setCancelling(true)} data-testid="order-cancel">
              {translate('app.booking.actions.cancel')}
            </Button>
          </>
        )}
        {firstDate && (
          // The day view opens this order's card (its slot's order list) from `order` in the address.
          <Link component={RouterLink} to={`/locations/${o.location_id}/booking_admin?date=${firstDate}&order=${o.id}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            data-testid="order-open-calendar">
            <EventIcon fontSize="small" />{translate('app.order.openCalendar')}
          </Link>
        )}
      </Stack>
      {dialogs.element}
      {cancelling && held && (
        <CancelOrderQuestion
          order={{ id: o.id, name: o.name, paid: o.paid, time: `${held.slot.begin}–${held.slot.end}`, playground: held.slot.playground_name }}
          currency={o.currency} onClose={() => setCancelling(false)} onCancelled={refresh} />
      )}

      {paying && (
        <PayDialog
          order={{ id: o.id, name: o.name, need_paid: o.need_paid }}
          currency={o.currency}
          onClose={() => setPaying(false)}
          onPaid={() => Promise.all([order.refetch(), log.refetch()])}
        />
      )}
      {(Number(o.to_refund ?? 0) > 0 || Number(o.refund_pending ?? 0) > 0) && (
        // Keyed by what is due: the amount field starts again from the new figures after a refund (#29).
        <RefundDue key={`${o.to_refund}-${o.refund_pending}-${o.online_refundable}`}
          order={{ id: o.id, status: o.status, to_refund: o.to_refund!, currency: o.currency, refund_pending: o.refund_pending }}
          onRefunded={() => Promise.all([order.refetch(), log.refetch()])} />
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.order.customer')}</Typography>
          <Grid container spacing={2}>
            <Field label={translate('app.booking.fields.name')} testId="order-name">{guestName(o.name, translate)}</Field>
            <Field label={translate('app.booking.fields.phone')} testId="order-phone">{o.phone}</Field>
            <Field label={translate('app.booking.fields.email')}>{o.email}</Field>
            <Field label={translate('app.booking.fields.persons')} testId="order-persons">{o.persons}</Field>
            <Field label={translate('app.booking.fields.game')}>{o.game?.name}</Field>
            <Field label={translate('app.booking.fields.promocode')}>{o.promocode}</Field>
            <Field label={translate('app.order.seller')}><UserName id={o.seller_user_id} /></Field>
            <Field label={translate('app.order.staff')}><UserName id={o.staff_user_id} /></Field>
            <Field label={translate('app.order.created')}>{o.created ? when(o.created) : ''}</Field>
            {o.comment && <Field label={translate('app.booking.fields.comment')}>{o.comment}</Field>}
          </Grid>
          {/* #47 The guest's data on request: an administrator of the location exports or erases them here. */}
          {o.personal_data_erased_at
            ? <Alert severity="info" sx={{ mt: 2 }} data-testid="order-data-erased">{translate('app.people.orderErased', { when: when(o.personal_data_erased_at) })}</Alert>
            : canManageLocation(location.data?.role) && (o.phone || o.email) && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>{translate('app.people.orderTitle')}</Typography>
                <GuestDataActions locationId={o.location_id} contact={{ phone: o.phone, email: o.email }}
                  onErased={() => Promise.all([order.refetch(), log.refetch()])} />
              </Box>
            )}
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 600 }}>{translate('app.order.sessions')}</Typography>
          <TableContainer>
            <Table size="small" data-testid="order-sessions">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.booking.fields.playground')}</TableCell>
                  <TableCell>{translate('app.order.sessionAt')}</TableCell>
                  <TableCell>{translate('app.order.duration')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {o.playsessions.map((s) => (
                  <TableRow key={`${s.playground_id}-${s.session_dt}`}>
                    <TableCell>{s.playground_name}</TableCell>
                    <TableCell>{formatWallClock(s.session_dt)}</TableCell>
                    <TableCell>{translate('app.schedules.minutes', { n: s.duration })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>

      {/* #40 The customer's personal-data consent, under the customer it is about. */}
      <OrderConsent consent={o.personal_data_consent} source={o.source} when={when} />
      {/* #44 Who has come, and the guests' page (its link, its QR code). */}
      <OrderArrival orderId={o.id} email={o.email} url={o.arrival_url} persons={o.persons} checkedIn={o.checked_in ?? 0} noShow={!!o.no_show}
        tabletPath={isLiveOrder(o) ? `/locations/${o.location_id}/arrivals/tablet/${o.id}` : null} />

      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.order.money')}</Typography>
          <Grid container spacing={2}>
            <Field label={translate('app.booking.price.cost')}>{money(o.cost)}</Field>
            <Field label={translate('app.booking.price.discount')}>{money(o.discount)}</Field>
            <Field label={translate('app.order.purchase')} testId="order-purchase">{money(o.purchase)}</Field>
            <Field label={translate('app.order.paid')} testId="order-paid">{money(o.paid)}</Field>
            <Field label={translate('app.order.needPaid')} testId="order-need-paid">
              <Box component="span" sx={{ color: paymentLineColour(line.kind), fontWeight: 600 }}>{paymentLineText(translate, o, o.currency)}</Box>
            </Field>
            {/* Only while it can be paid: a closed link (the order was paid another way, #25) is no link to give. */}
            {o.bill && openLinks(o.payments).count > 0 && <Field label={translate('app.order.bill')}><Link href={o.bill} target="_blank" rel="noopener">{o.bill}</Link></Field>}
          </Grid>
        </CardContent>
      </Card>

      <OrderTableCard title={translate('app.order.log')} tableTestId="order-log" pending={log.isPending} empty={translate('app.order.noLog')}
        columns={['created', 'type', 'text', 'author'].map((c) => ({ label: translate(`app.order.logColumns.${c}`) }))}
        rows={(log.data ?? []).map((e) => (
          <TableRow key={e.id} data-type={e.type}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.created)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{logTypeText(translate, e.type)}</TableCell>
            <TableCell>{logSummary(e, translate, money) || '—'}</TableCell>
            <TableCell>{logAuthor(e, translate)}</TableCell>
          </TableRow>
        ))} />

      <OrderRefunds refunds={o.refunds ?? []} money={money} when={when} />
      {/* #45 What the customer was sent, or is to be sent, and when. */}
      <OrderMessages orderId={o.id} when={when} />

      <OrderTableCard title={translate('app.order.payments')} tableTestId="order-payments" empty={translate('app.order.noPayments')} last
        columns={[...['id', 'type', 'created', 'status', 'externalId'].map((c) => ({ label: translate(`app.order.paymentColumns.${c}`) })),
          { label: translate('app.order.paymentColumns.purchase'), align: 'right' as const },
          ...['comment', 'receipt', 'user'].map((c) => ({ label: translate(`app.order.paymentColumns.${c}`) }))]}
        rows={o.payments.map((p) => (
          <TableRow key={p.id} data-payment-type={p.payment_type}>
            <TableCell>{p.id}</TableCell>
            <TableCell>{translate(`app.paymentTypes.t${p.payment_type}`, { _: String(p.payment_type) })}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(p.created)}</TableCell>
            <TableCell>
              {translate(`app.order.paymentStatus.${p.status}`, { _: p.status })}
              <TestPaymentBadge payment={p} />
              {/* #38 What the provider reported when it was not the link's amount and currency: not settled. */}
              {p.provider_mismatch && (
                <Typography variant="body2" color="error" data-testid="payment-mismatch">
                  {translate('app.order.providerMismatch', { amount: p.provider_mismatch.amount ?? '—', currency: p.provider_mismatch.currency ?? '—' })}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{p.external_id ?? '—'}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(p.purchase)}</TableCell>
            <TableCell>{p.comment || '—'}</TableCell>
            <TableCell data-testid="payment-receipt"><PaymentReceipt payment={p} /></TableCell>
            <TableCell>{p.user?.name || p.user?.email || '—'}</TableCell>
          </TableRow>
        ))} />
    </Box>
  );
}

/**
 * #29 receipts: an online payment's 54-FZ receipt state and, for a prepayment, its settlement
 * receipt's (sent after the session); a payment with no receipt due (the desk's cash and card go
 * through the venue's own register) shows a dash.
 */
function PaymentReceipt({ payment }: { payment: OrderPayment }) {
  const translate = useTranslate();
  const state = (code: string) => translate(`app.order.receiptStatus.${code}`, { _: code });
  // A link not paid (yet) has no receipt to register.
  if (payment.status !== 'paid' || (!payment.receipt_status && !payment.settlement_status)) return <>—</>;
  return (
    <>
      {payment.receipt_status ? state(payment.receipt_status) : '—'}
      {payment.settlement_status && (
        <Typography variant="body2" color="text.secondary" data-testid="payment-settlement">
          {translate('app.order.settlement', { state: state(payment.settlement_status) })}
        </Typography>
      )}
    </>
  );
}
