// /locations/{id}/ (the spec's named route "location"): a location has no page of its own, so this
// sends an administrator (role id 40) to location management and anyone else to the booking
// calendar, the screen they use all day.
import { Loading } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { canManageLocation } from '../../../domain/roles';
import { useLocationInfo } from './api';
import { useSignedIn } from '../../authProvider/useSignedIn';
import { LocationUnavailable } from '../../components/LocationUnavailable';

export function LocationHomePage() {
  useSignedIn();
  const { location_id: locationId = '' } = useParams();
  const location = useLocationInfo(locationId);
  if (location.isError) return <LocationUnavailable id={locationId} error={location.error} />;
  if (!location.data) return <Loading />;
  const target = canManageLocation(location.data.role) ? 'location_management' : 'booking_admin';
  return <Navigate to={`/locations/${locationId}/${target}`} replace />;
}
