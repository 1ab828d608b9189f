// Schedules of a location's playground groups (/locations/:location_id/schedules_and_playgrounds):
// a hand-written screen (the playground-group board with drag and drop, each group's schedules,
// holidays, QR codes) and the grid editor as its create/edit screens. Every schedule write goes
// through the dataProvider: save (create, update), delete, show/hide (`visible`), `clone`, and the
// grid check before a save (`check`).
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { defineResource, lazyPart } from '../declaration';
import type { ScheduleRecord } from './types';

const editor = lazyPart(() => import('../../pages/schedules/ScheduleEditorPage'), 'ScheduleEditorPage');

export default defineResource({
  name: 'schedules',
  route: { scope: 'location', path: 'schedules_and_playgrounds' },
  access: { minRole: 40 },
  menu: {
    icon: CalendarMonthIcon,
    home: { order: 50, label: 'app.manage.schedules_and_playgrounds' },
    management: { order: 80, label: 'app.management.cards.schedule', hint: 'app.management.cardHints.schedule' },
  },
  api: {
    // A plain array of the location's schedules (`?location=`), in the server's order.
    list: '/api/v2.1/schedule/',
    paging: 'none',
    filters: { location_id: 'location' },
    one: '/api/v2.1/schedule/{id}/',
    create: '/api/v2.1/schedule/',
    update: { path: '/api/v2.1/schedule/{id}/', method: 'PUT' },
    delete: '/api/v2.1/schedule/{id}/',
    actions: {
      visible: { path: '/api/v2.1/schedule/{id}/visible/', method: 'PATCH' },
      clone: '/api/v2.1/schedule/{id}/clone/',
      /** The sessions a grid makes, checked before a save (no record). */
      check: '/api/v2.1/schedule/check/',
    },
  },
  screen: lazyPart(() => import('../../pages/schedules/SchedulesAndPlaygroundsPage'), 'SchedulesAndPlaygroundsPage'),
  screens: {
    create: { path: 'new_schedule', part: editor },
    edit: { path: 'schedule/:schedule_id', part: editor },
  },
  recordRepresentation: (record: ScheduleRecord) => record.name,
});
