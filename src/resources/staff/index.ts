// A location's staff (#28 STAFF), role 40 there: people and open invitations, invite (e-mail, role,
// permissions), change the role and permissions, remove from the location, re-send or withdraw an
// invitation, deactivate or activate an account everywhere (the server lets only an owner).
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import SendIcon from '@mui/icons-material/Send';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { session } from '../../authProvider/session';
import { PERMISSION_CODENAMES, type PermissionCodename } from '../../../domain/permissions';
import { PERMISSION_FIELD, STAFF_ROLE_IDS } from '../../../domain/staff';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { LANGUAGES } from '../../../domain/constants';
import { storedLocale } from '../../i18n';
import { defineResource, enumChoices, type ActionContext, type FieldDeclaration } from '../declaration';

const t = (key: string) => `resources.staff.${key}`;
const f = (name: string) => t(`fields.${name}`);
// #28 GAPS: account-wide actions (deactivate, activate, make owner) only an owner may use; the
// server answers 403 to others, so the screen offers them to owners only.
const isOwner = () => !!session.user()?.is_owner;
const atLocation = (_r: unknown, meta: Record<string, unknown>) => ({ location_id: meta.location_id });

// The role and a checkbox per permission, labelled once (domain/staff.ts via the dictionaries).
// #42 The chosen role says what it can do; only the permissions the inviter holds here are offered.
const grantFields: FieldDeclaration[] = [
  { kind: 'select', source: 'role', label: f('role'), required: true, default: 10, choices: enumChoices(STAFF_ROLE_IDS, t('role.')),
    hint: (values) => `app.roleDescriptions.${Number(values.role) || 10}` },
  ...PERMISSION_CODENAMES.map((c): FieldDeclaration => ({ kind: 'boolean', source: PERMISSION_FIELD[c], label: t(`permission.${PERMISSION_FIELD[c]}`), default: false, permissions: [c] })),
];
const grantBody = (data: Record<string, any>) => ({ role: Number(data.role), permissions: PERMISSION_CODENAMES.filter((c) => data[PERMISSION_FIELD[c]]) });

export default defineResource({
  name: 'staff',
  route: { scope: 'location', path: 'staff' },
  access: { minRole: 40 },
  menu: { icon: GroupIcon, management: { order: 5, section: 'more', label: t('card'), hint: t('cardHint') } },
  api: {
    list: '/api/v2.1/locations/{location_id}/staff/', paging: 'limit-offset', ordering: ['name', 'email', 'role', 'last_login', 'state'],
    create: '/api/v2.1/locations/{location_id}/staff/',
    actions: {
      change: { path: '/api/v2.1/locations/{location_id}/staff/{id}/', method: 'PUT' },
      remove: { path: '/api/v2.1/locations/{location_id}/staff/{id}/', method: 'DELETE' },
      resend: { path: '/api/v2.1/locations/{location_id}/invitations/{id}/resend/', method: 'POST' },
      withdraw: { path: '/api/v2.1/locations/{location_id}/invitations/{id}/', method: 'DELETE' },
      deactivate: { path: '/api/v2.1/accounts/{id}/deactivate/', method: 'POST' },
      activate: { path: '/api/v2.1/accounts/{id}/activate/', method: 'POST' },
      owner: { path: '/api/v2.1/accounts/{id}/owner/', method: 'POST' },
    },
  },
  list: {
    title: t('title'),
    empty: t('empty'),
    exports: ['csv', 'xlsx'],
    fileName: 'staff',
    actions: [{ form: 'invite', label: t('invite'), icon: PersonAddIcon }],
    columns: [
      { kind: 'text', source: 'name', label: f('name') },
      { kind: 'text', source: 'email', label: f('email') },
      { kind: 'enum', source: 'role', label: f('role'), prefix: t('role.') },
      // The permissions' words, not their codenames (#39).
      { kind: 'enum', source: 'permissions', label: f('permissions'), prefix: t('permission.'), codeKey: (c) => PERMISSION_FIELD[c as PermissionCodename] ?? c },
      { kind: 'datetime', source: 'last_login', label: f('last_login') },
      { kind: 'enum', source: 'state', label: f('state'), prefix: t('state.') },
      { kind: 'boolean', source: 'is_owner', label: f('is_owner') },
    ],
  },
  actionForms: {
    invite: {
      action: 'create', testId: 'staff-invite', title: t('inviteTitle'), text: t('inviteText'), submit: t('inviteSubmit'), width: 'sm',
      fields: [{ kind: 'text', source: 'email', label: f('email'), required: true, format: 'email', maxLength: TEXT_LIMITS.email }, ...grantFields,
        // #42 The letter's language, the inviter's own to start with.
        { kind: 'select', source: 'language', label: f('language'), required: true, choices: LANGUAGES.map((l) => ({ value: l, label: `app.locationSettings.language.${l}` })) }],
      defaults: () => ({ language: storedLocale() }),
      body: (data) => ({ email: data.email, ...grantBody(data), language: data.language }),
      done: t('invited'),
    },
    change: {
      action: 'change', testId: 'staff-change', title: t('changeTitle'), titleArgs: ({ record }: ActionContext) => ({ email: record?.email }), submit: 'app.common.save',
      text: 'app.roleDescriptions.permissionsHint',
      width: 'sm', id: 'user_id', fields: grantFields,
      defaults: ({ record }) => ({ role: record?.role, ...Object.fromEntries(PERMISSION_CODENAMES.map((c) => [PERMISSION_FIELD[c], (record?.permissions ?? []).includes(c)])) }),
      body: grantBody,
      done: t('changed'),
    },
  },
  rowActions: [
    // #42 A text button (it had no icon: an empty 10 px button), on each person's row.
    { kind: 'form', form: 'change', label: t('change'), when: (r) => !!r.user_id, text: true },
    // #42 An expired invitation (state `expired`) is re-sent the same way: a new link for 7 more days.
    { kind: 'action', action: 'resend', label: t('resend'), icon: SendIcon, id: (r) => r.invitation_id, data: atLocation, when: (r) => !!r.invitation_id, done: t('resent') },
    { kind: 'action', action: 'withdraw', label: t('withdraw'), icon: CancelScheduleSendIcon, id: (r) => r.invitation_id, data: atLocation, when: (r) => !!r.invitation_id,
      confirm: { title: t('withdrawTitle'), text: t('withdrawText') }, done: t('withdrawn'), menu: true },
    { kind: 'action', action: 'remove', label: t('remove'), icon: PersonRemoveIcon, id: (r) => r.user_id, data: atLocation, when: (r) => !!r.user_id,
      confirm: { title: t('removeTitle'), text: t('removeText') }, done: t('removed'), menu: true },
    { kind: 'action', action: 'deactivate', label: t('deactivate'), icon: BlockIcon, id: (r) => r.user_id, when: (r) => isOwner() && r.state === 'active' && !r.is_owner,
      confirm: { title: t('deactivateTitle'), text: t('deactivateText') }, done: t('deactivated'), menu: true },
    { kind: 'action', action: 'activate', label: t('activate'), icon: CheckCircleIcon, id: (r) => r.user_id, when: (r) => isOwner() && r.state === 'deactivated', done: t('activated'), menu: true },
    { kind: 'action', action: 'owner', label: t('makeOwner'), icon: AdminPanelSettingsIcon, id: (r) => r.user_id, when: (r) => isOwner() && r.state === 'active' && !r.is_owner,
      confirm: { title: t('makeOwnerTitle'), text: t('makeOwnerText') }, done: t('madeOwner'), menu: true },
  ],
  rowMenuLabel: t('more'),
  messageArgs: (r) => ({ email: r.email }),
});
