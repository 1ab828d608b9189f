// #44 The desk's tablet mode (/locations/:location_id/arrivals/tablet/:order_id): the guests' own
// signing page (/arrival/<key>, the widget's bundle, its sign call) framed full-screen on the desk's
// device, which staff hand to the guests. No staff navigation: a bar with the language and the way
// back, which is held for two seconds (a tap does nothing), and Back stays here. Signatures made here
// carry the staff's token (?desk=1): their order-log entries name the staff user. The way back
// returns to the Arrivals screen on the order's day with the order found, read afresh.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { api } from '../../dataProvider/http';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { languageOf } from '../../i18n/useLanguage';
import type { OrderDetail } from '../booking/types';

/** How long the way back is held. */
const HOLD_MS = 2000;

/** A button that acts only when held (pointer or key): a guest's tap does nothing. */
function HoldButton({ label, hint, onHeld }: { label: string; hint: string; onHeld: () => void }) {
  const [progress, setProgress] = useState(0);
  const timer = useRef<number | null>(null);
  const stop = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setProgress(0);
  };
  const start = () => {
    if (timer.current !== null) return;
    const began = Date.now();
    timer.current = window.setInterval(() => {
      const done = Math.min(1, (Date.now() - began) / HOLD_MS);
      setProgress(done);
      if (done >= 1) { stop(); onHeld(); }
    }, 50);
  };
  useEffect(() => stop, []);
  return (
    <Box sx={{ position: 'relative' }}>
      <Button variant="outlined" color="inherit" data-testid="tablet-exit" title={hint} aria-description={hint}
        onPointerDown={start} onPointerUp={stop} onPointerLeave={stop} onPointerCancel={stop} onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); start(); } }} onKeyUp={stop} onBlur={stop}
        sx={{ minHeight: 48, userSelect: 'none', touchAction: 'none' }}>
        {label}
      </Button>
      {progress > 0 && <LinearProgress variant="determinate" value={progress * 100} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} data-testid="tablet-exit-progress" />}
    </Box>
  );
}

export function TabletSigningPage() {
  useSignedIn();
  const { location_id: locationId = '', order_id: orderId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [lang, setLang] = useState(languageOf(translate));
  // The location is read like every location screen's: one that is not there, or not the user's, says so at once.
  const location = useLocationDetail(locationId);
  const order = useQuery({ queryKey: ['arrivals', 'tablet', orderId], retry: false, queryFn: () => api<OrderDetail>(`/api/v2.2/orders/${orderId}/`) });
  // An order of another location is not signed under this one's address.
  const elsewhere = !!order.data && String(order.data.location_id) !== locationId;

  // Full screen where the browser allows it (the click that opened this screen lends the gesture).
  useEffect(() => {
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    return () => { if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined); };
  }, []);
  // The tab's title in the screen's language (no layout here sets it: the page's own default is Russian).
  const title = translate('app.arrival.tablet.title', { id: orderId });
  useEffect(() => { document.title = title; }, [title]);
  // Back stays here: the guest cannot step back into the back-office.
  useEffect(() => {
    const stay = () => window.history.pushState(window.history.state, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);

  const leave = () => {
    const o = order.data;
    const query = new URLSearchParams({ ...(o?.session_date ? { date: o.session_date } : {}), search: orderId });
    navigate(`/locations/${o?.location_id ?? locationId}/arrivals?${query}`, { replace: true });
  };
  const path = order.data?.arrival_url && !elsewhere ? new URL(order.data.arrival_url, window.location.origin).pathname : null;
  if (location.isError) return <Box component="main" sx={{ p: 2 }}><LocationUnavailable id={locationId} error={location.error} /></Box>;
  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }} data-testid="tablet-mode">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>{translate('app.arrival.tablet.title', { id: orderId })}</Typography>
        {(['ru', 'en'] as const).map((l) => (
          <Button key={l} variant={lang === l ? 'contained' : 'outlined'} onClick={() => setLang(l)} aria-pressed={lang === l} lang={l}
            data-testid={`tablet-lang-${l}`} sx={{ minHeight: 48, minWidth: 64 }}>
            {l === 'ru' ? 'RU' : 'EN'}
          </Button>
        ))}
        <HoldButton label={translate('app.arrival.tablet.exit')} hint={translate('app.arrival.tablet.exitHint')} onHeld={leave} />
      </Stack>
      {(order.isError || elsewhere) && <Alert severity="error" sx={{ m: 2 }}>{translate('app.arrival.tablet.failed')}</Alert>}
      {path && (
        // A new frame per language (key): changing its address would add a step to Back.
        <Box component="iframe" key={lang} src={`${path}?lang=${lang}&desk=1`} title={translate('app.arrival.tablet.frame')}
          data-testid="tablet-frame" sx={{ flex: 1, border: 0, width: '100%' }} />
      )}
    </Box>
  );
}
