// #44 The order's arrival: checked in x of y, a no-show, and the guests' page: "Send link" (a letter
// to the order's e-mail, queued by the server; without an e-mail the button says why it cannot),
// "Copy link" for any messenger, "Show QR" for a guest to scan at the desk, and "Sign on the tablet"
// (the desk's tablet mode, src/pages/arrivals/TabletSigningPage.tsx).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import TabletIcon from '@mui/icons-material/TabletAndroid';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useNotify, useTranslate } from 'react-admin';
import { deskAction } from '../../dataProvider/desk';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';

export function OrderArrival({ orderId, email, url, persons, checkedIn, noShow, tabletPath }: {
  orderId: number; email: string | null | undefined; url: string | undefined; persons: number; checkedIn: number; noShow: boolean; tabletPath: string | null;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const [sending, setSending] = useState(false);
  const [qr, setQr] = useState(false);
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    if (!qr || !url) return undefined;
    let live = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M' }).then((data) => { if (live) setPng(data); });
    return () => { live = false; };
  }, [qr, url]);
  if (!url) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    notify('app.arrival.order.copied', { type: 'info' });
  };
  const send = async () => {
    setSending(true);
    const sent = await run(() => deskAction<{ email: string }>('arrivalLink', { id: orderId }));
    setSending(false);
    if (sent) notify(translate('app.arrivalDesk.linkSent', { email: sent.email }), { type: 'success' });
  };
  return (
    <Card sx={{ mb: 2 }} data-testid="order-arrival">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.arrival.order.title')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip data-testid="order-checked-in" color={checkedIn === persons ? 'success' : 'default'} label={translate('app.arrival.desk.checked', { n: checkedIn, total: persons })} />
          {noShow && <Chip color="error" label={translate('app.arrival.desk.noShow')} data-testid="order-no-show" />}
          <Button variant="outlined" onClick={() => void send()} disabled={!email || sending} data-testid="order-arrival-send"
            title={email ? translate('app.arrivalDesk.sendLinkHint', { email }) : undefined}>{translate('app.arrivalDesk.sendLink')}</Button>
          <Button onClick={() => void copy()} data-testid="order-arrival-copy">{translate('app.arrivalDesk.copyLink')}</Button>
          <Button onClick={() => setQr(true)} data-testid="order-arrival-qr">{translate('app.arrival.order.qr')}</Button>
          {tabletPath && <Button component={RouterLink} to={tabletPath} startIcon={<TabletIcon />} data-testid="order-arrival-tablet">{translate('app.arrival.tablet.open')}</Button>}
        </Stack>
        {!email && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="order-arrival-no-email">{translate('app.arrivalDesk.noEmail')}</Typography>}
        <Link href={url} target="_blank" rel="noopener" variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="order-arrival-link">{url}</Link>
      </CardContent>
      {qr && (
        <Dialog open onClose={() => setQr(false)} maxWidth="xs" fullWidth aria-labelledby="arrival-qr-title">
          <DialogTitle id="arrival-qr-title">{translate('app.arrival.order.qrTitle')}</DialogTitle>
          <DialogContent sx={{ textAlign: 'center' }}>
            <Box sx={{ width: 256, height: 256, mx: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {png ? <img src={png} width={256} height={256} alt={translate('app.arrival.order.qrAlt')} data-testid="order-arrival-qr-image" /> : <CircularProgress />}
            </Box>
            <Typography variant="body2" color="text.secondary">{translate('app.arrival.order.qrHint')}</Typography>
          </DialogContent>
          <DialogActions><Button onClick={() => setQr(false)}>{translate('app.common.close')}</Button></DialogActions>
        </Dialog>
      )}
    </Card>
  );
}
