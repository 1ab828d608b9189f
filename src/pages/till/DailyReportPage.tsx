// #43 /locations/{id}/daily_report: a location's daily report for a business day (06:00 to 06:00 on
// its clock), chosen with the date picker (today's business day first; kept in the address as
// `?date=`): money by payment type x channel and the rest (TillReportView), the shifts of the day with
// those open longer than 23 hours or counted with a variance flagged. Print in A4 or on an 80 mm roll
// (`&print=a4|80mm`), CSV and XLSX. Managers and administrators (role 20+), as the server.
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, LinearProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { businessDateOf, wallClockAt } from '../../../domain/businessDay';
import type { TillReport } from '../../../domain/tillReport';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { DateField } from '../../components/forms/DateField';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { api } from '../../dataProvider/http';
import { useLanguage } from '../../i18n/useLanguage';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { printLayoutOf } from './ShiftReportPage';
import { PrintBar, PrintStyle, ReportActions, ReportError, TillReportView, paperSx } from './TillReportView';

export function DailyReportPage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const location = useLocationDetail(locationId);
  const layout = printLayoutOf(search.get('print'));
  const today = location.data ? businessDateOf(wallClockAt(location.data.timezone)) : null;
  const date = search.get('date') ?? today;
  const path = `/api/v2.2/locations/${locationId}/daily_report/?date=${date}`;
  const report = useQuery({ queryKey: ['till', 'report', 'daily', locationId, date, lang], queryFn: () => api<TillReport>(path), retry: false, enabled: !!date });
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  const choose = (day: string) => { if (day) setSearch({ date: day }); };
  return (
    <Box sx={{ p: 2, maxWidth: 960 }} data-testid="daily-report-page">
      <Title title={translate('app.tillReport.dailyTitle')} />
      {layout && <PrintStyle layout={layout} />}
      {layout && <PrintBar onBack={() => setSearch(date ? { date } : {})} />}
      <Box className={layout ? 'till-report-paper' : undefined} sx={layout ? paperSx(layout) : undefined} data-testid="till-report-paper">
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontSize: layout ? '1.3em' : undefined }}>
          {translate('app.tillReport.dailyHeading', { location: location.data?.name ?? '' })}
        </Typography>
        {!layout && date && (
          <Box sx={{ my: 1 }} className="till-report-no-print">
            <DateField label={translate('app.tillReport.date')} value={date} onChange={choose} size="small" max={today ?? undefined} data-testid="daily-report-date" />
          </Box>
        )}
        {report.isLoading && <LinearProgress />}
        {report.isError && <ReportError error={report.error} />}
        {report.data && !layout && <ReportActions path={path} file={`daily_report_${locationId}_${date}`} printTo={(l) => navigate(`?date=${date}&print=${l}`)} />}
        {report.data && <TillReportView report={report.data} layout={layout ?? undefined} />}
      </Box>
    </Box>
  );
}
