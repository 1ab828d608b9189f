// The filter bar of a declared list: the date range (and quick periods), selects, multi-selects and
// search boxes the declaration names, the screen's own toolbar, and the export buttons. Values live
// in react-admin's list params, which the <List> keeps in the URL.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, ButtonGroup, Checkbox, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import dayjs from 'dayjs';
import { useListContext, useTranslate } from 'react-admin';
import type { Choice, FilterDeclaration, ListDeclaration } from '../../resources/declaration';
import type { LocationRecord } from '../../resources/locations/types';
import { useEndpointChoices } from './choices';
import { ExportButtons } from './exports';
import { wallClockAt } from '../../calendar/calendarModel';
import { DateField } from '../forms/DateField';
import { choicesPath } from '../forms/fields';

const ISO = 'YYYY-MM-DD';
/** Today on the location's clock (its calendar date), not the browser's: a Moscow list at 00:30 is already tomorrow's. */
export const today = (timezone?: string) => wallClockAt(timezone).slice(0, 10);
const todayAt = (timezone?: string) => dayjs(today(timezone));

/** The filter values a list starts with when its URL carries none. */
export function defaultFilters(filters: FilterDeclaration[] = [], locationId: string, timezone?: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of filters) {
    if (f.kind === 'dateRange') Object.assign(values, { date_from: todayAt(timezone).startOf('month').format(ISO), date_to: today(timezone) });
    else if ('default' in f && f.default !== undefined) {
      values[f.source] = typeof f.default === 'function' ? (f.default as (ctx: { locationId: string }) => unknown)({ locationId }) : f.default;
    }
  }
  return values;
}

/**
 * The filter inputs side by side: react-admin's theme makes text fields full width (one per line
 * on a wide screen), so a filter has its own width and no margin; on a phone the bar stacks them.
 */
const FILTER_FIELD = { size: 'small', fullWidth: false, margin: 'none' } as const;
/** A filter's width in a row; the whole line on a phone. */
const width = (px: number) => ({ width: { xs: '100%', md: px } });

type ChoiceFilter = Extract<FilterDeclaration, { kind: 'select' | 'multi' }>;

/** A select's or multi-select's choices: declared, or loaded from `choicesFrom` with the list's location in its path. */
function useChoices(filter: ChoiceFilter, locationId: number | undefined): Choice[] {
  const from = filter.choicesFrom && { ...filter.choicesFrom, path: choicesPath(filter.choicesFrom.path, { location_id: locationId }) };
  const loaded = useEndpointChoices(from);
  return filter.choicesFrom ? loaded : filter.choices ?? [];
}

/** One value of a select's choices. */
function SelectFilter({ filter, value, locationId, onChange }: {
  filter: Extract<FilterDeclaration, { kind: 'select' }>; value: unknown; locationId: number | undefined; onChange: (value: unknown) => void;
}) {
  const translate = useTranslate();
  const choices = useChoices(filter, locationId);
  // Loaded choices are data (names): shown as they are; declared ones are i18n keys.
  const text = (c: Choice) => (filter.choicesFrom ? c.label : translate(c.label, { _: c.label }));
  // Until loaded choices arrive, a value from the URL has no option: MUI warns and shows nothing, so the box waits empty.
  const known = choices.some((c) => String(c.value) === String(value ?? ''));
  return (
    <TextField
      select {...FILTER_FIELD} label={translate(filter.label)} value={known ? value : ''}
      sx={width(180)} onChange={(e) => onChange(e.target.value)}
    >
      {choices.map((c) => <MenuItem key={c.value} value={c.value}>{text(c)}</MenuItem>)}
    </TextField>
  );
}

/** A multi-select; nothing chosen means no filter at all. */
function MultiFilter({ filter, values, locationId, onChange }: {
  filter: Extract<FilterDeclaration, { kind: 'multi' }>; values: (string | number)[]; locationId: number | undefined;
  onChange: (values: (string | number)[] | undefined) => void;
}) {
  const translate = useTranslate();
  const choices = useChoices(filter, locationId);
  const label = (value: string | number) => {
    const text = choices.find((c) => c.value === value)?.label ?? String(value);
    return translate(text, { _: text });
  };
  const numeric = choices.length > 0 && typeof choices[0]!.value === 'number';
  return (
    <TextField
      select {...FILTER_FIELD} label={translate(filter.label)} value={values} sx={width(240)}
      onChange={(e) => {
        const raw = e.target.value as unknown;
        const picked = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => (numeric ? Number(v) : v));
        onChange(picked.length ? picked : undefined);
      }}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as (string | number)[]).map(label).join(', ') } }}
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
  filter: Extract<FilterDeclaration, { kind: 'search' }>; value: string; onChange: (value: string | undefined) => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  // What this box sent lately: the list applies filters after a debounce, so an older value can come
  // back while the user is still typing. Such echoes are ignored; any other change from outside (a
  // reset, a reload with the filter in the URL) replaces the text, and a trailing space being typed is kept.
  const sent = useRef(new Map<string, number>());
  useEffect(() => {
    const at = sent.current.get(value);
    if (at !== undefined && Date.now() - at < SEARCH_ECHO_MS) return;
    setText((typed) => (typed.trim() === value ? typed : value));
  }, [value]);
  return (
    <TextField
      type="search" {...FILTER_FIELD} label={translate(filter.label)} value={text} sx={width(260)}
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

type Values = Record<string, any>;

/** A stable text of filter values: keys sorted, empty values left out (as react-admin drops them). */
const signature = (values: Values) => JSON.stringify(Object.keys(values).sort()
  .filter((k) => !(values[k] === undefined || values[k] === null || values[k] === '' || (Array.isArray(values[k]) && values[k].length === 0)))
  .map((k) => [k, values[k]]));

/**
 * The filter values as last set here, and a setter that merges into them. The list applies a change
 * once the router has moved to the new URL (a transition), so two quick changes (the start and then
 * the end of a range, two items of a multi-select, keystrokes) would otherwise each start from the
 * old values and undo one another. While the list shows values this bar sent (its echoes, in any
 * order), the bar shows what it sent last; other values (back button, a link) replace it. Only
 * event handlers and effects touch the refs: a render may be thrown away.
 */
function usePendingFilters(): { values: Values; latest: () => Values; set: (patch: Values) => void } {
  const { filterValues, setFilters } = useListContext();
  const [, redraw] = useState(0);
  const pending = useRef<Values>(filterValues);
  const sent = useRef<string[]>([signature(filterValues)]);
  const current = signature(filterValues);
  useEffect(() => {
    const echo = sent.current.indexOf(current);
    if (echo === -1) {
      pending.current = filterValues;
      sent.current = [current];
    } else sent.current = sent.current.slice(echo);
  }, [current]);
  return {
    values: sent.current.includes(current) ? pending.current : filterValues,
    latest: () => pending.current,
    set: (patch) => {
      pending.current = { ...pending.current, ...patch };
      sent.current.push(signature(pending.current));
      setFilters(pending.current, {});
      redraw((n) => n + 1);
    },
  };
}

function DateRange({ quickPeriods, filters, timezone }: { quickPeriods?: boolean; filters: ReturnType<typeof usePendingFilters>; timezone?: string }) {
  const translate = useTranslate();
  const { values, latest, set } = filters;
  // A typed day is taken as typed, never moved onto the other end: typing 15.11 passes through
  // 15.01, and moving that onto the start lost the day being typed. A start after the end stays
  // on screen with the pickers' message and is not sent; the list keeps its last whole range.
  const [inverted, setInverted] = useState<{ date_from: string; date_to: string } | null>(null);
  const sentFrom: string = values.date_from ?? '';
  const sentTo: string = values.date_to ?? '';
  // A range set from elsewhere (a quick period, the back button, a reset) replaces the one refused.
  useEffect(() => setInverted(null), [sentFrom, sentTo]);
  const from = inverted?.date_from ?? sentFrom;
  const to = inverted?.date_to ?? sentTo;
  const now = todayAt(timezone);
  const change = (patch: { date_from?: string; date_to?: string }) => {
    const base = inverted ?? latest();
    const next = { date_from: (base.date_from as string | undefined) ?? '', date_to: (base.date_to as string | undefined) ?? '', ...patch };
    if (next.date_from && next.date_to && next.date_to < next.date_from) return setInverted(next);
    setInverted(null);
    set(next);
  };
  const period = (start: dayjs.Dayjs, end: dayjs.Dayjs) => change({ date_from: start.format(ISO), date_to: end.format(ISO) });
  const message = inverted ? translate('app.records.dateOrder') : undefined;
  return (
    <>
      <DateField
        {...FILTER_FIELD} sx={width(170)} label={translate('app.records.dateFrom')} value={from}
        onChange={(value) => value && change({ date_from: value })} error={!!inverted}
      />
      <DateField
        {...FILTER_FIELD} sx={width(170)} label={translate('app.records.dateTo')} value={to}
        onChange={(value) => value && change({ date_to: value })} error={!!inverted} helperText={message}
      />
      {quickPeriods && (
        <ButtonGroup size="small" variant="outlined" aria-label={translate('app.records.period')}>
          <Button onClick={() => period(now.subtract(1, 'year'), now.subtract(1, 'day'))}>{translate('app.records.past')}</Button>
          <Button onClick={() => period(now.subtract(1, 'day'), now.subtract(1, 'day'))}>{translate('app.records.yesterday')}</Button>
          <Button onClick={() => period(now, now)}>{translate('app.records.today')}</Button>
        </ButtonGroup>
      )}
    </>
  );
}

export function RecordFilters({ name, list, location, bar }: {
  name: string; list: ListDeclaration; location: LocationRecord | undefined;
  /** The screen's figures and buttons, after the filters. */
  bar?: ReactNode;
}) {
  const filters = usePendingFilters();
  const { values: filterValues, set } = filters;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ px: 2, py: 1, alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap
      data-testid="record-filters">
      {(list.filters ?? []).map((filter) => {
        switch (filter.kind) {
          case 'dateRange':
            return <DateRange key="dateRange" quickPeriods={filter.quickPeriods} filters={filters} timezone={location?.timezone} />;
          case 'multi':
            return (
              <MultiFilter key={filter.source} filter={filter} values={filterValues[filter.source] ?? []} locationId={location?.id}
                onChange={(v) => set({ [filter.source]: v })} />
            );
          case 'search':
            return <SearchFilter key={filter.source} filter={filter} value={filterValues[filter.source] ?? ''} onChange={(v) => set({ [filter.source]: v })} />;
          case 'select':
            return (
              <SelectFilter key={filter.source} filter={filter} value={filterValues[filter.source]} locationId={location?.id}
                onChange={(v) => set({ [filter.source]: v })} />
            );
        }
      })}
      <Box sx={{ flexGrow: 1 }} />
      {bar}
      {list.exports?.length ? <ExportButtons name={name} list={list} /> : null}
    </Stack>
  );
}
