// The kinds of change the activity log (#28) records, with their ru/en labels: the server's list,
// its CSV/XLSX and the Activity screen read them from here, so a kind never reads two ways.
import { CERTIFICATE_STATUS_LABELS, CERTIFICATE_TYPE_LABELS, ORDER_TYPE_LABELS, PAYMENT_TYPE_LABELS, TRANSACTION_TYPE_LABELS, type EnumLabels, type Label } from './enumLabels';
import { BOOKABLE_PLAYGROUND_TYPES } from './slotFlags';
import { PERMISSION_LABELS, ROLE_LABELS } from './staff';
import { MOVEMENT_KIND_LABELS, SHIFT_STATE_LABELS } from './till';
import { CONSENT_KIND_LABELS } from './arrivals';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS, MESSAGE_MODE_LABELS } from './customerMessages';
import { DATA_REQUEST_CLOSED_HOW_LABELS, DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATE_LABELS } from './guestData';

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
  // #42 Moved into another group (the schedules page's drag): "Куб 1 → группа «Выходные»".
  'playground.moved': { ru: 'Игровая зона перенесена', en: 'Playground moved' },
  'games.updated': { ru: 'Игры площадки изменены', en: 'Location games changed' },
  // #41 The installation's game catalogue (owners).
  'game.created': { ru: 'Игра добавлена в каталог', en: 'Game added to the catalogue' },
  'game.updated': { ru: 'Игра каталога изменена', en: 'Catalogue game changed' },
  // #42 What a location sells besides sessions, each by its own kind (the filter and the "what" name it).
  'certificate_rate.created': { ru: 'Номинал сертификата добавлен', en: 'Certificate value added' },
  'certificate_rate.updated': { ru: 'Номинал сертификата изменён', en: 'Certificate value changed' },
  'certificate_rate.retired': { ru: 'Номинал сертификата снят с продажи', en: 'Certificate value retired' },
  'certificate_rate.deleted': { ru: 'Номинал сертификата удалён', en: 'Certificate value deleted' },
  'certificate_design.created': { ru: 'Дизайн сертификата добавлен', en: 'Certificate design added' },
  'certificate_design.updated': { ru: 'Дизайн сертификата изменён', en: 'Certificate design changed' },
  'certificate_design.retired': { ru: 'Дизайн сертификата снят с продажи', en: 'Certificate design retired' },
  'certificate_design.deleted': { ru: 'Дизайн сертификата удалён', en: 'Certificate design deleted' },
  'event_package.created': { ru: 'Пакет мероприятия добавлен', en: 'Event package added' },
  'event_package.updated': { ru: 'Пакет мероприятия изменён', en: 'Event package changed' },
  'event_package.retired': { ru: 'Пакет мероприятия снят с продажи', en: 'Event package retired' },
  'event_package.deleted': { ru: 'Пакет мероприятия удалён', en: 'Event package deleted' },
  // Staff and rights.
  'staff.invited': { ru: 'Приглашение отправлено', en: 'Invitation sent' },
  'staff.invitation_resent': { ru: 'Приглашение отправлено повторно', en: 'Invitation re-sent' },
  'staff.invitation_withdrawn': { ru: 'Приглашение отозвано', en: 'Invitation withdrawn' },
  'staff.joined': { ru: 'Сотрудник присоединился', en: 'Staff member joined' },
  'staff.changed': { ru: 'Роль или права изменены', en: 'Role or permissions changed' },
  'staff.removed': { ru: 'Сотрудник удалён с площадки', en: 'Staff member removed' },
  // Schedules, prices and tools.
  'schedule.created': { ru: 'Расписание создано', en: 'Schedule created' },
  'schedule.updated': { ru: 'Расписание изменено', en: 'Schedule changed' },
  'schedule.deleted': { ru: 'Расписание удалено', en: 'Schedule deleted' },
  'webhook.changed': { ru: 'Вебхук изменён', en: 'Webhook changed' },
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
  // #45 messages to customers
  'messaging.changed': { ru: 'Настройки сообщений клиентам изменены', en: 'Customer messaging settings changed' },
  'message_template.changed': { ru: 'Шаблон сообщения клиентам изменён', en: 'Customer message template changed' },
  'webhook.created': { ru: 'Вебхук создан', en: 'Webhook created' },
  'webhook.deleted': { ru: 'Вебхук удалён', en: 'Webhook deleted' },
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
  // #43 The till: its desks, their shifts and the money moved by hand.
  'till.created': { ru: 'Касса добавлена', en: 'Till added' },
  'till.settings_changed': { ru: 'Настройки касс изменены', en: 'Till settings changed' },
  'shift.opened': { ru: 'Смена открыта', en: 'Shift opened' },
  'shift.paid_in': { ru: 'Внесение в кассу', en: 'Cash paid in' },
  'shift.paid_out': { ru: 'Выплата из кассы', en: 'Cash paid out' },
  'shift.drop': { ru: 'Наличные убраны в сейф', en: 'Cash dropped to the safe' },
  'shift.counted': { ru: 'Смена пересчитана, ждёт подтверждения', en: 'Shift counted, awaiting confirmation' },
  'shift.closed': { ru: 'Смена закрыта', en: 'Shift closed' },
  'shift.confirmed': { ru: 'Пересчёт подтверждён, смена закрыта', en: 'Count confirmed, shift closed' },
  // #44 Arrival: the consent documents, the arrival settings and the desk's check-ins.
  'consent_document.created': { ru: 'Документ для подписи добавлен', en: 'Document to sign added' },
  'consent_document.updated': { ru: 'Новая версия документа для подписи', en: 'New version of a document to sign' },
  'arrivals.settings_changed': { ru: 'Настройки прихода гостей изменены', en: 'Arrival settings changed' },
  'order.checked_in': { ru: 'Приход гостей отмечен', en: 'Guests checked in' },
  'order.check_in_overridden': { ru: 'Приход отмечен несмотря на запрет', en: 'Checked in past a block' },
  'order.check_in_undone': { ru: 'Отметка прихода отменена', en: 'Check-in undone' },
  'order.arrival_link_sent': { ru: 'Ссылка для гостей отправлена', en: 'Guests\' link sent' },
  // #47 A guest's data on request (152-FZ).
  'people.searched': { ru: 'Поиск данных гостя', en: 'Guest data searched' },
  'people.exported': { ru: 'Данные гостя выгружены', en: 'Guest data exported' },
  'people.erased': { ru: 'Данные гостя удалены', en: 'Guest data erased' },
  'data_request.created': { ru: 'Запрос по персональным данным записан', en: 'Personal data request recorded' },
  'data_request.closed': { ru: 'Запрос по персональным данным выполнен', en: 'Personal data request done' },
  'retention.changed': { ru: 'Срок хранения данных гостей изменён', en: 'Guest data retention changed' },
} as const satisfies EnumLabels;

export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;

/** The longest person search of the activity list (a name or an e-mail, or a part of one): the server's filter and the screen's box. */
export const ACTIVITY_PERSON_MAX = 100;

/**
 * #42 How a recorded value reads (domain/activityWords.ts writes it, and refuses a value that does
 * not fit, so an id or a code never reaches the screen as it is):
 * - `text`: a name or free text, never a number (a record is named by its name, not its id);
 * - `sessions`: a booking's sessions, "Куб 2 2030-05-06 11:00; ..." (their days read DD.MM.YYYY);
 * - `money`: a decimal string in the location's money; `count`: a whole number of something;
 *   `number`: a decimal number (a coordinate); `percent`: 0-100; `day`: YYYY-MM-DD; `time`: HH:mm;
 * - `yesno`: a boolean; `texts`: a list of names; `timezone`: an IANA zone (read by its name);
 *   `currency`: an ISO code; `promo_discount`: a promo code's discount (below 1 a fraction, else money);
 *   `place`: a place's name as typed, or in each language ({ru, en}: a city), read in the reader's;
 *   `ref`: a record people name by its number (a payment: "#932", as an order is "#1325");
 *   `offers`: the games a location offers, each by name on its playgrounds by name (null: on all);
 *   `design`: a certificate design (a built-in one by its words, a venue's own as typed);
 * - `schedule_items`: a schedule's rows (days, hours, session length and prices); `breaks`: breaks;
 *   `age_ratings`: a game's ratings; `consent`: a consent text's version and hash;
 * - `{ codes }`: a code with its words here (`many`: a list of them); `{ messages, codes }`: a code
 *   whose words are the screen's messages under that prefix.
 */
export type ActivityValue =
  | 'text' | 'sessions' | 'money' | 'count' | 'number' | 'percent' | 'day' | 'time' | 'yesno' | 'texts' | 'timezone' | 'currency'
  | 'place' | 'ref' | 'promo_discount' | 'design' | 'offers' | 'schedule_items' | 'breaks' | 'age_ratings' | 'consent'
  | { codes: EnumLabels; many?: true }
  | { messages: string; codes: readonly (string | number)[]; many?: true };

export interface ActivityField extends Label { value: ActivityValue }

const text = 'text' as const;
const yesno = 'yesno' as const;
const money = 'money' as const;
const count = 'count' as const;
const day = 'day' as const;

/** A webhook's secret: that one is set, never its value. */
export const ACTIVITY_SECRET_LABELS = {
  set: { ru: 'задан', en: 'is set' },
  changed: { ru: 'заменён', en: 'replaced' },
} as const satisfies EnumLabels;

/** A calendar day's kind (a holiday's entry). */
export const HOLIDAY_KIND_LABELS = {
  holiday: { ru: 'праздник', en: 'public holiday' },
  pre_holiday: { ru: 'предпраздничный день', en: 'pre-holiday' },
} as const satisfies EnumLabels;

/** The languages a location speaks. */
export const LANGUAGE_LABELS = {
  ru: { ru: 'русский', en: 'Russian' },
  en: { ru: 'английский', en: 'English' },
} as const satisfies EnumLabels;

/**
 * The recorded fields (the keys of an entry's before/after): their names on the Activity screen and
 * how their values read. A translation's field is "ru.address", read "Адрес (ru)". A key not here is
 * refused when an entry is written (recordEffects, outside production) and by the tests.
 */
export const ACTIVITY_CHANGE_FIELDS = {
  name: { ru: 'Название', en: 'Name', value: text },
  start_dt: { ru: 'Действует с', en: 'Starts on', value: day },
  disabled: { ru: 'Выключено', en: 'Disabled', value: yesno },
  playground_group: { ru: 'Группа', en: 'Group', value: text },
  group: { ru: 'Группа', en: 'Group', value: text },
  breaks: { ru: 'Перерывы', en: 'Breaks', value: 'breaks' },
  items: { ru: 'Время и цены', en: 'Times and prices', value: 'schedule_items' },
  copy_of: { ru: 'Копия', en: 'Copy of', value: text },
  date: { ru: 'Дата', en: 'Date', value: day },
  kind: { ru: 'Вид дня', en: 'Day kind', value: { codes: HOLIDAY_KIND_LABELS } },
  code: { ru: 'Код', en: 'Code', value: text },
  discount: { ru: 'Скидка', en: 'Discount', value: 'promo_discount' },
  discount_percent: { ru: 'Скидка', en: 'Discount', value: 'percent' },
  valid_from: { ru: 'Действует с', en: 'Valid from', value: day },
  valid_to: { ru: 'Действует по', en: 'Valid to', value: day },
  usage_limit: { ru: 'Лимит использований', en: 'Usage limit', value: count },
  active: { ru: 'Включено', en: 'On', value: yesno },
  days: { ru: 'Дней', en: 'Days', value: count },
  payment_minutes: { ru: 'Удержание мест, минут', en: 'Places held, minutes', value: count },
  cancel_hours: { ru: 'Отмена клиентом, часов', en: 'Customer cancel, hours', value: count },
  customer_move_hours: { ru: 'Перенос клиентом, часов', en: 'Customer move, hours', value: count },
  customer_late_cancel_keep_percent: { ru: 'Поздняя отмена удерживает, %', en: 'A late cancel keeps, %', value: count },
  phone: { ru: 'Телефон', en: 'Phone', value: text },
  url: { ru: 'Адрес', en: 'URL', value: text },
  extra: { ru: 'Расширенные данные', en: 'Extra data', value: yesno },
  secret: { ru: 'Секрет', en: 'Secret', value: { codes: ACTIVITY_SECRET_LABELS } },
  lat: { ru: 'Широта', en: 'Latitude', value: 'number' },
  lng: { ru: 'Долгота', en: 'Longitude', value: 'number' },
  country: { ru: 'Страна', en: 'Country', value: text },
  // A city typed on creation (text), or the city a location is in by its names ({ru, en}).
  city: { ru: 'Город', en: 'City', value: 'place' },
  address: { ru: 'Адрес', en: 'Address', value: text },
  distance: { ru: 'Как добраться', en: 'Getting there', value: text },
  opening_times: { ru: 'Часы работы', en: 'Opening times', value: text },
  payment_description: { ru: 'Об оплате', en: 'About payment', value: text },
  parking_description: { ru: 'Парковка', en: 'Parking', value: text },
  description: { ru: 'Описание', en: 'Description', value: text },
  file: { ru: 'Файл', en: 'File', value: text },
  width: { ru: 'Ширина', en: 'Width', value: count },
  height: { ru: 'Высота', en: 'Height', value: count },
  payment_type: { ru: 'Способ оплаты', en: 'Payment type', value: { codes: PAYMENT_TYPE_LABELS } },
  payment_id: { ru: 'Платёж', en: 'Payment', value: 'ref' },
  external_id: { ru: 'Номер у провайдера или терминала', en: 'Provider or terminal reference', value: text },
  amount: { ru: 'Сумма', en: 'Amount', value: money },
  paid: { ru: 'Оплачено', en: 'Paid', value: money },
  refunded: { ru: 'Возвращено', en: 'Refunded', value: money },
  // A refund's facts (the order log keeps the same): by which certificate, instead of which tender, asked by whom.
  refund_id: { ru: 'Возврат у провайдера', en: 'Provider refund', value: 'ref' },
  external: { ru: 'Сделан у провайдера', en: 'Made at the provider', value: yesno },
  certificate: { ru: 'Сертификат', en: 'Certificate', value: text },
  certificate_expired: { ru: 'Сертификат истёк', en: 'Certificate expired', value: yesno },
  refund_reason: { ru: 'Причина', en: 'Reason', value: text },
  instead_of: { ru: 'Наличными вместо другого способа', en: 'In cash instead of another tender', value: money },
  approved_by: { ru: 'Подтвердил', en: 'Approved by', value: text },
  late: { ru: 'После закрытия ссылки', en: 'After the link closed', value: yesno },
  refill: { ru: 'Пополнение баланса', en: 'Balance top-up', value: yesno },
  comment: { ru: 'Комментарий', en: 'Comment', value: text },
  status: { ru: 'Статус', en: 'Status', value: { codes: CERTIFICATE_STATUS_LABELS } },
  buyer: { ru: 'Покупатель', en: 'Buyer', value: text },
  type: { ru: 'Тип', en: 'Type', value: { codes: TRANSACTION_TYPE_LABELS } },
  actual: { ru: 'Показан', en: 'Shown', value: yesno },
  price: { ru: 'Цена', en: 'Price', value: money },
  start: { ru: 'Начало', en: 'Start', value: 'time' },
  currency: { ru: 'Валюта', en: 'Currency', value: 'currency' },
  b2b_currency: { ru: 'Валюта B2B', en: 'B2B currency', value: 'currency' },
  timezone: { ru: 'Часовой пояс', en: 'Time zone', value: 'timezone' },
  languages: { ru: 'Языки', en: 'Languages', value: { codes: LANGUAGE_LABELS, many: true } },
  is_park: { ru: 'Парк', en: 'Park', value: yesno },
  is_events_available: { ru: 'Мероприятия доступны', en: 'Events available', value: yesno },
  allow_refill: { ru: 'Пополнение баланса', en: 'Balance top-ups', value: yesno },
  is_active: { ru: 'Работает', en: 'Active', value: yesno },
  walk_ins_without_details: { ru: 'Бронь без данных гостя', en: 'Walk-ins without guest details', value: yesno },
  // The name letters of the location come from (#42, the location's settings).
  sender_name: { ru: 'Имя отправителя писем', en: 'Letters\u2019 sender name', value: text },
  // #29 payment provider settings (never a secret's value: whether one is set or was replaced).
  provider: { ru: 'Платёжный провайдер', en: 'Payment provider', value: { messages: 'app.tools.paymentProvider.providers.', codes: ['yookassa', 'stripe', 'sandbox'] } },
  shop_id: { ru: 'Идентификатор магазина', en: 'Shop ID', value: text },
  secret_key_set: { ru: 'Секретный ключ задан', en: 'Secret key set', value: yesno },
  secret_key_changed: { ru: 'Секретный ключ заменён', en: 'Secret key replaced', value: yesno },
  webhook_secret_set: { ru: 'Секрет уведомлений задан', en: 'Webhook secret set', value: yesno },
  webhook_secret_changed: { ru: 'Секрет уведомлений заменён', en: 'Webhook secret replaced', value: yesno },
  receipts: { ru: 'Чеки (54-ФЗ)', en: 'Receipts (54-FZ)', value: yesno },
  vat_code: { ru: 'Ставка НДС', en: 'VAT rate', value: { messages: 'app.tools.paymentProvider.vat.', codes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
  tax_system_code: { ru: 'Система налогообложения', en: 'Tax system', value: { messages: 'app.tools.paymentProvider.tax.', codes: [1, 2, 3, 4, 5, 6] } },
  test: { ru: 'Тестовый платёж', en: 'Test payment', value: yesno },
  // #40 a location's personal-data consent (the activity names the text's version and hash, not the text).
  privacy_policy_url: { ru: 'Ссылка на политику конфиденциальности', en: 'Privacy policy link', value: text },
  personal_data_consent: { ru: 'Текст согласия на обработку ПД', en: 'Personal data consent text', value: 'consent' },
  // #41 Bookings: what an order held and who changed it.
  customer: { ru: 'Клиент', en: 'Customer', value: text },
  email: { ru: 'Эл. почта', en: 'E-mail', value: text },
  guests: { ru: 'Гостей', en: 'Guests', value: count },
  session: { ru: 'Сеанс', en: 'Session', value: 'sessions' },
  order_type: { ru: 'Тип заказа', en: 'Order type', value: { codes: ORDER_TYPE_LABELS } },
  promocode: { ru: 'Промокод', en: 'Promo code', value: text },
  paid_cash: { ru: 'Оплачено наличными', en: 'Paid in cash', value: money },
  paid_card: { ru: 'Оплачено картой', en: 'Paid by card', value: money },
  paid_certificate: { ru: 'Оплачено сертификатом', en: 'Paid by certificate', value: money },
  paid_online: { ru: 'Оплачено онлайн', en: 'Paid online', value: money },
  by: { ru: 'Кем', en: 'By', value: { codes: { staff: { ru: 'сотрудник', en: 'a staff member' }, customer: { ru: 'клиент', en: 'the customer' }, system: { ru: 'система', en: 'the system' } } } },
  refund: { ru: 'Возврат денег', en: 'Money back', value: { codes: {
    none: { ru: 'не сейчас (остаётся к возврату)', en: 'not now (left to refund)' },
    cash: { ru: 'всё наличными', en: 'all in cash' },
    original: { ru: 'как платили', en: 'the way it was paid' },
    // Entries before #46 (the customer's cancel gave back only the provider's money).
    online: { ru: 'онлайн через провайдера', en: 'online through the provider' },
    customer: { ru: 'онлайн и на сертификат сами, наличные и карта — на площадке', en: 'online and to the certificate by itself, cash and card at the venue' },
  } } },
  minutes: { ru: 'Минут', en: 'Minutes', value: count },
  quantity: { ru: 'Количество', en: 'Quantity', value: count },
  design: { ru: 'Дизайн', en: 'Design', value: 'design' },
  certificate_type: { ru: 'Вид сертификата', en: 'Certificate kind', value: { codes: CERTIFICATE_TYPE_LABELS } },
  rate: { ru: 'Номинал', en: 'Face value', value: money },
  genre: { ru: 'Жанр', en: 'Genre', value: text },
  files: { ru: 'Файлов', en: 'Files', value: count },
  info: { ru: 'Возрастной рейтинг', en: 'Age rating', value: 'age_ratings' },
  // #42 Playgrounds, the games a location offers, staff and accounts: in words, never ids or codes.
  types: { ru: 'Типы', en: 'Types', value: { messages: 'app.catalogue.types.', codes: BOOKABLE_PLAYGROUND_TYPES, many: true } },
  max_players: { ru: 'Игроков максимум', en: 'Max players', value: count },
  duration: { ru: 'Длительность сеанса, мин', en: 'Session length, min', value: count },
  games: { ru: 'Игры', en: 'Games', value: 'offers' },
  role: { ru: 'Роль', en: 'Role', value: { codes: ROLE_LABELS } },
  permissions: { ru: 'Права', en: 'Permissions', value: { codes: PERMISSION_LABELS, many: true } },
  expires: { ru: 'Действует до', en: 'Valid until', value: day },
  account_active: { ru: 'Учётная запись включена', en: 'Account active', value: yesno },
  owner: { ru: 'Владелец', en: 'Owner', value: yesno },
  sent_to: { ru: 'Отправлено на', en: 'Sent to', value: text },
  letters: { ru: 'Писем отправлено', en: 'Letters sent', value: count },
  // #43 the till (by name; movements and states by their words, amounts in the location's money)
  till: { ru: 'Касса', en: 'Till', value: text },
  float: { ru: 'Сумма на начало смены', en: 'Float', value: money },
  float_suggested: { ru: 'Предложенная сумма на начало', en: 'Float offered', value: money },
  movement: { ru: 'Движение', en: 'Movement', value: { codes: MOVEMENT_KIND_LABELS } },
  counted_cash: { ru: 'Пересчитано наличных', en: 'Cash counted', value: money },
  counted_card: { ru: 'Итог терминала', en: 'Terminal total', value: money },
  expected_cash: { ru: 'Ожидалось наличных', en: 'Cash expected', value: money },
  expected_card: { ru: 'Ожидалось по картам', en: 'Card expected', value: money },
  variance_cash: { ru: 'Расхождение по наличным', en: 'Cash variance', value: money },
  variance_card: { ru: 'Расхождение по картам', en: 'Card variance', value: money },
  drop: { ru: 'Убрано в сейф при закрытии', en: 'Dropped to the safe at the close', value: money },
  register_revenue: { ru: 'Выручка по кассовому аппарату', en: 'Cash register\'s revenue', value: money },
  register_difference: { ru: 'Разница с кассовым аппаратом', en: 'Register difference', value: money },
  shift_state: { ru: 'Состояние смены', en: 'Shift state', value: { codes: SHIFT_STATE_LABELS } },
  cash_only_in_shift: { ru: 'Касса только в открытой смене', en: 'Desk money only in an open shift', value: yesno },
  variance_threshold: { ru: 'Допустимое расхождение', en: 'Variance allowed', value: money },
  // #44 arrival (a document by its kind's title, its version and hash; participants by name)
  document: { ru: 'Документ', en: 'Document', value: { codes: CONSENT_KIND_LABELS } },
  consent_version: { ru: 'Версия', en: 'Version', value: 'consent' },
  arrivals_enabled: { ru: 'Отмечать приход гостей', en: 'Check guests in', value: yesno },
  arrival_grace_minutes: { ru: 'Неявка через, минут после начала', en: 'No-show after, minutes from the start', value: count },
  minor_age: { ru: 'Несовершеннолетний до, лет', en: 'Minor under, years', value: count },
  checked_in: { ru: 'Пришли', en: 'Checked in', value: 'texts' },
  check_in_reason: { ru: 'Причина', en: 'Reason', value: text },
  blocked_by: { ru: 'Что мешало', en: 'What blocked it', value: 'texts' },
  // #45 messages to customers (never the SMS.ru key: whether one is set or was replaced)
  channels: { ru: 'Каналы', en: 'Channels', value: { codes: MESSAGE_CHANNEL_LABELS, many: true } },
  mode: { ru: 'Как отправлять', en: 'How to send', value: { codes: MESSAGE_MODE_LABELS } },
  smsru_api_key_set: { ru: 'Ключ SMS.ru задан', en: 'SMS.ru key set', value: yesno },
  smsru_api_key_changed: { ru: 'Ключ SMS.ru заменён', en: 'SMS.ru key replaced', value: yesno },
  sms_sender: { ru: 'Отправитель СМС', en: 'SMS sender', value: text },
  sms_daily_limit: { ru: 'СМС в день, не больше', en: 'SMS a day, at most', value: count },
  reminder_offsets: { ru: 'Напоминания за, ч:мин до сеанса', en: 'Reminders, h:min before the session', value: text },
  quiet_hours: { ru: 'Тихие часы', en: 'Quiet hours', value: text },
  thank_you: { ru: 'Благодарность после визита', en: 'Thank-you after the visit', value: yesno },
  thank_you_delay: { ru: 'Благодарность через, минут', en: 'Thank-you after, minutes', value: count },
  thank_you_promocode: { ru: 'Промокод в благодарности', en: 'Promo code in the thank-you', value: text },
  message_kind: { ru: 'Сообщение', en: 'Message', value: { codes: MESSAGE_KIND_LABELS } },
  channel: { ru: 'Канал', en: 'Channel', value: { codes: MESSAGE_CHANNEL_LABELS } },
  language: { ru: 'Язык', en: 'Language', value: { codes: LANGUAGE_LABELS } },
  subject: { ru: 'Тема', en: 'Subject', value: text },
  body: { ru: 'Текст', en: 'Text', value: text },
  // #47 A guest's data on request.
  orders_found: { ru: 'Найдено заказов', en: 'Orders found', value: count },
  orders_erased: { ru: 'Заказов обезличено', en: 'Orders erased', value: count },
  erase_reason: { ru: 'Основание', en: 'Grounds', value: text },
  by_retention: { ru: 'По сроку хранения', en: 'By the retention period', value: yesno },
  request_kind: { ru: 'Запрос', en: 'Request', value: { codes: DATA_REQUEST_KIND_LABELS } },
  received_on: { ru: 'Получен', en: 'Received', value: day },
  due_on: { ru: 'Срок ответа', en: 'Due', value: day },
  request_state: { ru: 'Состояние', en: 'State', value: { codes: DATA_REQUEST_STATE_LABELS } },
  closed_how: { ru: 'Как выполнен', en: 'How done', value: { codes: DATA_REQUEST_CLOSED_HOW_LABELS } },
  retention_months: { ru: 'Хранить данные гостей, месяцев', en: 'Keep guest data, months', value: count },
} as const satisfies Record<string, ActivityField>;

export type ActivityFieldKey = keyof typeof ACTIVITY_CHANGE_FIELDS;

/**
 * #42 Kinds whose "what" names where the subject went: a playground moved into another group reads
 * "Игровая зона перенесена: Куб 1 → группа «Выходные»" (the group from the entry's `after`).
 */
export const ACTIVITY_MOVES = {
  'playground.moved': { field: 'group', to: { ru: 'группа «%{name}»', en: 'group “%{name}”' }, nowhere: { ru: 'без группы', en: 'no group' } },
} as const satisfies Partial<Record<string, { field: ActivityFieldKey; to: Label; nowhere: Label }>>;
