// #28 STAFF: the Staff screen and the invitation page in Russian, key for key as staff.en.ts.
import { ROLE_LABELS, STAFF_FIELDS, STAFF_STATE_LABELS } from '../../domain/staff';
import { textsIn } from '../../domain/fieldLabels';
import { permissionTexts, type invitationEn, type staffEn } from './staff.en';

export const staffRu: typeof staffEn = {
  name: 'Сотрудник |||| Сотрудники |||| Сотрудников',
  title: 'Сотрудники: %{name}',
  empty: 'Здесь пока никто не работает',
  card: 'Сотрудники',
  cardHint: 'Люди, их роли и права здесь; приглашения',
  invite: 'Пригласить',
  inviteTitle: 'Пригласить в эту локацию',
  inviteText: 'Новый сотрудник получит письмо со ссылкой, где укажет имя и пароль (она работает 7 дней); существующая учётная запись добавляется сразу.',
  inviteSubmit: 'Пригласить',
  invited: 'Готово',
  change: 'Роль и права',
  changeTitle: 'Роль и права: %{email}',
  changed: 'Сохранено',
  resend: 'Отправить ещё раз',
  resent: 'Приглашение отправлено ещё раз',
  withdraw: 'Отозвать приглашение',
  withdrawTitle: 'Отозвать приглашение?',
  withdrawText: 'Ссылка, отправленная на %{email}, перестанет работать.',
  withdrawn: 'Приглашение отозвано',
  remove: 'Удалить из локации',
  removeTitle: 'Удалить из этой локации?',
  removeText: '%{email} теряет роль и права здесь; учётная запись и её история остаются.',
  removed: 'Сотрудник удалён из локации',
  deactivate: 'Отключить учётную запись',
  deactivateTitle: 'Отключить учётную запись везде?',
  deactivateText: '%{email} сразу выйдет из системы и не сможет войти ни в одной локации (это может только владелец).',
  deactivated: 'Учётная запись отключена',
  activate: 'Включить учётную запись',
  activated: 'Учётная запись включена',
  // #28 GAPS: сделать владельцем (только владельцы).
  makeOwner: 'Сделать владельцем',
  makeOwnerTitle: 'Сделать этого сотрудника владельцем?',
  makeOwnerText: '%{email} становится владельцем всей системы: создаёт локации, ведёт каталог игр и все учётные записи.',
  madeOwner: 'Учётная запись теперь владелец',
  more: 'Ещё для %{email}',
  fields: textsIn(STAFF_FIELDS, 'ru'),
  role: textsIn(ROLE_LABELS, 'ru'),
  state: textsIn(STAFF_STATE_LABELS, 'ru'),
  permission: permissionTexts('ru'),
};

export const invitationRu: typeof invitationEn = {
  title: 'Присоединиться к %{location}',
  text: 'Вас пригласили как %{email}. Укажите имя и пароль.',
  textExisting: 'У %{email} уже есть учётная запись: введите её пароль, чтобы присоединиться.',
  name: 'Ваше имя',
  password: 'Пароль',
  confirm: 'Повторите пароль',
  submit: 'Присоединиться',
  checking: 'Проверяем приглашение…',
  invalid: 'Приглашение недействительно, отозвано, уже использовано или устарело. Попросите администратора отправить его ещё раз.',
  toLogin: 'Ко входу',
};
