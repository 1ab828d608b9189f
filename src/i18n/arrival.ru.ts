// #44 Приход гостей: страница гостя, приход на ресепшене, документы для подписи, записи журнала заказа.
import type { arrivalEn } from './arrival.en';
import { textsIn } from '../../domain/fieldLabels';
import { CONSENT_KIND_LABELS, PERSONAL_DATA_DETAIL_LABELS } from '../../domain/arrivals';

export const arrivalRu: typeof arrivalEn = {
  kinds: textsIn(CONSENT_KIND_LABELS, 'ru'),
  details: textsIn(PERSONAL_DATA_DETAIL_LABELS, 'ru'),
  desk: {
    menu: 'Приход гостей',
    title: 'Приход гостей',
    heading: 'Приход гостей: %{location}',
    date: 'День',
    search: 'Телефон, имя, номер заказа или QR-код',
    searchHint: 'Сканер QR-кода вводит его сам',
    find: 'Найти',
    off: 'На этой локации приход гостей не отмечается: включите его в настройках локации.',
    empty: 'На этот день бронирований нет.',
    paid: 'Оплачен',
    owes: 'Долг %{amount}',
    signed: 'Подписали %{n} из %{total}',
    checked: 'Пришли %{n} из %{total}',
    noShow: 'Неявка',
    checkIn: 'Отметить приход',
    guest: 'Гость %{n}',
    unsigned: 'не подписал',
    reason: 'Причина',
    override: 'Отметить всё равно',
    askManager: 'Отметить приход несмотря на это может менеджер или администратор — с причиной.',
    checkedIn: 'Заказ №%{id}: приход отмечен',
    undone: 'Заказ №%{id}: отметка прихода отменена',
  },
  order: {
    title: 'Приход гостей',
    send: 'Скопировать ссылку для гостей',
    copied: 'Ссылка скопирована: отправьте её гостям',
    qr: 'Показать QR',
    qrTitle: 'Страница гостей',
    qrAlt: 'QR-код страницы гостей',
    qrHint: 'Гость наводит камеру телефона и подписывает документы.',
  },
  log: {
    checkedIn: 'Пришли: %{names}',
    undone: 'Отметка прихода отменена: %{names}',
    overridden: 'Несмотря на запрет (%{reason})',
    signed: '%{name} подписал(а) «%{document}», версия %{version}',
    noShow: 'К началу сеанса и по истечении времени ожидания никто не пришёл: неявка',
  },
};
