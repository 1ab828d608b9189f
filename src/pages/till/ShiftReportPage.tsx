// #43 /locations/{id}/shift_report/{shift}: a shift's report ("Отчёт о смене"; not a fiscal
// document), opened from the till screen and the count's result. Print in A4 or on an 80 mm roll
// (`?print=a4|80mm`: the print view), CSV and XLSX. Before the shift is counted only an administrator
// gets it; anyone else reads the server's reason.
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { TillReport } from '../../../domain/tillReport';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { api } from '../../dataProvider/http';
import { useLanguage } from '../../i18n/useLanguage';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { PrintBar, PrintStyle, ReportActions, ReportError, TillReportView, paperSx, type PrintLayout } from './TillReportView';

export const printLayoutOf = (value: string | null): PrintLayout | null => (value === 'a4' || value === '80mm' ? value : null);

export function ShiftReportPage() {
  useSignedIn();
  const { location_id: locationId = '', shift_id: shiftId = '' } = useParams();
  const translate = useTranslate();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const layout = printLayoutOf(search.get('print'));
  // A location that is not there, or not the user's, says so at once with the way back, as every location screen does.
  const location = useLocationDetail(locationId);
  const path = `/api/v2.2/shifts/${shiftId}/report/`;
  const report = useQuery({ queryKey: ['till', 'report', 'shift', shiftId, lang], queryFn: () => api<TillReport>(path), retry: false, enabled: /^\d+$/.test(shiftId) });
  // A shift of another location than the address's is not shown under this one.
  const elsewhere = !!report.data && String(report.data.location.id) !== locationId;
  const shift = elsewhere ? undefined : report.data?.shifts[0];
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  const heading = shift ? translate('app.tillReport.shiftHeading', { id: shift.id, till: shift.till.name }) : translate('app.tillReport.shiftTitle');
  return (
    <Box sx={{ p: 2, maxWidth: 960 }} data-testid="shift-report-page">
      <Title title={translate('app.tillReport.shiftTitle')} />
      {layout && <PrintStyle layout={layout} />}
      {layout
        ? <PrintBar onBack={() => setSearch({})} />
        : <Button component={RouterLink} to={`/locations/${locationId}/till`} size="small" className="till-report-no-print" sx={{ mb: 1 }}>{translate('app.till.title')}</Button>}
      <Box className={layout ? 'till-report-paper' : undefined} sx={layout ? paperSx(layout) : undefined} data-testid="till-report-paper">
        <Typography variant="h5" component="h1" sx={{ mb: 1, fontSize: layout ? '1.3em' : undefined }}>{heading}</Typography>
        {report.isLoading && <LinearProgress />}
        {report.isError && <ReportError error={report.error} />}
        {elsewhere && <ReportError error={translate('app.tillReport.elsewhere')} />}
        {report.data && !elsewhere && !layout && <ReportActions path={path} file={`shift_report_${shiftId}`} printTo={(l) => navigate(`?print=${l}`)} />}
        {report.data && !elsewhere && <TillReportView report={report.data} layout={layout ?? undefined} />}
      </Box>
    </Box>
  );
}
