// Playground groups of a location, edited on the schedules screen (src/pages/schedules: create,
// rename, delete an empty group). No screen of their own; the group's id goes in the body, as the
// spec's endpoint takes it.
import { defineResource } from '../declaration';

const GROUPS = '/api/v2.1/locations/{location_id}/groups/';

export default defineResource({
  name: 'playground_groups',
  api: {
    paging: 'none',
    create: GROUPS,
    update: { path: GROUPS, method: 'PUT', idInBody: true },
    delete: { path: GROUPS, method: 'DELETE', idInBody: true },
  },
  recordRepresentation: (record: { name: string }) => record.name,
});
