// The day view opened by its address (a reload, a bookmark: the page staff open most) starts its
// data calls as soon as the app's first script runs, instead of after react-admin and the layout
// have rendered (~0.3 s of CPU on a venue's PC; bench/results.md, whole page). This module is part
// of that first script, so it stays small. It fills the cache entries the page reads (the location
// as react-admin's getOne, the schedules by bookingKeys): the page finds them there or in flight
// and asks nothing twice.
import type { QueryClient } from '@tanstack/react-query';
import { businessDateOf, wallClockAt } from '../../../domain/businessDay';
import { dataProvider } from '../../dataProvider';
import { storedLocale } from '../../i18n';
import type { LocationDetail } from '../../resources/locations/types';
import { bookingKeys, dayViewDate, dayViewPlaygrounds, fetchSchedule, JUST_READ_MS } from './dayData';

export async function preloadDayView(client: QueryClient, locationParam: string, dateParam: string | null) {
  const id = Number(locationParam);
  if (!Number.isInteger(id) || id <= 0) return;
  const meta = { locale: storedLocale() };
  const location = await client.fetchQuery({
    // react-admin's useGetOne key and value (see useLocationDetail).
    queryKey: ['locations', 'getOne', { id: String(id), meta }],
    queryFn: () => dataProvider.getOne<LocationDetail & { id: number }>('locations', { id, meta }).then(({ data }) => data),
    staleTime: JUST_READ_MS,
  });
  const date = dayViewDate(dateParam, businessDateOf(wallClockAt(location.timezone)));
  for (const playground of dayViewPlaygrounds(location)) {
    void client.prefetchQuery({ queryKey: bookingKeys.schedule(playground.id, date), queryFn: () => fetchSchedule(playground.id, date) });
  }
}
