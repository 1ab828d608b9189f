// #42 The installation's activity log (/locations/:location_id/installation_activity, owners): the
// installation-wide entries (owners, accounts, the game catalogue, the installation's payment
// provider) and every location's creation, each naming where; a location's own log holds only its
// entries. The same columns, filters and exports as a location's log (../activity).
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { ACTIVITY_KIND_LABELS, ACTIVITY_PERSON_MAX } from '../../../domain/activity';
import { defineResource, lazyPart } from '../declaration';
import { kindKey } from '../activity';

const f = (name: string) => `resources.activity.fields.${name}`;
const cells = () => import('../activity/ActivityCells');

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
    filters: [
      { kind: 'dateRange' },
      { kind: 'search', source: 'user', label: 'resources.activity.person', maxLength: ACTIVITY_PERSON_MAX },
      { kind: 'multi', source: 'kind', label: 'resources.activity.kind', choices: Object.keys(ACTIVITY_KIND_LABELS).map((k) => ({ value: k, label: kindKey(k) })) },
    ],
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'datetime', source: 'created', label: f('created') },
      { kind: 'text', source: 'location', label: f('location') },
      { kind: 'person', source: 'user', email: 'user_email', label: f('user') },
      { kind: 'text', source: 'ip', label: f('ip'), monospace: true },
      { kind: 'text', source: 'text', label: f('text') },
      { kind: 'custom', source: 'before', label: f('before'), exported: true, render: lazyPart(cells, 'ActivityBefore') },
      { kind: 'custom', source: 'after', label: f('after'), exported: true, render: lazyPart(cells, 'ActivityAfter') },
    ],
  },
});
