// #45 A location's messages to customers (/locations/:location_id/messaging, role 40): the settings
// (channels, mode, the SMS.ru key write-only, the sender chosen from the account's registered ones,
// the daily SMS limit, reminder offsets, quiet hours, the thank-you) as a declared single form, and
// the template editor of each kind x channel x language with its preview and "send me a test"
// (pages/management/MessagingPage.tsx). GET/PUT /api/v2.2/locations/{id}/messaging/.
import SmsIcon from '@mui/icons-material/Sms';
import { MESSAGE_CHANNELS, MESSAGE_MODES } from '../../../domain/customerMessages';
import { defineResource, enumChoices, lazyPart, type FieldDeclaration } from '../declaration';
import { REMINDER_CHOICES, atMostReminders, quietTime } from './fields';

const t = (key: string) => `app.messaging.${key}`;
const f = (key: string) => `app.messaging.fields.${key}`;
const path = '/api/v2.2/locations/{location_id}/messaging/';
const templates = '/api/v2.2/locations/{location_id}/message_templates/{kind}/';

export const MESSAGING_FORM_FIELDS: FieldDeclaration[] = [
  { kind: 'select', source: 'channels', label: f('channels'), multiple: true, choices: enumChoices([...MESSAGE_CHANNELS], 'app.customerMessages.channels.'), hint: t('channelsHint') },
  { kind: 'select', source: 'mode', label: f('mode'), required: true, choices: enumChoices([...MESSAGE_MODES], t('modes.')) },
  { kind: 'text', source: 'smsru_api_key', label: f('smsru_api_key'), maxLength: 100, format: 'secret', row: 1,
    hint: (v) => (v.smsru_api_key_set ? t('keySet') : t('keyNotSet')) },
  { kind: 'select', source: 'sms_sender', label: f('sms_sender'), choicesFromRecord: 'sms_senders', row: 1,
    hint: (v) => (Array.isArray(v.sms_senders) && v.sms_senders.length ? t('senderHint') : t('senderNone')) },
  { kind: 'number', source: 'sms_daily_limit', label: f('sms_daily_limit'), required: true, integer: true, min: 0, max: 100_000 },
  { kind: 'select', source: 'reminder_offsets', label: f('reminder_offsets'), multiple: true, choices: REMINDER_CHOICES, rules: [atMostReminders] },
  { kind: 'text', source: 'quiet_from', label: f('quiet_from'), required: true, row: 2, pattern: quietTime, maxLength: 5 },
  { kind: 'text', source: 'quiet_to', label: f('quiet_to'), required: true, row: 2, pattern: quietTime, maxLength: 5 },
  { kind: 'boolean', source: 'thank_you', label: f('thank_you'), row: 3 },
  { kind: 'number', source: 'thank_you_delay', label: f('thank_you_delay'), required: true, integer: true, min: 0, max: 24 * 60, row: 3 },
  { kind: 'text', source: 'thank_you_promocode', label: f('thank_you_promocode'), maxLength: 50, hint: t('promocodeHint') },
];

export default defineResource({
  name: 'messaging',
  route: { scope: 'location', path: 'messaging' },
  access: { minRole: 40 },
  menu: { icon: SmsIcon, management: { order: 8, section: 'more', label: t('card'), hint: t('cardHint') } },
  api: {
    paging: 'none', one: path, update: { path, method: 'PUT' },
    actions: {
      templates: { path: templates, method: 'GET' },
      saveTemplate: { path: templates, method: 'PUT' },
      preview: `${templates}preview/`,
      test: `${templates}test/`,
    },
  },
  form: {
    single: { intro: t('intro') },
    saved: { edit: t('saved') },
    fields: MESSAGING_FORM_FIELDS,
  },
  screen: lazyPart(() => import('../../pages/management/MessagingPage'), 'MessagingPage'),
});
