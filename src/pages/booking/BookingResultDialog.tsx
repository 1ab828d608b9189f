// The order-created dialog: the order number as a link that opens the order page in a new tab,
// the amount the server settled on, and a shortcut to take the payment; for a booking with an open
// payment link, the link, where it went and its copy button instead, and no "Pay" (the customer pays
// on the link; money taken here too would be taken twice, #25, #30). When the server refused,
// "Unable to create the order" (or save) and the reason: the spec's error catalogue's named cases,
// else every reason the server gave (#39), "try later" only when it gave none (no answer, a 5xx).
import { guestName } from '../../../domain/guest';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Skeleton, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { useOrder, useOrderLog } from './api';
import { openLinks } from '../../../domain/orderBalance';
import { CopyLinkButton, linkSentTo, PaymentLinkDetails, type PaymentLinkShown } from './PaymentLink';
import type { BookingFailure } from './bookingForm';
import type { OrderDetail } from './types';

export type BookingResult =
  | { kind: 'created'; id: number }
  | { kind: 'failed'; failure: BookingFailure; editing: boolean };

function CreatedContent({ id, order, link }: { id: number; order: OrderDetail | undefined; link: PaymentLinkShown | null }) {
  const translate = useTranslate();
  const money = (v: string) => formatMoney(v, order?.currency, languageOf(translate));
  return (
    <DialogContent>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="p" data-testid="created-order">
          {translate('app.booking.result.orderNumber')}{' '}
          <Link href={`/orders/${id}`} target="_blank" rel="noopener" data-testid="created-order-link" sx={{ fontWeight: 700 }}>
            №{id}<OpenInNewIcon sx={{ fontSize: 16, ml: 0.5, verticalAlign: 'middle' }} />
          </Link>
        </Typography>
      </Box>
      {order ? (
        <Typography data-testid="created-summary">
          {guestName(order.name, translate)}{order.phone ? `, ${order.phone}` : ''} · {translate('app.calendar.persons', { n: order.persons })}<br />
          {translate('app.booking.result.toPay')}: <b>{money(order.need_paid)}</b>
          {Number(order.discount) > 0 && <> ({translate('app.booking.price.discount')} {money(order.discount)})</>}
        </Typography>
      ) : <Skeleton width="80%" />}
      {link && <Box sx={{ mt: 2 }} data-testid="created-link"><PaymentLinkDetails orderId={id} link={link} /></Box>}
    </DialogContent>
  );
}

/** The created order as the server settled it (its amount wins over the form's preview). */
function CreatedDialogBody({ id, onClose, onPay }: { id: number; onClose: () => void; onPay?: (order: OrderDetail) => void }) {
  const translate = useTranslate();
  const order = useOrder(id).data;
  const links = order ? openLinks(order.payments) : null;
  const linkOpen = !!order?.bill && !!links && links.count > 0;
  // Where its letter went: the order log, read only for an order with a link.
  const log = useOrderLog(id, linkOpen);
  const link = linkOpen && !log.isPending
    ? { url: order!.bill!, amount: formatMoney(links!.amount, order!.currency, languageOf(translate)), sentTo: linkSentTo(log.data) }
    : null;
  return (
    <>
      <CreatedContent id={id} order={order} link={link} />
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
        {link && <CopyLinkButton url={link.url} variant="contained" />}
        {order && onPay && !linkOpen && Number(order.need_paid) > 0 && (
          <Button variant="contained" color="success" onClick={() => onPay(order)} data-testid="created-pay">{translate('app.booking.actions.pay')}</Button>
        )}
      </DialogActions>
    </>
  );
}

export function BookingResultDialog({ result, onClose, onPay }: {
  result: BookingResult;
  onClose: () => void;
  onPay?: (order: OrderDetail) => void;
}) {
  const translate = useTranslate();
  const created = result.kind === 'created';
  // The catalogue's named case in its words, else the server's reasons (one a line), else "try later".
  let reasons: readonly string[] = [];
  if (result.kind === 'failed') {
    const { failure } = result;
    reasons = failure.texts?.length ? failure.texts
      : [translate(failure.reason === 'tryLater' || failure.reason === 'server' || failure.reason === 'cancelDelay' ? 'app.alerts.tryLater' : `app.booking.result.reasons.${failure.reason}`)];
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="booking-result-title" data-testid="booking-result">
      <DialogTitle id="booking-result-title">
        {created
          ? translate('app.booking.result.createdTitle')
          : translate(result.editing ? 'app.booking.result.unableToSave' : 'app.booking.result.unableToCreate')}
      </DialogTitle>
      {result.kind === 'created' ? <CreatedDialogBody id={result.id} onClose={onClose} onPay={onPay} /> : (
        <>
          <DialogContent>
            <Alert severity="error" data-testid="booking-result-reason">
              {reasons.map((r) => <Box key={r} component="span" sx={{ display: 'block' }}>{r}</Box>)}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>{translate('app.common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
