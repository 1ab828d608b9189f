// The user's locations (/locations, the home screen after sign-in): a hand-written screen (the
// manage links, balances, the country filter), loaded after sign-in rather than with the login page.
import { defineResource, lazyPart } from '../declaration';
import type { LocationRecord } from './types';

export default defineResource({
  name: 'locations',
  route: { scope: 'global', path: 'locations' },
  api: {
    list: '/api/v2.1/locations/my/',
    one: '/api/v2.1/locations/{id}/',
    paging: 'none',
    clientFilters: { country: (record: LocationRecord, value) => record.country?.id === Number(value) },
  },
  screen: lazyPart(() => import('./LocationList'), 'LocationList'),
  recordRepresentation: (record: LocationRecord) => record.name,
});
