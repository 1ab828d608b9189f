// #44 Приход гостей: страница гостя, приход на ресепшене, документы для подписи, записи журнала заказа.
import type { arrivalEn } from './arrival.en';
import { textsIn } from '../../domain/fieldLabels';
import { CONSENT_KIND_LABELS, PERSONAL_DATA_DETAIL_LABELS } from '../../domain/arrivals';

export const arrivalRu: typeof arrivalEn = {
  kinds: textsIn(CONSENT_KIND_LABELS, 'ru'),
  details: textsIn(PERSONAL_DATA_DETAIL_LABELS, 'ru'),
  log: {
    checkedIn: 'Пришли: %{names}',
    undone: 'Отметка прихода отменена: %{names}',
    overridden: 'Несмотря на запрет (%{reason})',
    signed: '%{name} подписал(а) «%{document}», версия %{version}',
    noShow: 'К началу сеанса и по истечении времени ожидания никто не пришёл: неявка',
  },
};
