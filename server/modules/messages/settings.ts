// #45 A location's messaging settings (GET/PUT /api/v2.2/locations/{id}/messaging/, role 40 as the
// payment provider's): channels and mode, the SMS.ru key (write-only, sealed with the payment
// providers' secret box and key; answered as `smsru_api_key_set`), the sender chosen from the
// account's registered senders (SMS.ru my/senders, asked at the save: an unregistered one is a 400),
// the daily SMS limit, reminder offsets, quiet hours and the optional thank-you.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { locationMessaging, promocodes } from '../../db/schema';
import type { Config } from '../../config';
import { ApiError, fieldError } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import { activityChange } from '../../platform/activity';
import { recordEffects } from '../../platform/effects';
import { MESSAGE_CHANNELS, type MessageChannel, type MessageMode } from '../../../domain/customerMessages';
import { requireManagerAt } from '../locations/service';
import { seal, unseal } from '../paymentProviders/secretBox';
import { SmsRuError, smsBalance, smsSenders } from './smsru';

type Row = typeof locationMessaging.$inferSelect;

const DEFAULTS: Omit<Row, 'locationId' | 'updatedAt'> = {
  channels: [], mode: 'first_available', smsruApiKeyEnc: null, smsSender: '', smsSenders: [], smsDailyLimit: 300,
  reminderOffsets: [1440, 120], quietFrom: '22:00', quietTo: '09:00', thankYou: false, thankYouDelay: 60, thankYouPromocode: '',
};

/** The settings as the planner and the sender read them (the defaults where the location saved none). */
export async function messagingOf(db: DbOrTx, locationId: number): Promise<Omit<Row, 'updatedAt'>> {
  const [row] = await db.select().from(locationMessaging).where(eq(locationMessaging.locationId, locationId));
  return row ?? { locationId, ...DEFAULTS };
}

/** The location's SMS.ru key in plain text (null: none, or sealed under another key). */
export function smsKeyOf(config: Pick<Config, 'paymentProviderKey'>, row: { smsruApiKeyEnc: string | null }): string | null {
  return row.smsruApiKeyEnc ? unseal(config.paymentProviderKey, row.smsruApiKeyEnc) : null;
}

function view(r: Omit<Row, 'updatedAt'>) {
  return {
    channels: r.channels as MessageChannel[], mode: r.mode as MessageMode, smsru_api_key_set: !!r.smsruApiKeyEnc,
    sms_sender: r.smsSender, sms_senders: r.smsSenders, sms_daily_limit: r.smsDailyLimit, reminder_offsets: r.reminderOffsets,
    quiet_from: r.quietFrom, quiet_to: r.quietTo, thank_you: r.thankYou, thank_you_delay: r.thankYouDelay,
    thank_you_promocode: r.thankYouPromocode,
  };
}
export type MessagingView = ReturnType<typeof view>;

export async function getMessaging(db: Db, userId: number, locationId: number): Promise<MessagingView> {
  await requireManagerAt(db, userId, locationId);
  return view(await messagingOf(db, locationId));
}

export interface MessagingInput {
  channels?: MessageChannel[];
  mode?: MessageMode;
  smsru_api_key?: string;
  sms_sender?: string;
  sms_daily_limit?: number;
  reminder_offsets?: number[];
  quiet_from?: string;
  quiet_to?: string;
  thank_you?: boolean;
  thank_you_delay?: number;
  thank_you_promocode?: string;
}

/** The SMS.ru refusal or silence as the field's 400. */
function gatewayError(err: unknown): ApiError {
  if (err instanceof SmsRuError && err.code === 0) return fieldError('non_field_errors', 'smsru_unreachable', { gateway_error: err.message });
  if (err instanceof SmsRuError) return fieldError('smsru_api_key', 'smsru_refused', { gateway_error: `${err.code} ${err.message}` });
  throw err;
}

export async function saveMessaging(db: Db, config: Pick<Config, 'paymentProviderKey' | 'smsruApiUrl'>, userId: number, locationId: number, body: MessagingInput): Promise<MessagingView> {
  await requireManagerAt(db, userId, locationId);
  const before = await messagingOf(db, locationId);
  const newKey = body.smsru_api_key ? body.smsru_api_key : null;
  const key = newKey ?? smsKeyOf(config, before);
  const channels = MESSAGE_CHANNELS.filter((c) => (body.channels ?? before.channels).includes(c));
  const sender = body.sms_sender ?? before.smsSender;
  const errors: [string, MessageKey, Record<string, string>?][] = [];
  let senders = before.smsSenders;
  if (channels.includes('sms') && !key) errors.push(['smsru_api_key', 'required']);
  // The account's senders, read again whenever a key is given or SMS is on (operators block unregistered ones).
  if (key && (newKey || channels.includes('sms') || body.sms_sender !== undefined)) {
    try {
      senders = await smsSenders({ apiUrl: config.smsruApiUrl, apiKey: key });
      await smsBalance({ apiUrl: config.smsruApiUrl, apiKey: key });
    } catch (err) {
      throw gatewayError(err);
    }
    if (sender && !senders.includes(sender)) errors.push(['sms_sender', 'sms_sender_not_registered', { senders: senders.join(', ') || '—' }]);
    if (!sender && channels.includes('sms') && senders.length) errors.push(['sms_sender', 'required']);
  }
  // The offer of a marketing thank-you: one of the location's active promo codes, as it is written there.
  let promocode = before.thankYouPromocode;
  if (body.thank_you_promocode !== undefined) {
    promocode = '';
    if (body.thank_you_promocode) {
      const [code] = await db.select({ code: promocodes.code }).from(promocodes)
        .where(and(eq(promocodes.locationId, locationId), eq(promocodes.active, true), sql`upper(${promocodes.code}) = upper(${body.thank_you_promocode})`));
      if (code) promocode = code.code;
      else errors.push(['thank_you_promocode', 'thank_you_promocode_unknown', { code: body.thank_you_promocode }]);
    }
  }
  if (errors.length) throw new ApiError(400, undefined, Object.fromEntries(errors.map(([f, k, params]) => [f, [{ key: k, params }]])));
  const values = {
    channels, mode: body.mode ?? before.mode, smsruApiKeyEnc: newKey ? seal(config.paymentProviderKey, newKey) : before.smsruApiKeyEnc,
    smsSender: sender, smsSenders: senders, smsDailyLimit: body.sms_daily_limit ?? before.smsDailyLimit,
    reminderOffsets: body.reminder_offsets ? [...new Set(body.reminder_offsets)].sort((a, b) => b - a) : before.reminderOffsets,
    quietFrom: body.quiet_from ?? before.quietFrom, quietTo: body.quiet_to ?? before.quietTo,
    thankYou: body.thank_you ?? before.thankYou, thankYouDelay: body.thank_you_delay ?? before.thankYouDelay, thankYouPromocode: promocode, updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx.insert(locationMessaging).values({ locationId, ...values }).onConflictDoUpdate({ target: locationMessaging.locationId, set: values });
    // Never the key: whether it is set, and whether this change replaced it.
    const shape = (r: typeof values | Omit<Row, 'updatedAt'>) => ({
      channels: r.channels, mode: r.mode, smsru_api_key_set: !!r.smsruApiKeyEnc, sms_sender: r.smsSender, sms_daily_limit: r.smsDailyLimit,
      reminder_offsets: r.reminderOffsets.map((m) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`).join(', '), quiet_hours: `${r.quietFrom}–${r.quietTo}`, thank_you: r.thankYou, thank_you_delay: r.thankYouDelay,
      thank_you_promocode: r.thankYouPromocode,
    });
    await recordEffects(tx, { activity: activityChange(locationId, 'messaging.changed', '', shape(before), { ...shape(values), ...(newKey ? { smsru_api_key_changed: true } : {}) }) });
  });
  return view(await messagingOf(db, locationId));
}
