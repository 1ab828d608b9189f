// /locations/{id}/booking_admin: the day's sessions of the location's bookable playgrounds in a
// resource day calendar (06:00-24:00) and a night calendar (00:00-06:00 of the next date), with
// date navigation, jump to now, reload, new booking, search, the location payment (location 1)
// and the archive switch; progress bars of places taken per start time above. Cards open the
// slot's order list (pay, edit, cancel); the date is kept in the address (?date=YYYY-MM-DD), and
// ?order=<id> opens that order's card (#39).
import { useDatabaseDown } from '../../dataProvider/databaseStatus';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert, Box, Button, Chip, Divider, FormControlLabel, IconButton, Link, Stack, Switch, Tooltip, Typography,
} from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AddIcon from '@mui/icons-material/Add';
import DateRangeIcon from '@mui/icons-material/DateRange';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import PaymentsIcon from '@mui/icons-material/Payments';
import SearchIcon from '@mui/icons-material/Search';
import TodayIcon from '@mui/icons-material/Today';
import type FullCalendar from '@fullcalendar/react';
import dayjs from 'dayjs';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Loading, Title, useStore, useTranslate } from 'react-admin';
import { addDays, businessDateOf, businessMinutes, isDate, isoWeekday } from '../../../domain/businessDay';
import { DATE_FORMAT } from '../../../domain/constants';
import type { SlotColour } from '../../../domain/paymentLine';
import {
  dayScrollTime, nightDateOf, occupancyByTime, scrollTimeBefore, splitDayNight, visibleSlots,
} from '../../calendar/calendarModel';
import { DayCalendar } from '../../calendar/DayCalendar';
import { OccupancyStrip } from '../../calendar/OccupancyStrip';
import { ARCHIVED_COLOURS, SLOT_COLOURS, SlotCardStyles, slotCardElement } from '../../calendar/SlotCard';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import { dayViewDate, dayViewPlaygrounds, useBookingRefresh, useDaySchedules } from './api';
import { ReloadButton } from './ReloadButton';
import { useBookingDialogs } from './BookingDialogs';
import { PAYMENTS_LOCATION_ID, useWallClock } from './clock';
import type { Slot } from '../../calendar/types';
import { DomMarkStyles, useDomMarks } from '../../live/LiveMark';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';
import { DateField } from '../../components/forms/DateField';

/** A performance mark: the day view first renders with its data (read by bench/lib/browser.ts). */
export const DAY_DATA_MARK = 'day-view:data';

const LEGEND: SlotColour[] = ['empty', 'unpaid', 'partly_paid', 'paid', 'pending', 'free', 'event'];

export function BookingAdminPage() {
  useSignedIn();
  const { location_id: locationParam = '' } = useParams();
  const locationId = Number(locationParam);
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const location = useLocationDetail(locationParam);
  const now = useWallClock(location.data?.timezone);
  const today = businessDateOf(now);
  const date = dayViewDate(params.get('date'), today);
  const setDate = (d: string) => { if (isDate(d)) setParams({ date: d }); };
  const [showArchived, setShowArchived] = useStore<boolean>('booking.showArchived', false);

  const playgrounds = useMemo(() => dayViewPlaygrounds(location.data), [location.data]);
  const day = useDaySchedules(playgrounds.map((p) => p.id), date);
  // The first render that holds both this page's code and its day (the data may have been read
  // before the page could use it: ./preload.ts). bench/lib/browser.ts times the render from here.
  if (!day.loading && playgrounds.length > 0 && performance.getEntriesByName(DAY_DATA_MARK).length === 0) performance.mark(DAY_DATA_MARK);
  const refresh = useBookingRefresh();

  const visible = useMemo(() => visibleSlots(day.slots, showArchived), [day.slots, showArchived]);
  const { day: daySlots, night: nightSlots } = useMemo(() => splitDayNight(visible, date), [visible, date]);
  // A night whose sessions are all past and unbooked is hidden with the archive: say so, not "no night".
  const nightPassed = useMemo(() => nightSlots.length === 0 && splitDayNight(day.slots, date).night.length > 0, [nightSlots, day.slots, date]);
  const occupancy = useMemo(() => occupancyByTime(visible, new Map(playgrounds.map((p) => [p.id, p.max_players]))), [visible, playgrounds]);
  // Where the calendars open; fixed per date (and first load) so the ticking clock does not move them.
  const loaded = !day.loading;
  const dayScroll = useMemo(() => dayScrollTime(date, now, daySlots), [date, loaded]); // not `now`: see above
  const nightScroll = useMemo(() => (businessDateOf(now) === date && now.slice(0, 10) !== date ? scrollTimeBefore(now.slice(11, 16), '00:00') : '00:00:00'), [date, loaded]);

  const dayRef = useRef<FullCalendar>(null);
  const nightRef = useRef<FullCalendar>(null);
  const nightBox = useRef<HTMLDivElement>(null);
  const dayBox = useRef<HTMLDivElement>(null);

  const dialogs = useBookingDialogs({ location: location.data, now, today });
  const [pendingNow, setPendingNow] = useState(false);

  const scrollTo = (time: string) => {
    const night = businessMinutes(time) >= 24 * 60;
    const api = (night ? nightRef : dayRef).current?.getApi();
    api?.scrollToTime(scrollTimeBefore(time, night ? '00:00' : '06:00'));
    (night ? nightBox : dayBox).current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const jumpToNow = () => {
    if (date !== today) {
      setDate(today);
      setPendingNow(true);
    } else scrollTo(now.slice(11, 16));
  };
  // #39 Between midnight and the day boundary (06:00) now is in the night calendar, below the whole
  // day's: the page opens there (the night calendar itself opens at its now-line, nightScroll), once
  // per date, so the ticking clock and a reload never move the page under the cashier.
  const openedAtNight = useRef<string | null>(null);
  useEffect(() => {
    if (!location.data || !nightBox.current || !loaded || date !== today || now.slice(0, 10) === date || openedAtNight.current === date) return;
    openedAtNight.current = date;
    requestAnimationFrame(() => nightBox.current?.scrollIntoView({ block: 'start' }));
  });
  // "Now" on another date: once today's calendars are up, scroll to the current time.
  useEffect(() => {
    if (pendingNow && date === today && loaded) {
      setPendingNow(false);
      requestAnimationFrame(() => scrollTo(now.slice(11, 16)));
    }
  });

  // #39 `order` in the address (the order page's "Open in the calendar"): once the day is read, that
  // order's card opens (its slot's order list) and the calendar scrolls to it. The address then keeps
  // only the date, so a reload or a way back does not open it again.
  const wantedOrder = Number(params.get('order')) || null;
  useEffect(() => {
    if (!wantedOrder || !loaded || playgrounds.length === 0) return;
    const slot = day.slots.find((s) => s.orders.some((o) => o.id === wantedOrder));
    setParams({ date }, { replace: true });
    if (!slot) return;
    dialogs.openSlot(slot);
    requestAnimationFrame(() => scrollTo(slot.begin));
  }, [wantedOrder, loaded, playgrounds.length]); // eslint-disable-line react-hooks/exhaustive-deps -- once per address

  // Stable card callbacks and renderer: the memoised calendars re-render only when slots or the clock change.
  const addRef = useRef<(slot: Slot) => void>(() => undefined);
  const openRef = useRef<(slot: Slot) => void>(() => undefined);
  const onCardOpen = useCallback((s: Slot) => openRef.current(s), []);
  const onCardAdd = useCallback((s: Slot) => addRef.current(s), []);
  // A card an event just changed is marked briefly (src/live): by attribute on the card's DOM, no re-render.
  useDomMarks();
  // #42 A closed (deactivated) location takes no new bookings: its cards offer no "+".
  const closed = location.data?.is_active === false;
  // #48 While the database is unreachable the day stays as it was read, and its "+" waits (disabled, saying why).
  const databaseDown = useDatabaseDown() !== null;
  const renderSlot = useCallback((slot: Slot) => slotCardElement(slot, now, translate, {
    onOpen: onCardOpen, onAdd: closed ? undefined : onCardAdd, readOnly: databaseDown ? translate('app.databaseDown.readOnly') : undefined,
  }), [now, translate, onCardOpen, onCardAdd, closed, databaseDown]);

  // #49 What a data change does not change is made once per its inputs: a live update re-renders the
  // calendars' cards, not the header's, toolbar's and legend's MUI components (their handlers read the
  // latest callbacks through `act`). Measured: a live update of one card spent ~35 ms in React and
  // MUI's styles re-rendering the whole page, twice (the reload button followed the refetch).
  const act = useRef({ dialogs, setDate, jumpToNow, refresh, setShowArchived });
  act.current = { dialogs, setDate, jumpToNow, refresh, setShowArchived };
  const closed0 = location.data?.is_active === false;
  const title = translate('app.booking.title', { name: location.data?.name ?? '' });
  const dateLabel = `${translate(`app.dayTypes.short.d${isoWeekday(date)}`)}, ${dayjs(date).format(DATE_FORMAT)}`;
  const header = useMemo(() => (
    <>
      <Link component={RouterLink} to="/locations" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 0.5 }} variant="body2">
        <ArrowBackIcon fontSize="inherit" />{translate('app.schedules.back')}
      </Link>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: { md: 'center' }, gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>{title}</Typography>
        {dialogs.canMulti && !closed0 && (
          <Button variant="outlined" size="large" startIcon={<LibraryAddIcon />} onClick={() => act.current.dialogs.openMulti(date)} data-testid="new-multibooking">
            {translate('app.multibooking.toolbar.newMulti')}
          </Button>
        )}
        {!closed0 && (
          <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={() => act.current.dialogs.openCreate(date)} data-testid="new-booking">
            {translate('app.booking.toolbar.newBooking')}
          </Button>
        )}
      </Stack>
    </>
  ), [title, closed0, dialogs.canMulti, date, translate]); // eslint-disable-line react-hooks/exhaustive-deps -- handlers through act
  const toolbar = useMemo(() => (
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }} role="toolbar" aria-label={translate('app.booking.toolbar.label')}>
        {/* Wraps on a phone: at 390 px the Today button goes under the date instead of past the edge. */}
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
          <Tooltip title={translate('app.booking.toolbar.prevDay')}>
            <IconButton onClick={() => act.current.setDate(addDays(date, -1))} aria-label={translate('app.booking.toolbar.prevDay')}><ChevronLeftIcon /></IconButton>
          </Tooltip>
          <DateField
            deferred
            size="small"
            value={date}
            onChange={(v) => { if (v) act.current.setDate(v); }}
            label={dateLabel}
            today={today}
            data-testid="calendar-date"
            // A width from xs up: react-admin's theme stretches every text field to 100 % on a phone,
            // which put the day's arrows on lines of their own at 390 px.
            sx={{ width: { xs: 172, sm: 180 } }}
          />
          <Tooltip title={translate('app.booking.toolbar.nextDay')}>
            <IconButton onClick={() => act.current.setDate(addDays(date, 1))} aria-label={translate('app.booking.toolbar.nextDay')}><ChevronRightIcon /></IconButton>
          </Tooltip>
          <Button variant={date === today ? 'contained' : 'outlined'} disableElevation size="small" startIcon={<TodayIcon />} onClick={() => act.current.setDate(today)}>
            {translate('app.booking.toolbar.today')}
          </Button>
        </Stack>
        {/* On a phone the day's controls take a line of their own: no divider starting the next. */}
        <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Button size="small" startIcon={<AccessTimeIcon />} onClick={() => act.current.jumpToNow()}>{translate('app.booking.toolbar.now')}</Button>
        <ReloadButton onClick={() => void act.current.refresh()} />
        <Button size="small" startIcon={<SearchIcon />} onClick={() => act.current.dialogs.openSearch()}>{translate('app.booking.toolbar.search')}</Button>
        {locationId === PAYMENTS_LOCATION_ID && (
          <Button size="small" startIcon={<PaymentsIcon />} onClick={() => act.current.dialogs.openPayment()}>{translate('app.booking.toolbar.payment')}</Button>
        )}
        {/* #39 The month view has its own route, open to every role here (its multi-booking needs the permission). */}
        <Button size="small" startIcon={<DateRangeIcon />} component={RouterLink} to={`/locations/${locationId}/booking_admin/month?month=${date.slice(0, 7)}`}
          data-testid="to-month">
          {translate('app.multibooking.toolbar.month')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <FormControlLabel
          control={<Switch checked={showArchived} onChange={(e) => act.current.setShowArchived(e.target.checked)} />}
          label={translate('app.booking.toolbar.showArchived')}
        />
      </Stack>

  ), [date, today, dateLabel, showArchived, locationId, translate]); // eslint-disable-line react-hooks/exhaustive-deps -- handlers through act
  const legend = useMemo(() => (
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1 }} aria-label={translate('app.calendar.legend')}>
        {LEGEND.map((c) => (
          <Chip key={c} size="small" label={translate(`app.calendar.colours.${c}`)} variant="outlined"
            sx={{ bgcolor: SLOT_COLOURS[c].bg, borderLeft: `5px solid ${SLOT_COLOURS[c].accent}`, borderRadius: 1 }} />
        ))}
        <Chip size="small" label={translate('app.calendar.archived')} variant="outlined"
          sx={{ bgcolor: ARCHIVED_COLOURS.bg, borderLeft: `5px solid ${ARCHIVED_COLOURS.accent}`, borderRadius: 1 }} />
        <Chip size="small" label={translate('app.calendar.colours.full')} variant="outlined" sx={{ border: 2, borderColor: 'error.main', borderRadius: 1 }} />
      </Stack>
  ), [translate]);

  if (location.isError) return <LocationUnavailable id={locationParam} error={location.error} />;
  if (!location.data) return <Loading />;

  addRef.current = (s) => dialogs.openCreate(date, s);
  openRef.current = dialogs.openSlot;
  const nightDate = nightDateOf(date);

  return (
    <Box component="main" sx={{ pb: 4, width: '100%', minWidth: 0 }} data-testid="booking-admin">
      <Title title={title} />
      <SlotCardStyles />
      <DomMarkStyles />
      {header}
      {/* #42 Said at the top: its orders are still shown, paid and cancelled, but nothing new is booked. */}
      {closed && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="location-closed">
          {translate('app.words.closed.calendar')}
        </Alert>
      )}

      {toolbar}

      {/* #48 While the database is unreachable the notice above says so; the day's own error would only repeat it vaguely. */}
      {day.error && !databaseDown && <Alert severity="error" sx={{ mb: 1 }}>{day.error.message}</Alert>}
      {playgrounds.length === 0 && <Alert severity="info" sx={{ mb: 1 }}>{translate('app.booking.noPlaygrounds')}</Alert>}

      <OccupancyStrip rows={occupancy} onPick={scrollTo} />
      {legend}

      <Box ref={dayBox} sx={{ scrollMarginTop: 72 }}>
        {playgrounds.length > 0 && (
          <DayCalendar
            key={`day-${date}`}
            ref={dayRef}
            date={date}
            slotMinTime="06:00:00"
            slotMaxTime="24:00:00"
            playgrounds={playgrounds}
            slots={daySlots}
            now={now}
            scrollTime={dayScroll}
            height="78vh"
            renderSlot={renderSlot}
            label={translate('app.calendar.dayLabel', { date: dayjs(date).format(DATE_FORMAT) })}
            testId="day-calendar"
          />
        )}
      </Box>

      <Box ref={nightBox} component="section" aria-labelledby="night-title" sx={{ mt: 3, scrollMarginTop: 72 }} data-testid="night-section">
        <Typography id="night-title" variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <NightsStayIcon color="primary" />
          {translate('app.calendar.night', { date: dayjs(date).format(DATE_FORMAT), next: dayjs(nightDate).format('DD.MM') })}
        </Typography>
        {playgrounds.length > 0 && nightSlots.length > 0 ? (
          <DayCalendar
            key={`night-${date}`}
            ref={nightRef}
            date={nightDate}
            slotMinTime="00:00:00"
            slotMaxTime="06:00:00"
            playgrounds={playgrounds}
            slots={nightSlots}
            now={now}
            scrollTime={nightScroll}
            height="60vh"
            renderSlot={renderSlot}
            label={translate('app.calendar.nightLabel', { date: dayjs(date).format(DATE_FORMAT) })}
            testId="night-calendar"
          />
        ) : nightPassed ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="night-passed">
            <Typography color="text.secondary">{translate('app.calendar.nightPassed')}</Typography>
            <Button size="small" onClick={() => setShowArchived(true)}>{translate('app.booking.toolbar.showArchived')}</Button>
          </Stack>
        ) : (
          <Typography color="text.secondary">{day.loading ? '…' : translate('app.calendar.noNight')}</Typography>
        )}
      </Box>

      {dialogs.element}
    </Box>
  );
}
