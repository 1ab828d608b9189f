// #42 The installation's activity log (/locations/:location_id/installation_activity, owners): the
// installation-wide entries (owners, accounts, the game catalogue, the installation's payment
// provider) and every location's creation, each naming where; a location's own log holds only its
// entries. The same columns, filters and exports as a location's log (../activity).
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { defineResource } from '../declaration';
import { ACTIVITY_FILTERS, activityColumns } from '../activity';

export default defineResource({
  name: 'installation_activity',
  route: { scope: 'location', path: 'installation_activity' },
  access: { owner: true },
  menu: {
    icon: HistoryEduIcon,
    management: { order: 36, section: 'more', label: 'app.words.activity.installationCard', hint: 'app.words.activity.installationCardHint' },
  },
  api: { list: '/api/v2.1/activity/', paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', user: 'user', kind: 'kind' }, ordering: ['created'] },
  list: {
    title: 'app.words.activity.installationTitle',
    empty: 'resources.activity.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'installation-activity',
    sort: { field: 'created', order: 'DESC' },
    filters: ACTIVITY_FILTERS,
    columns: activityColumns(true),
  },
});
