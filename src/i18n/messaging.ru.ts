// #45 Экран сообщений клиентам (app.messaging), карточка сообщений заказа и список сообщений (resources.messages).
import { MESSAGE_FIELDS, MESSAGE_TEMPLATE_FIELDS, MESSAGING_FIELDS, textsIn } from '../../domain/fieldLabels';
import { MESSAGE_MODE_LABELS } from '../../domain/customerMessages';
import { LANGUAGE_LABELS } from '../../domain/activity';
import { offsetTexts } from './messagingOffsets';

export const messagingRu = {
  card: 'Сообщения клиентам',
  cardHint: 'Подтверждения, напоминания и уведомления по почте и СМС: каналы, SMS.ru, тихие часы, тексты',
  title: 'Сообщения клиентам: %{name}',
  intro: 'Пока не включён ни один канал, ничего не отправляется. Подтверждения, изменения, отмены и возвраты уходят сразу; напоминания и благодарности ждут конца тихих часов.',
  saved: 'Настройки сообщений сохранены',
  fields: textsIn(MESSAGING_FIELDS, 'ru'),
  modes: textsIn(MESSAGE_MODE_LABELS, 'ru'),
  languages: textsIn(LANGUAGE_LABELS, 'ru'),
  channelsHint: 'Без каналов сообщения не отправляются',
  keySet: 'Ключ задан; введите новый, чтобы заменить, или оставьте пустым',
  keyNotSet: 'Ключ не задан (нужен для СМС)',
  senderHint: 'Отправители, зарегистрированные в вашем аккаунте SMS.ru',
  senderNone: 'Сначала сохраните ключ: здесь появятся отправители, зарегистрированные в аккаунте SMS.ru',
  promocodeHint: 'Один из промокодов площадки (Инструменты). С промокодом благодарность становится рекламой: она уходит только гостям, подписавшим согласие на рекламные рассылки, со ссылкой для отписки. Пусто — без предложения.',
  offsets: offsetTexts('ru'),
  tooManyReminders: 'Не больше %{max} напоминаний',
  timeInvalid: 'Время в виде ЧЧ:ММ, например 22:00',
  templates: {
    title: 'Тексты',
    intro: 'Каждое сообщение в каждом канале и на каждом языке. Пока вы не сохранили свой текст, используется встроенный.',
    kinds: 'Сообщения',
    channel: 'Канал',
    language: 'Язык',
    fields: textsIn(MESSAGE_TEMPLATE_FIELDS, 'ru'),
    custom: 'Ваш текст',
    builtIn: 'Встроенный текст',
    variables: 'Переменные (нажмите, чтобы вставить):',
    preview: 'Предпросмотр (пример брони)',
    smsSize: '%{length} символов, %{smart_count} часть СМС |||| %{length} символов, %{smart_count} части СМС |||| %{length} символов, %{smart_count} частей СМС',
    smsLimit: '%{length} из %{max} символов',
    tooLong: 'В СМС не больше %{max} символов',
    save: 'Сохранить',
    saved: 'Текст сохранён',
    reset: 'Вернуть встроенный текст',
    resetDone: 'Снова используется встроенный текст',
    test: 'Отправить мне тест',
    testHint: 'Тест отправляет сохранённый текст на вашу почту или телефон.',
    testSent: 'Тест отправлен: %{to}',
  },
  booking: {
    language: 'Язык сообщений',
    languageHint: 'На этом языке клиенту придут подтверждения и напоминания',
    languageNone: 'Язык локации',
  },
  order: {
    title: 'Сообщения клиенту',
    empty: 'По этому заказу сообщений нет',
    due: 'к отправке %{time}',
    sent: 'отправлено %{time}',
  },
};

export const messagesResourceRu = {
  name: 'Сообщение |||| Сообщения',
  title: 'Сообщения клиентам: %{name}',
  empty: 'За этот период сообщений нет',
  card: 'Отправленные сообщения',
  cardHint: 'Все подтверждения, напоминания и уведомления: отправленные, ожидающие, с ошибкой',
  fields: textsIn(MESSAGE_FIELDS, 'ru'),
  languages: textsIn(LANGUAGE_LABELS, 'ru'),
};
