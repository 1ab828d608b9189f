// What an event changes on screen: only the queries that show it are invalidated (react-query
// refetches those that are on screen, in the background, and keeps showing the old data until the
// new arrives; the rest are read when next shown). One playground's day, one order, one list:
// never the whole day view. Open forms keep what the user typed (their state is their own).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveEventPayloads } from '../../domain/liveEvents';
import { markChanged, rowKey, slotKey } from './recent';
import { notRefused } from '../dataProvider/queryClient';

// The keys of the screens (src/pages/booking/api.ts, src/pages/multibooking/api.ts, ControlPage,
// react-admin's resource keys [resource, 'getList' | 'getOne' | ...]).
const BOOKING_DAY = (playgroundId: number, date: string): QueryKey => ['booking', 'schedule', playgroundId, date];
const MULTI = ['booking', 'multi'];
const MONTH = (locationId: number): QueryKey => ['booking', 'summary', locationId];
const ARRIVALS = (locationId: number): QueryKey => ['arrivals', String(locationId)];
const LOCATION = (locationId: number): QueryKey => ['locations', 'getOne', { id: String(locationId) }];
// The list screens' react-admin resources (src/resources/*/index.ts `name`): their queries' keys
// start with it, and ResourceListPage marks a row by rowKey(resource, id).
const ORDERS_LIST = 'location_orders';
const PAYMENTS_LIST = 'location_payments';
const TRANSACTIONS_LIST = 'transactions';
const CERTIFICATES_LIST = 'location_certificates';

type Plan = { keys: QueryKey[]; marks: string[] };

const plans: { [K in keyof LiveEventPayloads]: (p: LiveEventPayloads[K], locationId: number) => Plan } = {
  order: (p, locationId) => ({
    keys: [
      ...p.sessions.map((s) => BOOKING_DAY(s.playground_id, s.date)),
      MULTI, MONTH(locationId),
      ['orders', 'detail', String(p.order_id)], ['orders', 'comments', String(p.order_id)], ['orders', 'multi', p.order_id],
      ['orders', 'search'], [ORDERS_LIST],
      // #44 The Arrivals screen (signed and checked in x of y: a guest signing on their phone or the tablet).
      ARRIVALS(locationId),
    ],
    marks: [rowKey(ORDERS_LIST, p.order_id), ...p.sessions.map((s) => slotKey(s.playground_id, s.time_start))],
  }),
  payment: (p) => ({
    keys: [[PAYMENTS_LIST], ...(p.order_id ? [['orders', 'detail', String(p.order_id)]] : [])],
    marks: [rowKey(PAYMENTS_LIST, p.payment_id)],
  }),
  transaction: (p, locationId) => ({
    keys: [[TRANSACTIONS_LIST], LOCATION(locationId)],
    marks: p.transaction_id ? [rowKey(TRANSACTIONS_LIST, p.transaction_id)] : [],
  }),
  // `?? []`: an event recorded before certificate_ids (kept 48 h) named one certificate_id, or none.
  certificate: (p) => ({ keys: [[CERTIFICATES_LIST]], marks: (p.certificate_ids ?? []).map((id) => rowKey(CERTIFICATES_LIST, id)) }),
  schedule: (p, locationId) => ({
    keys: [...(p.playground_ids.length ? p.playground_ids.map((id) => ['booking', 'schedule', id]) : [['booking', 'schedule']]), MULTI, MONTH(locationId)],
    marks: [],
  }),
  tech_session: (_p, locationId) => ({ keys: [['control'], LOCATION(locationId)], marks: [] }),
};

export function applyEvent(client: QueryClient, event: LiveEvent): void {
  const plan = (plans[event.kind] as ((p: unknown, l: number) => Plan) | undefined)?.(event.payload, event.location_id);
  if (!plan) return;
  markChanged(plan.marks);
  for (const queryKey of plan.keys) void client.invalidateQueries({ queryKey });
}

/** The missed events are gone: every query on screen is read again. */
export function applyReset(client: QueryClient): void {
  void client.invalidateQueries();
}

/**
 * A location that refuses its ticket now (the user's role there removed, the location deleted): its
 * record is read again, once, so the screens at it say so at once (LocationUnavailable) instead of
 * standing on with data nothing keeps current.
 */
export function applyRefused(client: QueryClient, locationId: number): void {
  void client.invalidateQueries({ queryKey: LOCATION(locationId), predicate: notRefused });
}
