// A playground's group, changed by dragging its chip on the schedules screen
// (src/pages/schedules/SchedulesAndPlaygroundsPage): `update` with `{group}`.
import { defineResource } from '../declaration';

export default defineResource({
  name: 'playgrounds',
  api: {
    paging: 'none',
    update: { path: '/api/v2.1/playgrounds/{id}/group/', method: 'PUT' },
  },
});
