// Roles at a location: {id, value}. The specs fix two rules; the names are ours.
/** Role id that may open location management at that location. */
export const MANAGER_ROLE_ID = 40;
/** Role value from which the Locations tab is shown in the header. */
export const LOCATIONS_TAB_MIN_ROLE_VALUE = 20;

export const ROLES = [
  { id: 10, value: 10, code: 'cashier' },
  { id: 20, value: 20, code: 'manager' },
  { id: 40, value: 40, code: 'administrator' },
] as const;

export interface Role {
  id: number;
  value: number;
}

export function canSeeLocationsTab(role: Role | null | undefined): boolean {
  return !!role && role.value >= LOCATIONS_TAB_MIN_ROLE_VALUE;
}

export function canManageLocation(role: Role | null | undefined): boolean {
  return !!role && role.id === MANAGER_ROLE_ID;
}
