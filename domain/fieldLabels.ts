// The labels of the lists' columns, in ru and en, written once (#27). The server's list declarations
// (server/modules/*/lists.ts: the CSV and XLSX headers, the OpenAPI document) and the screens' i18n
// (src/i18n: the keys the client declarations name) both read them; a new column's label is one
// line here. A label may hold a soft hyphen (\u00ad) where a narrow column's header may break: the
// screen shows it, the exports leave it out.
import type { Label } from './enumLabels';

/** Field -> its label. `satisfies` keeps the field names, so a declaration naming an unknown one does not compile. */
export type FieldLabels = Record<string, Label>;

/** The texts of one language: field (or code, after `prefix`) -> its label, as the i18n dictionaries hold them. */
export function textsIn(labels: Record<string | number, Label>, lang: keyof Label, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${prefix}${key}`, label[lang]]));
}

/** A header as a spreadsheet shows it: no soft hyphens. */
export const plainLabel = (label: Label): Label => ({ ru: label.ru.replace(/\u00ad/g, ''), en: label.en.replace(/\u00ad/g, '') });

/** A location's orders (resources.location_orders.fields). */
export const ORDER_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  created: { ru: 'Создан', en: 'Created' },
  order_type: { ru: 'Тип', en: 'Type' },
  status: { ru: 'Статус', en: 'Status' },
  cost: { ru: 'Стоимость', en: 'Cost' },
  paid: { ru: 'Оплачено', en: 'Paid' },
  purchase: { ru: 'Итого', en: 'Total' },
  discount: { ru: 'Скидка', en: 'Discount' },
  promocode: { ru: 'Промокод', en: 'Promo code' },
  // #39 People by name, the e-mail (the spec's column) beside it in the exports and on hover on screen.
  manager_name: { ru: 'Менеджер', en: 'Manager' },
  manager_email: { ru: 'E-mail менеджера', en: 'Manager e-mail' },
  source: { ru: 'Источник', en: 'Source' },
  // #44 Nobody came (the no-show job's flag).
  no_show: { ru: 'Неявка', en: 'No-show' },
} satisfies FieldLabels;

/** A location's played sessions (resources.location_sessions.fields). */
export const SESSION_FIELDS = {
  uuid: { ru: 'UUID', en: 'UUID' },
  orders_ids: { ru: 'Заказы', en: 'Orders' },
  started: { ru: 'Начало', en: 'Started' },
  ended: { ru: 'Конец', en: 'Ended' },
  playground: { ru: 'Площадка', en: 'Playground' },
  game: { ru: 'Игра', en: 'Game' },
  players_cnt: { ru: 'Игроков', en: 'Players' },
  session_type: { ru: 'Тип сессии', en: 'Session type' },
} satisfies FieldLabels;

/** The delivery log of a location's webhooks (resources.webhook_deliveries.fields). */
export const WEBHOOK_DELIVERY_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  created: { ru: 'Создана', en: 'Created' },
  url: { ru: 'Адрес', en: 'URL' },
  event: { ru: 'Событие', en: 'Event' },
  status: { ru: 'Статус', en: 'Status' },
  attempts: { ru: 'Попыток', en: 'Attempts' },
  delivered_at: { ru: 'Доставлена', en: 'Delivered' },
} satisfies FieldLabels;

/** A location's payments (app.money.payments.fields). */
export const PAYMENT_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  order: { ru: 'Заказ', en: 'Order' },
  payment_type: { ru: 'Тип оплаты', en: 'Payment type' },
  created: { ru: 'Создан', en: 'Created' },
  status: { ru: 'Статус', en: 'Status' },
  external_id: { ru: 'Внешний ID', en: 'External ID' },
  purchase: { ru: 'Сумма', en: 'Amount' },
  comment: { ru: 'Комментарий', en: 'Comment' },
  user: { ru: 'Пользователь', en: 'User' },
  // #29 receipts
  receipt_status: { ru: 'Чек', en: 'Receipt' },
  // #38 a provider's test-mode payment on a live install
  test: { ru: 'Тест', en: 'Test' },
} satisfies FieldLabels;

/** Balance transactions (app.money.transactions.fields). */
export const TRANSACTION_FIELDS = {
  session: { ru: 'Сессия', en: 'Session' },
  operation_dt: { ru: 'Дата', en: 'Date' },
  description: { ru: 'Описание', en: 'Description' },
  amount: { ru: 'Сумма', en: 'Amount' },
  // A narrow yes/no column: its Russian header may break at the soft hyphen.
  additional: { ru: 'Дополни\u00adтельная', en: 'Additional' },
  total: { ru: 'Баланс', en: 'Balance' },
  license: { ru: 'Лицензия', en: 'License' },
  code: { ru: 'Код', en: 'Code' },
  type: { ru: 'Тип', en: 'Type' },
  user_name: { ru: 'Пользователь', en: 'User' },
  user_email: { ru: 'E-mail пользователя', en: 'User e-mail' },
  id: { ru: 'ID', en: 'ID' },
  location_id: { ru: 'Локация', en: 'Location' },
  currency: { ru: 'Валюта', en: 'Currency' },
} satisfies FieldLabels;

/** Gift certificates (app.money.certificates.fields). */
export const CERTIFICATE_FIELDS = {
  unique_number: { ru: 'Номер', en: 'Number' },
  rate: { ru: 'Номинал', en: 'Rate' },
  remaining_rate: { ru: 'Остаток', en: 'Remaining' },
  type: { ru: 'Тип', en: 'Type' },
  design: { ru: 'Дизайн', en: 'Design' },
  status: { ru: 'Статус', en: 'Status' },
  created_by_name: { ru: 'Создал', en: 'Created by' },
  created_by: { ru: 'E-mail создавшего', en: 'Created by (e-mail)' },
  datetime_created: { ru: 'Создан', en: 'Created' },
  seller_user_name: { ru: 'Продавец', en: 'Seller' },
  seller_user: { ru: 'E-mail продавца', en: 'Seller e-mail' },
  datetime_activated: { ru: 'Активирован', en: 'Activated' },
  booked_by: { ru: 'Покупатель', en: 'Booked by' },
  currency: { ru: 'Валюта', en: 'Currency' },
  expires_at: { ru: 'Действует до', en: 'Valid until' },
} satisfies FieldLabels;

/** Every list's field labels, for the checks that walk them all (tests/unit/registry.test.ts). */
export const ALL_FIELD_LABELS = {
  ORDER_FIELDS, SESSION_FIELDS, WEBHOOK_DELIVERY_FIELDS, PAYMENT_FIELDS, TRANSACTION_FIELDS, CERTIFICATE_FIELDS,
} as const;

/** The face values of a location's gift certificates (the tools page's rates tab; its write's body). */
export const CERTIFICATE_RATE_FIELDS = {
  rate: { ru: 'Номинал', en: 'Face value' },
} satisfies FieldLabels;

// #28 ACTIVITY: the activity list's columns (resources.activity.fields), shared by the screen and the exports.
export const ACTIVITY_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  created: { ru: 'Когда', en: 'When' },
  user: { ru: 'Кто', en: 'Who' },
  ip: { ru: 'IP-адрес', en: 'IP address' },
  text: { ru: 'Что', en: 'What' },
  before: { ru: 'Было', en: 'Before' },
  after: { ru: 'Стало', en: 'After' },
  location: { ru: 'Где', en: 'Where' }, // #42 the installation's log
} satisfies FieldLabels;
// #28 CATALOGUE: the catalogue's forms.
export const PLAYGROUND_FIELDS = {
  name: { ru: 'Название', en: 'Name' },
  types: { ru: 'Типы', en: 'Types' },
  max_players: { ru: 'Игроков максимум', en: 'Max players' },
  duration: { ru: 'Длительность сеанса, мин', en: 'Session length, min' },
  group: { ru: 'Группа', en: 'Group' },
} satisfies FieldLabels;
export const CERTIFICATE_DESIGN_FIELDS = {
  name: { ru: 'Дизайн', en: 'Design' },
} satisfies FieldLabels;
export const EVENT_PACKAGE_FIELDS = {
  name: { ru: 'Название', en: 'Name' },
  price: { ru: 'Цена', en: 'Price' },
  valid_from: { ru: 'Действует с', en: 'Valid from' },
  valid_to: { ru: 'Действует по', en: 'Valid to' },
} satisfies FieldLabels;
// #28 GAPS: the games catalogue's form (POST /games/, PUT /games/{id}/).
export const GAME_FIELDS = {
  name: { ru: 'Название', en: 'Name' },
  genre: { ru: 'Жанр', en: 'Genre' },
  info: { ru: 'Возрастной рейтинг по странам', en: 'Age rating by country' },
} satisfies FieldLabels;
// #28 SETUP: a location's settings (POST /locations/, PUT /locations/{id}/ and their forms).
export const LOCATION_SETTINGS_FIELDS = {
  name: { ru: 'Название', en: 'Name' },
  city: { ru: 'Город', en: 'City' },
  country: { ru: 'Страна', en: 'Country' },
  timezone: { ru: 'Часовой пояс', en: 'Time zone' },
  currency: { ru: 'Валюта', en: 'Currency' },
  b2b_currency: { ru: 'Валюта B2B', en: 'B2B currency' },
  languages: { ru: 'Языки', en: 'Languages' },
  is_park: { ru: 'Парк', en: 'Park' },
  is_events_available: { ru: 'Мероприятия доступны', en: 'Events available' },
  allow_refill: { ru: 'Пополнение баланса', en: 'Balance top-ups' },
  is_active: { ru: 'Работает', en: 'Active' },
  walk_ins_without_details: { ru: 'Бронь без данных гостя', en: 'Walk-ins without guest details' }, // #30
} satisfies FieldLabels;

// #29 A location's (or the installation's) payment provider settings: the write's labels and the tools tab's.
export const PAYMENT_PROVIDER_FIELDS = {
  provider: { ru: 'Платёжный провайдер', en: 'Payment provider' },
  shop_id: { ru: 'Идентификатор магазина', en: 'Shop ID (shopId)' },
  secret_key: { ru: 'Секретный ключ', en: 'Secret key' },
  webhook_secret: { ru: 'Секрет подписи уведомлений', en: 'Webhook signing secret' },
  receipts: { ru: 'Отправлять чеки (54-ФЗ)', en: 'Send receipts (54-FZ)' },
  vat_code: { ru: 'Ставка НДС', en: 'VAT rate' },
  tax_system_code: { ru: 'Система налогообложения', en: 'Tax system' },
} satisfies FieldLabels;

/** #45 A location's messaging settings (PUT /locations/{id}/messaging/ and its form). */
export const MESSAGING_FIELDS = {
  channels: { ru: 'Каналы', en: 'Channels' },
  mode: { ru: 'Отправлять', en: 'Send' },
  smsru_api_key: { ru: 'Ключ API SMS.ru', en: 'SMS.ru API key' },
  sms_sender: { ru: 'Имя отправителя СМС', en: 'SMS sender name' },
  sms_daily_limit: { ru: 'СМС в день, не больше', en: 'SMS per day, at most' },
  reminder_offsets: { ru: 'Напоминания до начала', en: 'Reminders before the start' },
  quiet_from: { ru: 'Тихие часы с', en: 'Quiet hours from' },
  quiet_to: { ru: 'Тихие часы до', en: 'Quiet hours until' },
  thank_you: { ru: 'Благодарность после визита', en: 'Thank-you after the visit' },
  thank_you_delay: { ru: 'Через, минут после окончания', en: 'Minutes after the end' },
  thank_you_promocode: { ru: 'Промокод в благодарности (реклама)', en: 'Promo code in the thank-you (marketing)' },
} satisfies FieldLabels;

/** #45 A message template's fields (PUT /locations/{id}/message_templates/{kind}/ and its editor). */
export const MESSAGE_TEMPLATE_FIELDS = {
  channel: { ru: 'Канал', en: 'Channel' },
  language: { ru: 'Язык', en: 'Language' },
  subject: { ru: 'Тема', en: 'Subject' },
  body: { ru: 'Текст', en: 'Text' },
} satisfies FieldLabels;

/** #45 The messages to customers (GET /locations/{id}/messages/, its CSV and XLSX). */
export const MESSAGE_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  order_id: { ru: 'Заказ', en: 'Order' },
  kind: { ru: 'Сообщение', en: 'Message' },
  channel: { ru: 'Канал', en: 'Channel' },
  language: { ru: 'Язык', en: 'Language' },
  recipient: { ru: 'Кому', en: 'To' },
  due_at: { ru: 'Время отправки', en: 'Due' },
  state: { ru: 'Состояние', en: 'State' },
  attempts: { ru: 'Попыток', en: 'Tries' },
  sent_at: { ru: 'Отправлено', en: 'Sent' },
  delivered_at: { ru: 'Доставлено', en: 'Delivered' },
  error: { ru: 'Ошибка', en: 'Error' },
} satisfies FieldLabels;

/** #47 A location's personal data requests (GET/POST /locations/{id}/data_requests/, its CSV and XLSX, the form). */
export const DATA_REQUEST_FIELDS = {
  id: { ru: 'ID', en: 'ID' },
  kind: { ru: 'Запрос', en: 'Request' },
  phone: { ru: 'Телефон', en: 'Phone' },
  email: { ru: 'Эл. почта', en: 'E-mail' },
  received_on: { ru: 'Получен', en: 'Received' },
  due_on: { ru: 'Ответить до', en: 'Due' },
  state: { ru: 'Состояние', en: 'State' },
  closed_how: { ru: 'Как выполнен', en: 'How done' },
  closed_at: { ru: 'Выполнен', en: 'Done on' },
  comment: { ru: 'Комментарий', en: 'Comment' },
} satisfies FieldLabels;

/** #47 The guest data screen's setting (PUT /locations/{id}/data_retention/). */
export const RETENTION_FIELDS = {
  retention_months: { ru: 'Удалять данные гостей через, месяцев', en: 'Erase guest data after, months' },
} satisfies FieldLabels;
