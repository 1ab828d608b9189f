// #30 DESK: русские тексты быстрого пути кассы (бронь с оплатой, гость без данных, подсказки формы),
// ключ в ключ как desk.en.ts.
import type { deskEn } from './desk.en';

export const deskRu: typeof deskEn = {
  bookAndPay: 'Забронировать и оплатить',
  confirmTitle: 'Бронь с оплатой',
  confirmText: 'Заказ будет создан и сразу оплачен: %{amount}.',
  payType: 'Способ оплаты',
  take: 'Принять %{amount}',
  done: 'Заказ №%{id} создан и оплачен: %{amount}.',
  walkIn: 'Без данных гостя',
  missing: 'Заполните: %{fields}',
  leave: 'Бронь не сохранена. Закрыть форму?',
  packagePrice: 'По пакету «%{name}»: %{price}',
  choosePackage: 'Выберите пакет мероприятия: его цена станет стоимостью.',
  packageNotOnSale: 'Выбранный пакет не продаётся на эту дату: введите стоимость.',
  noPackageCost: 'На эту дату нет пакетов мероприятий: введите стоимость.',
};
