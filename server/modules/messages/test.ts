// #45 "Send me a test": the kind's saved (or built-in) template with sample values, sent now to the
// caller (their e-mail, or an SMS to their phone through the location's SMS.ru account), outside the
// outbox and the messages list: nothing of a customer's, and the editor waits for the answer.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { fieldError } from '../../platform/errors';
import type { MessageChannel, MessageKind, MessageLanguage } from '../../../domain/customerMessages';
import { locationSender } from '../locations/letters';
import { messagingOf, smsKeyOf } from './settings';
import { SmsRuError, sendSms } from './smsru';
import { noPhone, testMessage } from './templates';

export async function sendTest(deps: Deps, userId: number, locationId: number, kind: MessageKind, channel: MessageChannel, language: MessageLanguage) {
  const { db, config } = deps;
  const text = await testMessage(db, { publicUrl: config.publicUrl, widgetSecret: config.widgetSecret }, userId, locationId, kind, channel, language);
  const [me] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  if (channel === 'email') {
    await deps.mailer.send({ to: me!.email, subject: text.subject, text: text.body, ...await locationSender(db, locationId, language) });
    return { ...text, to: me!.email, channel };
  }
  if (me!.phone.replace(/\D/g, '').length < 10) throw noPhone();
  const settings = await messagingOf(db, locationId);
  const apiKey = smsKeyOf(config, settings);
  if (!apiKey) throw fieldError('channel', 'message_test_no_sms');
  try {
    await sendSms({ apiUrl: config.smsruApiUrl, apiKey }, { to: me!.phone, text: text.body, from: settings.smsSender });
  } catch (err) {
    if (err instanceof SmsRuError) throw fieldError('non_field_errors', 'message_test_failed', { gateway_error: `${err.code ? `${err.code} ` : ''}${err.message}` });
    throw err;
  }
  return { ...text, to: me!.phone, channel };
}
