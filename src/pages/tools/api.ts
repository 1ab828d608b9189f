// Queries of the tools page. Every key starts with ['tools', locationId] so a change can refetch
// what it touches and nothing of another location.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../dataProvider/http';
import type { Delivery, EarlyBookingCondition, Page, Promocode, Webhook } from './types';

export const toolKeys = {
  earlyBooking: (locationId: string) => ['tools', locationId, 'early_booking'] as const,
  promocodes: (locationId: string) => ['tools', locationId, 'promocodes'] as const,
  webhooks: (locationId: string) => ['tools', locationId, 'webhooks'] as const,
  deliveries: (webhookId: number, page: number) => ['tools', 'deliveries', webhookId, page] as const,
};

/** Rows of one page of the delivery log. */
export const DELIVERIES_PER_PAGE = 10;
/** While a delivery waits for its first answer the log asks again this often. */
export const PENDING_REFRESH_MS = 2000;

export function useEarlyBooking(locationId: string) {
  return useQuery({
    queryKey: toolKeys.earlyBooking(locationId),
    queryFn: () => api<EarlyBookingCondition[]>(`/api/v2.1/locations/${locationId}/early_booking/`),
  });
}

export function usePromocodes(locationId: string) {
  return useQuery({
    queryKey: toolKeys.promocodes(locationId),
    queryFn: () => api<Promocode[]>(`/api/v2.1/locations/${locationId}/promocodes/`),
  });
}

export function useWebhooks(locationId: string) {
  return useQuery({
    queryKey: toolKeys.webhooks(locationId),
    queryFn: () => api<Webhook[]>(`/api/v2.1/locations/${locationId}/webhooks/`),
  });
}

export function useDeliveries(webhookId: number, page: number) {
  return useQuery({
    queryKey: toolKeys.deliveries(webhookId, page),
    queryFn: () => api<Page<Delivery>>(`/api/v2.1/webhook/${webhookId}/deliveries/`, {
      query: { limit: DELIVERIES_PER_PAGE, offset: page * DELIVERIES_PER_PAGE },
    }),
    // A fresh delivery is sent by the server's job worker within seconds: follow it until it settles.
    // Later retries are minutes apart; the refresh button covers those.
    refetchInterval: (query) => (query.state.data?.results.some((d) => d.status === 'pending' && d.attempts === 0) ? PENDING_REFRESH_MS : false),
  });
}
