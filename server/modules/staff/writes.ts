// Staff and their rights (#28 STAFF), role 40 at the location: POST /api/v2.1/locations/{id}/staff/,
// PUT and DELETE /api/v2.1/locations/{id}/staff/{user_id}/, an invitation's re-send and withdrawal
// (POST /api/v2.1/locations/{id}/invitations/{invitation_id}/resend/, DELETE .../invitations/{invitation_id}/);
// the owner's: POST /api/v2.1/accounts/{id}/deactivate/, /activate/, /owner/.
import { z } from 'zod';
import { PERMISSION_CODENAMES } from '../../../domain/permissions';
import { LANGUAGES } from '../../../domain/constants';
import { STAFF_FIELDS, STAFF_ROLE_IDS, STAFF_STATES } from '../../../domain/staff';
import { emailSchema, idParam } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as staff from './service';

const role = z.union(STAFF_ROLE_IDS.map((id) => z.literal(id)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<40>]);
const permissions = z.array(z.enum(PERMISSION_CODENAMES)).max(PERMISSION_CODENAMES.length);
const StaffRow = z.object({
  id: z.string(), user_id: z.number().int().nullable(), invitation_id: z.number().int().nullable(), name: z.string(), email: z.string(),
  role: z.number().int(), permissions: z.array(z.string()), last_login: z.string().nullable(), state: z.enum(STAFF_STATES),
  is_owner: z.boolean(), expires: z.string().nullable(),
});
const common = { tags: ['staff'], access: { minRole: 40 } };
const member = z.object({ id: idParam, user_id: idParam });
const invitation = z.object({ id: idParam, invitation_id: idParam });

export const addStaff = defineWrite({
  records: { activity: 'staff.invited' },
  ...common, kind: 'create', path: '/api/v2.1/locations/:id/staff/', summary: 'Invite a person to a location, or add an existing account',
  // #42 `language`: the letter's ('ru' or 'en'); none: the inviter's interface language (Accept-Language).
  fields: { email: emailSchema, role, permissions, language: z.enum(LANGUAGES).optional() }, labels: STAFF_FIELDS, answer: StaffRow,
  // #41 Every addition is an invitation (#38): the tests re-send and withdraw the one they made. The
  // e-mail is kept lower-cased (as it is matched).
  record: { segment: 'invitations', key: 'invitation_id' },
  examples: { email: (at: ExampleContext) => `Invited.${at.unique}@Example.com` },
  readBack: { path: '/api/v2.1/locations/:location/staff/?limit=1000', normalised: { email: (email: string) => email.toLowerCase() },
    unread: { language: 'the letter\'s language: the letter and each re-send are written in it (staff.test.ts reads them)' } },
  run: ({ db, user, params, body, lang }) => staff.addStaff(db, user, params.id, body, lang),
});
export const changeStaff = defineWrite({
  records: { activity: 'staff.changed' },
  ...common, kind: 'update', path: '/api/v2.1/locations/:id/staff/:user_id/', summary: "Change a person's role and permissions at a location",
  params: member, fields: { role, permissions }, labels: STAFF_FIELDS, answer: StaffRow,
  readBack: { path: '/api/v2.1/locations/:location/staff/?limit=1000' },
  run: ({ db, user, params, body }) => staff.changeStaff(db, user, params.id, params.user_id, body),
});
export const removeStaff = defineWrite({
  records: { activity: 'staff.removed' },
  ...common, kind: 'delete', path: '/api/v2.1/locations/:id/staff/:user_id/', summary: 'Remove a person from a location', params: member, answer: null,
  run: ({ db, user, params }) => staff.removeStaff(db, user, params.id, params.user_id),
});
export const resendInvitation = defineWrite({
  records: { activity: 'staff.invitation_resent' },
  ...common, kind: 'action', path: '/api/v2.1/locations/:id/invitations/:invitation_id/resend/', summary: 'Send an invitation again (a new link, 7 more days)',
  params: invitation, answer: StaffRow,
  run: ({ db, user, params, lang }) => staff.resendInvitation(db, user, params.id, params.invitation_id, lang),
});
export const withdrawInvitation = defineWrite({
  records: { activity: 'staff.invitation_withdrawn' },
  ...common, kind: 'delete', path: '/api/v2.1/locations/:id/invitations/:invitation_id/', summary: 'Withdraw an invitation', params: invitation, answer: null,
  run: ({ db, user, params }) => staff.withdrawInvitation(db, user, params.id, params.invitation_id),
});

// The owner's (users.is_owner); anybody else 403. Installation-wide, so no location's role decides.
const Active = z.object({ id: z.number().int(), is_active: z.boolean() });
export const deactivateUser = defineWrite({
  records: { activity: 'user.deactivated' },
  kind: 'action', tags: ['staff'], path: '/api/v2.1/accounts/:id/deactivate/', summary: 'Deactivate an account everywhere (owner)', answer: Active,
  run: ({ db, user, params }) => staff.setActive(db, user, params.id, false),
});
export const activateUser = defineWrite({
  records: { activity: 'user.activated' },
  kind: 'action', tags: ['staff'], path: '/api/v2.1/accounts/:id/activate/', summary: 'Activate an account again (owner)', answer: Active,
  run: ({ db, user, params }) => staff.setActive(db, user, params.id, true),
});
export const makeOwner = defineWrite({
  records: { activity: 'user.owner_made' },
  kind: 'action', tags: ['staff'], path: '/api/v2.1/accounts/:id/owner/', summary: 'Make an account an owner (owner)',
  answer: z.object({ id: z.number().int(), is_owner: z.boolean() }),
  run: ({ db, user, params }) => staff.makeOwner(db, user, params.id),
});
