// The holiday calendar of the location's country for this year and the next: day types 8
// (holiday) and 9 (pre-holiday) of the schedules. Add a day (date, kind, name) or remove one.
import { useState } from 'react';
import {
  Box, Button, Chip, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, Tab, Table, TableBody,
  TableCell, TableHead, TableRow, Tabs, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { isDate, isoWeekday } from '../../../domain/businessDay';
import { DATE_FORMAT } from '../../../domain/constants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { keys, useHolidays } from './api';
import { formatDate } from './dates';
import type { HolidayRecord } from './types';
import { CancelButton, GuardedDialog, useReportDirty } from '../../components/forms/GuardedDialog';
import { DateField } from '../../components/forms/DateField';
import { useRouteLocationToday } from '../../components/forms/locationToday';

type Kind = HolidayRecord['kind'];

function AddHoliday({ locationId, year, onAdded }: { locationId: string; year: number; onAdded: (saved: HolidayRecord) => Promise<unknown> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<Kind>('holiday');
  const [name, setName] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = isDate(date);
  useReportDirty(!!date || !!name.trim());

  const add = async () => {
    setBusy(true);
    const saved = await run(
      async () => (await dataProvider.create<HolidayRecord>('holidays', {
        data: { location: Number(locationId), date, kind, name: name.trim() }, meta: { location_id: locationId },
      })).data,
      (err) => {
        const message = (err.body?.errors as Record<string, string> | undefined)?.date;
        if (!message) return false;
        setDateError(message);
        return true;
      },
    );
    setBusy(false);
    if (!saved) return;
    await onAdded(saved);
    setDate('');
    setName('');
    notify('app.holidays.added', { type: 'success', messageArgs: { date: formatDate(saved.date, DATE_FORMAT) } });
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }} component="form"
      onSubmit={(e) => { e.preventDefault(); if (valid && !busy) void add(); }}>
      <DateField
        size="small"
        label={translate('app.holidays.date')}
        value={date}
        onChange={(v) => { setDate(v); setDateError(null); }}
        error={!!dateError}
        helperText={dateError ?? ' '}
        min={`${year}-01-01`} max={`${year + 1}-12-31`}
        sx={{ width: { sm: 180 }, flexShrink: 0 }}
      />
      <TextField select size="small" label={translate('app.holidays.kind')} value={kind} onChange={(e) => setKind(e.target.value as Kind)} sx={{ width: { sm: 180 }, flexShrink: 0 }} helperText=" ">
        <MenuItem value="holiday">{translate('app.holidays.holiday')}</MenuItem>
        <MenuItem value="pre_holiday">{translate('app.holidays.preHoliday')}</MenuItem>
      </TextField>
      <TextField size="small" label={translate('app.holidays.name')} value={name} onChange={(e) => setName(e.target.value)} sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ htmlInput: { maxLength: 100 } }} helperText=" " />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={!valid || busy} sx={{ whiteSpace: 'nowrap', height: 40, flexShrink: 0 }}>
        {translate('app.holidays.add')}
      </Button>
    </Stack>
  );
}

function YearList({ locationId, year }: { locationId: string; year: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const client = useQueryClient();
  const { data, isPending } = useHolidays(locationId, year);
  const [removing, setRemoving] = useState<HolidayRecord | null>(null);

  const remove = async () => {
    const h = removing!;
    const done = await run(() => dataProvider.delete('holidays', { id: h.id, previousData: h, meta: { location_id: locationId } }).then(() => true));
    setRemoving(null);
    if (!done) return;
    await client.invalidateQueries({ queryKey: keys.holidays });
    notify('app.holidays.removed', { type: 'success', messageArgs: { date: formatDate(h.date, DATE_FORMAT) } });
  };

  if (isPending) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  if (!data?.length) return <Typography color="text.secondary">{translate('app.holidays.empty')}</Typography>;
  return (
    <>
      {/* width 0 + min-width 100 %: the table scrolls instead of widening the page on a phone. */}
      <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small" aria-label={translate('app.holidays.yearTable', { year })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.holidays.date')}</TableCell>
            <TableCell>{translate('app.holidays.kind')}</TableCell>
            <TableCell>{translate('app.holidays.name')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((h) => (
            <TableRow key={h.id} hover data-testid="holiday-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(h.date, DATE_FORMAT)}
                <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>{translate(`app.dayTypes.short.d${isoWeekday(h.date)}`)}</Box>
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={h.kind === 'holiday' ? 'error' : 'warning'}
                  label={translate(h.kind === 'holiday' ? 'app.holidays.holiday' : 'app.holidays.preHoliday')} />
              </TableCell>
              <TableCell>{h.name}</TableCell>
              <TableCell align="right">
                <Tooltip title={translate('app.holidays.remove')}>
                  <IconButton size="small" color="error" onClick={() => setRemoving(h)}
                    aria-label={translate('app.holidays.removeNamed', { date: formatDate(h.date, DATE_FORMAT) })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      </Box>
      <ConfirmDialog
        open={!!removing}
        title={translate('app.holidays.removeTitle')}
        text={removing ? translate('app.holidays.removeText', { date: formatDate(removing.date, DATE_FORMAT), name: removing.name }) : ''}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

export function HolidaysDialog({ locationId, country, onClose }: { locationId: string; country: string; onClose: () => void }) {
  const translate = useTranslate();
  const client = useQueryClient();
  // The location's year (its New Year's Eve is not the browser's).
  const routeToday = useRouteLocationToday();
  const thisYear = routeToday ? Number(routeToday.slice(0, 4)) : dayjs().year();
  const [year, setYear] = useState(thisYear);
  const added = async (saved: HolidayRecord) => {
    await client.invalidateQueries({ queryKey: keys.holidays });
    setYear(Number(saved.date.slice(0, 4)));
  };
  return (
    <GuardedDialog onClose={onClose} maxWidth="md" fullWidth aria-labelledby="holidays-title">
      <DialogTitle id="holidays-title">{translate('app.holidays.title', { country })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.holidays.hint')}</Typography>
        <AddHoliday locationId={locationId} year={thisYear} onAdded={added} />
        <Tabs value={year} onChange={(_, y: number) => setYear(y)} sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value={thisYear} label={String(thisYear)} />
          <Tab value={thisYear + 1} label={String(thisYear + 1)} />
        </Tabs>
        <YearList key={year} locationId={locationId} year={year} />
      </DialogContent>
      <DialogActions>
        <CancelButton onClose={onClose}>{translate('app.common.close')}</CancelButton>
      </DialogActions>
    </GuardedDialog>
  );
}
