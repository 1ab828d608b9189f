// The kinds of change the activity log (#28) records, with their ru/en labels: the server's list,
// its CSV/XLSX and the Activity screen read them from here, so a kind never reads two ways.
import type { EnumLabels } from './enumLabels';

export const ACTIVITY_KIND_LABELS = {
  // Installation-wide (location null): only owners read them.
  'setup.owner_created': { ru: 'Владелец создан', en: 'Owner created' },
  'user.deactivated': { ru: 'Учётная запись отключена', en: 'Account deactivated' },
  'user.activated': { ru: 'Учётная запись включена', en: 'Account activated' },
  'user.owner_made': { ru: 'Назначен владелец', en: 'Owner made' },
  'location.created': { ru: 'Локация создана', en: 'Location created' },
  // Setup of a location.
  'location.updated': { ru: 'Локация изменена', en: 'Location changed' },
  'playground.created': { ru: 'Игровая зона создана', en: 'Playground created' },
  'playground.updated': { ru: 'Игровая зона изменена', en: 'Playground changed' },
  'playground.retired': { ru: 'Игровая зона выведена из работы', en: 'Playground retired' },
  'playground.deleted': { ru: 'Игровая зона удалена', en: 'Playground deleted' },
  'games.updated': { ru: 'Игры площадки изменены', en: 'Location games changed' },
  // #41 The installation's game catalogue (owners).
  'game.created': { ru: 'Игра добавлена в каталог', en: 'Game added to the catalogue' },
  'game.updated': { ru: 'Игра каталога изменена', en: 'Catalogue game changed' },
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
  // #28 ACTIVITY: the existing screens' changes, one kind each.
  'holiday.created': { ru: 'Праздник добавлен', en: 'Holiday added' },
  'holiday.deleted': { ru: 'Праздник удалён', en: 'Holiday removed' },
  'playground_group.created': { ru: 'Группа игровых зон создана', en: 'Playground group created' },
  'playground_group.updated': { ru: 'Группа игровых зон изменена', en: 'Playground group changed' },
  'playground_group.deleted': { ru: 'Группа игровых зон удалена', en: 'Playground group deleted' },
  'promocode.created': { ru: 'Промокод создан', en: 'Promo code created' },
  'promocode.updated': { ru: 'Промокод изменён', en: 'Promo code changed' },
  'promocode.deleted': { ru: 'Промокод удалён', en: 'Promo code deleted' },
  'early_booking.changed': { ru: 'Раннее бронирование изменено', en: 'Early booking changed' },
  'widget.changed': { ru: 'Настройки виджета изменены', en: 'Widget settings changed' },
  // #29
  'payment_provider.changed': { ru: 'Платёжный провайдер изменён', en: 'Payment provider changed' },
  'webhook.created': { ru: 'Вебхук создан', en: 'Webhook created' },
  'webhook.deleted': { ru: 'Вебхук удалён', en: 'Webhook deleted' },
  'location_info.changed': { ru: 'Описание локации изменено', en: 'Location information changed' },
  'location_image.added': { ru: 'Фото площадки добавлено', en: 'Location photo added' },
  'location_image.deleted': { ru: 'Фото площадки удалено', en: 'Location photo deleted' },
  // Money.
  'money.payment': { ru: 'Оплата', en: 'Payment' },
  'money.refund': { ru: 'Возврат', en: 'Refund' },
  'money.payment_hidden': { ru: 'Платёж скрыт', en: 'Payment hidden' },
  'money.transaction': { ru: 'Транзакция баланса добавлена', en: 'Balance transaction added' },
  'money.transaction_refund': { ru: 'Возврат по транзакции баланса', en: 'Balance transaction refunded' },
  'money.transaction_type': { ru: 'Тип транзакции изменён', en: 'Transaction type changed' },
  'money.certificate_activated': { ru: 'Сертификат активирован', en: 'Certificate activated' },
  // #41 A payment link made by staff (money is an entry when it comes); a dispute of a ledger line.
  'money.payment_link': { ru: 'Ссылка на оплату создана', en: 'Payment link made' },
  'money.transaction_disputed': { ru: 'Транзакция оспорена', en: 'Transaction disputed' },
  // #38 What a provider says is checked.
  'money.provider_mismatch': { ru: 'Провайдер сообщил другую сумму или валюту', en: 'Provider reported another amount or currency' },
  'money.test_payment': { ru: 'Тестовый платёж не засчитан', en: 'Test payment not counted' },
  // #41 Every change a person makes at a location: bookings, edits, moves and cancels too.
  'order.created': { ru: 'Бронирование создано', en: 'Booking made' },
  'order.updated': { ru: 'Бронирование изменено', en: 'Booking changed' },
  'order.moved': { ru: 'Бронирование перенесено', en: 'Booking moved' },
  'order.cancelled': { ru: 'Бронирование отменено', en: 'Booking cancelled' },
  'certificate.created': { ru: 'Сертификаты выпущены', en: 'Certificates issued' },
  'certificate.resent': { ru: 'Сертификат отправлен повторно', en: 'Certificate sent again' },
  'tech_session.started': { ru: 'Технический сеанс открыт', en: 'Technical session started' },
  'tech_session.stopped': { ru: 'Технический сеанс закрыт', en: 'Technical session stopped' },
  'playground.token_replaced': { ru: 'Токен лаунчера заменён', en: 'Launcher token replaced' },
} as const satisfies EnumLabels;

export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;

/** The longest person search of the activity list (a name or an e-mail, or a part of one): the server's filter and the screen's box. */
export const ACTIVITY_PERSON_MAX = 100;

/**
 * The recorded fields (the keys of an entry's before/after) as the Activity screen names them. A key
 * not here shows as it is; a translation's "ru.address" is "Адрес (ru)".
 */
export const ACTIVITY_CHANGE_FIELDS = {
  name: { ru: 'Название', en: 'Name' },
  start_dt: { ru: 'Действует с', en: 'Starts on' },
  disabled: { ru: 'Выключено', en: 'Disabled' },
  playground_group: { ru: 'Группа', en: 'Group' },
  group: { ru: 'Группа', en: 'Group' },
  breaks: { ru: 'Перерывы', en: 'Breaks' },
  items: { ru: 'Строки расписания', en: 'Schedule rows' },
  copy_of: { ru: 'Копия', en: 'Copy of' },
  date: { ru: 'Дата', en: 'Date' },
  kind: { ru: 'Вид', en: 'Kind' },
  code: { ru: 'Код', en: 'Code' },
  discount: { ru: 'Скидка', en: 'Discount' },
  valid_from: { ru: 'Действует с', en: 'Valid from' },
  valid_to: { ru: 'Действует по', en: 'Valid to' },
  usage_limit: { ru: 'Лимит использований', en: 'Usage limit' },
  active: { ru: 'Включено', en: 'On' },
  days: { ru: 'Дней', en: 'Days' },
  payment_minutes: { ru: 'Удержание мест, минут', en: 'Places held, minutes' },
  cancel_hours: { ru: 'Отмена клиентом, часов', en: 'Customer cancel, hours' },
  phone: { ru: 'Телефон', en: 'Phone' },
  url: { ru: 'Адрес', en: 'URL' },
  extra: { ru: 'Расширенные данные', en: 'Extra data' },
  secret: { ru: 'Секрет', en: 'Secret' },
  lat: { ru: 'Широта', en: 'Latitude' },
  lng: { ru: 'Долгота', en: 'Longitude' },
  city: { ru: 'Город', en: 'City' },
  address: { ru: 'Адрес', en: 'Address' },
  distance: { ru: 'Как добраться', en: 'Getting there' },
  openingTimes: { ru: 'Часы работы', en: 'Opening times' },
  paymentDescription: { ru: 'Об оплате', en: 'About payment' },
  parkingDescription: { ru: 'Парковка', en: 'Parking' },
  description: { ru: 'Описание', en: 'Description' },
  file: { ru: 'Файл', en: 'File' },
  width: { ru: 'Ширина', en: 'Width' },
  height: { ru: 'Высота', en: 'Height' },
  payment_type: { ru: 'Способ оплаты', en: 'Payment type' },
  payment_id: { ru: 'Платёж', en: 'Payment' },
  amount: { ru: 'Сумма', en: 'Amount' },
  paid: { ru: 'Оплачено', en: 'Paid' },
  refunded: { ru: 'Возвращено', en: 'Refunded' },
  late: { ru: 'После закрытия ссылки', en: 'After the link closed' },
  refill: { ru: 'Пополнение баланса', en: 'Balance top-up' },
  comment: { ru: 'Комментарий', en: 'Comment' },
  status: { ru: 'Статус', en: 'Status' },
  buyer: { ru: 'Покупатель', en: 'Buyer' },
  type: { ru: 'Тип', en: 'Type' },
  actual: { ru: 'Показан', en: 'Shown' },
  price: { ru: 'Цена', en: 'Price' },
  start: { ru: 'Начало', en: 'Start' },
  currency: { ru: 'Валюта', en: 'Currency' },
  // #29 payment provider settings (never a secret's value: whether one is set or was replaced).
  provider: { ru: 'Платёжный провайдер', en: 'Payment provider' },
  shop_id: { ru: 'Идентификатор магазина', en: 'Shop ID' },
  secret_key_set: { ru: 'Секретный ключ задан', en: 'Secret key set' },
  secret_key_changed: { ru: 'Секретный ключ заменён', en: 'Secret key replaced' },
  webhook_secret_set: { ru: 'Секрет уведомлений задан', en: 'Webhook secret set' },
  webhook_secret_changed: { ru: 'Секрет уведомлений заменён', en: 'Webhook secret replaced' },
  receipts: { ru: 'Чеки (54-ФЗ)', en: 'Receipts (54-FZ)' },
  vat_code: { ru: 'Ставка НДС', en: 'VAT rate' },
  tax_system_code: { ru: 'Система налогообложения', en: 'Tax system' },
  test: { ru: 'Тестовый платёж', en: 'Test payment' },
  // #40 a location's personal-data consent (the activity names the text's version and hash, not the text).
  privacy_policy_url: { ru: 'Ссылка на политику конфиденциальности', en: 'Privacy policy link' },
  personal_data_consent: { ru: 'Текст согласия на обработку ПД', en: 'Personal data consent text' },
  // #42 a location's letters (its e-mail is `email`).
  sender_name: { ru: 'Имя отправителя писем', en: 'Letters\' sender name' },
  // #41 Bookings: what an order held and who changed it.
  customer: { ru: 'Клиент', en: 'Customer' },
  email: { ru: 'Эл. почта', en: 'E-mail' },
  guests: { ru: 'Гостей', en: 'Guests' },
  session: { ru: 'Сеанс', en: 'Session' },
  order_type: { ru: 'Тип заказа', en: 'Order type' },
  promocode: { ru: 'Промокод', en: 'Promo code' },
  paid_cash: { ru: 'Оплачено наличными', en: 'Paid in cash' },
  paid_card: { ru: 'Оплачено картой', en: 'Paid by card' },
  paid_certificate: { ru: 'Оплачено сертификатом', en: 'Paid by certificate' },
  paid_online: { ru: 'Оплачено онлайн', en: 'Paid online' },
  by: { ru: 'Кем', en: 'By' },
  refund: { ru: 'Возврат денег', en: 'Money back' },
  minutes: { ru: 'Минут', en: 'Minutes' },
  quantity: { ru: 'Количество', en: 'Quantity' },
  design: { ru: 'Дизайн', en: 'Design' },
  genre: { ru: 'Жанр', en: 'Genre' },
  files: { ru: 'Файлов', en: 'Files' },
  info: { ru: 'Описание', en: 'Information' },
} as const satisfies EnumLabels;

/** Who made a change that no staff member made (`by` of an entry): the customer in the widget, the system (a job). */
export const ACTIVITY_BY_LABELS = {
  staff: { ru: 'сотрудник', en: 'staff' },
  customer: { ru: 'клиент', en: 'customer' },
  system: { ru: 'система', en: 'system' },
} as const satisfies EnumLabels;

/** How a cancel gives the order's money back (`refund` of its entry). */
export const ACTIVITY_REFUND_LABELS = {
  none: { ru: 'не сейчас (остаётся к возврату)', en: 'not now (left to refund)' },
  cash: { ru: 'всё наличными', en: 'all in cash' },
  original: { ru: 'как платили', en: 'the way it was paid' },
  online: { ru: 'онлайн через провайдера', en: 'online through the provider' },
} as const satisfies EnumLabels;
