// #28 STAFF: the Staff screen (resources.staff.*) and the invitation page (app.invitation.*),
// mounted by en.ts; staff.ru.ts mirrors it. Roles, states, permissions and the columns are worded
// once in domain/staff.ts (the server's exports say the same).
import { PERMISSION_CODENAMES } from '../../domain/permissions';
import { PERMISSION_FIELD, PERMISSION_LABELS, ROLE_LABELS, STAFF_FIELDS, STAFF_STATE_LABELS } from '../../domain/staff';
import { textsIn } from '../../domain/fieldLabels';

/** The forms' checkbox labels by field name, in one language. */
export const permissionTexts = (lang: 'ru' | 'en') => Object.fromEntries(PERMISSION_CODENAMES.map((c) => [PERMISSION_FIELD[c], PERMISSION_LABELS[c][lang]]));

export const staffEn = {
  name: 'Staff member |||| Staff',
  title: 'Staff: %{name}',
  empty: 'Nobody works here yet',
  card: 'Staff',
  cardHint: 'People, their roles and permissions here; invitations',
  invite: 'Invite',
  inviteTitle: 'Invite to this location',
  inviteText: 'The person gets a letter with a link (it works for 7 days); the role and permissions take effect when they accept. A new person sets a name and password there; an existing account keeps its own.',
  inviteSubmit: 'Invite',
  invited: 'Done',
  change: 'Role and permissions',
  changeTitle: 'Role and permissions: %{email}',
  changed: 'Saved',
  resend: 'Send again',
  resent: 'The invitation was sent again',
  withdraw: 'Withdraw invitation',
  withdrawTitle: 'Withdraw the invitation?',
  withdrawText: 'The link sent to %{email} will stop working.',
  withdrawn: 'The invitation was withdrawn',
  remove: 'Remove from location',
  removeTitle: 'Remove from this location?',
  removeText: '%{email} loses their role and permissions here; the account and its history stay.',
  removed: 'Removed from the location',
  deactivate: 'Deactivate account',
  deactivateTitle: 'Deactivate the account everywhere?',
  deactivateText: '%{email} is signed out at once and cannot sign in at any location (only an owner can do this).',
  deactivated: 'The account was deactivated',
  activate: 'Activate account',
  activated: 'The account was activated',
  // #28 GAPS: make owner (owners only).
  makeOwner: 'Make owner',
  makeOwnerTitle: 'Make this person an owner?',
  makeOwnerText: '%{email} becomes an owner of the whole installation: creates locations, manages games and every account.',
  madeOwner: 'The account is now an owner',
  more: 'More for %{email}',
  fields: textsIn(STAFF_FIELDS, 'en'),
  role: textsIn(ROLE_LABELS, 'en'),
  state: textsIn(STAFF_STATE_LABELS, 'en'),
  permission: permissionTexts('en'),
};

export const invitationEn = {
  title: 'Join %{location}',
  text: 'You are invited as %{email}. Choose your name and password.',
  textExisting: '%{email} already has an account. Accept to add this location to it: your name and password stay as they are.',
  accept: 'Accept the invitation',
  joined: 'You have joined %{location}. Sign in with your usual password.',
  signIn: 'Sign in',
  name: 'Your name',
  password: 'Password',
  confirm: 'Repeat the password',
  submit: 'Join',
  checking: 'Checking the invitation…',
  invalid: 'This invitation is invalid, withdrawn, already used or has expired. Ask the administrator to send it again.',
  toLogin: 'To sign in',
};
