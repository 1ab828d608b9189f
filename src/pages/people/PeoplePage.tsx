// #47 /locations/{id}/people (role 40 there): a guest's data on request. Find a person by phone or
// e-mail: their orders here (the ones still to come flagged: an erasure waits for them to be
// cancelled), then export everything held about them or erase them (components/people). Below: the
// location's open and overdue data requests (a link to their list) and the retention setting, the
// declared single form of src/resources/people (erase guests' data N months after their last session).
import { useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { ResourceSingleForm } from '../../components/forms/ResourceSingleForm';
import { GuestDataActions, type GuestContact } from '../../components/people/GuestDataActions';
import { ManagementShell } from '../management/ManagementShell';
import { formatInstant, formatWallClock } from '../../../domain/dates';
import { ORDER_STATUS_LABELS } from '../../../domain/enumLabels';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { languageOf, useMoney } from '../../i18n/useLanguage';
import type { LocationInfo } from '../management/api';

const t = (key: string) => `app.people.${key}`;

interface PersonOrder { id: number; created: string; status: number; name: string; phone: string; email: string | null; persons: number; purchase: string; paid: string; first_session: string | null }
interface Found { contact: GuestContact; orders: PersonOrder[]; upcoming: number[] }

export function PeoplePage() {
  const translate = useTranslate();
  return (
    <ManagementShell titleKey={t('title')} testId="people">
      {(location) => (
        <Box sx={{ display: 'grid', gap: 3, maxWidth: 1000 }}>
          <PersonSearch location={location} />
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">{translate(t('requestsTitle'))}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(t('requestsText'))}</Typography>
              <Link component={RouterLink} to={`/locations/${location.id}/data_requests`} data-testid="people-requests-link">{translate(t('requestsLink'))}</Link>
            </CardContent>
          </Card>
          <Card variant="outlined"><CardContent><ResourceSingleForm name="people" locationId={String(location.id)} /></CardContent></Card>
        </Box>
      )}
    </ManagementShell>
  );
}

function PersonSearch({ location }: { location: LocationInfo }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const handle = useGenericHandler();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const lang = languageOf(translate);
  const money = useMoney();
  const search = async (contact: GuestContact) => {
    const query = { ...(contact.phone ? { phone: contact.phone } : {}), ...(contact.email ? { email: contact.email } : {}) };
    const answer = await handle(async () => (await dataProvider.action<Omit<Found, 'contact'>>('people', { action: 'search', meta: { location_id: location.id }, query })).data);
    if (answer) setFound({ contact, ...answer });
  };
  const empty = !phone.trim() && !email.trim();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">{translate(t('searchTitle'))}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(t('searchText'))}</Typography>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}
          onSubmit={(e) => { e.preventDefault(); if (!empty) void search({ phone: phone.trim() || null, email: email.trim() || null }); }}>
          <TextField size="small" label={translate('app.booking.fields.phone')} value={phone} onChange={(e) => setPhone(e.target.value)} type="tel"
            inputProps={{ maxLength: TEXT_LIMITS.phone }} />
          <TextField size="small" label={translate('app.booking.fields.email')} value={email} onChange={(e) => setEmail(e.target.value)} type="email"
            inputProps={{ maxLength: TEXT_LIMITS.email }} />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={empty} sx={{ flexShrink: 0 }}>{translate(t('search'))}</Button>
        </Stack>
        {found && (
          <Box data-testid="people-found">
            {found.orders.length === 0
              ? <Alert severity="info">{translate(t('nothing'))}</Alert>
              : (
                <>
                  <Table size="small" sx={{ mb: 2 }}>
                    <TableHead>
                      <TableRow>
                        {['order', 'session', 'name', 'status', 'paid'].map((c) => <TableCell key={c}>{translate(t(`columns.${c}`))}</TableCell>)}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {found.orders.map((o) => (
                        <TableRow key={o.id}>
                          <TableCell><Link component={RouterLink} to={`/orders/${o.id}`}>#{o.id}</Link></TableCell>
                          <TableCell>{o.first_session ? formatWallClock(o.first_session) : formatInstant(o.created, location.timezone)}</TableCell>
                          <TableCell>{o.name}</TableCell>
                          <TableCell>{ORDER_STATUS_LABELS[o.status]?.[lang] ?? o.status}</TableCell>
                          <TableCell>{money(o.paid, location.currency)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {found.upcoming.length > 0 && (
                    <Alert severity="warning" sx={{ mb: 2 }}>{translate(t('upcoming'), { orders: found.upcoming.map((id) => `#${id}`).join(', ') })}</Alert>
                  )}
                </>
              )}
            <GuestDataActions locationId={location.id} contact={found.contact} orders={found.orders.length}
              onErased={() => void search(found.contact)} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
