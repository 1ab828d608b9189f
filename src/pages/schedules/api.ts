// Queries of the schedules screens. Keys carry the language where the server translates names.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { api } from '../../dataProvider/http';
import type { HolidayRecord, LocationDetail, ScheduleRecord } from './types';

export const keys = {
  location: (id: string, locale: string) => ['locations', 'detail', id, locale] as const,
  locationAll: (id: string) => ['locations', 'detail', id] as const,
  schedules: (locationId: string) => ['schedules', 'list', locationId] as const,
  schedule: (id: string) => ['schedules', 'one', id] as const,
  holidays: (locationId: string, year: number) => ['holidays', locationId, year] as const,
};

export function useLocationDetail(id: string) {
  const [locale] = useLocaleState();
  return useQuery({ queryKey: keys.location(id, locale), queryFn: () => api<LocationDetail>(`/api/v2.1/locations/${id}/`) });
}

export function useSchedules(locationId: string) {
  return useQuery({
    queryKey: keys.schedules(locationId),
    queryFn: () => api<ScheduleRecord[]>('/api/v2.1/schedule/', { query: { location: locationId } }),
  });
}

export function useHolidays(locationId: string, year: number, enabled = true) {
  return useQuery({
    queryKey: keys.holidays(locationId, year),
    queryFn: () => api<HolidayRecord[]>('/api/v2.1/holidays/', { query: { location: locationId, year } }),
    enabled,
  });
}

/** Refetches what a change to groups, playgrounds or schedules of a location can alter. */
export function useRefresh(locationId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: keys.locationAll(locationId) }),
    client.invalidateQueries({ queryKey: ['schedules'] }),
  ]);
}
