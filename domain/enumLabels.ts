// The words for the codes the lists carry (order status, payment type, ...), in ru and en, declared
// once: the server's exports (CSV, XLSX), statistics and OpenAPI document write them, and the screens'
// i18n dictionaries are built from them (textsIn, domain/fieldLabels.ts), so a code never reads two ways.
import type { CERTIFICATE_DESIGNS, CERTIFICATE_STATUSES, CERTIFICATE_TYPES } from './certificates';

export interface Label {
  ru: string;
  en: string;
}

/** Code -> its label; codes are numbers or strings as the API sends them. */
export type EnumLabels = Record<string | number, Label>;

export const ORDER_STATUS_LABELS: EnumLabels = {
  1: { ru: 'Корзина', en: 'Cart' },
  2: { ru: 'Ожидает оплаты', en: 'Awaiting payment' },
  3: { ru: 'Подтверждён', en: 'Confirmed' },
  4: { ru: 'Отменён', en: 'Cancelled' },
  5: { ru: 'Корзина отменена', en: 'Cart cancelled' },
  6: { ru: 'Оплачен', en: 'Paid' },
};

/** #39 The statuses of an order that took no money (cancelled, cart cancelled): lists' totals leave them out. */
export const CANCELLED_ORDER_STATUSES = [4, 5] as const;

/** What the orders' totals say when they leave the cancelled ones out (screen, XLSX). */
export const TOTALS_EXCLUDING_CANCELLED: Label = { ru: 'без отменённых', en: 'excluding cancelled' };

export const ORDER_TYPE_LABELS: EnumLabels = {
  1: { ru: 'Платный', en: 'Paid' },
  2: { ru: 'Технический', en: 'Technical' },
  3: { ru: 'Бесплатный', en: 'Free' },
  4: { ru: 'Мероприятие', en: 'Event' },
};

export const PAYMENT_TYPE_LABELS: EnumLabels = {
  1: { ru: 'Онлайн', en: 'Online' },
  2: { ru: 'Наличные', en: 'Cash' },
  3: { ru: 'Сертификат', en: 'Certificate' },
  4: { ru: 'Счёт (ссылка на оплату)', en: 'Bill (payment link)' },
  5: { ru: 'Сторонний сервис', en: 'Third-party service' },
  6: { ru: 'Карта', en: 'Card' },
  7: { ru: 'Ручной', en: 'Manual' },
};

export const PAYMENT_STATUS_LABELS: EnumLabels = {
  paid: { ru: 'Оплачен', en: 'Paid' },
  processing: { ru: 'В обработке', en: 'Processing' },
  failed: { ru: 'Ошибка', en: 'Failed' },
  cancelled: { ru: 'Отменён', en: 'Cancelled' },
  // Not stored: a paid negative row (domain/orderBalance paymentStatusCode).
  refunded: { ru: 'Возврат', en: 'Refund' },
};

/** #29 receipts: a payment's 54-FZ receipt (payments.receipt_status). */
export const RECEIPT_STATUS_LABELS: EnumLabels = {
  pending: { ru: 'Регистрируется', en: 'Being registered' },
  succeeded: { ru: 'Зарегистрирован', en: 'Registered' },
  canceled: { ru: 'Не зарегистрирован', en: 'Not registered' },
  not_sent: { ru: 'Не отправлялся', en: 'Not sent' },
  // The settlement receipt not sent yet: its session is still ahead.
  due: { ru: 'После сеанса', en: 'After the session' },
};

export const SESSION_TYPE_LABELS: EnumLabels = {
  1: { ru: 'Коммерческая', en: 'Commercial' },
  2: { ru: 'Технический тест', en: 'Technical test' },
  3: { ru: 'Бесплатная демонстрация', en: 'Free showcase' },
  4: { ru: 'Перерыв', en: 'Break' },
};

export const TRANSACTION_TYPE_LABELS: EnumLabels = {
  refill: { ru: 'Пополнение', en: 'Top-up' },
  chargeoff: { ru: 'Списание', en: 'Charge-off' },
  refund: { ru: 'Возврат', en: 'Refund' },
  overdraft: { ru: 'Овердрафт', en: 'Overdraft' },
  minimumfee: { ru: 'Минимальный платёж', en: 'Minimum fee' },
  vatfee: { ru: 'НДС', en: 'VAT fee' },
};

export const CERTIFICATE_STATUS_LABELS: Record<(typeof CERTIFICATE_STATUSES)[number], Label> = {
  NOT_PAID: { ru: 'Не оплачен', en: 'Not paid' },
  ACTIVE: { ru: 'Активен', en: 'Active' },
  EXPIRED: { ru: 'Истёк', en: 'Expired' },
  USED: { ru: 'Использован', en: 'Used' },
};

/**
 * #39 The words of the built-in certificate designs (domain/certificates.ts, every location starts
 * with them). A design a venue typed is its own word and is shown as typed.
 */
export const CERTIFICATE_DESIGN_LABELS: Record<(typeof CERTIFICATE_DESIGNS)[number], Label> = {
  classic: { ru: 'Классический', en: 'Classic' },
  birthday: { ru: 'День рождения', en: 'Birthday' },
  newyear: { ru: 'Новогодний', en: 'New Year' },
  sport: { ru: 'Спортивный', en: 'Sport' },
  cosmos: { ru: 'Космос', en: 'Space' },
};

export const CERTIFICATE_TYPE_LABELS: Record<(typeof CERTIFICATE_TYPES)[number], Label> = {
  digital: { ru: 'Электронный', en: 'Digital' },
  physical: { ru: 'Физический', en: 'Physical' },
};

/** Where an order came from (`source`): the back-office's and the widget's own codes; a business site's own code reads as it is. */
export const ORDER_SOURCE_LABELS: EnumLabels = {
  backoffice: { ru: 'Бэк-офис', en: 'Back office' },
  widget: { ru: 'Виджет', en: 'Widget' },
};

/** A webhook delivery's state (the delivery log). */
export const WEBHOOK_DELIVERY_STATUS_LABELS = {
  pending: { ru: 'Ожидает', en: 'Pending' },
  delivered: { ru: 'Доставлено', en: 'Delivered' },
  failed: { ru: 'Не доставлено', en: 'Failed' },
  gone: { ru: 'Адрес удалён (410)', en: 'Gone (410)' },
  skipped: { ru: 'Пропущено', en: 'Skipped' },
} satisfies EnumLabels;
