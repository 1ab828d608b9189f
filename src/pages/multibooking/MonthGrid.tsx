// The month at a glance above the month view's accordion (issue #18): FullCalendar's day grid, each
// day with its free places and a bar of how full it is (the summary call the page already makes,
// computed in the location's zone), the location's today marked. A click on a day opens it below.
import { memo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import type { DayCellContentArg } from '@fullcalendar/core';
import { Box, ButtonBase, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslate } from 'react-admin';
import { DATE_FORMAT } from '../../../domain/constants';
import { dayFullness, type DayFullness } from './monthView';

export interface SummaryDay {
  date: string;
  places: number;
  capacity?: number;
}

/** The bar's colour; the text uses the darker shade so it reads on the today cell's tint (WCAG AA). */
const COLOR: Record<DayFullness, string> = { none: 'text.disabled', free: 'success.main', filling: 'warning.main', full: 'error.main' };
const TEXT: Record<DayFullness, string> = { none: 'text.secondary', free: 'success.dark', filling: 'text.primary', full: 'error.dark' };

export const MonthGrid = memo(function MonthGrid({ month, today, days, openable, onOpenDay }: {
  /** 'YYYY-MM' */
  month: string;
  /** The location's business date. */
  today: string;
  days: readonly SummaryDay[];
  /** The days the accordion lists (without the archive, none before today). */
  openable: ReadonlySet<string>;
  onOpenDay: (date: string) => void;
}) {
  const translate = useTranslate();
  const byDate = new Map(days.map((d) => [d.date, d]));

  const cell = (arg: DayCellContentArg) => {
    const date = dayjs(arg.date).format('YYYY-MM-DD');
    const day = byDate.get(date);
    const past = date < today;
    const { level, taken } = dayFullness(day?.places ?? 0, day?.capacity ?? 0);
    const status = !day ? '' : past ? translate('app.multibooking.month.grid.past')
      : level === 'none' ? translate('app.multibooking.month.grid.noSessions')
        : level === 'full' ? translate('app.multibooking.month.grid.full') : translate('app.multibooking.month.grid.free', { n: day.places });
    const label = translate('app.multibooking.month.grid.dayLabel', { date: dayjs(date).format(DATE_FORMAT), status });
    const body = (
      <Box sx={{ width: '100%', boxSizing: 'border-box', p: 0.5, textAlign: 'left' }}>
        <Typography variant="body2" sx={{ fontWeight: date === today ? 700 : 500, color: past ? 'text.secondary' : 'text.primary' }}>
          {arg.dayNumberText}
        </Typography>
        {day && !past && (
          <>
            {/* On a phone a day is ~50 px wide: the status wraps ("своб." over "317") instead of running into the next day. */}
            <Typography variant="caption" component="div"
              sx={{ color: TEXT[level], fontWeight: 600, whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere', lineHeight: 1.25 }} data-testid="grid-day-status">
              {status}
            </Typography>
            {level !== 'none' && (
              <Box sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden', mt: 0.25 }} aria-hidden>
                <Box sx={{ height: '100%', width: `${Math.round(taken * 100)}%`, bgcolor: COLOR[level] }} />
              </Box>
            )}
          </>
        )}
      </Box>
    );
    return openable.has(date)
      ? (
        <ButtonBase onClick={() => onOpenDay(date)} aria-label={label} data-testid="grid-day" data-date={date} data-level={level}
          sx={{ width: '100%', height: '100%', alignItems: 'flex-start', borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}>
          {body}
        </ButtonBase>
      )
      : <Box data-testid="grid-day" data-date={date} data-level={level} sx={{ width: '100%' }}>{body}</Box>;
  };

  return (
    <Box component="section" aria-label={translate('app.multibooking.month.grid.title')} data-testid="month-grid"
      sx={{ mb: 2, '& .fc .fc-daygrid-day-frame': { minHeight: 64 }, '& .fc .fc-daygrid-day-top': { display: 'block' },
        '& .fc .fc-daygrid-day-events': { display: 'none' },
        '& .fc .fc-day-today': { bgcolor: 'transparent' }, '& .fc .fc-daygrid-day.is-location-today': { bgcolor: 'action.selected' } }}>
      <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 0.5 }}>{translate('app.multibooking.month.grid.title')}</Typography>
      <FullCalendar
        key={month}
        plugins={[dayGridPlugin]}
        initialView="dayGridMonth"
        initialDate={`${month}-01`}
        // FullCalendar's own today (fc-day-today, past/future) is the location's, not the browser's.
        now={`${today}T12:00:00`}
        headerToolbar={false}
        height="auto"
        firstDay={1}
        fixedWeekCount={false}
        showNonCurrentDates={false}
        dayHeaderContent={(arg) => translate(`app.dayTypes.short.d${arg.dow === 0 ? 7 : arg.dow}`)}
        dayCellClassNames={(arg) => (dayjs(arg.date).format('YYYY-MM-DD') === today ? ['is-location-today'] : [])}
        dayCellContent={cell}
      />
    </Box>
  );
});
