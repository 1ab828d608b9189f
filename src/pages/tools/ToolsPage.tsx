// /locations/{id}/tools (role id 40 at the location): one tab per declaration with `menu.tools`
// (toolsTabs), in their order. A tab shows
// its declared list with its forms, or its one record's form (`form.single`). The tab is in the
// address (?tab=; the first tab has none), so a link or a reload keeps it.
import { Alert, Box, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { permissionsAt } from '../../resources/locations/permissionsAt';
import { ResourceSingleForm } from '../../components/forms/ResourceSingleForm';
import { ResourceTabList } from '../../components/records/ResourceTabList';
import { allowed } from '../../resources/declaration';
import type { LocationRecord } from '../../resources/locations/types';
import { toolsTabs as tabs } from '../../resources/registry';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';

export function ToolsPage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const { data: location, error, isPending } = useGetOne<LocationRecord>('locations', { id: Number(locationId) });

  if (error) return <LocationUnavailable id={locationId} error={error} />;
  if (isPending) return <Loading />;
  // The tabs by what the user holds at this location (#28).
  const open = tabs.filter((d) => allowed(d.access, location, permissionsAt(location)));
  if (open.length === 0) {
    return <Alert severity="warning" sx={{ mt: 2 }} data-testid="managers-only">{translate('app.access.managersOnly')}</Alert>;
  }
  const current = open.find((d) => d.menu!.tools!.tab === params.get('tab')) ?? open[0]!;
  const key = (d: (typeof tabs)[number]) => d.menu!.tools!.tab;
  const title = translate('app.tools.title', { name: location.name });

  return (
    <Box component="main" sx={{ maxWidth: 1200, pb: 4 }}>
      <Title title={title} />
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />{translate('app.tools.back')}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <Tabs
        value={key(current)}
        onChange={(_e, next: string) => setParams(next === key(open[0]!) ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {open.map((d) => <Tab key={d.name} value={key(d)} label={translate(d.menu!.tools!.label)} id={`tools-tab-${key(d)}`} aria-controls={`tools-panel-${key(d)}`} />)}
      </Tabs>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} role="tabpanel" id={`tools-panel-${key(current)}`} aria-labelledby={`tools-tab-${key(current)}`}>
        {current.form?.single
          ? <ResourceSingleForm key={`${current.name}-${locationId}`} name={current.name} locationId={locationId} />
          : <ResourceTabList key={`${current.name}-${locationId}`} name={current.name} locationId={locationId} />}
      </Paper>
    </Box>
  );
}
