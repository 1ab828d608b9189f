// Russian texts of the order log on the order page (src/pages/orders/orderLog.ts), key for key as orderLog.en.ts.
import type { orderLogEn } from './orderLog.en';

export const orderLogRu: typeof orderLogEn = {
  customer: 'Клиент',
  session: '%{when} (%{playground})',
  sessions: 'сеансы: %{list}',
  sessionsAdded: 'добавлены сеансы: %{list}',
  sessionsRemoved: 'убраны сеансы: %{list}',
  sessionsAddedCount: 'добавлено сеансов: %{n}',
  sessionsRemovedCount: 'убрано сеансов: %{n}',
  change: '%{field}: %{from} → %{to}',
  value: '%{field}: %{value}',
  paymentOf: 'платёж №%{id}',
  sentTo: 'отправлена на %{email}',
  notPaidInTime: 'не оплачен вовремя',
  toRefund: 'к возврату: %{amount}',
  linksClosed: 'заказ оплачен; открытые ссылки на %{amount} больше не принимают оплату',
  lateLink: 'оплата по уже закрытой ссылке',
  // #29 refunds
  externalRefund: 'сделан в личном кабинете платёжного провайдера',
  providerReason: 'причина у провайдера: %{reason}',
  // #38 проверки провайдера
  testPayment: 'платёж №%{id} на %{amount} проведён в тестовом режиме провайдера: денег нет, заказ по-прежнему их должен',
  released: 'клиент оплатил %{amount} (платёж №%{id}), но заказ уже не должен этой суммы: удержание у провайдера отменено, деньги не списаны',
  releasedLate: 'клиент оплатил %{amount} (платёж №%{id}) по уже закрытой ссылке: удержание у провайдера отменено, деньги не списаны',
  lateRefund: '%{amount}, оплаченные по уже закрытой ссылке (платёж №%{id}), возвращаются клиенту полностью через провайдера',
  multisession: 'мультибронь',
  priceReason: 'Цена изменилась: %{reason}',
  priceReasons: {
    session_changed: 'другой сеанс',
    persons_changed: 'другое число гостей',
    promocode_changed: 'другой промокод',
    order_type_changed: 'другой тип заказа',
    prices_changed: 'цены сеанса изменились с момента брони',
  },
  fields: {
    persons: 'гостей', session_dt: 'сеанс', purchase: 'цена', paid: 'всего оплачено', payment_type: 'способ', name: 'имя', phone: 'телефон',
    email: 'эл. почта', order_type: 'тип заказа', comment: 'комментарий', cost: 'стоимость', discount: 'скидка', amount: 'сумма', promocode: 'промокод',
  },
};
