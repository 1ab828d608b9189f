// /locations/{id}/location_settings (#28 SETUP): the location's settings form (the same as the
// owner's "New location"), for its administrator. Saving re-reads the location everywhere it is shown.
import { Card, CardContent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { loadSessionData } from '../../authProvider';
import { LocationSettingsForm } from '../../resources/locations/LocationSettingsForm';
import type { LocationRecord } from '../../resources/locations/types';
import { ManagementShell } from './ManagementShell';

export function LocationSettingsPage() {
  const notify = useNotify();
  const client = useQueryClient();
  return (
    <ManagementShell titleKey="app.locationSettings.editTitle" testId="location-settings">
      {(location) => (
        <Card sx={{ maxWidth: 720 }}>
          <CardContent>
            <LocationSettingsForm
              key={location.id}
              location={location as unknown as LocationRecord}
              onSaved={() => {
                notify('app.locationSettings.saved', { type: 'success' });
                void client.invalidateQueries({ queryKey: ['locations'] });
                void loadSessionData();
              }}
            />
          </CardContent>
        </Card>
      )}
    </ManagementShell>
  );
}
