// Official holidays and extra working days of a location's country, for one year (the schedules
// screen's holidays dialog, src/pages/schedules/HolidaysDialog): list, add, remove.
import { defineResource } from '../declaration';

export default defineResource({
  name: 'holidays',
  api: {
    list: '/api/v2.1/holidays/',
    paging: 'none',
    filters: { location_id: 'location', year: 'year' },
    create: '/api/v2.1/holidays/',
    delete: '/api/v2.1/holidays/{id}/?location={location_id}',
  },
});
