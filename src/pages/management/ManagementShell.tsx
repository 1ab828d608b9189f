// The frame of every location management screen: a link back to the management grid, the title
// with the location's name, and the role-40 guard (others see why there is nothing for them).
import type { ReactNode } from 'react';
import { Box, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ManagersOnly } from '../../components/ManagersOnly';
import { canManageLocation } from '../../../domain/roles';
import { useLocationInfo, type LocationInfo } from './api';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';

export function ManagementShell({ titleKey, back = 'grid', actions, testId, children }: {
  /** An app.management.* key with a %{name} placeholder. */
  titleKey: string;
  /** Where the back link goes: the management grid, or the locations list (from the grid itself). */
  back?: 'grid' | 'locations';
  actions?: ReactNode;
  testId: string;
  children: (location: LocationInfo) => ReactNode;
}) {
  useSignedIn();
  const translate = useTranslate();
  const { location_id: locationId = '' } = useParams();
  const location = useLocationInfo(locationId);
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  if (!location.data) return <Loading />;
  const l = location.data;
  if (!canManageLocation(l.role)) return <ManagersOnly role={l.role}>{null}</ManagersOnly>;
  const title = translate(titleKey, { name: l.name });
  return (
    <Box component="main" sx={{ pb: 4, width: '100%', minWidth: 0 }} data-testid={testId}>
      <Title title={title} />
      <Link component={RouterLink} to={back === 'grid' ? `/locations/${locationId}/location_management` : '/locations'}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 0.5 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />
        {translate(back === 'grid' ? 'app.management.backToGrid' : 'app.schedules.back')}
      </Link>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        {actions}
      </Stack>
      {children(l)}
    </Box>
  );
}
