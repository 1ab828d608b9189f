// One FullCalendar resource day view of the booking calendar: a column per playground, 15-minute
// rows 105 px high (the spec's cell height), a now indicator at the location's wall clock.
// FullCalendar runs in UTC and gets wall-clock strings as UTC times, so the browser's time zone
// never moves a session. The day calendar shows 06:00-24:00 of the chosen date; the night
// calendar 00:00-06:00 of the next date.
import { forwardRef, memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import FullCalendar from '@fullcalendar/react';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import type { EventContentArg } from '@fullcalendar/core';
import type { Slot } from './types';
import { toCalendarIso } from './calendarModel';
import { DelegatedTooltip } from './DelegatedTooltip';

/** The spec's calendar cell height, in px, of one 15-minute row. */
export const CELL_HEIGHT_PX = 105;

// Slot labels as a function: FullCalendar builds a new Intl.DateTimeFormat per label per render
// from an options object. Same text ('06:15'): the calendar runs in UTC, so these are wall-clock fields.
const pad2 = (n: number) => String(n).padStart(2, '0');
const slotLabel = ({ date }: { date: { hour: number; minute: number } }) => `${pad2(date.hour)}:${pad2(date.minute)}`;

const LICENSE_KEY: string = import.meta.env.VITE_FULLCALENDAR_LICENSE_KEY ?? 'GPL-My-Project-Is-Open-Source';

export interface DayCalendarProps {
  /** The calendar date shown, 'YYYY-MM-DD'. */
  date: string;
  slotMinTime: string;
  slotMaxTime: string;
  playgrounds: { id: number; name: string }[];
  slots: Slot[];
  /** The location's wall clock, 'YYYY-MM-DD HH:mm'. */
  now: string;
  scrollTime: string;
  height: number | string;
  /** A slot's card, as DOM (SlotCard.tsx slotCardElement: no React portal per card). */
  renderSlot: (slot: Slot) => Node;
  label: string;
  testId: string;
}

/** The content FullCalendar was last given for an event: a wrapper (display: contents) and the slot of its card. */
/** The narrowest playground column (#39): a card's "00:00–00:30" and "свободно 12" each on one line, at the card's padding. */
const COLUMN_MIN_PX = 128;
/** FullCalendar's time axis ("00:15") beside the columns. */
const TIME_AXIS_PX = 56;

interface ShownCard { wrapper: HTMLElement; slot: Slot }

// Memoised: opening a dialog on the page must not re-render a few hundred cards.
export const DayCalendar = memo(forwardRef<FullCalendar, DayCalendarProps>(function DayCalendar(
  { date, slotMinTime, slotMaxTime, playgrounds, slots, now, scrollTime, height, renderSlot, label, testId },
  ref,
) {
  const resources = useMemo(() => playgrounds.map((p, i) => ({ id: String(p.id), title: p.name, order: i })), [playgrounds]);
  // What FullCalendar lays out: each slot's place (playground, start, end). A live update that only
  // changes what a slot holds (an order booked, paid, cancelled) keeps the same layout: FullCalendar
  // is left alone and only the changed cards are swapped inside the wrapper FullCalendar holds, a few
  // ms instead of re-parsing and re-rendering every event (bench/results.md, live update of one
  // card). FullCalendar gets a new wrapper each time it draws an event (a node handed to it twice
  // would be moved out of its first place, and its clean-up of that place would then remove it).
  const latest = useRef(new Map<string, Slot>());
  const shown = useRef(new Map<string, ShownCard>());
  const layout = slots.map((s) => `${s.playground}|${s.time_start}|${s.time_end}`).join(',');
  const events = useMemo(() => slots.map((s) => ({
    id: `${s.playground}|${s.time_start}`,
    resourceId: String(s.playground),
    start: toCalendarIso(s.time_start),
    end: toCalendarIso(s.time_end),
    // The slot as it was when the layout was made: the card of an event FullCalendar still draws
    // while it takes a new layout (the archive switch, another date) is no longer in `latest`.
    extendedProps: { slot: s },
    backgroundColor: 'transparent',
    borderColor: 'transparent',
  })), [layout]); // eslint-disable-line react-hooks/exhaustive-deps -- the layout is what FullCalendar needs
  latest.current = new Map(slots.map((s) => [`${s.playground}|${s.time_start}`, s]));
  const renderCard = useRef(renderSlot);
  renderCard.current = renderSlot;
  useLayoutEffect(() => {
    for (const [id, card] of shown.current) {
      const slot = latest.current.get(id);
      if (!slot) shown.current.delete(id);
      else if (slot !== card.slot && card.wrapper.isConnected) {
        card.wrapper.replaceChildren(renderCard.current(slot));
        card.slot = slot;
      }
    }
  });
  const eventContent = useCallback((arg: EventContentArg) => {
    const slot = latest.current.get(arg.event.id) ?? (arg.event.extendedProps.slot as Slot);
    const wrapper = Object.assign(document.createElement('div'), { style: 'display: contents' });
    wrapper.append(renderSlot(slot));
    shown.current.set(arg.event.id, { wrapper, slot });
    return { domNodes: [wrapper] };
  }, [renderSlot]);

  return (
    <Box
      role="region"
      aria-label={label}
      data-testid={testId}
      data-date={date}
      sx={{
        // #39 A playground's column is never narrower than a card's time range and "free N" on one
        // line and its words unbroken (at 390 px four columns were 73 px: "00:00–/00:30", "свободно"
        // without its number, "бронир/ований"): more columns than fit scroll sideways, inside this box.
        overflowX: 'auto',
        '& .fc': { fontFamily: 'inherit', minWidth: `${TIME_AXIS_PX + playgrounds.length * COLUMN_MIN_PX}px` },
        '& .fc .fc-timegrid-slot': { height: `${CELL_HEIGHT_PX}px` },
        '& .fc .fc-timegrid-slot-label': { verticalAlign: 'top', fontSize: 13, color: 'text.secondary' },
        '& .fc .fc-timegrid-slot-minor': { borderTopStyle: 'dotted' },
        '& .fc .fc-col-header-cell': { py: 0.75, fontWeight: 700, fontSize: 15, bgcolor: 'grey.50' },
        // No content-visibility on the events: a card scrolled into view is drawn a frame late, and a
        // click in that frame fell on FullCalendar's bare event box and opened nothing.
        '& .fc .fc-timegrid-event': { bgcolor: 'transparent', border: 'none', boxShadow: 'none' },
        '& .fc .fc-timegrid-event .fc-event-main': { p: 0, color: 'inherit' },
        // #49 Each event's box is sized by FullCalendar (its insets), never by its card: contained, a card
        // swapped by a live update is laid out and painted alone, not the whole grid with it.
        '& .fc .fc-timegrid-event-harness': { mx: '2px', contain: 'strict' },
        '& .fc .fc-timegrid-now-indicator-line': { borderColor: 'error.main', borderWidth: '2px 0 0' },
        '& .fc .fc-timegrid-now-indicator-arrow': { borderColor: 'error.main' },
      }}
    >
      <DelegatedTooltip>
      <FullCalendar
        ref={ref}
        plugins={[resourceTimeGridPlugin]}
        schedulerLicenseKey={LICENSE_KEY}
        initialView="resourceTimeGridDay"
        initialDate={date}
        timeZone="UTC"
        now={toCalendarIso(now)}
        nowIndicator
        headerToolbar={false}
        allDaySlot={false}
        slotDuration="00:15:00"
        slotLabelInterval="00:15:00"
        slotLabelFormat={slotLabel}
        slotMinTime={slotMinTime}
        slotMaxTime={slotMaxTime}
        scrollTime={scrollTime}
        scrollTimeReset={false}
        resources={resources}
        resourceOrder="order"
        events={events}
        eventContent={eventContent}
        // The cards show their own times; FullCalendar's time text (an Intl formatter built per event) is unused.
        displayEventTime={false}
        slotEventOverlap={false}
        expandRows={false}
        height={height}
        editable={false}
        selectable={false}
      />
      </DelegatedTooltip>
    </Box>
  );
}));
