// /locations/{id}/statistic: one tab per dashboard (GET /api/v2.1/dashboards/); each tab asks the
// dashboard's source for this location's signed, expiring URL and shows it in a frame. The frame
// is our own server-rendered page with its own period form.
import { useState } from 'react';
import { Alert, Box, CircularProgress, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDashboardSource, useDashboards, type Dashboard } from './api';
import { ManagementShell } from './ManagementShell';

function DashboardFrame({ dashboard, locationId }: { dashboard: Dashboard; locationId: string }) {
  const source = useDashboardSource(dashboard, locationId);
  if (source.isError) return <Alert severity="error">{(source.error as Error).message}</Alert>;
  if (!source.data) return <CircularProgress />;
  return (
    <Box component="iframe" src={source.data.url} title={dashboard.name} data-testid={`dashboard-frame-${dashboard.id}`}
      sx={{ width: '100%', height: '75vh', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }} />
  );
}

export function StatisticPage() {
  const translate = useTranslate();
  const { location_id: locationId = '' } = useParams();
  const dashboards = useDashboards();
  const [tab, setTab] = useState(0);
  return (
    <ManagementShell titleKey="app.management.statistic.title" testId="statistic-page">
      {() => {
        if (dashboards.isError) return <Alert severity="error">{(dashboards.error as Error).message}</Alert>;
        if (!dashboards.data) return <CircularProgress />;
        if (dashboards.data.length === 0) return <Alert severity="info">{translate('app.management.statistic.empty')}</Alert>;
        const current = dashboards.data[Math.min(tab, dashboards.data.length - 1)]!;
        return (
          <>
            <Tabs value={Math.min(tab, dashboards.data.length - 1)} onChange={(_e, v: number) => setTab(v)} variant="scrollable" sx={{ mb: 2 }}
              aria-label={translate('app.management.statistic.tabs')}>
              {dashboards.data.map((d) => <Tab key={d.id} label={d.name} data-testid={`dashboard-tab-${d.id}`} />)}
            </Tabs>
            <DashboardFrame key={current.id} dashboard={current} locationId={locationId} />
          </>
        );
      }}
    </ManagementShell>
  );
}
