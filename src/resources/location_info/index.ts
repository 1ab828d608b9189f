// A location's texts in each of its languages and its place (/locations/:location_id/location_info):
// a hand-written screen with an edit dialog, saved through the dataProvider (useUpdate,
// pessimistic: PUT /api/v2.1/locations/{id}/).
import InfoIcon from '@mui/icons-material/Info';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'location_info',
  route: { scope: 'location', path: 'location_info' },
  access: { minRole: 40 },
  menu: {
    icon: InfoIcon,
    management: { order: 10, label: 'app.management.cards.info', hint: 'app.management.cardHints.info' },
  },
  api: {
    paging: 'none',
    one: '/api/v2.1/locations/{id}/',
    update: { path: '/api/v2.1/locations/{id}/', method: 'PUT' },
  },
  screen: lazyPart(() => import('../../pages/management/LocationInfoPage'), 'LocationInfoPage'),
  recordRepresentation: (record: { name: string }) => record.name,
});
