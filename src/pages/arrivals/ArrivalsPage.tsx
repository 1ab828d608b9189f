// #44 /locations/{id}/arrivals: the day's arrivals by session. Each order: paid or what is owed,
// signed x of y, checked in x of y, and its participants. The search box takes a phone, a name, an
// order number, or the arrival link a USB scanner types from the QR code (then Enter). "Check in"
// checks in the whole order in one action; a participant's chip checks in (or undoes) one person.
// What blocks (a document unsigned, money owed) is said as the server says it; role 20 or more may
// check in past it with a reason. An order not everyone signed opens the desk's tablet mode ("Sign on
// the tablet", also where a check-in is blocked): the guests' page full-screen, for the guests to sign.
// Where the browser reads barcodes, the camera reads the QR code too (CameraScan). ?date= and
// ?search= open a day and a search (the tablet mode comes back to its order so). Where arrivals are off,
// the notice links an administrator to the switch (location_settings#arrivals).
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import TabletIcon from '@mui/icons-material/TabletAndroid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { businessDateOf, wallClockAt } from '../../../domain/businessDay';
import { CHECK_IN_MANAGER_ROLE } from '../../../domain/arrivals';
import { MANAGER_ROLE_ID } from '../../../domain/roles';
import { formatMoney, type Currency } from '../../../domain/money';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { DateField } from '../../components/forms/DateField';
import { ApiError, api } from '../../dataProvider/http';
import { languageOf } from '../../i18n/useLanguage';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { CameraScan } from './CameraScan';

interface Participant { id: number; position: number; lead: boolean; name: string; signed: boolean; checked_in: boolean }
interface ArrivalOrder {
  id: number; name: string; phone: string; persons: number; to_pay: string; paid_in_full: boolean; signed: number; checked_in: number; no_show: boolean; participants: Participant[];
}
interface Arrivals {
  date: string; arrivals_enabled: boolean; currency: Currency | null;
  sessions: { playground_id: number; playground_name: string; time_start: string; orders: ArrivalOrder[] }[];
}

function OrderRow({ order, currency, role, refresh, locationId }: { order: ArrivalOrder; currency: Currency | null; role: number; refresh: () => Promise<unknown>; locationId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const lang = languageOf(translate);
  const [blocked, setBlocked] = useState<{ reasons: string[]; participants?: number[] } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (method: 'POST' | 'DELETE', participants?: number[], why?: string) => {
    setBusy(true);
    try {
      await api(`/api/v2.2/orders/${order.id}/check_in/`, { method, body: { ...(participants ? { participants } : {}), ...(why ? { reason: why } : {}) } });
      setBlocked(null);
      setReason('');
      notify(method === 'POST' ? 'app.arrival.desk.checkedIn' : 'app.arrival.desk.undone', { type: 'success', messageArgs: { id: order.id } });
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && method === 'POST') setBlocked({ reasons: [...error.reasons], participants });
      else notify(error instanceof ApiError ? error.message : String(error), { type: 'error' });
    } finally { setBusy(false); }
  };
  const all = order.checked_in === order.persons;
  const unsigned = order.signed < order.persons;
  const tablet = (
    <Button variant="outlined" size="small" startIcon={<TabletIcon />} onClick={() => navigate(`/locations/${locationId}/arrivals/tablet/${order.id}`)} data-testid="arrival-tablet">
      {translate('app.arrival.tablet.open')}
    </Button>
  );
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', py: 1 }} data-testid={`arrival-order-${order.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{`№${order.id} ${order.name}`}</Typography>
        <Typography color="text.secondary">{order.phone}</Typography>
        <Chip size="small" color={order.paid_in_full ? 'success' : 'warning'} data-testid="arrival-paid"
          label={order.paid_in_full ? translate('app.arrival.desk.paid') : translate('app.arrival.desk.owes', { amount: formatMoney(order.to_pay, currency, lang) })} />
        <Chip size="small" color={order.signed === order.persons ? 'success' : 'default'} data-testid="arrival-signed"
          label={translate('app.arrival.desk.signed', { n: order.signed, total: order.persons })} />
        <Chip size="small" color={all ? 'success' : 'default'} data-testid="arrival-checked"
          label={translate('app.arrival.desk.checked', { n: order.checked_in, total: order.persons })} />
        {order.no_show && <Chip size="small" color="error" label={translate('app.arrival.desk.noShow')} />}
        {!all && <Button variant="contained" size="small" disabled={busy} onClick={() => void send('POST')} data-testid="arrival-check-in">{translate('app.arrival.desk.checkIn')}</Button>}
        {unsigned && !blocked && tablet}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {order.participants.map((p) => (
          <Chip key={p.id} variant={p.checked_in ? 'filled' : 'outlined'} color={p.checked_in ? 'success' : p.signed ? 'primary' : 'default'} disabled={busy}
            data-testid={`arrival-participant-${p.position}`}
            label={`${p.name || translate('app.arrival.desk.guest', { n: p.position })}${p.signed ? '' : ` · ${translate('app.arrival.desk.unsigned')}`}${p.checked_in ? ' ✓' : ''}`}
            onClick={() => void send(p.checked_in ? 'DELETE' : 'POST', [p.id])} />
        ))}
      </Stack>
      {blocked && (
        <Alert severity="warning" sx={{ mt: 1 }} role="alert" data-testid="arrival-blocked">
          {blocked.reasons.map((r) => <div key={r}>{r}</div>)}
          {unsigned && <Box sx={{ mt: 1 }}>{tablet}</Box>}
          {role >= CHECK_IN_MANAGER_ROLE ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <TextField size="small" label={translate('app.arrival.desk.reason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'arrival-reason' } }} />
              <Button disabled={busy || !reason.trim()} onClick={() => void send('POST', blocked.participants, reason.trim())} data-testid="arrival-override">{translate('app.arrival.desk.override')}</Button>
            </Stack>
          ) : <div>{translate('app.arrival.desk.askManager')}</div>}
        </Alert>
      )}
    </Box>
  );
}

export function ArrivalsPage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const client = useQueryClient();
  const location = useLocationDetail(locationId);
  const today = location.data?.timezone ? businessDateOf(wallClockAt(location.data.timezone)) : '';
  const [opened] = useSearchParams();
  const [day, setDay] = useState(opened.get('date') ?? '');
  const [typed, setTyped] = useState(opened.get('search') ?? '');
  const [search, setSearch] = useState(opened.get('search') ?? '');
  const date = day || today;
  const key = ['arrivals', locationId, date, search];
  const arrivals = useQuery({
    queryKey: key, enabled: !!date, retry: false,
    queryFn: () => api<Arrivals>(`/api/v2.2/locations/${locationId}/arrivals/`, { query: { date, ...(search ? { search } : {}) } }),
  });
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  const role = location.data?.role?.value ?? 0;
  const data = arrivals.data;
  const refresh = () => client.invalidateQueries({ queryKey: ['arrivals', locationId] });
  return (
    <Box sx={{ p: 2, maxWidth: 1100 }} data-testid="arrivals-page">
      <Title title={translate('app.arrival.desk.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{translate('app.arrival.desk.heading', { location: location.data?.name ?? '' })}</Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} component="form" onSubmit={(e) => { e.preventDefault(); setSearch(typed.trim()); }}>
        <DateField label={translate('app.arrival.desk.date')} value={date} onChange={(v) => setDay(v)} data-testid="arrivals-date" />
        <TextField size="small" autoFocus sx={{ minWidth: 320 }} label={translate('app.arrival.desk.search')} helperText={translate('app.arrival.desk.searchHint')} value={typed}
          onChange={(e) => { setTyped(e.target.value); if (!e.target.value) setSearch(''); }} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'arrivals-search' } }} />
        <Button type="submit" data-testid="arrivals-find">{translate('app.arrival.desk.find')}</Button>
        <CameraScan onCode={(code) => { setTyped(code); setSearch(code); }} />
      </Stack>
      {/* #44 The way to the switch: the location settings' arrivals section for its administrator, words for the others. */}
      {data && !data.arrivals_enabled && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="arrivals-off"
          action={role >= MANAGER_ROLE_ID ? <Button component={RouterLink} to={`/locations/${locationId}/location_settings#arrivals`} color="inherit" size="small">{translate('app.locationArrivals.desk.turnOn')}</Button> : undefined}>
          {translate('app.arrival.desk.off')}{role >= MANAGER_ROLE_ID ? null : ` ${translate('app.locationArrivals.desk.askAdmin')}`}
        </Alert>
      )}
      {data?.arrivals_enabled && data.sessions.length === 0 && <Typography color="text.secondary" data-testid="arrivals-empty">{translate('app.arrival.desk.empty')}</Typography>}
      {/* Where arrivals are off nobody is checked in: the notice alone, not a list to act on. */}
      {data?.arrivals_enabled && data.sessions.map((s) => (
        <Card key={`${s.playground_id}|${s.time_start}`} sx={{ mb: 2 }} data-testid="arrival-session">
          <CardContent>
            <Typography variant="h6" component="h2">{s.time_start.slice(11, 16)} · {s.playground_name}</Typography>
            {s.orders.map((o) => <OrderRow key={o.id} order={o} currency={data.currency} role={role} refresh={refresh} locationId={locationId} />)}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
