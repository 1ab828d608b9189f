// Types and calls of the certificates screen. The list goes through the dataProvider.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../dataProvider/http';

export const CERTIFICATE_STATUSES = ['NOT_PAID', 'ACTIVE', 'EXPIRED', 'USED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_TYPES = ['digital', 'physical'] as const;
/** validationCertificateLength: design (and number) at most 15 characters; quantity 1 to 100, 1 by default. */
export const CERTIFICATE_TEXT_MAX = 15;
export const CERTIFICATE_QUANTITY = { min: 1, max: 100, default: 1 } as const;

export interface CertificateRow {
  id: number; unique_number: string; rate: string; remaining_rate: string; type: string; design: string; status: CertificateStatus;
  created_by: string | null; datetime_created: string; seller_user: string | null; datetime_activated: string | null;
  booked_by: string | null; currency: string | null; expires_at: string | null; creating_location: number;
}

export const certificatesApi = {
  create: (body: { rate: string; type: string; design: string; quantity: number; location_id: number }) =>
    api<{ unique_number: string; id: number }[]>('/api/v2.2/certificate/', { method: 'POST', body }),
  activate: (code: string, body: { seller: string; name: string; phone: string; email: string; location_id: number }) =>
    api<{ unique_number: string; status: string }>(`/api/v2.2/certificate/${encodeURIComponent(code)}/activate/`, { method: 'POST', body }),
  resend: (code: string, locationId: number) =>
    api<{ unique_number: string; status: string }>(`/api/v2.2/certificate/${encodeURIComponent(code)}/resend/`, {
      method: 'POST', body: { location_id: locationId },
    }),
};

export function useCertificateRates(locationId: number) {
  return useQuery({
    queryKey: ['certificate_rates', locationId],
    queryFn: () => api<{ id: number; rate: string }[]>('/api/v2.2/certificate_rates/', { query: { location_id: locationId } }),
  });
}

export function useCertificateDesigns() {
  return useQuery({
    queryKey: ['certificate_designs'],
    queryFn: () => api<{ id: string; name: string }[]>('/api/v2.2/certificate_designs/'),
    staleTime: 60 * 60_000,
  });
}
