// /control: technical sessions (permission accounts.{product}.techsessions). Every location of
// the user with its playgrounds: the launcher token (create when missing, replace when present)
// and technical access (start where tech_control is on, stop while it has not expired).
// The list is GET /api/v2.1/locations/my/, read again at each technical session event of any
// location shown (the live desk follows them all) and every CONTROL_REFRESH_MS besides.
import { useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { CONTROL_REFRESH_MS } from '../../../domain/constants';
import { timeZoneName } from '../../../domain/dates';
import { useLanguage } from '../../i18n/useLanguage';
import { hasPermission } from '../../../domain/permissions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api } from '../../dataProvider/http';
import { deskAction } from '../../dataProvider/desk';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { accessOpen, updatedTime, zonedDateTime } from './access';
import { TechSessionDialog } from './TechSessionDialog';
import type { ControlLocation, ControlPlayground } from './types';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { useFollowLocations } from '../../live/followed';

const controlKey = (locale: string) => ['control', 'locations', locale] as const;

export function ControlPage() {
  useSignedIn();
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!hasPermission(permissions, 'techsessions')) {
    return <Alert severity="warning" sx={{ mt: 2 }} data-testid="control-denied">{translate('app.tools.control.denied')}</Alert>;
  }
  return <ControlLocations />;
}

function ControlLocations() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const locations = useQuery({
    queryKey: controlKey(locale),
    queryFn: () => api<ControlLocation[]>('/api/v2.1/locations/my/'),
    refetchInterval: CONTROL_REFRESH_MS,
  });
  const title = translate('app.tools.control.title');

  // dataUpdatedAt is read here so every refresh renders again: "open until" is judged against now.
  const now = Math.max(Date.now(), locations.dataUpdatedAt);
  const withPlaygrounds = (locations.data ?? []).filter((l) => l.playgrounds.length > 0);
  useFollowLocations(withPlaygrounds.map((l) => l.id));

  return (
    <Box component="main" sx={{ maxWidth: 1100, pb: 4 }}>
      <Title title={title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        {locations.dataUpdatedAt > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="control-updated">
            {translate('app.tools.control.updated', { time: updatedTime(locations.dataUpdatedAt, locations.data?.[0]?.timezone) })}
          </Typography>
        )}
        <Button startIcon={<RefreshIcon />} onClick={() => locations.refetch()} disabled={locations.isFetching}>
          {translate('app.tools.control.refresh')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.tools.control.hint')}</Typography>
      {locations.isError && <Alert severity="error">{(locations.error as Error).message}</Alert>}
      {locations.isPending && <Loading />}
      {locations.data && withPlaygrounds.length === 0 && <Typography color="text.secondary">{translate('app.tools.control.empty')}</Typography>}
      <Stack spacing={2}>
        {withPlaygrounds.map((l) => <LocationCard key={l.id} location={l} now={now} />)}
      </Stack>
    </Box>
  );
}

function LocationCard({ location, now }: { location: ControlLocation; now: number }) {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <Card variant="outlined" component="section" data-testid="control-location" data-location-id={location.id} aria-labelledby={`control-loc-${location.id}`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`control-loc-${location.id}`}>{location.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.tools.control.zone', { city: location.city, zone: timeZoneName(location.timezone, lang) })}
        </Typography>
        <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
          {/* Fixed columns: the cards of all locations line up one under another. */}
          <Table size="small" aria-label={location.name} sx={{ tableLayout: 'fixed', minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '16%' }}>{translate('app.tools.control.playground')}</TableCell>
                <TableCell sx={{ width: '30%' }}>{translate('app.tools.control.token')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{translate('app.tools.control.access')}</TableCell>
                <TableCell sx={{ width: '36%' }} align="right">{translate('app.tools.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {location.playgrounds.map((p) => <PlaygroundRow key={p.id} playground={p} timezone={location.timezone} now={now} />)}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

function PlaygroundRow({ playground: p, timezone, now }: { playground: ControlPlayground; timezone: string; now: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'start' | 'replace' | null>(null);
  const [busy, setBusy] = useState(false);
  const open = accessOpen(p, now);
  const refetch = () => client.invalidateQueries({ queryKey: ['control'] });

  const createToken = async () => {
    setBusy(true);
    const saved = await run(() => deskAction<ControlPlayground>('token', { data: { playground: p.id } }));
    if (saved) {
      await refetch();
      notify(p.uuid_token ? 'app.tools.control.tokenReplaced' : 'app.tools.control.tokenCreated', { type: 'success', messageArgs: { name: p.name } });
    }
    setBusy(false);
    setDialog(null);
  };
  const stop = async () => {
    setBusy(true);
    const done = await run(() => deskAction('techStop', { id: p.id }).then(() => true));
    if (done) {
      await refetch();
      notify('app.tools.control.stopped', { type: 'success', messageArgs: { name: p.name } });
    }
    setBusy(false);
  };

  return (
    <TableRow data-testid="control-playground" data-playground-id={p.id}>
      <TableCell>{p.name}</TableCell>
      <TableCell>
        {p.uuid_token
          ? <Box component="code" data-testid="playground-token" sx={{ fontSize: 12, wordBreak: 'break-all' }}>{p.uuid_token}</Box>
          : <Typography variant="body2" color="text.secondary" data-testid="playground-token">{translate('app.tools.control.noToken')}</Typography>}
      </TableCell>
      <TableCell data-testid="tech-access" data-open={open}>
        {open
          ? <Chip size="small" color="success" label={translate('app.tools.control.openUntil', { time: zonedDateTime(p.tech_sessions_access_expires_at!, timezone) })} />
          : <Chip size="small" label={translate(p.tech_control ? 'app.tools.control.closed' : 'app.tools.control.noTechControl')} />}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {p.uuid_token
            ? <Button size="small" startIcon={<KeyIcon />} disabled={busy} onClick={() => setDialog('replace')}>{translate('app.tools.control.replaceToken')}</Button>
            : <Button size="small" startIcon={<KeyIcon />} disabled={busy} onClick={createToken}>{translate('app.tools.control.createToken')}</Button>}
          {p.tech_control && (
            <Button size="small" variant="outlined" startIcon={<PlayArrowIcon />} disabled={busy} onClick={() => setDialog('start')}>
              {translate('app.tools.control.start')}
            </Button>
          )}
          {open && (
            <Button size="small" variant="outlined" color="error" startIcon={<StopIcon />} disabled={busy} onClick={stop}>
              {translate('app.tools.control.stop')}
            </Button>
          )}
        </Stack>
      </TableCell>
      {dialog === 'start' && <TechSessionDialog playground={p} running={open} onClose={() => setDialog(null)} onSaved={refetch} />}
      <ConfirmDialog
        open={dialog === 'replace'}
        title={translate('app.tools.control.replaceTitle', { name: p.name })}
        text={translate('app.tools.control.replaceText')}
        onConfirm={createToken}
        onClose={() => setDialog(null)}
      />
    </TableRow>
  );
}
