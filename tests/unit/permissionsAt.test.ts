// #28 STAFF: a location's screens decide by the permissions held at that location (permissionsAt),
// not by the union GET /loginjwt/permissions/ answers: a right held at A opens nothing at B.
import { describe, expect, it } from 'vitest';
import { allowed } from '../../src/resources/declaration';
import { permissionsAt } from '../../src/resources/locations/permissionsAt';

describe('permissions at a location', () => {
  it('opens a permission screen where the permission is held, not where it is held only elsewhere', () => {
    const role = { id: 40, value: 40 };
    const atA = { role, permissions: ['certificate', 'multibooking'] };
    const atB = { role, permissions: [] };
    const union = ['accounts.backoffice.certificate', 'accounts.backoffice.multibooking'];
    const access = { permissions: ['certificate' as const] };
    expect(allowed(access, atA, permissionsAt(atA))).toBe(true);
    expect(allowed(access, atB, permissionsAt(atB))).toBe(false);
    // What deciding by the union (before #28) would have opened at B.
    expect(allowed(access, atB, union)).toBe(true);
    // A location read before the server sent permissions holds none.
    expect(permissionsAt({})).toEqual([]);
  });
});
