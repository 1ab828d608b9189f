// The generic screen of a location's paged record list (orders, sessions, payments, ...): a title
// with the location name, a date range (plus quick periods, multi-selects, selects and a search box
// when the config asks), the screen's own buttons, the CSV export of the whole filtered list, the
// table of the config's columns and the page sizes.
// A resource adds only its config (`src/resources/<name>/`); the dataProvider reads the same config.
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  Alert, Box, Button, ButtonGroup, Checkbox, CircularProgress, Link, ListItemText, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import dayjs from 'dayjs';
import { useParams } from 'react-router-dom';
import {
  Datagrid, List, Loading, Pagination, useAuthenticated, useGetOne, useListContext, usePermissions, useTranslate,
} from 'react-admin';
import { DATETIME_FORMAT, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { listRequest } from '../../dataProvider';
import { resourceApis } from '../../dataProvider/resources';
import { apiFile, saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { ManagersOnly } from '../ManagersOnly';
import type { LocationRecord } from '../../resources/locations/types';

/** A choice of a select filter; `label` is an i18n key or, failing that, shown as it is. */
export interface FilterChoice {
  value: string | number;
  label: string;
}

/** A filter input after the date range; `source` is the react-admin filter name (resources.ts maps it). */
export type RecordFilter =
  /** Several values at once. `useChoices` (a hook) supplies choices loaded from the server. */
  | { kind: 'multi'; source: string; label: string; choices?: FilterChoice[]; useChoices?: () => FilterChoice[] }
  /** One value (give it a default in `defaultFilters`). */
  | { kind: 'select'; source: string; label: string; choices: FilterChoice[] }
  /** Free text, sent as typed (trimmed). */
  | { kind: 'search'; source: string; label: string; maxLength?: number };

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
  /** More filter inputs, in order after the date range (and the statuses). */
  filters?: RecordFilter[];
  /** Filter values the list starts with besides the date range (e.g. the location of a cross-location list). */
  defaultFilters?: (locationId: string) => Record<string, unknown>;
  /** Rows per page: the choices and the default (PAGE_SIZES and DEFAULT_PAGE_SIZE unless given); labels are i18n keys. */
  pageSizes?: (number | { label: string; value: number })[];
  perPage?: number;
  /** Sort of lists sorted in the browser (`paging: 'none'`); server-paged lists keep the server's order. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** The screen's own buttons and figures, shown in the filter bar before the export. */
  toolbar?: ComponentType<{ location: LocationRecord }>;
  /** Who may open the screen; without it, role 40 at the location (ManagersOnly). */
  access?: { allowed: (location: LocationRecord | undefined, permissions: string[]) => boolean; deniedKey: string };
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

/** A multi-select of a filter; an empty choice means no filter at all. */
function MultiFilter({ filter, values, onChange }: {
  filter: Extract<RecordFilter, { kind: 'multi' }>; values: (string | number)[]; onChange: (values: (string | number)[] | undefined) => void;
}) {
  const translate = useTranslate();
  // A hook given by the config (fixed per filter, so the call order never changes).
  const loaded = filter.useChoices?.();
  const choices = filter.choices ?? loaded ?? [];
  const label = (value: string | number) => {
    const text = choices.find((c) => c.value === value)?.label ?? String(value);
    return translate(text, { _: text });
  };
  const numeric = choices.length > 0 && typeof choices[0]!.value === 'number';
  return (
    <TextField
      select size="small" label={translate(filter.label)} value={values}
      sx={{ minWidth: 220 }}
      onChange={(e) => {
        const raw = e.target.value as unknown;
        const picked = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => (numeric ? Number(v) : v));
        onChange(picked.length ? picked : undefined);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as (string | number)[]).map(label).join(', '),
        },
      }}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          <Checkbox size="small" checked={values.includes(c.value)} />
          <ListItemText primary={translate(c.label, { _: c.label })} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How long a value the search box sent may come back from the list as a stale echo. */
const SEARCH_ECHO_MS = 3000;

/** A search box: typed text is kept here and sent when it changes (the list debounces the call). */
function SearchFilter({ filter, value, onChange }: {
  filter: Extract<RecordFilter, { kind: 'search' }>; value: string; onChange: (value: string | undefined) => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  // What this box sent lately: the list applies filters after a debounce, so an older value can come
  // back while the user is still typing. Such echoes are ignored; any other change from outside (a
  // reset) replaces the text, and a trailing space being typed is kept.
  const sent = useRef(new Map<string, number>());
  useEffect(() => {
    const at = sent.current.get(value);
    if (at !== undefined && Date.now() - at < SEARCH_ECHO_MS) return;
    setText((typed) => (typed.trim() === value ? typed : value));
  }, [value]);
  return (
    <TextField
      type="search" size="small" label={translate(filter.label)} value={text}
      slotProps={{ htmlInput: { maxLength: filter.maxLength } }}
      onChange={(e) => {
        const next = e.target.value.trim();
        sent.current.set(next, Date.now());
        setText(e.target.value);
        onChange(next || undefined);
      }}
    />
  );
}

function RecordFilters({ config, location }: { config: RecordListConfig; location: LocationRecord | undefined }) {
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
  // The orders' status multi-select is one more multi filter.
  const filters: RecordFilter[] = [
    ...(config.statuses ? [{ kind: 'multi' as const, source: 'status', label: 'app.records.status', choices: config.statuses }] : []),
    ...(config.filters ?? []),
  ];
  const Toolbar = config.toolbar;

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
      {filters.map((filter) => {
        if (filter.kind === 'multi') {
          return <MultiFilter key={filter.source} filter={filter} values={filterValues[filter.source] ?? []} onChange={(v) => set({ [filter.source]: v })} />;
        }
        if (filter.kind === 'search') {
          return <SearchFilter key={filter.source} filter={filter} value={filterValues[filter.source] ?? ''} onChange={(v) => set({ [filter.source]: v })} />;
        }
        return (
          <TextField
            key={filter.source} select size="small" label={translate(filter.label)} value={filterValues[filter.source] ?? ''}
            sx={{ minWidth: 160 }} onChange={(e) => set({ [filter.source]: e.target.value })}
          >
            {filter.choices.map((c) => <MenuItem key={c.value} value={c.value}>{translate(c.label, { _: c.label })}</MenuItem>)}
          </TextField>
        );
      })}
      <Box sx={{ flexGrow: 1 }} />
      {Toolbar && location && <Toolbar location={location} />}
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
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  if (isPending || permissionsPending) return <Loading />;
  const title = translate(config.titleKey, { name: location?.name ?? '' });
  if (config.access && !config.access.allowed(location, permissions ?? [])) {
    return <Alert severity="warning" sx={{ mt: 2 }} data-testid="access-denied">{translate(config.access.deniedKey)}</Alert>;
  }
  const screen = (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>{title}</Typography>
      <List
        key={locationId}
        resource={config.resource}
        filter={{ location_id: locationId }}
        filterDefaultValues={{ date_from: dayjs().startOf('month').format(ISO), date_to: today(), ...config.defaultFilters?.(locationId) }}
        sort={config.sort}
        disableSyncWithLocation
        storeKey={false}
        title={title}
        perPage={config.perPage ?? DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={(config.pageSizes ?? [...PAGE_SIZES]).map((o) => (typeof o === 'number' ? o : { ...o, label: translate(o.label) }))} />}
        exporter={false}
        actions={false}
        empty={false}
      >
        <RecordFilters config={config} location={location} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }} data-testid="records-empty">{translate(config.emptyKey)}</Typography>}
        >
          {config.columns}
        </Datagrid>
      </List>
    </>
  );
  return config.access ? screen : <ManagersOnly role={location?.role}>{screen}</ManagersOnly>;
}
