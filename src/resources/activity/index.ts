// #28 ACTIVITY: who changed what at a location (/locations/:location_id/activity), role 40: the
// date range, a person (name or e-mail) and the kinds, newest first, with CSV and XLSX. Read only.
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import { ACTIVITY_KIND_LABELS, ACTIVITY_PERSON_MAX } from '../../../domain/activity';
import { defineResource, lazyPart, type ColumnDeclaration, type FilterDeclaration } from '../declaration';

const f = (name: string) => `resources.activity.fields.${name}`;
const cells = () => import('./ActivityCells');
/** The kinds' i18n keys: a kind's dots would read as nesting, so they are underscores there. */
export const kindKey = (kind: string) => `resources.activity.kinds.${kind.replace(/\./g, '_')}`;

/** The activity lists' filters: a location's log and the installation's (../installation_activity) alike. */
export const ACTIVITY_FILTERS: FilterDeclaration[] = [
  { kind: 'dateRange' },
  { kind: 'search', source: 'user', label: 'resources.activity.person', maxLength: ACTIVITY_PERSON_MAX },
  { kind: 'multi', source: 'kind', label: 'resources.activity.kind', choices: Object.keys(ACTIVITY_KIND_LABELS).map((k) => ({ value: k, label: kindKey(k) })) },
];

/** The activity lists' columns; `withLocation`: the installation's log, which names each entry's location. */
export function activityColumns(withLocation = false): ColumnDeclaration[] {
  return [
    { kind: 'text', source: 'id', label: f('id') },
    { kind: 'datetime', source: 'created', label: f('created') },
    // The installation's log says where each entry happened.
    ...(withLocation ? [{ kind: 'text', source: 'location', label: f('location') } as const] : []),
    // #39 By name, the e-mail on hover (the exports write the name, as before).
    { kind: 'person', source: 'user', email: 'user_email', label: f('user') },
    { kind: 'text', source: 'ip', label: f('ip'), monospace: true },
    { kind: 'text', source: 'text', label: f('text') },
    // Each side's fields, one a line, in the same order: read across, "price: 1 500,00 ₽ | 1 800,00 ₽".
    { kind: 'custom', source: 'before', label: f('before'), exported: true, render: lazyPart(cells, 'ActivityBefore') },
    { kind: 'custom', source: 'after', label: f('after'), exported: true, render: lazyPart(cells, 'ActivityAfter') },
  ];
}

export default defineResource({
  name: 'activity',
  route: { scope: 'location', path: 'activity' },
  access: { minRole: 40 },
  menu: {
    icon: ManageHistoryIcon,
    management: { order: 35, section: 'more', label: 'resources.activity.card', hint: 'resources.activity.cardHint' },
  },
  api: { list: '/api/v2.1/locations/{location_id}/activity/', paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', user: 'user', kind: 'kind' }, ordering: ['created'] },
  list: {
    title: 'resources.activity.title',
    empty: 'resources.activity.empty',
    exports: ['csv', 'xlsx'],
    fileName: 'activity',
    sort: { field: 'created', order: 'DESC' },
    filters: ACTIVITY_FILTERS,
    columns: activityColumns(),
  },
});
