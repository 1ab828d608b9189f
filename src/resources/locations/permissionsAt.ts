// Permissions are held per location (#28): what a screen of a location shows or offers follows
// what the user holds THERE, the codenames `/locations/my/` and `/locations/{id}/` carry, never the
// union `GET /loginjwt/permissions/` answers (its shape of the spec; only pages of every location,
// the header's control link and the control page, read it). Written as names of the union's shape
// (`accounts.<product>.<codename>`; hasPermission ignores the product), so one check reads both.
import { useGetOne } from 'react-admin';
import type { LocationRecord } from './types';

export function permissionsAt(location: Pick<LocationRecord, 'permissions'> | null | undefined): string[] {
  return (location?.permissions ?? []).map((codename) => `accounts.location.${codename}`);
}

/** The same for a location known by its id (react-query's cache of `/locations/{id}/`). */
export function usePermissionsAt(locationId: unknown): { permissions: string[]; isPending: boolean } {
  const id = Number(locationId);
  const { data, isPending } = useGetOne<LocationRecord>('locations', { id }, { enabled: id > 0 });
  return { permissions: permissionsAt(data), isPending: id > 0 && isPending };
}
