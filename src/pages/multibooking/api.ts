// Calls of the multi-booking form and the month view. The month's free places sit under
// ['booking', 'summary'] and the multi schedule under ['booking', 'multi']: useBookingRefresh
// refetches both after any change.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../dataProvider/http';
import { deskAction } from '../../dataProvider/desk';
import type { EventPackage, MultiBody, MultiOrder, MultiSchedule } from './multiForm';

export const multiKeys = {
  all: ['booking', 'multi'] as const,
  schedule: (locationId: number, date: string) => ['booking', 'multi', 'schedule', locationId, date] as const,
  packages: (locationId: number, date: string) => ['booking', 'multi', 'packages', locationId, date] as const,
  order: (id: number) => ['orders', 'multi', id] as const,
  summary: (locationId: number, month: string) => ['booking', 'summary', locationId, month] as const,
};

export function useMultiSchedule(locationId: number, date: string | null) {
  return useQuery({
    queryKey: multiKeys.schedule(locationId, date ?? ''),
    queryFn: () => api<MultiSchedule>(`/api/v2.2/locations/${locationId}/schedule_multi/`, { query: { date: date! } }),
    enabled: !!date,
  });
}

export function useEventPackages(locationId: number, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: multiKeys.packages(locationId, date ?? ''),
    queryFn: () => api<EventPackage[]>(`/api/v2.2/locations/${locationId}/events_packages/`, { query: { date: date! } }),
    enabled: enabled && !!date,
    staleTime: 5 * 60_000,
  });
}

export function useMultiOrder(id: number | null) {
  return useQuery({
    queryKey: multiKeys.order(id ?? 0),
    queryFn: () => api<MultiOrder>(`/api/v2.2/multibooking/${id}/`),
    enabled: id !== null,
    retry: false,
  });
}

/** Free places per day of the month of `date` (GET /api/v2.1/locations/{id}/summary/). */
export function useMonthSummary(locationId: number, monthFirstDay: string) {
  return useQuery({
    queryKey: multiKeys.summary(locationId, monthFirstDay),
    queryFn: () => api<{ date: string; places: number; capacity?: number }[]>(`/api/v2.1/locations/${locationId}/summary/`, { query: { date: monthFirstDay } }),
  });
}

/** Named actions of `desk`, through the one data layer (#30). */
export const multiApi = {
  create: (body: MultiBody) => deskAction<{ order_id: number }>('multiBook', { data: body }),
  update: (id: number, body: MultiBody) => deskAction<{ order_id: number }>('multiChange', { id, data: body }),
};
