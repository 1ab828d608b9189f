// /locations/{id}/multibooking_admin: the month at a glance (the booking spec's monthly booking
// admin). Month picker (MM.YYYY), playground picker remembered as selected_pg_id, archive switch
// (two months back), reload, new booking, new multi-booking, search and the location payment.
// One accordion per day with the location's free places from the summary call; an open day lists
// the playground's sessions grouped by price, and a session opens the same order list and forms
// as the day view. /locations/{id}/create?amo_id=... is this page with the multi-booking form
// opened for a CRM deal (amo_id, and name, phone, email when given, are filled in).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, CircularProgress, FormControlLabel, IconButton, Link,
  MenuItem, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventIcon from '@mui/icons-material/Event';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import PaymentsIcon from '@mui/icons-material/Payments';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import dayjs from 'dayjs';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Loading, Title, useStore, useTranslate } from 'react-admin';
import { businessDateOf, isoWeekday } from '../../../domain/businessDay';
import { DATE_FORMAT, SELECTED_PLAYGROUND_KEY } from '../../../domain/constants';
import { formatCount, formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import { visibleSlots } from '../../calendar/calendarModel';
import { SlotCard, SlotCardStyles } from '../../calendar/SlotCard';
import { DelegatedTooltip } from '../../calendar/DelegatedTooltip';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { useBookingRefresh, usePlaygroundSchedule } from '../booking/api';
import { PAYMENTS_LOCATION_ID, useWallClock } from '../booking/clock';
import { useBookingDialogs, type BookingDialogs } from '../booking/BookingDialogs';
import type { Slot } from '../../calendar/types';
import { useMonthSummary } from './api';
import { MonthGrid } from './MonthGrid';
import { addMonths, firstMonth, groupByPrice, isMonth, monthLabel, rememberedPlayground, visibleDays } from './monthView';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';

/** The months one may pick: from the first shown (two back) to a year after today or the month shown. */
function monthChoices(min: string, month: string, today: string): string[] {
  const last = [addMonths(today.slice(0, 7), 12), month].sort().at(-1)!;
  const months: string[] = [];
  for (let m = min; m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

function DaySessions({ playground, date, now, archive, dialogs }: {
  playground: number;
  date: string;
  now: string;
  archive: boolean;
  dialogs: BookingDialogs;
}) {
  const translate = useTranslate();
  const schedule = usePlaygroundSchedule(playground, date);
  const groups = useMemo(() => groupByPrice(visibleSlots(schedule.data ?? [], archive)), [schedule.data, archive]);
  if (schedule.isPending) return <CircularProgress size={20} />;
  if (schedule.isError) return <Alert severity="error">{(schedule.error as Error).message}</Alert>;
  if (groups.length === 0) return <Typography color="text.secondary">{translate('app.multibooking.month.noSessions')}</Typography>;
  const onOpen = (s: Slot) => dialogs.openSlot(s);
  const onAdd = (s: Slot) => dialogs.openCreate(date, s);
  return (
    <Stack sx={{ gap: 1.5 }}>
      {groups.map((g) => {
        const currency = g.slots[0]?.pricing?.currency;
        const price = g.price ? formatMoney(g.price, currency, languageOf(translate)) : '';
        return (
          <Box key={g.key} component="section" aria-label={translate(`app.multibooking.month.price.${g.kind}`, { price })} data-testid="price-group">
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {translate(`app.multibooking.month.price.${g.kind}`, { price })}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {translate('app.multibooking.month.sessionsCount', { smart_count: g.slots.length })}
              </Typography>
            </Typography>
            <DelegatedTooltip>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 1 }}>
                {g.slots.map((s) => (
                  <Box key={s.time_start} sx={{ minHeight: 92 }}><SlotCard slot={s} now={now} onOpen={onOpen} onAdd={onAdd} /></Box>
                ))}
              </Box>
            </DelegatedTooltip>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * `month`: the month view's own route, /locations/{id}/booking_admin/month (#39), open to every role
 * at the location as the day view is; its multi-booking button shows only with the multibooking
 * permission, whose route (multibooking_admin, and the CRM's create) keeps the spec's rule.
 */
export function MultiBookingAdminPage({ crm = false, month: monthRoute = false }: { crm?: boolean; month?: boolean }) {
  useSignedIn();
  const { location_id: locationParam = '' } = useParams();
  const locationId = Number(locationParam);
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const location = useLocationDetail(locationParam);
  const now = useWallClock(location.data?.timezone);
  const today = businessDateOf(now);
  const [archive, setArchive] = useStore<boolean>('booking.monthArchive', false);
  const min = firstMonth(today, archive);
  const monthParam = params.get('month');
  const month = isMonth(monthParam) && monthParam >= min ? monthParam : today.slice(0, 7);
  const setMonth = (m: string) => { if (isMonth(m) && m >= min) setParams({ month: m }); };
  const dialogs = useBookingDialogs({ location: location.data, now, today });
  const refresh = useBookingRefresh();
  const summary = useMonthSummary(locationId, `${month}-01`);

  const playgrounds = useMemo(() => (location.data?.playgrounds ?? [])
    .filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t))), [location.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const playground = picked ?? rememberedPlayground(playgrounds.map((p) => p.id), localStorage);
  const pickPlayground = (id: number) => {
    setPicked(id);
    localStorage.setItem(SELECTED_PLAYGROUND_KEY, String(id));
  };

  const days = visibleDays(month, today, archive);
  const placesOf = new Map((summary.data ?? []).map((d) => [d.date, d.places]));
  // Today's day starts open: the location's today, read once its zone is known (the first render,
  // before the location arrives, has only the browser's clock, which may be another day).
  const [toggled, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const expanded = toggled ?? new Set([today]);
  const toggleDay = (day: string, open: boolean) => setExpanded((e) => {
    const next = new Set(e ?? [today]);
    if (open) next.add(day); else next.delete(day);
    return next;
  });
  // A day clicked in the month grid opens in the accordion below, scrolled to and focused.
  const openable = useMemo(() => new Set(days), [days.join()]);
  const openDay = useCallback((day: string) => {
    toggleDay(day, true);
    requestAnimationFrame(() => {
      const item = document.querySelector<HTMLElement>(`[data-testid="month-day"][data-date="${day}"]`);
      item?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      item?.querySelector<HTMLElement>('.MuiAccordionSummary-root')?.focus({ preventScroll: true });
    });
  }, []);

  // The CRM route opens the multi-booking form once, prefilled from the address.
  const crmOpened = useRef(false);
  useEffect(() => {
    if (!crm || crmOpened.current || !location.data || !dialogs.canMulti) return;
    crmOpened.current = true;
    const text = (name: string) => params.get(name)?.trim() ?? '';
    dialogs.openMulti(today, { amo_id: text('amo_id') || null, name: text('name'), phone: text('phone'), email: text('email') });
  });

  if (location.isError) return <LocationUnavailable id={locationParam} error={location.error} />;
  if (!location.data) return <Loading />;
  if (!dialogs.canMulti && !monthRoute) {
    return <Alert severity="warning" sx={{ mt: 2 }} data-testid="multibooking-forbidden">{translate('app.multibooking.forbidden')}</Alert>;
  }
  const l = location.data;
  const title = translate('app.multibooking.month.title', { name: l.name });
  const freeInMonth = days.reduce((sum, d) => sum + (d >= today ? placesOf.get(d) ?? 0 : 0), 0);

  return (
    <Box component="main" sx={{ pb: 4, width: '100%', minWidth: 0 }} data-testid="month-admin">
      <Title title={title} />
      <SlotCardStyles />
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 0.5 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />{translate('app.schedules.back')}
      </Link>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { md: 'center' }, gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        {dialogs.canMulti && (
          <Button variant="outlined" size="large" startIcon={<LibraryAddIcon />} onClick={() => dialogs.openMulti(`${month}-01` > today ? `${month}-01` : today)}
            data-testid="new-multibooking">
            {translate('app.multibooking.toolbar.newMulti')}
          </Button>
        )}
        <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={() => dialogs.openCreate(`${month}-01` > today ? `${month}-01` : today)}
          data-testid="new-booking">
          {translate('app.booking.toolbar.newBooking')}
        </Button>
      </Stack>

      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }} role="toolbar" aria-label={translate('app.booking.toolbar.label')}>
        <Tooltip title={translate('app.multibooking.month.prev')}>
          <span>
            <IconButton onClick={() => setMonth(addMonths(month, -1))} disabled={addMonths(month, -1) < min} aria-label={translate('app.multibooking.month.prev')}>
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        {/* The months as MM.YYYY in both languages (a native month input follows the browser's locale). */}
        <TextField select size="small" value={month} onChange={(e) => setMonth(e.target.value)}
          label={translate('app.multibooking.month.month')}
          slotProps={{ htmlInput: { 'data-testid': 'month-picker' } }}
          sx={{ width: 140 }}>
          {monthChoices(min, month, today).map((m) => <MenuItem key={m} value={m}>{monthLabel(m)}</MenuItem>)}
        </TextField>
        <Tooltip title={translate('app.multibooking.month.next')}>
          <IconButton onClick={() => setMonth(addMonths(month, 1))} aria-label={translate('app.multibooking.month.next')}><ChevronRightIcon /></IconButton>
        </Tooltip>
        <TextField select size="small" label={translate('app.booking.fields.playground')} value={playground ?? ''} sx={{ minWidth: 200 }}
          onChange={(e) => pickPlayground(Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'month-playground' } }}>
          {playgrounds.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
        </TextField>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refresh()} data-testid="reload">{translate('app.booking.toolbar.reload')}</Button>
        <Button size="small" startIcon={<SearchIcon />} onClick={dialogs.openSearch}>{translate('app.booking.toolbar.search')}</Button>
        {locationId === PAYMENTS_LOCATION_ID && (
          <Button size="small" startIcon={<PaymentsIcon />} onClick={dialogs.openPayment}>{translate('app.booking.toolbar.payment')}</Button>
        )}
        <Button size="small" startIcon={<EventIcon />} component={RouterLink} to={`/locations/${locationId}/booking_admin`}>
          {translate('app.multibooking.month.dayView')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <FormControlLabel control={<Switch checked={archive} onChange={(e) => setArchive(e.target.checked)} />}
          label={translate('app.booking.toolbar.showArchived')} />
      </Stack>

      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="month-free">
        {summary.isSuccess ? translate('app.multibooking.month.freeInMonth', { month: monthLabel(month), n: formatCount(freeInMonth, languageOf(translate)) }) : '…'}
      </Typography>
      {summary.isError && <Alert severity="error" sx={{ mb: 1 }}>{(summary.error as Error).message}</Alert>}
      {summary.data && <MonthGrid month={month} today={today} days={summary.data} openable={openable} onOpenDay={openDay} />}
      {playgrounds.length === 0 && <Alert severity="info">{translate('app.booking.noPlaygrounds')}</Alert>}
      {days.length === 0 && <Alert severity="info">{translate('app.multibooking.month.noDays')}</Alert>}

      {playground !== null && days.map((day) => {
        const open = expanded.has(day);
        const places = placesOf.get(day);
        const past = day < today;
        return (
          <Accordion key={day} expanded={open} onChange={(_e, isOpen) => toggleDay(day, isOpen)} disableGutters
            slotProps={{ transition: { unmountOnExit: true } }} data-testid="month-day" data-date={day}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}>
              {/* Wraps on a phone (390 px): the date, "today" and the free places pushed the expand icon past the edge. */}
              <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1.5, width: '100%', minWidth: 0, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: day === today ? 700 : 500, minWidth: 130, color: past ? 'text.secondary' : 'text.primary' }}>
                  {translate(`app.dayTypes.short.d${isoWeekday(day)}`)}, {dayjs(day).format(DATE_FORMAT)}
                </Typography>
                {day === today && <Chip size="small" color="primary" label={translate('app.booking.toolbar.today')} />}
                <Box sx={{ flex: 1 }} />
                {!past && places !== undefined && (
                  <Chip size="small" variant="outlined" color={places > 0 ? 'success' : 'error'} data-testid="day-places"
                    label={translate('app.multibooking.month.places', { n: formatCount(places, languageOf(translate)) })} />
                )}
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Box sx={{ mb: 1 }}>
                <Link component={RouterLink} to={`/locations/${locationId}/booking_admin?date=${day}`} variant="body2">
                  {translate('app.multibooking.month.openDay')}
                </Link>
              </Box>
              <DaySessions playground={playground} date={day} now={now} archive={archive} dialogs={dialogs} />
            </AccordionDetails>
          </Accordion>
        );
      })}
      {dialogs.element}
    </Box>
  );
}

/** /locations/{id}/create?amo_id=...: the month view with the multi-booking form open for a CRM deal. */
export function CrmCreatePage() {
  return <MultiBookingAdminPage crm />;
}

/** /locations/{id}/booking_admin/month: the month view for every role at the location (#39). */
export function MonthViewPage() {
  return <MultiBookingAdminPage month />;
}
