// #45 Messages to customers, the writes: PUT /api/v2.2/locations/{id}/messaging/ (channels, mode, the
// SMS.ru key write-only, the sender from the account's registered ones, the daily SMS limit, reminder
// offsets, quiet hours, the thank-you), PUT .../message_templates/{kind}/ (one channel x language),
// POST .../message_templates/{kind}/preview/ (an unsaved text rendered, an SMS's segments) and
// POST .../message_templates/{kind}/test/ (sent now to the caller). Role 40, as the payment provider's.
import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_LANGUAGES, MESSAGE_MODES } from '../../../domain/customerMessages';
import { MESSAGING_FIELDS } from '../../../domain/fieldLabels';
import { defineWrite } from '../../platform/writes';
import { idParam } from '../../platform/validation';
import { saveMessaging } from './settings';
import { previewTemplate, saveTemplate } from './templates';
import { sendTest } from './test';

const tags = ['messages'];
const time = z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'quiet_hours_invalid' });

export const Messaging = z.object({
  channels: z.array(z.enum(MESSAGE_CHANNELS)), mode: z.enum(MESSAGE_MODES),
  smsru_api_key_set: z.boolean().describe('Whether an SMS.ru key is stored (the key itself is never answered).'),
  sms_sender: z.string(), sms_senders: z.array(z.string()).describe('The account\'s registered senders, as SMS.ru listed them at the last save.'),
  sms_daily_limit: z.number().int(), reminder_offsets: z.array(z.number().int()).describe('Minutes before the session.'),
  quiet_from: z.string(), quiet_to: z.string(), thank_you: z.boolean(), thank_you_delay: z.number().int().describe('Minutes after the session\'s end.'),
  thank_you_promocode: z.string().describe('The promo code the thank-you offers (\'\': none). With one the thank-you is marketing: only to guests who signed the marketing consent, with an unsubscribe link.'),
});

const Rendered = z.object({
  subject: z.string(), body: z.string(),
  sms: z.object({ encoding: z.enum(['GSM-7', 'UCS-2']), length: z.number().int(), segments: z.number().int() }).optional().describe('An SMS\'s size: its encoding, characters and parts.'),
});
export const Templates = z.object({
  kind: z.enum(MESSAGE_KINDS), variables: z.array(z.string()).describe('The variables its templates may use, as {name}.'),
  templates: z.array(z.object({
    channel: z.enum(MESSAGE_CHANNELS), language: z.enum(MESSAGE_LANGUAGES), subject: z.string(), body: z.string(),
    custom: z.boolean().describe('The location\'s own text (false: the built-in one).'), preview: Rendered,
  })),
});

const kindParams = z.object({ id: idParam, kind: z.enum(MESSAGE_KINDS) });
const templateFields = {
  channel: z.enum(MESSAGE_CHANNELS), language: z.enum(MESSAGE_LANGUAGES),
  subject: z.string().max(EMAIL_SUBJECT_MAX).optional(), body: z.string().max(EMAIL_BODY_MAX).optional(),
  reset: z.boolean().optional(),
};

export const saveLocationMessaging = defineWrite({
  records: { activity: 'messaging.changed' },
  kind: 'update', path: '/api/v2.2/locations/:id/messaging/', summary: 'Set a location\'s messages to customers (channels, SMS.ru, reminders, quiet hours)', tags, access: { minRole: 40 },
  fields: {
    channels: z.array(z.enum(MESSAGE_CHANNELS)).max(2).optional(),
    mode: z.enum(MESSAGE_MODES).optional(),
    // Write-only; empty or absent keeps the stored one.
    smsru_api_key: z.string().trim().max(100).optional(),
    sms_sender: z.string().trim().max(11 * 4).optional(),
    sms_daily_limit: z.number().int().min(0).max(100_000).optional(),
    reminder_offsets: z.array(z.number().int().min(10).max(7 * 24 * 60)).max(3).optional(),
    quiet_from: time.optional(), quiet_to: time.optional(),
    thank_you: z.boolean().optional(),
    thank_you_delay: z.number().int().min(0).max(24 * 60).optional(),
    // '' offers none; else one of the location's active promo codes (any case; saved as it is written there).
    thank_you_promocode: z.string().trim().max(50).optional(),
  },
  labels: MESSAGING_FIELDS,
  // SMS on, a key and a sender are checked with SMS.ru at the save (tests/api/messages.test.ts, against the local SMS.ru).
  examples: { channels: ['email'], smsru_api_key: '', sms_sender: '', thank_you_promocode: '' },
  answer: Messaging,
  readBack: {
    path: '/api/v2.2/locations/:location/messaging/',
    normalised: { reminder_offsets: (v: number[]) => [...new Set(v)].sort((a, b) => b - a) },
    unread: { smsru_api_key: 'write-only, checked with SMS.ru when given: tests/api/messages.test.ts reads smsru_api_key_set' },
  },
  run: ({ db, deps, user, params, body }) => saveMessaging(db, deps.config, user.id, params.id, body),
});

const links = (deps: { config: { publicUrl: string; widgetSecret: string } }) => ({ publicUrl: deps.config.publicUrl, widgetSecret: deps.config.widgetSecret });

export const saveMessageTemplate = defineWrite({
  records: { activity: 'message_template.changed' },
  kind: 'update', path: '/api/v2.2/locations/:id/message_templates/:kind/', summary: 'Save (or reset) one channel x language template of a message kind', tags, access: { minRole: 40 },
  params: kindParams, fields: templateFields,
  examples: { channel: 'email', language: 'ru', subject: 'Бронь {order}', body: 'Здравствуйте, {name}!', reset: false },
  answer: Templates,
  readBack: {
    path: '/api/v2.2/locations/:location/message_templates/confirmation/',
    find: (answer: { templates: { channel: string; language: string }[] }) => answer.templates.find((t) => t.channel === 'email' && t.language === 'ru'),
    unread: { reset: 'an instruction (back to the built-in text), not a stored field' },
  },
  run: ({ db, deps, user, params, body }) => saveTemplate(db, links(deps), user.id, params.id, params.kind, body),
});

export const previewMessageTemplate = defineWrite({
  records: { activity: { none: 'a preview of an unsaved text: nothing is stored' } },
  kind: 'action', path: '/api/v2.2/locations/:id/message_templates/:kind/preview/', summary: 'Render an unsaved template with sample values (an SMS with its segments)', tags, access: { minRole: 40 },
  params: kindParams, fields: templateFields,
  examples: { channel: 'sms', language: 'ru', subject: '', body: 'Бронь {order}: {date} {time}', reset: false },
  answer: Rendered,
  run: ({ db, deps, user, params, body }) => previewTemplate(db, links(deps), user.id, params.id, params.kind, body),
});

export const testMessageTemplate = defineWrite({
  records: { activity: { none: 'a test message to the caller: no customer, nothing stored' } },
  kind: 'action', path: '/api/v2.2/locations/:id/message_templates/:kind/test/', summary: 'Send the saved template of a kind to the caller now (e-mail, or SMS to their phone)', tags, access: { minRole: 40 },
  params: kindParams,
  fields: { channel: z.enum(MESSAGE_CHANNELS), language: z.enum(MESSAGE_LANGUAGES) },
  examples: { channel: 'email', language: 'ru' },
  answer: Rendered.extend({ to: z.string(), channel: z.enum(MESSAGE_CHANNELS) }),
  run: ({ db, deps, user, params, body }) => sendTest(deps, user.id, params.id, params.kind, body.channel, body.language),
});
