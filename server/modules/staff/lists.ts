// A location's staff (#28 STAFF): GET /api/v2.1/locations/{id}/staff/ (role 40 there), CSV, XLSX.
// People with a role at the location and the open invitations (state `invited`, or #42 `expired` once
// the link ran out) in one list, so the screen shows whom it waits for beside whom it has.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PERMISSION_LABELS, ROLE_LABELS, STAFF_FIELDS as F, STAFF_STATE_LABELS, STAFF_STATES } from '../../../domain/staff';
import type { Lang } from '../../platform/messages';
import { defineList } from '../../platform/lists';
import { locationListScope } from '../locations/service';

const people = sql.raw(`(
  SELECT 'u' || u.id AS key, u.id AS user_id, NULL::int AS invitation_id, u.name, u.email, r.role_id AS role,
    array(SELECT p.codename FROM user_permissions p WHERE p.user_id = u.id AND p.location_id = r.location_id ORDER BY p.codename) AS permissions,
    u.last_login_at AS last_login, CASE WHEN u.is_active THEN 'active' ELSE 'deactivated' END AS state, u.is_owner,
    NULL::timestamptz AS expires, r.location_id
  FROM user_location_roles r JOIN users u ON u.id = r.user_id
  UNION ALL
  SELECT 'i' || i.id, NULL, i.id, '', i.email, i.role_id, i.permissions, NULL, CASE WHEN i.expires_at > now() THEN 'invited' ELSE 'expired' END, false, i.expires_at, i.location_id
  FROM invitations i WHERE i.accepted_at IS NULL AND i.withdrawn_at IS NULL
) s`);

/** A person's permissions as their labels in `lang`, in the codenames' order ("Сертификаты: выпуск, ..."). */
const permissionsIn = (lang: Lang) => {
  const cases = Object.entries(PERMISSION_LABELS).map(([code, label]) => sql`WHEN ${code} THEN ${label[lang]}`);
  return sql`array_to_string(ARRAY(SELECT CASE p ${sql.join(cases, sql` `)} ELSE p END FROM unnest(s.permissions) WITH ORDINALITY AS x(p, n) ORDER BY n), ', ')`;
};

export const locationStaff = defineList({
  path: '/api/v2.1/locations/:id/staff/', summary: "A location's staff and open invitations", tags: ['staff'],
  file: 'staff', title: { ru: 'Сотрудники', en: 'Staff' }, paging: 'limit-offset', access: { minRole: 40 },
  scope: (db, user, params) => locationListScope(db, user.id, params.id),
  from: () => people,
  where: (s) => [sql`s.location_id = ${s.locationId}`],
  columns: [
    { key: 'id', kind: 'text', sql: sql`s.key` },
    { key: 'user_id', kind: 'int', sql: sql`s.user_id` },
    { key: 'invitation_id', kind: 'int', sql: sql`s.invitation_id` },
    { key: 'name', kind: 'text', sql: sql`s.name`, label: F.name },
    { key: 'email', kind: 'text', sql: sql`s.email`, label: F.email },
    { key: 'role', kind: 'enum', sql: sql`s.role`, labels: ROLE_LABELS, label: F.role },
    // The JSON keeps the codenames (the forms send them); the exports write their words (#39).
    { key: 'permissions', kind: 'text', sql: sql`array_to_string(s.permissions, ', ')`, label: F.permissions, inLanguage: permissionsIn },
    { key: 'last_login', kind: 'datetime', sql: sql`s.last_login`, label: F.last_login },
    { key: 'state', kind: 'enum', sql: sql`s.state`, labels: STAFF_STATE_LABELS, label: F.state },
    { key: 'is_owner', kind: 'bool', sql: sql`s.is_owner`, label: F.is_owner },
    { key: 'expires', kind: 'datetime', sql: sql`s.expires` },
  ],
  orderBy: sql`s.invitation_id IS NOT NULL, s.role DESC, lower(s.email), s.key`,
  sorting: { columns: ['name', 'email', 'role', 'last_login', 'state'], unique: sql`s.key` },
  json: {
    record: (r) => ({ ...r, permissions: r.permissions ? String(r.permissions).split(', ') : [] }),
    schema: z.object({
      id: z.string(), user_id: z.number().int().nullable(), invitation_id: z.number().int().nullable(), name: z.string(), email: z.string(),
      role: z.number().int(), permissions: z.array(z.string()), last_login: z.string().nullable(), state: z.enum(STAFF_STATES),
      is_owner: z.boolean(), expires: z.string().nullable(),
    }),
  },
});
