// #47 A guest's data on request (/locations/:location_id/people, role 40): find a person by phone or
// e-mail, export everything held about them (JSON, or a printable page), erase them with the grounds,
// and the location's retention setting (a declared single form: erase guests' data a set number of
// months after their last session; empty keeps them). The order page offers the same export and
// erasure for its guest (components/people/GuestDataActions). The server: server/modules/people.
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { RETENTION_MONTHS } from '../../../domain/guestData';
import { defineResource, lazyPart } from '../declaration';

const t = (key: string) => `app.people.${key}`;
const retention = '/api/v2.2/locations/{location_id}/data_retention/';

export default defineResource({
  name: 'people',
  route: { scope: 'location', path: 'people' },
  access: { minRole: 40 },
  menu: { icon: PrivacyTipIcon, management: { order: 38, section: 'more', label: t('card'), hint: t('cardHint') } },
  api: {
    paging: 'none', one: retention, update: { path: retention, method: 'PUT' },
    actions: {
      search: { path: '/api/v2.2/locations/{location_id}/people/', method: 'GET' },
      export: '/api/v2.2/locations/{location_id}/people/export/',
      erase: '/api/v2.2/locations/{location_id}/people/erase/',
    },
  },
  form: {
    single: { intro: t('retentionIntro') },
    saved: { edit: t('retentionSaved') },
    fields: [
      { kind: 'number', source: 'retention_months', label: t('fields.retention_months'), integer: true, min: RETENTION_MONTHS.min, max: RETENTION_MONTHS.max, hint: t('retentionHint') },
    ],
  },
  screen: lazyPart(() => import('../../pages/people/PeoplePage'), 'PeoplePage'),
});
