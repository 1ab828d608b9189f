// Queries and calls of the booking screens and the order page. Every schedule query of a day is
// under ['booking', 'schedule'], so a reload (or any change to an order) refetches them all.
import { useEffect, useState } from 'react';
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { api } from '../../dataProvider/http';
import { deskAction } from '../../dataProvider/desk';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import type { BookingBody } from './bookingForm';
import type { BookPayType } from '../../../domain/booking';
import { bookingKeys, fetchSchedule, JUST_READ_MS, type SearchTerms } from './dayData';
import { phoneMatch } from '../../../domain/orderSearch';
import type { CertificateBalance, CouponResult, Game, OrderDetail, OrderLogEntry, OrderMessage, OrderPayment, SearchPage, UserSummary } from './types';
import type { Slot } from '../../calendar/types';

export { dayViewDate, dayViewPlaygrounds } from './dayData';

const NO_SLOTS: Slot[] = [];

// Module-level, so react-query reruns it only when a result changed and the slots array stays
// the same object between renders (the calendars are memoised on it). The slots are held back
// until every playground's first answer is in: the calendars then draw every card once, instead of
// once per answer (each answer made FullCalendar re-parse every event and lay the whole
// calendar out again; bench/lib/browser.ts). A call that has failed
// once stops holding the others back, so they show while it retries.
const combineDay = (results: UseQueryResult<Slot[]>[]) => ({
  slots: results.some((r) => r.isPending && r.failureCount === 0) ? NO_SLOTS : results.flatMap((r) => r.data ?? []),
  loading: results.some((r) => r.isPending),
  // No `fetching`: a refetch's start would re-render the page for nothing (#49; ReloadButton reads it itself).
  error: results.find((r) => r.error)?.error as Error | undefined,
});


/** The slots of several playgrounds on a business day, with their orders. */
export function useDaySchedules(playgroundIds: number[], date: string) {
  const client = useQueryClient();
  const queries = playgroundIds.map((id) => ({ queryKey: bookingKeys.schedule(id, date), queryFn: () => fetchSchedule(id, date), staleTime: JUST_READ_MS }));
  // Calls not in the cache yet start during render (react-query's usePrefetchQuery, for a list),
  // not when useQueries subscribes after the commit: the commit that first has the playgrounds
  // also mounts FullCalendar's grid (~0.2 s of CPU, more on a busy machine), and the calls now
  // overlap it instead of waiting for it (bench/results.md, whole page).
  for (const q of queries) if (!client.getQueryState(q.queryKey)) void client.prefetchQuery(q);
  return useQueries({ queries, combine: combineDay });
}

/** One playground's slots of a day (the booking form), or nothing until both are chosen. */
export function usePlaygroundSchedule(playgroundId: number | null, date: string | null) {
  return useQuery({
    queryKey: bookingKeys.schedule(playgroundId ?? 0, date ?? ''),
    queryFn: () => fetchSchedule(playgroundId!, date!),
    enabled: !!playgroundId && !!date,
  });
}

export function useGames(playgroundId: number | null) {
  return useQuery({
    queryKey: bookingKeys.games(playgroundId ?? 0),
    queryFn: () => api<Game[]>(`/api/v2.2/playgrounds/${playgroundId}/games_for_booking/`),
    enabled: !!playgroundId,
    staleTime: 5 * 60_000,
  });
}

/** A location's details (the one location-detail read), once its id is known. */
export const useLocationOf = (id: number | null | undefined) => useLocationDetail(id);

export function useOrder(id: string | number, enabled = true) {
  return useQuery({ queryKey: bookingKeys.order(id), queryFn: () => api<OrderDetail>(`/api/v2.2/orders/${id}/`), retry: false, enabled });
}

/**
 * #38 What a certificate has left to pay an order with, read once the typing stops (debounced like
 * the promo code's check): the pay dialog fills the certificate's part in from it. `checking` while
 * the typed number has no answer yet; `error` is the server's refusal (not found, used, expired...).
 */
export function useCertificateBalance(orderId: number, typed: string, enabled: boolean) {
  const code = enabled ? typed.trim() : '';
  const [asked, setAsked] = useState(code);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(code), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code]);
  const settled = asked === code && code !== '';
  const query = useQuery({
    queryKey: bookingKeys.certificateBalance(orderId, asked),
    queryFn: () => api<CertificateBalance>(`/api/v2.2/orders/${orderId}/certificate_balance/`, { query: { code: asked } }),
    enabled: settled,
    retry: false,
    // A balance changes with every payment anywhere in the network: each look is a fresh read.
    staleTime: 0,
    gcTime: 0,
    // A re-read would fill the amount in again over what the cashier typed since.
    refetchOnWindowFocus: false,
  });
  return {
    checking: code !== '' && (!settled || query.isFetching),
    balance: settled && !query.isFetching ? query.data : undefined,
    error: settled && !query.isFetching ? (query.error as Error | null) : null,
  };
}

export function useOrderLog(id: string | number, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.comments(id),
    queryFn: () => api<OrderLogEntry[]>(`/api/v2.1/booking/${id}/comments/`),
    enabled,
    retry: false,
  });
}

/** #45 An order's messages to its customer (GET /api/v2.2/orders/{id}/messages/), refreshed with the order (['orders', ...]). */
export function useOrderMessages(id: string | number, enabled = true) {
  return useQuery({
    queryKey: ['orders', 'messages', String(id)] as const,
    queryFn: () => api<OrderMessage[]>(`/api/v2.2/orders/${id}/messages/`),
    enabled,
    retry: false,
  });
}

/** A seller's or staff member's name (GET /api/v2.2/users/{id}/); nothing for no id. */
export function useUser(id: number | null | undefined) {
  return useQuery({
    queryKey: bookingKeys.user(id ?? 0),
    queryFn: () => api<UserSummary>(`/api/v2.2/users/${id}/`),
    enabled: !!id,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * #39 The search by a phone or a name (domain/orderSearch.ts searchQuery). `terms` null (nothing valid
 * typed) reads nothing and shows nothing; the previous page stays on screen only while the next page
 * or size of the same terms loads, never for other terms.
 */
export function useOrderSearch(terms: SearchTerms | null, limit: number, offset: number) {
  return useQuery({
    queryKey: bookingKeys.search(terms, limit, offset),
    queryFn: () => api<SearchPage>('/api/v2.2/orders/search/', { query: { ...terms, limit, offset } }),
    enabled: terms !== null,
    retry: false,
    placeholderData: (previous, previousQuery) =>
      (terms !== null && JSON.stringify(previousQuery?.queryKey[2]) === JSON.stringify(terms) ? previous : undefined),
  });
}

/**
 * #44 The no-shows of a phone at a location, for the booking form: the same search (one row; its answer
 * counts the no-shows of every order found), asked only for a whole phone (10 digits or more).
 */
export function usePhoneNoShows(phone: string, locationId: number): number {
  // Asked once the typing pauses: not for each digit past the tenth.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(phone.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [phone]);
  const match = phoneMatch(asked);
  const terms = match && 'whole' in match && asked === phone.trim() ? { phone: asked, location_id: locationId } : null;
  return useOrderSearch(terms, 1, 0).data?.no_shows ?? 0;
}

/** The desk's order writes: named actions of `desk` (src/resources/desk), through the one data layer (#30). */
export const bookingApi = {
  /** #30: `payment` books and pays the price in one call; `idempotencyKey` makes a retry answer the first booking. #43 `till`: the desk's. */
  create: (body: BookingBody & { payment?: { payment_type: BookPayType } | null; till?: number | null }, idempotencyKey?: string) =>
    deskAction<{ id: number; payment?: OrderPayment }>('book', { data: body, idempotencyKey }),
  update: (id: number, body: BookingBody) => deskAction<{ id: number }>('change', { id, data: body }),
  /** #38 `original`: what the order holds goes back each tender its own way in the same call; `cash` (a manager, `refund_reason`): all in cash. */
  cancel: (id: number, how: { refund: 'original' | 'cash' | 'none'; refund_reason?: string; external_id?: string; approval?: { email: string; password: string }; till?: number | null } = { refund: 'none' }) => {
    // The manager's confirmation goes in the body, never in the address (logs keep addresses).
    const { approval, till, ...rest } = how;
    // #43 The desk's till: the cash and card given back leave its open shift.
    const query: Record<string, string> = { ...rest, ...(till ? { till: String(till) } : {}) };
    return deskAction<null>('cancel', { id, query: how.refund === 'none' ? undefined : query, data: approval ? { approval } : undefined });
  },
  /** `idempotencyKey`: one per pay dialog, so a retry after a lost answer is not a second payment. */
  pay: (id: number, body: { payment_type: number; purchase: string; external_id: string | null; certificate: string | null; till?: number | null }, idempotencyKey?: string) =>
    deskAction<OrderPayment & { payment_url?: string; sent_to?: string | null }>('pay', { id, data: body, idempotencyKey }),
  /** A cancelled order's money goes back: cash (2), online (1: through the payment provider when it came that way, #29) or card (6); all that is due, or `amount` of it. */
  refund: (id: number, paymentType: number, amount: string | null = null, idempotencyKey?: string, extra: { external_id?: string; refund_reason?: string; approval?: { email: string; password: string }; till?: number | null } = {}) =>
    deskAction<OrderDetail>('refund', { id, data: { payment_type: paymentType, ...(amount ? { amount } : {}), ...extra }, idempotencyKey }),
  checkCoupon: (code: string, location: number, datetime: string | undefined) =>
    deskAction<CouponResult>('checkCoupon', { data: { code, location, ...(datetime ? { datetime } : {}) } }),
};

/** Refetches the day's slots, the multi-booking sessions, the month's free places and every order query after a change. */
export function useBookingRefresh() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: bookingKeys.schedules }),
    client.invalidateQueries({ queryKey: ['booking', 'multi'] }),
    client.invalidateQueries({ queryKey: ['booking', 'summary'] }),
    client.invalidateQueries({ queryKey: bookingKeys.orders }),
  ]);
}
