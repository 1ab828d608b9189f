// Staff and their rights at a location (#28 STAFF): the words for roles, permissions and a person's
// state, written once in ru and en for the server's list, its exports and the Staff screen.
import type { EnumLabels, Label } from './enumLabels';
import { PERMISSION_CODENAMES, type PermissionCodename } from './permissions';

export const ROLE_LABELS = {
  10: { ru: 'Кассир', en: 'Cashier' },
  20: { ru: 'Менеджер', en: 'Manager' },
  40: { ru: 'Администратор', en: 'Administrator' },
} as const satisfies EnumLabels;

export const STAFF_ROLE_IDS = [10, 20, 40] as const;

export const PERMISSION_LABELS: Record<PermissionCodename, Label> = {
  techsessions: { ru: 'Технические сеансы (пульт)', en: 'Technical sessions (control)' },
  multibooking: { ru: 'Мультибронирование', en: 'Multi-booking' },
  certificate: { ru: 'Сертификаты: просмотр', en: 'Certificates: view' },
  'certificate.create': { ru: 'Сертификаты: выпуск', en: 'Certificates: issue' },
  'certificate.activate': { ru: 'Сертификаты: активация', en: 'Certificates: activate' },
  'transactions.edit': { ru: 'Транзакции: изменение', en: 'Transactions: edit' },
  'transactions.all': { ru: 'Транзакции: все', en: 'Transactions: all' },
};

/**
 * invited: an open invitation; expired (#42): an invitation whose link ran out, to re-send; active;
 * deactivated: the account is switched off everywhere (users.is_active false).
 */
export const STAFF_STATE_LABELS = {
  invited: { ru: 'Приглашён', en: 'Invited' },
  expired: { ru: 'Приглашение истекло', en: 'Invitation expired' },
  active: { ru: 'Активен', en: 'Active' },
  deactivated: { ru: 'Отключён', en: 'Deactivated' },
} as const satisfies EnumLabels;

/** The Staff list's columns and the invitation form's fields. */
export const STAFF_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  name: { ru: 'Имя', en: 'Name' },
  email: { ru: 'Электронная почта', en: 'E-mail' },
  role: { ru: 'Роль', en: 'Role' },
  permissions: { ru: 'Права', en: 'Permissions' },
  last_login: { ru: 'Последний вход', en: 'Last sign-in' },
  state: { ru: 'Состояние', en: 'State' },
  is_owner: { ru: 'Владелец', en: 'Owner' },
  // #42 The invitation letter's language.
  language: { ru: 'Язык письма', en: 'Letter language' },
} as const;

/** The invitation and edit forms' checkbox of each permission (a form field's name cannot hold a dot). */
export const PERMISSION_FIELD: Record<PermissionCodename, string> = Object.fromEntries(
  PERMISSION_CODENAMES.map((c) => [c, `perm_${c.replace(/\./g, '_')}`]),
) as Record<PermissionCodename, string>;

/** #42 The states of a staff row. */
export const STAFF_STATES = ['invited', 'expired', 'active', 'deactivated'] as const;
