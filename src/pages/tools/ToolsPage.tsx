// /locations/{id}/tools (role id 40 at the location): early booking, promo codes, webhooks and the
// booking widget's settings, one tab each. The tab is in the address (?tab=), so a link or a reload keeps it.
import { Alert, Box, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Loading, Title, useAuthenticated, useTranslate } from 'react-admin';
import { ManagersOnly } from '../../components/ManagersOnly';
import { canManageLocation } from '../../../domain/roles';
import { useLocationDetail } from '../schedules/api';
import { EarlyBookingTab } from './EarlyBookingTab';
import { PromocodesTab } from './PromocodesTab';
import { WebhooksTab } from './WebhooksTab';
import { WidgetSettingsTab } from './WidgetSettingsTab';

const TABS = ['early_booking', 'promocodes', 'webhooks', 'widget'] as const;
type ToolTab = (typeof TABS)[number];
const TAB_LABEL: Record<ToolTab, string> = {
  early_booking: 'app.tools.tabs.early',
  promocodes: 'app.tools.tabs.promo',
  webhooks: 'app.tools.tabs.webhooks',
  widget: 'app.tools.tabs.widget',
};

export function ToolsPage() {
  useAuthenticated();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const location = useLocationDetail(locationId);
  const asked = params.get('tab');
  const tab: ToolTab = TABS.includes(asked as ToolTab) ? (asked as ToolTab) : 'early_booking';

  if (location.isError) return <Alert severity="error" sx={{ mt: 2 }}>{(location.error as Error).message}</Alert>;
  if (!location.data) return <Loading />;
  if (!canManageLocation(location.data.role)) return <ManagersOnly role={location.data.role}>{null}</ManagersOnly>;
  const title = translate('app.tools.title', { name: location.data.name });

  return (
    <Box component="main" sx={{ maxWidth: 1200, pb: 4 }}>
      <Title title={title} />
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />{translate('app.tools.back')}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{title}</Typography>
      <Tabs
        value={tab}
        onChange={(_e, next: ToolTab) => setParams(next === 'early_booking' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => <Tab key={t} value={t} label={translate(TAB_LABEL[t])} id={`tools-tab-${t}`} aria-controls={`tools-panel-${t}`} />)}
      </Tabs>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} role="tabpanel" id={`tools-panel-${tab}`} aria-labelledby={`tools-tab-${tab}`}>
        {tab === 'early_booking' && <EarlyBookingTab locationId={locationId} />}
        {tab === 'promocodes' && <PromocodesTab locationId={locationId} currency={location.data.currency} />}
        {tab === 'webhooks' && <WebhooksTab locationId={locationId} />}
        {tab === 'widget' && <WidgetSettingsTab locationId={locationId} />}
      </Paper>
    </Box>
  );
}
