// Calls of the location management screens: the location's info (GET/PUT /api/v2.1/locations/{id}/
// and the country/city choices of /geo/), its gallery, its games and the statistics dashboards.
import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { api } from '../../dataProvider/http';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';
import type { LocationDetail } from '../../resources/locations/types';

export interface LocationTranslation {
  language: string;
  name: string;
  address: string;
  distance: string;
  opening_times: string;
  payment_description: string;
  parking_description: string;
  description: string;
}

/** GET /api/v2.1/locations/{id}/ with the fields the info screen reads. */
export interface LocationInfo extends LocationDetail {
  lat: string | null;
  lng: string | null;
  allow_refill: boolean;
  languages: string[];
  translations: LocationTranslation[];
}

export interface GeoCountry {
  id: number;
  name: string;
  slug: string;
  cities: { id: number; name: string; slug: string }[];
}

/** A row of GET /api/v2.1/locations/{id}/images/ (the `location_images` declaration). */
export interface GalleryImage {
  id: number;
  url: string;
  thumbnail: string;
  content_type: string;
  width?: number;
  height?: number;
  created?: string;
}

/** A row of GET /api/v2.1/locations/{id}/games/ (the `games` declaration). */
export interface LocationGame {
  id: number;
  name: string;
  genre: string;
  info: { country: string; age: number }[];
  /** The location's playgrounds it runs on; null: all (#28). */
  playgrounds?: number[] | null;
}

export interface Dashboard {
  id: string;
  name: string;
  source: string;
}

export const managementKeys = {
  geo: (locale: string) => ['geo', locale] as const,
  dashboards: (locale: string) => ['dashboards', locale] as const,
  source: (id: string, locationId: string, locale: string) => ['dashboards', 'source', id, locationId, locale] as const,
};

/** The location with the fields of the info screen (the one location-detail read). */
export const useLocationInfo = (id: string) => useLocationDetail<LocationInfo>(id);

export function useGeo() {
  const [locale] = useLocaleState();
  return useQuery({ queryKey: managementKeys.geo(locale), queryFn: () => api<GeoCountry[]>('/api/v2.1/geo/'), staleTime: 10 * 60_000 });
}

export function useDashboards() {
  const [locale] = useLocaleState();
  return useQuery({ queryKey: managementKeys.dashboards(locale), queryFn: () => api<Dashboard[]>('/api/v2.1/dashboards/') });
}

/** A dashboard's signed frame URL for the location; refetched well before it expires. */
export function useDashboardSource(dashboard: Dashboard | undefined, locationId: string) {
  const [locale] = useLocaleState();
  return useQuery({
    queryKey: managementKeys.source(dashboard?.id ?? '', locationId, locale),
    queryFn: () => api<{ url: string }>(dashboard!.source, { query: { location: locationId } }),
    enabled: !!dashboard,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
