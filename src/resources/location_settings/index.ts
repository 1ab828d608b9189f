// #28 SETUP: a location's settings (/locations/:location_id/location_settings): name, country and
// city, time zone, currencies, languages, switches and active; a card of the location-management
// grid for its administrator (role id 40). Saved with PUT /api/v2.1/locations/{id}/.
// #44 Its arrivals section reads and saves the location's arrival settings (the actions below), with
// the same Save.
import TuneIcon from '@mui/icons-material/Tune';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'location_settings',
  route: { scope: 'location', path: 'location_settings' },
  access: { minRole: 40 },
  menu: {
    icon: TuneIcon,
    management: { order: 5, section: 'more', label: 'app.locationSettings.card', hint: 'app.locationSettings.cardHint' },
  },
  api: {
    paging: 'none',
    one: '/api/v2.1/locations/{id}/',
    update: { path: '/api/v2.1/locations/{id}/', method: 'PUT' },
    actions: {
      arrivalSettings: { path: '/api/v2.2/locations/{id}/arrival_settings/', method: 'GET' },
      saveArrivalSettings: { path: '/api/v2.2/locations/{id}/arrival_settings/', method: 'PUT' },
    },
  },
  screen: lazyPart(() => import('../../pages/management/LocationSettingsPage'), 'LocationSettingsPage'),
  recordRepresentation: (record: { name: string }) => record.name,
});
