// #45 The messaging screen (app.messaging: settings and templates), the order page's messages card
// (app.messaging.order) and the location's messages list (resources.messages).
import { MESSAGE_FIELDS, MESSAGE_TEMPLATE_FIELDS, MESSAGING_FIELDS, textsIn } from '../../domain/fieldLabels';
import { MESSAGE_MODE_LABELS } from '../../domain/customerMessages';
import { LANGUAGE_LABELS } from '../../domain/activity';
import { offsetTexts } from './messagingOffsets';

export const messagingEn = {
  card: 'Messages to customers',
  cardHint: 'Confirmations, reminders and notices by e-mail and SMS: channels, SMS.ru, quiet hours, texts',
  title: 'Messages to customers: %{name}',
  intro: 'Nothing goes out until a channel is on. Confirmations, changes, cancellations and refunds go at once; reminders and thank-yous wait for the quiet hours to end.',
  saved: 'Message settings saved',
  fields: textsIn(MESSAGING_FIELDS, 'en'),
  modes: textsIn(MESSAGE_MODE_LABELS, 'en'),
  languages: textsIn(LANGUAGE_LABELS, 'en'),
  channelsHint: 'With none, no message is sent',
  keySet: 'A key is set; type a new one to replace it, or leave empty to keep it',
  keyNotSet: 'No key set yet (needed for SMS)',
  senderHint: 'The senders registered in your SMS.ru account',
  senderNone: 'Save a key first: the senders registered in the SMS.ru account are offered here',
  promocodeHint: 'One of the location\'s promo codes (Tools). With one the thank-you is an advertisement: it goes only to guests who signed the marketing consent, with a link to unsubscribe. Empty: no offer.',
  offsets: offsetTexts('en'),
  tooManyReminders: 'At most %{max} reminders',
  timeInvalid: 'A time as HH:MM, e.g. 22:00',
  templates: {
    title: 'Texts',
    intro: 'Each message in each channel and language. Until you save your own text, the built-in one is used.',
    kinds: 'Messages',
    channel: 'Channel',
    language: 'Language',
    fields: textsIn(MESSAGE_TEMPLATE_FIELDS, 'en'),
    custom: 'Your text',
    builtIn: 'The built-in text',
    variables: 'Variables (click to insert):',
    preview: 'Preview (sample booking)',
    smsSize: '%{length} characters, %{smart_count} SMS part |||| %{length} characters, %{smart_count} SMS parts',
    smsLimit: '%{length} of %{max} characters',
    tooLong: 'At most %{max} characters in an SMS',
    save: 'Save',
    saved: 'Text saved',
    reset: 'Back to the built-in text',
    resetDone: 'The built-in text is used again',
    test: 'Send me a test',
    testHint: 'A test sends the saved text to your own e-mail or phone.',
    testSent: 'Test sent to %{to}',
  },
  booking: {
    language: 'Messages in',
    languageHint: 'The language of the customer\u2019s confirmations and reminders',
    languageNone: 'The location\u2019s language',
  },
  order: {
    title: 'Messages to the customer',
    empty: 'No messages for this order',
    due: 'due %{time}',
    sent: 'sent %{time}',
  },
};

export const messagesResourceEn = {
  name: 'Message |||| Messages',
  title: 'Messages to customers: %{name}',
  empty: 'No messages in this period',
  card: 'Sent messages',
  cardHint: 'Every confirmation, reminder and notice: sent, waiting or failed',
  fields: textsIn(MESSAGE_FIELDS, 'en'),
  languages: textsIn(LANGUAGE_LABELS, 'en'),
};
