// #42 A location's setup checklist (GET /api/v2.2/locations/{id}/readiness/), in the screen's
// language. Read again whenever a screen that shows it mounts: a step done elsewhere (a playground
// added, a provider saved) shows at once when one comes back.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { api } from '../../dataProvider/http';
import type { Readiness } from '../../../domain/readiness';

const readinessQuery = (locationId: string | number, locale: string) => ({
  queryKey: ['readiness', String(locationId), locale],
  queryFn: () => api<Readiness>(`/api/v2.2/locations/${encodeURIComponent(String(locationId))}/readiness/`),
  staleTime: 0,
});

export function useReadiness(locationId: string | number | null | undefined) {
  const [locale] = useLocaleState();
  return useQuery({ ...readinessQuery(locationId ?? '', locale), enabled: !!locationId });
}

/** The checklists of several locations at once (the owner's start page). */
export function useReadinessOf(locationIds: number[]) {
  const [locale] = useLocaleState();
  return useQueries({ queries: locationIds.map((id) => readinessQuery(id, locale)) });
}

/** Whether the location takes money online: the checklist names no missing provider. */
export const takesOnlinePayments = (r: Readiness): boolean =>
  !r.steps.some((s) => s.key === 'online_payments' && s.missing.some((m) => m.code === 'no_provider'));
