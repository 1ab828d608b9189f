// #43 A location's daily report (/locations/:location_id/daily_report): the business day's money by
// payment type x channel, staff, refunds, discounts, certificates, top-ups and test payments apart,
// each currency apart, and the shifts of the day (flagged); a date picker, print (A4, 80 mm), CSV and
// XLSX. Managers and administrators, as the server's route. The server: server/modules/till/report.ts.
import AssessmentIcon from '@mui/icons-material/Assessment';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'daily_report',
  route: { scope: 'location', path: 'daily_report' },
  access: { minRole: 20 },
  menu: { icon: AssessmentIcon, management: { order: 46, section: 'more', label: 'app.tillReport.menu', hint: 'app.tillReport.menuHint' } },
  api: { list: '/api/v2.2/locations/{location_id}/daily_report/', paging: 'none' },
  screen: lazyPart(() => import('../../pages/till/DailyReportPage'), 'DailyReportPage'),
});
