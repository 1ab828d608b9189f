// #45 Сообщения клиентам: виды, каналы и состояния словами (domain/customerMessages.ts), запись журнала заказа.
import { textsIn } from '../../domain/fieldLabels';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS, MESSAGE_STATE_LABELS } from '../../domain/customerMessages';

export const customerMessagesRu = {
  kinds: textsIn(MESSAGE_KIND_LABELS, 'ru'),
  channels: textsIn(MESSAGE_CHANNEL_LABELS, 'ru'),
  states: textsIn(MESSAGE_STATE_LABELS, 'ru'),
  reasons: { quiet_hours: 'тихие часы кончаются слишком близко к сеансу', superseded: 'вместо него уйдёт более позднее напоминание',
    no_marketing_consent: 'в нём предложение, а ведущий гость не подписал согласие на рекламные рассылки', unsubscribed: 'в нём предложение, а клиент отписался от предложений' },
  log: {
    entry: '%{channel} «%{kind}»: %{state}',
    reason: 'причина: %{reason}',
    error: 'ошибка: %{error}',
  },
};
