// /locations, the home screen: the user's locations with country, city, name, role, manage
// links, balance in the location's currency and an active/inactive dot. A country filter with
// "all countries" appears when the locations span more than one country. #42 Above it, the owner's
// unfinished locations with their setup checklists.
import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Dialog, DialogContent, DialogTitle, MenuItem, TextField, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  Datagrid, FunctionField, List, TextField as RaTextField, useGetList, useListContext, useNotify, useRefresh, useTranslate,
  type TranslateFunction,
} from 'react-admin';
import { permissionsAt } from './permissionsAt';
import { balanceCurrency, formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { manageHref, manageLinksFor } from './manageLinks';
import { LocationSettingsForm } from './LocationSettingsForm';
import { loadSessionData } from '../../authProvider';
import { session } from '../../authProvider/session';
import type { LocationRecord } from './types';
import { ReadinessOverview } from '../../components/readiness/ReadinessOverview';

export function roleName(translate: TranslateFunction, role: LocationRecord['role']): string {
  if (!role) return '—';
  return translate(`app.roles.r${role.id}`, { _: translate('app.roles.other', { value: role.value }) });
}

function CountryFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  // All of the user's locations (unfiltered) decide which countries can be chosen.
  const { data = [] } = useGetList<LocationRecord>('locations', { pagination: { page: 1, perPage: 1000 } });
  const countries = [...new Map(data.filter((l) => l.country).map((l) => [l.country!.id, l.country!])).values()];
  if (countries.length <= 1) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('app.locations.country')}
      value={filterValues.country ?? ''}
      onChange={(e) => setFilters(e.target.value ? { ...filterValues, country: e.target.value } : {}, {})}
      fullWidth={false}
      sx={{ width: 260, my: 1 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('app.locations.allCountries')}</MenuItem>
      {countries.map((c) => <MenuItem key={c.id} value={String(c.id)}>{c.name}</MenuItem>)}
    </TextField>
  );
}

function ManageLinks({ record }: { record: LocationRecord }) {
  const translate = useTranslate();
  // Each location's links by what the user holds there (#28).
  const links = manageLinksFor(record, permissionsAt(record));
  if (links.length === 0) {
    return <Typography variant="body2" color="text.secondary" title={translate('app.locations.noManage')}>—</Typography>;
  }
  // #42 Each icon with its words under it: the name a screen reader says is the text one reads.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25 }}>
      {links.map((link) => (
        <Button key={link.path} component={RouterLink} to={manageHref(record, link)} size="small" data-testid={`manage-${link.path}`}
          sx={{ flexDirection: 'column', minWidth: 64, px: 0.5, py: 0.25, textTransform: 'none', lineHeight: 1.15, fontSize: '0.7rem', fontWeight: 400 }}>
          {link.icon}
          <Box component="span" sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>{translate(link.label)}</Box>
        </Button>
      ))}
    </Box>
  );
}

function StatusDot({ active }: { active: boolean }) {
  const translate = useTranslate();
  const label = translate(active ? 'app.locations.active' : 'app.locations.inactive');
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        data-status={active ? 'active' : 'inactive'}
        sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: active ? 'success.main' : 'error.main', display: 'inline-block' }}
      />
    </Tooltip>
  );
}

/** #28 SETUP: the owner's "New location" (the settings form in a dialog); the new row appears at once. */
function NewLocationButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!session.user()?.is_owner) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>{translate('app.locationSettings.newLocation')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('app.locationSettings.newTitle')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <LocationSettingsForm
            onCancel={() => setOpen(false)}
            onSaved={() => { setOpen(false); notify('app.locationSettings.created', { type: 'success' }); void loadSessionData().finally(refresh); }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** #42 The owner's unfinished locations, each with its setup checklist (all of them, whatever the country filter). */
function OwnerReadiness() {
  const { data = [] } = useGetList<LocationRecord>('locations', { pagination: { page: 1, perPage: 1000 } });
  return <ReadinessOverview locations={data} />;
}

/**
 * On a phone the rows become cards: name, place and role, balance and status, and the same manage
 * links as the table's column, labelled, so the calendar and the management screens are a tap away
 * (#39: the compact list had no way on, a dead end at 390 px).
 */
function PhoneLocations({ money }: { money: (r: LocationRecord) => string }) {
  const translate = useTranslate();
  const { data = [] } = useListContext<LocationRecord>();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="phone-locations">
      {data.map((r) => {
        const links = manageLinksFor(r, permissionsAt(r));
        return (
          <Box component="li" key={r.id} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="phone-location" data-id={r.id}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{r.name}</Typography>
            <Typography variant="body2" color="text.secondary">{`${r.city}, ${r.country?.name ?? ''} · ${roleName(translate, r.role)}`}</Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <Typography variant="body2" component="span" data-testid="balance">{money(r)}</Typography>
              <StatusDot active={r.is_active} />
            </Box>
            {links.length > 0 && (
              <Box component="nav" aria-label={translate('resources.locations.fields.manage')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {links.map((link) => (
                  <Button key={link.path} component={RouterLink} to={manageHref(r, link)} size="small" variant="outlined" startIcon={link.icon}
                    sx={{ textTransform: 'none' }} data-testid={`phone-manage-${link.path}`}>
                    {translate(link.label)}
                  </Button>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

export function LocationList() {
  const translate = useTranslate();
  // On a phone the rows become cards (PhoneLocations).
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const money = (r: LocationRecord) => formatMoney(r.balance, balanceCurrency(r), languageOf(translate));
  return (
    <List
      title={translate('app.locations.title')}
      pagination={false}
      perPage={1000}
      exporter={false}
      actions={false}
      sort={{ field: 'id', order: 'ASC' }}
      empty={<Box sx={{ p: 2, display: 'grid', gap: 2, justifyItems: 'start' }}><Typography>{translate('app.locations.empty')}</Typography><NewLocationButton /></Box>}
    >
      <OwnerReadiness />
      <Box sx={{ px: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}><CountryFilter /><Box sx={{ my: 1 }}><NewLocationButton /></Box></Box>
      {isPhone ? <PhoneLocations money={money} /> : (
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RaTextField source="country.name" label="resources.locations.fields.country" sortBy="country.name" />
        <RaTextField source="city" label="resources.locations.fields.city" />
        <RaTextField source="name" label="resources.locations.fields.name" />
        <FunctionField<LocationRecord> label="resources.locations.fields.role" sortable={false} render={(r) => roleName(translate, r.role)} />
        <FunctionField<LocationRecord> label="resources.locations.fields.manage" sortable={false} render={(r) => <ManageLinks record={r} />} />
        <FunctionField<LocationRecord>
          label="resources.locations.fields.balance"
          sortBy="balance"
          render={(r) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="balance">
              {money(r)}
            </Box>
          )}
        />
        <FunctionField<LocationRecord> label="resources.locations.fields.is_active" sortBy="is_active" render={(r) => <StatusDot active={r.is_active} />} />
      </Datagrid>
      )}
    </List>
  );
}
