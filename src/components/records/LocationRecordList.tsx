// The generic screen of a location's paged record list (orders, sessions, ...): a title with the
// location name, a date range (plus quick periods and a status multi-select when the config asks),
// the CSV export of the whole filtered list, the table of the config's columns and the page sizes.
// A resource adds only its config (`src/resources/<name>/`); the dataProvider reads the same config.
import { useState, type ReactNode } from 'react';
import {
  Box, Button, ButtonGroup, Checkbox, CircularProgress, Link, ListItemText, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import dayjs from 'dayjs';
import { useParams } from 'react-router-dom';
import {
  Datagrid, List, Loading, Pagination, useAuthenticated, useGetOne, useListContext, useTranslate,
} from 'react-admin';
import { DATETIME_FORMAT, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { listRequest } from '../../dataProvider';
import { resourceApis } from '../../dataProvider/resources';
import { apiFile, saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { ManagersOnly } from '../ManagersOnly';
import type { LocationRecord } from '../../resources/locations/types';

export interface RecordListConfig {
  /** react-admin resource name, registered in `src/dataProvider/resources.ts`. */
  resource: string;
  /** i18n key of the title; `%{name}` is the location name. */
  titleKey: string;
  /** i18n key of the text shown when nothing matches. */
  emptyKey: string;
  /** File name used when the server sends none. */
  csvName: string;
  /** Quick period buttons: past (a year back to yesterday), yesterday, today. */
  quickPeriods?: boolean;
  /** A status multi-select: the values offered and the i18n key of each label. */
  statuses?: { value: number; label: string }[];
  /** Datagrid columns. */
  columns: ReactNode;
}

const ISO = 'YYYY-MM-DD';
const today = () => dayjs().format(ISO);

/** A date-time of the API (`YYYY-MM-DD HH:mm` or ISO) as DD.MM.YYYY HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : value;
}

/** A link opening in a new tab (order pages from a list). */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return <Link href={href} target="_blank" rel="noopener noreferrer">{children}</Link>;
}

function RecordFilters({ config }: { config: RecordListConfig }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const from: string = filterValues.date_from ?? '';
  const to: string = filterValues.date_to ?? '';
  const max = today();
  const set = (patch: Record<string, unknown>) => setFilters({ ...filterValues, ...patch }, {});

  // The end is never before the start nor after today; a start after the end moves the end.
  const changeFrom = (value: string) => {
    if (!value) return;
    const start = value > max ? max : value;
    set({ date_from: start, date_to: to && to < start ? start : to });
  };
  const changeTo = (value: string) => {
    if (!value) return;
    let end = value > max ? max : value;
    if (from && end < from) end = from;
    set({ date_to: end });
  };
  const period = (start: dayjs.Dayjs, end: dayjs.Dayjs) => set({ date_from: start.format(ISO), date_to: end.format(ISO) });
  const statuses: number[] = filterValues.status ?? [];
  const statusLabel = (value: number) => translate(config.statuses?.find((s) => s.value === value)?.label ?? String(value));

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ px: 2, py: 1, alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
      <TextField
        type="date" size="small" label={translate('app.records.dateFrom')} value={from}
        onChange={(e) => changeFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || max } }}
      />
      <TextField
        type="date" size="small" label={translate('app.records.dateTo')} value={to}
        onChange={(e) => changeTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined, max } }}
      />
      {config.quickPeriods && (
        <ButtonGroup size="small" variant="outlined" aria-label={translate('app.records.period')}>
          <Button onClick={() => period(dayjs().subtract(1, 'year'), dayjs().subtract(1, 'day'))}>{translate('app.records.past')}</Button>
          <Button onClick={() => period(dayjs().subtract(1, 'day'), dayjs().subtract(1, 'day'))}>{translate('app.records.yesterday')}</Button>
          <Button onClick={() => period(dayjs(), dayjs())}>{translate('app.records.today')}</Button>
        </ButtonGroup>
      )}
      {config.statuses && (
        <TextField
          select size="small" label={translate('app.records.status')} value={statuses}
          sx={{ minWidth: 220 }}
          onChange={(e) => {
            const raw = e.target.value as unknown;
            const values = (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number);
            set({ status: values.length ? values : undefined });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (selected as number[]).map(statusLabel).join(', '),
            },
          }}
        >
          {config.statuses.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              <Checkbox size="small" checked={statuses.includes(s.value)} />
              <ListItemText primary={translate(s.label)} />
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <ExportButton config={config} />
    </Stack>
  );
}

function ExportButton({ config }: { config: RecordListConfig }) {
  const translate = useTranslate();
  const run = useGenericHandler();
  const { location_id: locationId = '' } = useParams();
  const { filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await run(async () => {
        const { path, query } = listRequest(config.resource, { ...filterValues, location_id: locationId });
        const { blob, fileName } = await apiFile(path, { ...query, ...resourceApis[config.resource]?.csv });
        saveBlob(blob, fileName ?? config.csvName);
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined" size="small" onClick={download} disabled={busy} aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
    >
      {translate(busy ? 'app.records.exporting' : 'app.records.export')}
    </Button>
  );
}

export function LocationRecordList({ config }: { config: RecordListConfig }) {
  useAuthenticated();
  const { location_id: locationId = '' } = useParams();
  const translate = useTranslate();
  const { data: location, isPending } = useGetOne<LocationRecord>('locations', { id: Number(locationId) });
  if (isPending) return <Loading />;
  const title = translate(config.titleKey, { name: location?.name ?? '' });
  return (
    <ManagersOnly role={location?.role}>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>{title}</Typography>
      <List
        key={locationId}
        resource={config.resource}
        filter={{ location_id: locationId }}
        filterDefaultValues={{ date_from: dayjs().startOf('month').format(ISO), date_to: today() }}
        disableSyncWithLocation
        storeKey={false}
        title={title}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        exporter={false}
        actions={false}
        empty={false}
      >
        <RecordFilters config={config} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }} data-testid="records-empty">{translate(config.emptyKey)}</Typography>}
        >
          {config.columns}
        </Datagrid>
      </List>
    </ManagersOnly>
  );
}
