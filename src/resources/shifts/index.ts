// #43 A location's till shifts (/locations/:location_id/shifts): newest first, each with its till,
// state, float, what was expected, the last count and the variance; filtered by date, state, till and
// variance; CSV and XLSX. Blind: a shift not counted yet shows its expected figures to role 40 only
// (the server answers null to the others). The server: server/modules/till/lists.ts.
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { SHIFT_STATES } from '../../../domain/till';
import { defineResource, enumChoices } from '../declaration';

const f = (name: string) => `app.till.fields.${name}`;

export default defineResource({
  name: 'shifts',
  route: { scope: 'location', path: 'shifts' },
  access: { minRole: 20 },
  menu: { icon: ReceiptLongIcon, management: { order: 45, section: 'more', label: 'app.till.shiftsCard', hint: 'app.till.shiftsCardHint' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/shifts/',
    paging: 'limit-offset',
    filters: { date_from: 'date_from', date_to: 'date_to', state: 'state', till: 'till', variance: 'variance' },
    ordering: ['id', 'till', 'state', 'opened_at', 'float', 'counted_cash', 'variance_cash', 'counted_card', 'variance_card', 'closed_at'],
    totals: true,
  },
  list: {
    title: 'app.till.shiftsTitle',
    empty: 'app.till.shiftsEmpty',
    exports: ['csv', 'xlsx'],
    fileName: 'shifts',
    filters: [
      { kind: 'dateRange' },
      { kind: 'multi', source: 'state', label: f('state'), choices: enumChoices([...SHIFT_STATES], 'app.till.states.') },
      { kind: 'multi', source: 'till', label: f('till'), choicesFrom: { path: '/api/v2.2/locations/{location_id}/tills/', value: 'id', label: 'name' } },
      { kind: 'select', source: 'variance', label: 'app.till.variance', default: 'all', choices: enumChoices(['all', 'with', 'without'], 'app.till.variances.') },
    ],
    sort: { field: 'opened_at', order: 'DESC' },
    columns: [
      { kind: 'text', source: 'id', label: f('id') },
      { kind: 'text', source: 'till', label: f('till') },
      { kind: 'enum', source: 'state', label: f('state'), prefix: 'app.till.states.' },
      { kind: 'datetime', source: 'opened_at', label: f('opened_at') },
      { kind: 'text', source: 'opened_by', label: f('opened_by') },
      { kind: 'money', source: 'float', label: f('float') },
      { kind: 'money', source: 'expected_cash', label: f('expected_cash') },
      { kind: 'money', source: 'counted_cash', label: f('counted_cash') },
      { kind: 'money', source: 'variance_cash', label: f('variance_cash'), signColor: true },
      { kind: 'money', source: 'expected_card', label: f('expected_card') },
      { kind: 'money', source: 'counted_card', label: f('counted_card') },
      { kind: 'money', source: 'variance_card', label: f('variance_card'), signColor: true },
      { kind: 'datetime', source: 'closed_at', label: f('closed_at') },
      { kind: 'text', source: 'confirmed_by', label: f('confirmed_by') },
    ],
  },
});
