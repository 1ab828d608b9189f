// Queries of the schedules screens. Keys carry the language where the server translates names.
// The schedules themselves are the `schedules` resource (src/resources/schedules): read with
// useGetList/useGetOne, written through the dataProvider.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetList, useGetOne, useLocaleState } from 'react-admin';
import { api } from '../../dataProvider/http';
import type { HolidayRecord, LocationDetail, ScheduleRecord } from './types';

export const keys = {
  location: (id: string, locale: string) => ['locations', 'detail', id, locale] as const,
  locationAll: (id: string) => ['locations', 'detail', id] as const,
  /** Every query of the `schedules` resource (react-admin's keys start with the resource). */
  schedules: ['schedules'] as const,
  schedulesLists: ['schedules', 'getList'] as const,
  scheduleOnes: ['schedules', 'getOne'] as const,
  holidays: (locationId: string, year: number) => ['holidays', locationId, year] as const,
};

export function useLocationDetail(id: string) {
  const [locale] = useLocaleState();
  return useQuery({ queryKey: keys.location(id, locale), queryFn: () => api<LocationDetail>(`/api/v2.1/locations/${id}/`) });
}

/** GET /api/v2.1/schedule/?location= (a plain array, in the server's order). */
export function useSchedules(locationId: string) {
  return useGetList<ScheduleRecord>('schedules', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: '', order: 'ASC' },
    meta: { location_id: locationId },
  });
}

/** GET /api/v2.1/schedule/{id}/ (not fetched for a new schedule). */
export function useSchedule(id: string | undefined) {
  return useGetOne<ScheduleRecord>('schedules', { id: Number(id) }, { enabled: !!id });
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
    client.invalidateQueries({ queryKey: keys.schedulesLists }),
  ]);
}
