// The kinds of change the activity log (#28) records, with their ru/en labels: the server's list,
// its CSV/XLSX and the Activity screen read them from here, so a kind never reads two ways.
import type { EnumLabels } from './enumLabels';

export const ACTIVITY_KIND_LABELS = {
  // Installation-wide (location null): only owners read them.
  'setup.owner_created': { ru: 'Владелец создан', en: 'Owner created' },
  'user.deactivated': { ru: 'Учётная запись отключена', en: 'Account deactivated' },
  'user.activated': { ru: 'Учётная запись включена', en: 'Account activated' },
  'user.owner_made': { ru: 'Назначен владелец', en: 'Owner made' },
  'location.created': { ru: 'Площадка создана', en: 'Location created' },
  // Setup of a location.
  'location.updated': { ru: 'Площадка изменена', en: 'Location changed' },
  'playground.created': { ru: 'Игровая зона создана', en: 'Playground created' },
  'playground.updated': { ru: 'Игровая зона изменена', en: 'Playground changed' },
  'playground.retired': { ru: 'Игровая зона выведена из работы', en: 'Playground retired' },
  'playground.deleted': { ru: 'Игровая зона удалена', en: 'Playground deleted' },
  'games.updated': { ru: 'Игры площадки изменены', en: 'Location games changed' },
  'catalogue.created': { ru: 'Позиция каталога создана', en: 'Catalogue item created' },
  'catalogue.updated': { ru: 'Позиция каталога изменена', en: 'Catalogue item changed' },
  'catalogue.retired': { ru: 'Позиция каталога выведена из продажи', en: 'Catalogue item retired' },
  'catalogue.deleted': { ru: 'Позиция каталога удалена', en: 'Catalogue item deleted' },
  // Staff and rights.
  'staff.invited': { ru: 'Приглашение отправлено', en: 'Invitation sent' },
  'staff.invitation_resent': { ru: 'Приглашение отправлено повторно', en: 'Invitation re-sent' },
  'staff.invitation_withdrawn': { ru: 'Приглашение отозвано', en: 'Invitation withdrawn' },
  'staff.joined': { ru: 'Сотрудник присоединился', en: 'Staff member joined' },
  'staff.added': { ru: 'Сотрудник добавлен', en: 'Staff member added' },
  'staff.changed': { ru: 'Роль или права изменены', en: 'Role or permissions changed' },
  'staff.removed': { ru: 'Сотрудник удалён с площадки', en: 'Staff member removed' },
  // Schedules, prices and tools.
  'schedule.created': { ru: 'Расписание создано', en: 'Schedule created' },
  'schedule.updated': { ru: 'Расписание изменено', en: 'Schedule changed' },
  'schedule.deleted': { ru: 'Расписание удалено', en: 'Schedule deleted' },
  'tools.changed': { ru: 'Настройки инструментов изменены', en: 'Tools changed' },
  'webhook.changed': { ru: 'Вебхук изменён', en: 'Webhook changed' },
  'secret.changed': { ru: 'Секрет изменён', en: 'Secret changed' },
  // Money.
  'money.payment': { ru: 'Оплата', en: 'Payment' },
  'money.refund': { ru: 'Возврат', en: 'Refund' },
  'money.payment_hidden': { ru: 'Платёж скрыт', en: 'Payment hidden' },
  'money.transaction_type': { ru: 'Тип транзакции изменён', en: 'Transaction type changed' },
  'money.certificate_activated': { ru: 'Сертификат активирован', en: 'Certificate activated' },
} as const satisfies EnumLabels;

export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;
