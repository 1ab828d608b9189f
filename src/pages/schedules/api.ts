// Queries of the schedules screens, all through the resources (src/resources): the schedules,
// the holidays and the location's details (useLocationDetail) are read with useGetList/useGetOne
// and written through the dataProvider.
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, useGetOne } from 'react-admin';
import { locationDetailKey } from '../../resources/locations/useLocationDetail';
import type { HolidayRecord } from './types';
import type { ScheduleRecord } from '../../resources/schedules/types';

export const keys = {
  /** A location's details in every language. */
  locationAll: (id: string) => locationDetailKey(id),
  /** Every query of the `schedules` resource (react-admin's keys start with the resource). */
  schedules: ['schedules'] as const,
  schedulesLists: ['schedules', 'getList'] as const,
  scheduleOnes: ['schedules', 'getOne'] as const,
  /** Every query of the `holidays` resource. */
  holidays: ['holidays'] as const,
};


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

/** GET /api/v2.1/holidays/?location=&year= (the `holidays` resource; a plain array by date). */
export function useHolidays(locationId: string, year: number, enabled = true) {
  return useGetList<HolidayRecord>('holidays', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'date', order: 'ASC' },
    filter: { year },
    meta: { location_id: locationId },
  }, { enabled });
}

/** Refetches what a change to groups, playgrounds or schedules of a location can alter. */
export function useRefresh(locationId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: keys.locationAll(locationId) }),
    client.invalidateQueries({ queryKey: keys.schedulesLists }),
  ]);
}
