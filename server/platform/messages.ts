// Server-side texts in both languages. Accept-Language picks one; ru is the default.
// Texts that screens match literally (e.g. `Must be a valid UUID.`, `wrong persons number`)
// are contract strings and stay in English in both languages: see docs/decisions.md.

export type Lang = 'ru' | 'en';

const en = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  invalid: 'Invalid value.',
  invalid_string: 'Not a valid string.',
  invalid_number: 'A valid number is required.',
  invalid_integer: 'A valid integer is required.',
  invalid_boolean: 'Must be a valid boolean.',
  invalid_object: 'Invalid data. Expected a dictionary.',
  invalid_list: 'Expected a list of items.',
  invalid_email: 'Enter a valid email address.',
  invalid_uuid: 'Must be a valid UUID.',
  invalid_phone: 'Enter a valid phone number: digits with an optional leading plus.',
  invalid_choice: 'Not a valid choice.',
  max_length: 'Ensure this field has no more than %{max} characters.',
  min_length: 'Ensure this field has at least %{min} characters.',
  max_value: 'Ensure this value is less than or equal to %{max}.',
  min_value: 'Ensure this value is greater than or equal to %{min}.',
  unknown_field: 'Unknown field.',
  parse_error: 'JSON parse error - %{reason}',
  unsupported_media_type: 'Unsupported media type "%{type}" in request.',
  too_large: 'Request body is too large.',
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_token: 'Invalid token.',
  permission_denied: 'You do not have permission to perform this action.',
  not_found: 'Not found.',
  method_not_allowed: 'Method "%{method}" not allowed.',
  throttled: 'Request was throttled. Expected available in %{seconds} seconds.',
  server_error: 'A server error occurred.',
  login_failed: 'Unable to log in with provided credentials.',
  logged_out: 'Logged out.',
  email_taken: 'A user with this email already exists.',
  password_mismatch: 'Passwords do not match.',
  reset_sent: 'If an account with this email exists, a password reset link has been sent to it.',
  reset_done: 'Your password has been changed.',
  reset_key_invalid: 'This password reset link is invalid or has expired.',
  avatar_type: 'Upload a valid image: PNG, JPEG, WebP or GIF.',
  avatar_size: 'The image is larger than %{max} MB.',
  edit_only_self: 'You can edit only your own profile.',
  invalid_time: 'Enter a time as HH:mm.',
  invalid_date: 'Enter a date as YYYY-MM-DD.',
  invalid_price: 'Enter a price: digits with a comma or dot, 1 to 20 characters.',
  price_kind: 'Set either a session price or a per-person price.',
  pricing_time_unique: 'Another pricing row already starts at this time.',
  overlap_too_big: 'The overlap must be shorter than the session.',
  items_overlap: 'This item overlaps another item on the same day type.',
  item_past_day_end: 'An item must end by 06:00, when the next business day begins.',
  day_types_unique: 'Each day type may appear only once.',
  schedule_start_taken: 'Another enabled schedule of this group starts on this date.',
  group_has_schedules: 'The group has schedules. Delete them first; its playgrounds then become ungrouped.',
  group_name_taken: 'A group with this name already exists at this location.',
  holiday_exists: 'This date is already in the holiday calendar.',
  date_range: 'Choose a date from %{min} to %{max}.',
  wrong_persons: 'wrong persons number',
  free_sessions_not_found: 'Free sessions not found for this event on this location at given time',
  null_payment: 'null payment',
  seller_not_found: 'not found',
  invalid_datetime: 'Enter a date and time as YYYY-MM-DD HH:mm.',
  cancel_delay_required: 'Set how many minutes the unpaid order is kept before it is cancelled.',
  game_required: 'Choose a game: this session is priced per person.',
  game_not_available: 'This game is not available at this location.',
  order_closed: 'The order is cancelled or its session has passed; it cannot be changed.',
  order_not_payable: 'A cancelled order cannot be paid.',
  certificate_required: 'Enter the certificate number.',
  certificate_not_found: 'Certificate not found.',
  certificate_inactive: 'The certificate is not active.',
  certificate_expired: 'The certificate has expired.',
  certificate_used: 'The certificate has been used up.',
  certificate_insufficient: 'The certificate has only %{remaining} left.',
  promocode_invalid: 'Promo code not found.',
  promocode_inactive: 'The promo code is switched off.',
  promocode_not_started: 'The promo code is valid from %{date}.',
  promocode_expired: 'The promo code expired on %{date}.',
  promocode_exhausted: 'The promo code has been used the maximum number of times.',
  slot_locked: 'Someone else is booking this session right now. Try again in a moment.',
  payment_type_invalid: 'Choose cash, certificate, bill or card.',
  invalid_cost: 'Enter the cost: digits with a comma or dot.',
  invalid_persons: 'Enter the number of persons in digits.',
  sessions_required: 'Choose at least one session.',
  event_not_available: 'This location sells no events.',
  event_package_required: 'Choose an event package.',
  not_multisession: 'This order is a single booking; edit it with the booking form.',
  only_manual_hidden: 'Only manual payments (type 7) can be hidden.',
  date_order: 'The end date must not be before the start date.',
  reset_mail_subject: 'Password reset',
  reset_mail_text:
    'Hello, %{name}!\n\nSomeone (hopefully you) asked to reset the password of the venue back-office account %{email}.\nOpen this link to choose a new password: %{link}\nThe link works once and expires in %{minutes} minutes.\n\nIf you did not ask for it, ignore this letter.',
} as const;

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  required: 'Обязательное поле.',
  blank: 'Это поле не может быть пустым.',
  invalid: 'Недопустимое значение.',
  invalid_string: 'Ожидается строка.',
  invalid_number: 'Требуется число.',
  invalid_integer: 'Требуется целое число.',
  invalid_boolean: 'Требуется логическое значение.',
  invalid_object: 'Неверные данные. Ожидается объект.',
  invalid_list: 'Ожидается список.',
  invalid_email: 'Введите правильный адрес электронной почты.',
  invalid_uuid: 'Must be a valid UUID.',
  invalid_phone: 'Введите правильный телефон: цифры, в начале может стоять плюс.',
  invalid_choice: 'Недопустимый вариант.',
  max_length: 'Убедитесь, что это поле содержит не более %{max} символов.',
  min_length: 'Убедитесь, что это поле содержит не менее %{min} символов.',
  max_value: 'Убедитесь, что значение меньше или равно %{max}.',
  min_value: 'Убедитесь, что значение больше или равно %{min}.',
  unknown_field: 'Неизвестное поле.',
  parse_error: 'Ошибка разбора JSON - %{reason}',
  unsupported_media_type: 'Неподдерживаемый тип данных "%{type}" в запросе.',
  too_large: 'Слишком большой запрос.',
  not_authenticated: 'Учетные данные не были предоставлены.',
  invalid_token: 'Недействительный токен.',
  permission_denied: 'У вас нет прав для выполнения этой операции.',
  not_found: 'Не найдено.',
  method_not_allowed: 'Метод "%{method}" не разрешен.',
  throttled: 'Слишком много запросов. Повторите через %{seconds} с.',
  server_error: 'Ошибка сервера.',
  login_failed: 'Невозможно войти с предоставленными учетными данными.',
  logged_out: 'Вы вышли из системы.',
  email_taken: 'Пользователь с такой электронной почтой уже существует.',
  password_mismatch: 'Пароли не совпадают.',
  reset_sent: 'Если учетная запись с этой почтой существует, на нее отправлена ссылка для сброса пароля.',
  reset_done: 'Пароль изменен.',
  reset_key_invalid: 'Ссылка для сброса пароля недействительна или устарела.',
  avatar_type: 'Загрузите изображение PNG, JPEG, WebP или GIF.',
  avatar_size: 'Изображение больше %{max} МБ.',
  edit_only_self: 'Можно изменять только свой профиль.',
  invalid_time: 'Укажите время в формате ЧЧ:ММ.',
  invalid_date: 'Укажите дату в формате ГГГГ-ММ-ДД.',
  invalid_price: 'Укажите цену: цифры с запятой или точкой, от 1 до 20 символов.',
  price_kind: 'Укажите либо цену за сеанс, либо цену за человека.',
  pricing_time_unique: 'Другая строка цен уже начинается в это время.',
  overlap_too_big: 'Перекрытие должно быть короче сеанса.',
  items_overlap: 'Этот интервал пересекается с другим в тот же тип дня.',
  item_past_day_end: 'Интервал должен закончиться к 06:00, когда начинается следующий рабочий день.',
  day_types_unique: 'Каждый тип дня можно указать один раз.',
  schedule_start_taken: 'Другое включенное расписание этой группы начинается в эту дату.',
  group_has_schedules: 'У группы есть расписания. Сначала удалите их; площадки группы станут без группы.',
  group_name_taken: 'Группа с таким названием уже есть в этой локации.',
  holiday_exists: 'Эта дата уже есть в календаре праздников.',
  date_range: 'Выберите дату с %{min} по %{max}.',
  wrong_persons: 'wrong persons number',
  free_sessions_not_found: 'Free sessions not found for this event on this location at given time',
  null_payment: 'null payment',
  seller_not_found: 'not found',
  invalid_datetime: 'Укажите дату и время в формате ГГГГ-ММ-ДД ЧЧ:ММ.',
  cancel_delay_required: 'Укажите, сколько минут хранить неоплаченный заказ до отмены.',
  game_required: 'Выберите игру: цена сеанса указана за человека.',
  game_not_available: 'Эта игра недоступна в этой локации.',
  order_closed: 'Заказ отменен или его сеанс прошел; изменить его нельзя.',
  order_not_payable: 'Отмененный заказ нельзя оплатить.',
  certificate_required: 'Укажите номер сертификата.',
  certificate_not_found: 'Сертификат не найден.',
  certificate_inactive: 'Сертификат не активирован.',
  certificate_expired: 'Срок действия сертификата истек.',
  certificate_used: 'Сертификат полностью использован.',
  certificate_insufficient: 'На сертификате осталось только %{remaining}.',
  promocode_invalid: 'Промокод не найден.',
  promocode_inactive: 'Промокод отключен.',
  promocode_not_started: 'Промокод действует с %{date}.',
  promocode_expired: 'Срок действия промокода истек %{date}.',
  promocode_exhausted: 'Промокод использован максимальное число раз.',
  slot_locked: 'Этот сеанс сейчас бронирует кто-то другой. Повторите через минуту.',
  payment_type_invalid: 'Выберите наличные, сертификат, счет или карту.',
  invalid_cost: 'Укажите стоимость: цифры с запятой или точкой.',
  invalid_persons: 'Укажите число гостей цифрами.',
  sessions_required: 'Выберите хотя бы один сеанс.',
  event_not_available: 'В этой локации нет мероприятий.',
  event_package_required: 'Выберите пакет мероприятия.',
  not_multisession: 'Это одиночное бронирование; измените его в форме бронирования.',
  only_manual_hidden: 'Скрыть можно только ручной платеж (тип 7).',
  date_order: 'Дата окончания не может быть раньше даты начала.',
  reset_mail_subject: 'Сброс пароля',
  reset_mail_text:
    'Здравствуйте, %{name}!\n\nКто-то (надеемся, вы) запросил сброс пароля учетной записи %{email} в бэк-офисе площадки.\nОткройте ссылку, чтобы задать новый пароль: %{link}\nСсылка действует один раз и %{minutes} минут.\n\nЕсли вы не запрашивали сброс, просто проигнорируйте письмо.',
};

export const serverMessages: Record<Lang, Record<MessageKey, string>> = { en, ru };

export type MessageParams = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = serverMessages[lang][key] ?? serverMessages.en[key];
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The first of ru/en that Accept-Language names, else ru (the product's default). */
export function pickLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'ru';
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ru')) return 'ru';
  }
  return 'ru';
}
