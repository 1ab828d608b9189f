// Every dialog of the booking screens in one place, so the day view and the month view behave the
// same: a slot's order list, the single and multi-booking forms (editing a multi-session order
// opens the multi form), the order-created dialog, pay, search and the location payment.
// The order list reads its slot from the playground's schedule query, which the day view shares,
// so it always shows the slot as last loaded.
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { permissionsAt } from '../../resources/locations/permissionsAt';
import { businessDateOf } from '../../../domain/businessDay';
import { formatMoney, type Currency } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { hasPermission } from '../../../domain/permissions';
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import type { LocationDetail } from '../../resources/locations/types';
import { ActionFormDialog } from '../../components/forms/ActionFormDialog';
import { MultiBookingFormDialog } from '../multibooking/MultiBookingFormDialog';
import { emptyMulti, multiFromOrder, type MultiValues } from '../multibooking/multiForm';
import { useMultiOrder } from '../multibooking/api';
import { useBookingRefresh, usePlaygroundSchedule, useUser } from './api';
import { BookingFormDialog, type FormPlayground } from './BookingFormDialog';
import { bookingFromOrder, defaultBookingLanguage, emptyBooking, type BookingValues } from './bookingForm';
import { BookingResultDialog } from './BookingResultDialog';
import { PayDialog, type PayTarget } from './PayDialog';
import { SearchDialog } from './SearchDialog';
import { SlotOrdersDialog } from './SlotOrdersDialog';
import type { Slot, SlotOrder } from '../../calendar/types';

type FormState =
  | { kind: 'create'; initial: BookingValues }
  | { kind: 'edit'; order: SlotOrder; slot: Slot; move: boolean }
  | { kind: 'multiCreate'; initial: MultiValues }
  | { kind: 'multiEdit'; orderId: number }
  | { kind: 'multiForbidden'; orderId: number };

interface OpenSlot { playground: number; date: string; time_start: string }

interface Context {
  location: LocationDetail;
  playgrounds: FormPlayground[];
  today: string;
  now: string;
  onClose: () => void;
  onSaved: (id: number, created: boolean) => void;
}

/** Editing waits for the seller's UUID, so saving keeps the seller. `move`: the order page's move (#39), the same form on its session. */
function EditBooking({ order, slot, move, ctx }: { order: SlotOrder; slot: Slot; move: boolean; ctx: Context }) {
  const seller = useUser(order.seller_user_id);
  const date = businessDateOf(slot.time_start);
  const initial = useMemo(() => bookingFromOrder(order, slot, date, seller.data?.uid ?? null), [order, slot, date, seller.data]);
  const own = useMemo(() => ({ playground: slot.playground, time_start: slot.time_start, persons: order.persons }), [slot, order]);
  if (order.seller_user_id && seller.isPending) return null;
  return (
    <BookingFormDialog locationId={ctx.location.id} playgrounds={ctx.playgrounds} currency={ctx.location.currency} today={ctx.today} now={ctx.now}
      onClose={ctx.onClose} onSaved={ctx.onSaved} initial={initial} own={own} orderId={order.id} originalPromocode={order.promocode}
      sellerName={seller.data ? seller.data.name || seller.data.email : null} move={move}
      discounts={{ groupPercent: ctx.location.group_discount_percent ?? 0, early: ctx.location.early_booking ?? [] }} walkIns={!!ctx.location.walk_ins_without_details} />
  );
}

/** The multi form for an existing order, once the order's sessions are loaded. */
function EditMulti({ orderId, ctx }: { orderId: number; ctx: Context }) {
  const order = useMultiOrder(orderId);
  const lang = languageOf(useTranslate());
  const initial = useMemo(() => (order.data ? multiFromOrder(order.data, lang) : null), [order.data, lang]);
  if (order.isError) return <Dialog open onClose={ctx.onClose}><DialogContent>{(order.error as Error).message}</DialogContent></Dialog>;
  if (!initial) return null;
  return (
    <MultiBookingFormDialog location={ctx.location} today={ctx.today} now={ctx.now} initial={initial} orderId={orderId}
      originalPromocode={order.data?.promocode} onClose={ctx.onClose} onSaved={ctx.onSaved} />
  );
}

/** A slot's order list, reading the slot from its playground's schedule of that business day. */
function SlotOrdersFor({ open, children }: { open: OpenSlot; children: (slot: Slot) => ReactNode }) {
  const schedule = usePlaygroundSchedule(open.playground, open.date);
  const slot = schedule.data?.find((s) => s.time_start === open.time_start);
  return slot ? <>{children(slot)}</> : null;
}

export interface BookingDialogs {
  /** Open a slot's order list. */
  openSlot: (slot: Slot) => void;
  /** New single booking, on a slot or with the date (and nothing else) chosen. */
  openCreate: (date: string, slot?: Slot) => void;
  /** New multi-booking for a date, with any prefilled fields (a CRM deal's). */
  openMulti: (date: string, prefill?: Partial<MultiValues>) => void;
  openSearch: () => void;
  openPayment: () => void;
  /**
   * #39 Change an order (the order page's Edit and Move): the single form, or the multi form for a
   * multi-session order. `move` opens the single form on its session fields: a move is the booking
   * form's change of date, playground or time, as at the desk.
   */
  openEdit: (order: SlotOrder, slot: Slot, move?: boolean) => void;
  /** Whether the user may use the multi-booking form (accounts.{product}.multibooking). */
  canMulti: boolean;
  element: ReactNode;
}

export function useBookingDialogs({ location, now, today }: { location: LocationDetail | undefined; now: string; today: string }): BookingDialogs {
  const translate = useTranslate();
  const notify = useNotify();
  // Multi-booking where the user holds it, at this location (#28).
  const canMulti = hasPermission(permissionsAt(location), 'multibooking');
  const refresh = useBookingRefresh();
  const [slotOpen, setSlotOpen] = useState<OpenSlot | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [paying, setPaying] = useState<{ target: PayTarget; currency: Currency | null | undefined } | null>(null);
  const [tool, setTool] = useState<'search' | 'payment' | null>(null);

  const openCreate = (date: string, slot?: Slot) => setForm({
    kind: 'create',
    initial: emptyBooking(slot ? businessDateOf(slot.time_start) : date < today ? today : date, slot?.playground ?? null, slot?.time_start ?? '', defaultBookingLanguage(location?.languages)),
  });
  const openMulti = (date: string, prefill: Partial<MultiValues> = {}) =>
    setForm({ kind: 'multiCreate', initial: emptyMulti(date < today ? today : date, { language: defaultBookingLanguage(location?.languages), ...prefill }) });
  const openEdit = (order: SlotOrder, slot: Slot, move = false) => {
    if (!order.multisession) setForm({ kind: 'edit', order, slot, move });
    else setForm(canMulti ? { kind: 'multiEdit', orderId: order.id } : { kind: 'multiForbidden', orderId: order.id });
  };

  const playgrounds: FormPlayground[] = (location?.playgrounds ?? [])
    .filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)))
    .map((p) => ({ id: p.id, name: p.name, max_players: p.max_players }));
  const onSaved = (id: number, isNew: boolean, paid?: string) => {
    setForm(null);
    // Booked and paid in one step (#30): nothing is left to do with it, so no created dialog.
    if (paid !== undefined) notify('app.desk.done', { type: 'success', messageArgs: { id, amount: formatMoney(paid, location?.currency ?? null, languageOf(translate)) } });
    else if (isNew) setCreated(id);
    else notify('app.booking.saved', { type: 'success', messageArgs: { id } });
    void refresh();
  };
  const ctx: Context | null = location ? { location, playgrounds, today, now, onClose: () => setForm(null), onSaved } : null;
  const discounts = location ? { groupPercent: location.group_discount_percent ?? 0, early: location.early_booking ?? [] } : undefined;
  const currency = location?.currency ?? null;

  const element = ctx && (
    <>
      {slotOpen && (
        <SlotOrdersFor open={slotOpen}>
          {(slot) => (
            <SlotOrdersDialog
              slot={slot}
              now={now}
              onClose={() => setSlotOpen(null)}
              onAdd={location?.is_active === false ? undefined : (s) => openCreate(businessDateOf(s.time_start), s)}
              onPay={(o, s) => setPaying({ target: o, currency: s.pricing?.currency ?? currency })}
              onEdit={(o, s) => openEdit(o, s)}
              onChanged={refresh}
            />
          )}
        </SlotOrdersFor>
      )}
      {form?.kind === 'create' && (
        <BookingFormDialog locationId={ctx.location.id} playgrounds={playgrounds} currency={currency} today={today} now={now}
          onClose={ctx.onClose} onSaved={onSaved} initial={form.initial} discounts={discounts} walkIns={!!location?.walk_ins_without_details} />
      )}
      {form?.kind === 'edit' && <EditBooking order={form.order} slot={form.slot} move={form.move} ctx={ctx} />}
      {form?.kind === 'multiCreate' && (
        <MultiBookingFormDialog location={ctx.location} today={today} now={now} initial={form.initial} onClose={ctx.onClose} onSaved={onSaved} />
      )}
      {form?.kind === 'multiEdit' && <EditMulti orderId={form.orderId} ctx={ctx} />}
      {form?.kind === 'multiForbidden' && (
        <Dialog open onClose={() => setForm(null)} maxWidth="xs" fullWidth aria-labelledby="multi-forbidden-title">
          <DialogTitle id="multi-forbidden-title">{translate('app.booking.multisession.title', { id: form.orderId })}</DialogTitle>
          <DialogContent><Typography>{translate('app.booking.multisession.text')}</Typography></DialogContent>
          <DialogActions><Button onClick={() => setForm(null)} autoFocus>{translate('app.common.close')}</Button></DialogActions>
        </Dialog>
      )}
      {created !== null && (
        <BookingResultDialog
          result={{ kind: 'created', id: created }}
          onClose={() => setCreated(null)}
          onPay={(o) => setPaying({ target: o, currency: o.currency })}
        />
      )}
      {paying && (
        <PayDialog
          order={paying.target}
          currency={paying.currency}
          onClose={() => setPaying(null)}
          onPaid={async () => { setCreated(null); await refresh(); }}
        />
      )}
      {tool === 'search' && <SearchDialog locationId={ctx.location.id} currency={currency} onClose={() => setTool(null)} />}
      {/* The payments screen's own declared form (location_payments' create): one dialog, one call. */}
      {tool === 'payment' && <ActionFormDialog name="location_payments" form="create" meta={{ location_id: ctx.location.id }} onClose={() => setTool(null)} />}
    </>
  );

  return {
    openSlot: (slot) => setSlotOpen({ playground: slot.playground, date: businessDateOf(slot.time_start), time_start: slot.time_start }),
    openCreate,
    openMulti,
    openSearch: () => setTool('search'),
    openPayment: () => setTool('payment'),
    openEdit,
    canMulti,
    element,
  };
}
