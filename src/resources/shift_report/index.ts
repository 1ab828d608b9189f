// #43 A shift's report (/locations/:location_id/shift_report/:shift_id), opened from the till screen:
// its money, movements and figures; print (A4, 80 mm), CSV and XLSX. Every role at the location (the
// cashier's own shift), once the shift is counted (the server refuses it before, but to role 40).
// The server: server/modules/till/report.ts.
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'shift_report',
  route: { scope: 'location', path: 'shift_report/:shift_id' },
  api: { one: '/api/v2.2/shifts/{id}/report/', paging: 'none' },
  screen: lazyPart(() => import('../../pages/till/ShiftReportPage'), 'ShiftReportPage'),
});
