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
import type { Slot } from '../pages/booking/types';
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

/** One event's content: a lasting node holding the card of the slot it was last shown. */
class CardHolder {
  readonly node = Object.assign(document.createElement('div'), { style: 'display: contents' });
  private slot: Slot | null = null;
  private render: ((slot: Slot) => Node) | null = null;

  /** Builds the card again only when the slot or the card builder (the clock, the language) changed. */
  show(slot: Slot, render: (slot: Slot) => Node): void {
    if (slot === this.slot && render === this.render) return;
    this.slot = slot;
    this.render = render;
    this.node.replaceChildren(render(slot));
  }
}

// Memoised: opening a dialog on the page must not re-render a few hundred cards.
export const DayCalendar = memo(forwardRef<FullCalendar, DayCalendarProps>(function DayCalendar(
  { date, slotMinTime, slotMaxTime, playgrounds, slots, now, scrollTime, height, renderSlot, label, testId },
  ref,
) {
  const resources = useMemo(() => playgrounds.map((p, i) => ({ id: String(p.id), title: p.name, order: i })), [playgrounds]);
  // What FullCalendar lays out: each slot's place (playground, start, end). A live update that only
  // changes what a slot holds (an order booked, paid, cancelled) keeps the same layout: FullCalendar
  // is left alone and only the changed cards are swapped, a few ms instead of re-parsing and
  // re-rendering every event (bench/results.md, live update of one card). Each event's content is
  // one lasting wrapper (display: contents) whose card is swapped: FullCalendar, when it draws the
  // event again, gets the same node back and never holds a card of its own next to ours.
  const latest = useRef(new Map<string, Slot>());
  const shown = useRef(new Map<string, CardHolder>());
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
    for (const [id, holder] of shown.current) {
      const slot = latest.current.get(id);
      if (!slot) shown.current.delete(id);
      else holder.show(slot, renderCard.current);
    }
  });
  const eventContent = useCallback((arg: EventContentArg) => {
    let holder = shown.current.get(arg.event.id);
    if (!holder) shown.current.set(arg.event.id, (holder = new CardHolder()));
    holder.show(latest.current.get(arg.event.id) ?? (arg.event.extendedProps.slot as Slot), renderSlot);
    return { domNodes: [holder.node] };
  }, [renderSlot]);

  return (
    <Box
      role="region"
      aria-label={label}
      data-testid={testId}
      data-date={date}
      sx={{
        '& .fc': { fontFamily: 'inherit' },
        '& .fc .fc-timegrid-slot': { height: `${CELL_HEIGHT_PX}px` },
        '& .fc .fc-timegrid-slot-label': { verticalAlign: 'top', fontSize: 13, color: 'text.secondary' },
        '& .fc .fc-timegrid-slot-minor': { borderTopStyle: 'dotted' },
        '& .fc .fc-col-header-cell': { py: 0.75, fontWeight: 700, fontSize: 15, bgcolor: 'grey.50' },
        // content-visibility: a card scrolled out of the calendar's view is not styled, laid out or
        // painted until it comes near the view (most of a day's cards: 78vh shows about two hours).
        '& .fc .fc-timegrid-event': { bgcolor: 'transparent', border: 'none', boxShadow: 'none', contentVisibility: 'auto' },
        '& .fc .fc-timegrid-event .fc-event-main': { p: 0, color: 'inherit' },
        '& .fc .fc-timegrid-event-harness': { mx: '2px' },
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
