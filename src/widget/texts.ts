// The widget's own texts (customers read them; the staff app's messages are not loaded here).
import { ORDER_STATUS_LABELS } from '../../domain/enumLabels';

export type WidgetLang = 'ru' | 'en';

/** The order statuses the widget's states are: they read as the back office, the exports and the statistics say them (#18, one wording). */
export const WIDGET_STATE_STATUS = { awaiting_payment: 2, booked: 3, paid: 6, cancelled: 4 } as const;
const stateWord = (state: keyof typeof WIDGET_STATE_STATUS, lang: WidgetLang) => ORDER_STATUS_LABELS[WIDGET_STATE_STATUS[state]]![lang];

const en = {
  title: 'Book a session',
  loading: 'Loading…',
  date: 'Date',
  prevDay: 'Previous day',
  nextDay: 'Next day',
  datePlaceholder: 'DD.MM.YYYY',
  dateOutOfRange: 'Enter a date from %{from} to %{to} as DD.MM.YYYY or as digits, DDMMYYYY.',
  noSessions: 'No free sessions on this day. Try another date.',
  free: '%{n} free',
  nightOf: 'night of %{from} to %{to}',
  perPerson: 'per person',
  perSession: 'per session',
  persons: 'Persons',
  game: 'Game',
  chooseGame: 'Choose a game',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  emailHint: 'The confirmation and the link to your booking go here.',
  promocode: 'Promo code',
  price: 'Price',
  discount: 'Discount',
  total: 'Total',
  dueNow: 'To pay now',
  atVenue: 'To pay at the venue',
  bookAndPay: 'Book and pay %{amount}',
  book: 'Book',
  sending: 'Booking…',
  required: 'Required',
  phoneInvalid: 'Digits only, with an optional leading plus',
  emailInvalid: 'Enter a valid email address',
  heldTitle: 'Your places are held',
  heldText: 'Pay %{amount} within %{minutes} min to confirm booking №%{id}; otherwise the places are released.',
  goPay: 'Go to payment',
  confirmedTitle: 'Booking №%{id} is confirmed',
  confirmedText: 'We have sent the details to %{email}.',
  // #42 Nothing paid online (no prepayment): the whole price at the venue.
  payAtVenue: 'Pay at the venue: %{amount}',
  openBooking: 'Open your booking',
  another: 'Book another session',
  error: 'Something went wrong. Please try again.',
  notFound: 'Not found. Check the link.',
  // The order page.
  booking: 'Booking №%{id}',
  state: 'Status',
  state_awaiting_payment: stateWord('awaiting_payment', 'en'),
  state_booked: stateWord('booked', 'en'),
  state_paid: stateWord('paid', 'en'),
  state_cancelled: stateWord('cancelled', 'en'),
  state_payment_declined: 'Payment declined',
  declined: 'Your payment was declined and nothing was charged. The places are held for you until %{when}: you can try again.',
  payAgain: 'Pay again %{amount}',
  holdUntil: 'The places are held until %{when}; after that the booking is cancelled if it is not paid.',
  cancelledBy_customer: 'You cancelled this booking.',
  cancelledBy_staff: 'The venue cancelled this booking.',
  cancelledBy_expired: 'The payment did not arrive in time, so the booking was cancelled and the places released. Nothing was charged.',
  refundNote: 'What you paid, %{amount}, will be returned; the venue will contact you.',
  overpaidNote: 'You paid %{amount} more than the price; it will be returned; the venue will contact you.',
  when: 'Date and time',
  playground: 'Playground',
  paid: 'Paid',
  toPay: 'To pay',
  pay: 'Pay %{amount}',
  cancel: 'Cancel booking',
  cancelAsk: 'Cancel this booking? The places will be released.',
  yes: 'Yes, cancel',
  no: 'No',
  cancelUntil: 'You can cancel here until %{when}.',
  cancelClosed: 'It can no longer be cancelled online; please call the venue.',
  cancelClosedPhone: 'It can no longer be cancelled online; please call the venue: ',
  cancelled: 'The booking has been cancelled.',
  // #40
  venuePhone: 'Venue phone:',
  calendar: 'Choose a date on the calendar',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',
  sessionsOn: 'Free sessions on %{date}: %{n}',
  noSessionsOn: 'No free sessions on %{date}.',
  laterDay: 'No free sessions left today (%{today}): here are those of %{date}.',
  filterLabel: 'Show playgrounds',
  allPlaygrounds: 'All',
  sessionsShown: 'Sessions shown: %{n}',
  nameCount: '%{n} of %{max} characters',
  nameTooLong: 'At most %{max} characters, please: this name has %{n}',
  emailSuggest: 'Did you mean %{email}?',
  emailFixed: 'The address is now %{email}',
  consent: 'I consent to the processing of my personal data',
  consentText: 'Consent text',
  privacyPolicy: 'Privacy policy',
  newTab: '(opens in a new tab)',
  consentRequired: 'We cannot take the booking without your consent to the processing of personal data',
  priceUpdated: 'The price has been updated: check it and press the button again.',
  prepayNote: 'Prepayment %{percent}%: %{now} now, %{later} at the venue',
  heldEmail: 'The letter with the payment link goes to %{email}.',
  holdTitle: 'Unpaid booking №%{id}',
  holdText: 'The places are held for you until %{when}. Pay for them, or release them if your plans have changed; a new booking here releases them too.',
  release: 'Release the places',
  released: 'The places are released.',
};

export type TextKey = keyof typeof en;

const ru: Record<TextKey, string> = {
  title: 'Бронирование',
  loading: 'Загрузка…',
  date: 'Дата',
  prevDay: 'Предыдущий день',
  nextDay: 'Следующий день',
  datePlaceholder: 'ДД.ММ.ГГГГ',
  dateOutOfRange: 'Введите дату с %{from} по %{to} в виде ДД.ММ.ГГГГ или цифрами, ДДММГГГГ.',
  noSessions: 'На этот день свободных сеансов нет. Выберите другую дату.',
  free: 'свободно: %{n}',
  nightOf: 'ночь с %{from} на %{to}',
  perPerson: 'за человека',
  perSession: 'за сеанс',
  persons: 'Гостей',
  game: 'Игра',
  chooseGame: 'Выберите игру',
  name: 'Имя',
  phone: 'Телефон',
  email: 'Электронная почта',
  emailHint: 'Сюда придёт подтверждение и ссылка на бронь.',
  promocode: 'Промокод',
  price: 'Стоимость',
  discount: 'Скидка',
  total: 'Итого',
  dueNow: 'Оплатить сейчас',
  atVenue: 'Оплатить на месте',
  bookAndPay: 'Забронировать и оплатить %{amount}',
  book: 'Забронировать',
  sending: 'Бронируем…',
  required: 'Обязательное поле',
  phoneInvalid: 'Только цифры, в начале может быть плюс',
  emailInvalid: 'Введите правильный адрес почты',
  heldTitle: 'Места за вами',
  heldText: 'Оплатите %{amount} в течение %{minutes} мин, чтобы подтвердить бронь №%{id}; иначе места освободятся.',
  goPay: 'Перейти к оплате',
  confirmedTitle: 'Бронь №%{id} подтверждена',
  confirmedText: 'Подробности отправлены на %{email}.',
  payAtVenue: 'Оплата на месте: %{amount}',
  openBooking: 'Открыть бронь',
  another: 'Забронировать ещё',
  error: 'Что-то пошло не так. Попробуйте ещё раз.',
  notFound: 'Не найдено. Проверьте ссылку.',
  booking: 'Бронь №%{id}',
  state: 'Статус',
  state_awaiting_payment: stateWord('awaiting_payment', 'ru'),
  state_booked: stateWord('booked', 'ru'),
  state_paid: stateWord('paid', 'ru'),
  state_cancelled: stateWord('cancelled', 'ru'),
  state_payment_declined: 'Оплата отклонена',
  declined: 'Оплата отклонена, деньги не списаны. Места держатся за вами до %{when}: можно попробовать ещё раз.',
  payAgain: 'Оплатить ещё раз %{amount}',
  holdUntil: 'Места держатся до %{when}; если бронь не будет оплачена, она отменится.',
  cancelledBy_customer: 'Вы отменили эту бронь.',
  cancelledBy_staff: 'Площадка отменила эту бронь.',
  cancelledBy_expired: 'Оплата не поступила вовремя, поэтому бронь отменена и места освобождены. Деньги не списаны.',
  refundNote: 'Оплаченные %{amount} будут возвращены; площадка свяжется с вами.',
  overpaidNote: 'Вы заплатили на %{amount} больше цены; эти деньги вернут, площадка свяжется с вами.',
  when: 'Дата и время',
  playground: 'Площадка',
  paid: 'Оплачено',
  toPay: 'К оплате',
  pay: 'Оплатить %{amount}',
  cancel: 'Отменить бронь',
  cancelAsk: 'Отменить эту бронь? Места освободятся.',
  yes: 'Да, отменить',
  no: 'Нет',
  cancelUntil: 'Отменить здесь можно до %{when}.',
  cancelClosed: 'Отменить онлайн уже нельзя; позвоните, пожалуйста, на площадку.',
  cancelClosedPhone: 'Отменить онлайн уже нельзя; позвоните, пожалуйста, на площадку: ',
  cancelled: 'Бронь отменена.',
  // #40
  venuePhone: 'Телефон площадки:',
  calendar: 'Выбрать дату в календаре',
  prevMonth: 'Предыдущий месяц',
  nextMonth: 'Следующий месяц',
  sessionsOn: 'Свободных сеансов на %{date}: %{n}',
  noSessionsOn: 'На %{date} свободных сеансов нет.',
  laterDay: 'На сегодня (%{today}) свободных сеансов не осталось: показаны сеансы на %{date}.',
  filterLabel: 'Показать площадки',
  allPlaygrounds: 'Все',
  sessionsShown: 'Показано сеансов: %{n}',
  nameCount: '%{n} из %{max} символов',
  nameTooLong: 'Не больше %{max} символов, а здесь %{n}',
  emailSuggest: 'Имели в виду %{email}?',
  emailFixed: 'Адрес исправлен: %{email}',
  consent: 'Я даю согласие на обработку персональных данных',
  consentText: 'Текст согласия',
  privacyPolicy: 'Политика конфиденциальности',
  newTab: '(откроется в новой вкладке)',
  consentRequired: 'Без согласия на обработку персональных данных забронировать нельзя',
  priceUpdated: 'Цена обновлена: проверьте её и нажмите кнопку ещё раз.',
  prepayNote: 'Предоплата %{percent} %: %{now} сейчас, %{later} на месте',
  heldEmail: 'Письмо со ссылкой на оплату придёт на %{email}.',
  holdTitle: 'Неоплаченная бронь №%{id}',
  holdText: 'Места держатся за вами до %{when}. Оплатите их или освободите, если планы изменились; новая бронь здесь тоже их освободит.',
  release: 'Освободить места',
  released: 'Места освобождены.',
};

const all: Record<WidgetLang, Record<TextKey, string>> = { en, ru };

/** ?lang= first, then the browser's language; Russian is the product's default. */
export function pickLang(search: string, browser: string): WidgetLang {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'ru' || asked === 'en') return asked;
  return browser.toLowerCase().startsWith('en') ? 'en' : 'ru';
}

export function texts(lang: WidgetLang) {
  return (key: TextKey, params: Record<string, string | number> = {}) =>
    all[lang][key].replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
export type T = ReturnType<typeof texts>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Intl's words for a day ('YYYY-MM-DD'), in the widget's language ("30 ноября 2026 г., понедельник"). */
export function dayWords(lang: WidgetLang, date: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${lang}${JSON.stringify(options)}`;
  let f = dayFormats.get(key);
  if (!f) dayFormats.set(key, f = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { ...options, timeZone: 'UTC' }));
  return f.format(new Date(`${date}T00:00:00Z`));
}

/**
 * "ночь с 24 на 25 ноября" / "night of 24 to 25 November" for the sessions after midnight listed
 * under a day (a business day runs 06:00 to 05:59): the month is said once when both days share it.
 */
export function nightOfDay(t: T, lang: WidgetLang, businessDate: string, nextDate: string): string {
  const format = (date: string, month: boolean) => new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB',
    month ? { day: 'numeric', month: 'long', timeZone: 'UTC' } : { day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const sameMonth = businessDate.slice(0, 7) === nextDate.slice(0, 7);
  return t('nightOf', { from: format(businessDate, !sameMonth), to: format(nextDate, true) });
}
