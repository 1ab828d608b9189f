// One location's details (GET /api/v2.1/locations/{id}/: its groups, playgrounds, currency,
// timezone, texts), read through the `locations` resource. The server translates names, so the
// language is part of the cache key (react-admin keys its getOne by id and meta). Every screen that
// needs a location (booking, schedules, management, an order) shares this cache.
import { useGetOne, useLocaleState } from 'react-admin';
import type { LocationDetail } from './types';

export function useLocationDetail<T extends LocationDetail = LocationDetail>(id: string | number | null | undefined) {
  const [locale] = useLocaleState();
  // Fresh for a few seconds: the day view's preload has just read it (src/pages/booking/preload.ts);
  // changes to a location arrive as events, which invalidate it whatever its age.
  return useGetOne<T>('locations', { id: Number(id), meta: { locale } }, { enabled: !!id, retry: false, staleTime: 5_000 });
}

/** The cache entries of one location in every language (a partial key: react-admin's getOne key holds `{id, meta}`). */
export const locationDetailKey = (id: string | number) => ['locations', 'getOne', { id: String(id) }] as const;
