// "Today" of a screen is the location's, not the browser's: a picker opened in Moscow at 02:00 on a
// Tokyo laptop marks Moscow's date. The location is the screen's route (/locations/:location_id/...);
// a screen outside one (the profile) has no location and keeps the browser's day.
import { useParams } from 'react-router-dom';
import { wallClockAt } from '../../../domain/businessDay';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';

/** The calendar date ('YYYY-MM-DD') on the clock of the route's location; undefined outside a location. */
export function useRouteLocationToday(): string | undefined {
  const { location_id: locationId } = useParams();
  const { data: location } = useLocationDetail(locationId);
  return location?.timezone ? wallClockAt(location.timezone).slice(0, 10) : undefined;
}
