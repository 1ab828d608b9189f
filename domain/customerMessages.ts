// #45 Messages to customers: what they are (kinds, channels, states), the templates' variables and
// built-in texts in ru and en, rendering, an SMS's segments, and the planning rules (reminders at their
// offsets, none inside the window, quiet hours). Pure: the server plans and sends with these, the
// template editor previews with the same functions.
import type { EnumLabels } from './enumLabels';
import { formatLocal, instantOfLocal } from './zonedTime';

export const MESSAGE_KINDS = ['confirmation', 'reminder', 'change', 'cancellation', 'refund', 'thank_you'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_MODES = ['first_available', 'all'] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];
export const MESSAGE_STATES = ['pending', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'skipped', 'cancelled'] as const;
export const MESSAGE_LANGUAGES = ['ru', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** An SMS template's body: at most this many characters (SMS.ru joins up to 5 UCS-2 parts, 335 characters). */
export const SMS_BODY_MAX = 335;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 5000;
/** A reminder held by quiet hours goes when they end only if that is at least this long before the session. */
export const QUIET_MARGIN_MINUTES = 30;

export const MESSAGE_KIND_LABELS = {
  confirmation: { ru: 'Подтверждение', en: 'Confirmation' },
  reminder: { ru: 'Напоминание', en: 'Reminder' },
  change: { ru: 'Изменение', en: 'Change' },
  cancellation: { ru: 'Отмена', en: 'Cancellation' },
  refund: { ru: 'Возврат', en: 'Refund' },
  thank_you: { ru: 'Благодарность', en: 'Thank-you' },
} satisfies EnumLabels;
export const MESSAGE_CHANNEL_LABELS = { email: { ru: 'Эл. почта', en: 'E-mail' }, sms: { ru: 'СМС', en: 'SMS' } } satisfies EnumLabels;
export const MESSAGE_MODE_LABELS = {
  first_available: { ru: 'первым доступным каналом', en: 'by the first channel available' },
  all: { ru: 'всеми каналами', en: 'by every channel' },
} satisfies EnumLabels;
export const MESSAGE_STATE_LABELS = {
  pending: { ru: 'Ожидает', en: 'Pending' },
  sending: { ru: 'Отправляется', en: 'Sending' },
  sent: { ru: 'Отправлено', en: 'Sent' },
  delivered: { ru: 'Доставлено', en: 'Delivered' },
  failed: { ru: 'Не отправлено', en: 'Failed' },
  unknown: { ru: 'Неизвестно', en: 'Unknown' },
  skipped: { ru: 'Пропущено', en: 'Skipped' },
  cancelled: { ru: 'Отменено', en: 'Cancelled' },
} satisfies EnumLabels;

/** The variables every kind has. */
const COMMON = ['name', 'location', 'date', 'time', 'playground', 'persons', 'order', 'venue_phone'] as const;
/** The variables a kind's templates may use (`{name}`); any other is refused. */
export const MESSAGE_VARIABLES: Record<MessageKind, readonly string[]> = {
  // #46 {booking_link}: the customer's own page of the booking (see, pay, add to a calendar, move, cancel).
  confirmation: [...COMMON, 'arrival_link', 'booking_link'],
  reminder: [...COMMON, 'arrival_link', 'booking_link'],
  change: [...COMMON, 'changes', 'booking_link'],
  cancellation: COMMON,
  refund: [...COMMON, 'amount'],
  // #45 A promo code makes the thank-you marketing (the location's `thank_you_promocode`): its lines,
  // and the unsubscribe link's, are left out of a thank-you without one.
  thank_you: [...COMMON, 'promo_code', 'unsubscribe_link'],
};

/** Variables whose whole line is left out when they have no value (arrivals off, no offer). */
const LINE_VARIABLES = ['arrival_link', 'promo_code', 'unsubscribe_link'];

const VARIABLE_RE = /\{([a-z_][a-z0-9_]*)\}/gi;

/** The variables a text uses that its kind does not have (empty: the text is good). */
export function unknownVariables(kind: MessageKind, text: string): string[] {
  const known = MESSAGE_VARIABLES[kind];
  return [...new Set([...text.matchAll(VARIABLE_RE)].map((m) => m[1]!).filter((v) => !known.includes(v)))];
}

/**
 * A template with its values. A line naming {arrival_link}, {promo_code} or {unsubscribe_link} is left
 * out when it has no value (arrivals off; a thank-you without an offer). Each variable of `append`
 * with a value that the template does not name goes as its last line: the arrival link in every
 * confirmation and reminder (#44), the unsubscribe link in every marketing thank-you (#45), the
 * booking's own page in every confirmation (#46).
 */
export function renderTemplate(text: string, values: Record<string, string>, opts: { append?: readonly string[] } = {}): string {
  const empty = LINE_VARIABLES.filter((name) => !values[name]);
  const lines = text.split('\n').filter((line) => !empty.some((name) => line.includes(`{${name}}`)));
  // A blank line left before a dropped last line goes with it.
  const out = lines.join('\n').replace(VARIABLE_RE, (whole, name: string) => (name in values ? values[name]! : whole)).trimEnd();
  const appended = (opts.append ?? []).filter((name) => values[name] && !text.includes(`{${name}}`)).map((name) => values[name]!);
  return [out, ...appended].join('\n');
}

export interface Template { subject: string; body: string }

// The built-in templates: what a location sends until it saves its own.
const RU_EMAIL: Record<MessageKind, Template> = {
  confirmation: {
    subject: 'Бронирование №{order} подтверждено — {location}',
    body: 'Здравствуйте, {name}!\n\nЖдём вас в «{location}» {date} в {time}: {playground}, гостей: {persons}.\nЗаполните анкету и примите правила до прихода: {arrival_link}\nВаша бронь: оплатить, перенести, отменить, добавить в календарь — {booking_link}\n\nЕсли планы изменятся, позвоните нам: {venue_phone}.',
  },
  reminder: {
    subject: 'Напоминание: {date} в {time} — {location}',
    body: 'Здравствуйте, {name}!\n\nНапоминаем о бронировании №{order}: {date} в {time}, {playground}, гостей: {persons}.\nЗаполните анкету и примите правила до прихода: {arrival_link}\nВаша бронь: {booking_link}\n\nТелефон: {venue_phone}.',
  },
  change: {
    subject: 'Бронирование №{order} изменено — {location}',
    body: 'Здравствуйте, {name}!\n\nВаше бронирование изменено: {changes}.\nТеперь: {date} в {time}, {playground}, гостей: {persons}.\nВаша бронь: {booking_link}\n\nТелефон: {venue_phone}.',
  },
  cancellation: {
    subject: 'Бронирование №{order} отменено — {location}',
    body: 'Здравствуйте, {name}!\n\nБронирование №{order} на {date} в {time} отменено.\n\nТелефон: {venue_phone}.',
  },
  refund: {
    subject: 'Возврат по заказу №{order} — {location}',
    body: 'Здравствуйте, {name}!\n\nМы вернули {amount} по заказу №{order}.\n\nТелефон: {venue_phone}.',
  },
  thank_you: {
    subject: 'Спасибо, что были у нас — {location}',
    body: 'Здравствуйте, {name}!\n\nСпасибо, что пришли в «{location}». Будем рады видеть вас снова.\nВаш промокод на следующий визит: {promo_code}\n\nОтказаться от предложений: {unsubscribe_link}',
  },
};
const EN_EMAIL: Record<MessageKind, Template> = {
  confirmation: {
    subject: 'Booking no. {order} confirmed — {location}',
    body: 'Hello {name},\n\nWe expect you at {location} on {date} at {time}: {playground}, guests: {persons}.\nFill in the form and accept the rules before you come: {arrival_link}\nYour booking: pay, move, cancel, add to your calendar — {booking_link}\n\nIf your plans change, call us: {venue_phone}.',
  },
  reminder: {
    subject: 'Reminder: {date} at {time} — {location}',
    body: 'Hello {name},\n\nA reminder of booking no. {order}: {date} at {time}, {playground}, guests: {persons}.\nFill in the form and accept the rules before you come: {arrival_link}\nYour booking: {booking_link}\n\nPhone: {venue_phone}.',
  },
  change: {
    subject: 'Booking no. {order} changed — {location}',
    body: 'Hello {name},\n\nYour booking was changed: {changes}.\nNow: {date} at {time}, {playground}, guests: {persons}.\nYour booking: {booking_link}\n\nPhone: {venue_phone}.',
  },
  cancellation: {
    subject: 'Booking no. {order} cancelled — {location}',
    body: 'Hello {name},\n\nBooking no. {order} for {date} at {time} is cancelled.\n\nPhone: {venue_phone}.',
  },
  refund: {
    subject: 'Refund of order no. {order} — {location}',
    body: 'Hello {name},\n\nWe have refunded {amount} of order no. {order}.\n\nPhone: {venue_phone}.',
  },
  thank_you: {
    subject: 'Thank you for coming — {location}',
    body: 'Hello {name},\n\nThank you for coming to {location}. We hope to see you again.\nYour promo code for the next visit: {promo_code}\n\nUnsubscribe from offers: {unsubscribe_link}',
  },
};
const RU_SMS: Record<MessageKind, string> = {
  confirmation: 'Бронь №{order} подтверждена: {date} {time}, {location}, гостей: {persons}.\nАнкета: {arrival_link}\nБронь: {booking_link}',
  reminder: 'Напоминаем: {date} {time}, {location}, бронь №{order}.\nАнкета: {arrival_link}',
  change: 'Бронь №{order} изменена: {date} {time}, {location}, гостей: {persons}.',
  cancellation: 'Бронь №{order} на {date} {time} отменена. {location}',
  refund: 'Возврат {amount} по заказу №{order}. {location}',
  thank_you: 'Спасибо, что были в {location}! Ждём снова.\nПромокод: {promo_code}\nОтписка: {unsubscribe_link}',
};
const EN_SMS: Record<MessageKind, string> = {
  confirmation: 'Booking {order} confirmed: {date} {time}, {location}, guests: {persons}.\nForm: {arrival_link}\nBooking: {booking_link}',
  reminder: 'Reminder: {date} {time}, {location}, booking {order}.\nForm: {arrival_link}',
  change: 'Booking {order} changed: {date} {time}, {location}, guests: {persons}.',
  cancellation: 'Booking {order} for {date} {time} is cancelled. {location}',
  refund: 'Refund of {amount} for order {order}. {location}',
  thank_you: 'Thank you for coming to {location}! See you again.\nPromo code: {promo_code}\nUnsubscribe: {unsubscribe_link}',
};

/** The built-in template of a kind, channel and language (an SMS has no subject). */
export function defaultTemplate(kind: MessageKind, channel: MessageChannel, lang: MessageLanguage): Template {
  if (channel === 'sms') return { subject: '', body: (lang === 'en' ? EN_SMS : RU_SMS)[kind] };
  return (lang === 'en' ? EN_EMAIL : RU_EMAIL)[kind];
}

// GSM 03.38: the basic set (one septet each) and the extension table (two: an escape and the character).
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them (an extension character is two; UCS-2 counts UTF-16 units). */
  length: number;
  segments: number;
}

/** How many SMS a text takes: GSM-7 160 in one part, 153 per part when split; UCS-2 (Cyrillic) 70 and 67. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else { gsm = false; break; }
  }
  if (gsm) return { encoding: 'GSM-7', length: septets, segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'UCS-2', length: units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

// ---- planning ----

/** Quiet hours as local wall-clock 'HH:mm' (from 22:00 to 09:00 spans midnight; equal: none). */
export interface QuietHours { from: string; to: string }

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** When the quiet hours that hold the instant `ms` end (an instant), or null when `ms` is not in them. */
export function quietEnd(tz: string, ms: number, quiet: QuietHours): number | null {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const local = formatLocal(tz, ms).slice(0, 16);
  const t = minutesOf(local.slice(11, 16));
  const date = local.slice(0, 10);
  const inQuiet = from < to ? t >= from && t < to : t >= from || t < to;
  if (!inQuiet) return null;
  // Before `to` on the same day (the night's second half, or a daytime span), else the next day's `to`.
  const endDate = t < to ? date : nextDay(date);
  return instantOfLocal(tz, `${endDate} ${quiet.to}`);
}

export type SkipReason = 'quiet_hours' | 'superseded';
export interface PlannedReminder { offset: number; dueMs: number; skipped?: SkipReason }

/**
 * The reminders of a session starting at `startMs`: one per offset (minutes before), none whose time
 * has passed (a booking made inside its window gets none). One due in quiet hours goes when they end
 * if that is at least 30 minutes before the session, else it is skipped (kept, to be logged); one that
 * quiet hours bring to or past a nearer reminder's time is superseded by it.
 */
export function planReminders(o: { tz: string; nowMs: number; startMs: number; offsets: readonly number[]; quiet: QuietHours }): PlannedReminder[] {
  const out: PlannedReminder[] = [];
  for (const offset of [...new Set(o.offsets)].sort((a, b) => b - a)) {
    const due = o.startMs - offset * 60_000;
    if (due <= o.nowMs) continue;
    const end = quietEnd(o.tz, due, o.quiet);
    if (end === null) out.push({ offset, dueMs: due });
    else if (end <= o.startMs - QUIET_MARGIN_MINUTES * 60_000) out.push({ offset, dueMs: end });
    else out.push({ offset, dueMs: due, skipped: 'quiet_hours' });
  }
  const kept = out.filter((r) => !r.skipped);
  for (let i = 0; i < kept.length - 1; i++) if (kept[i]!.dueMs >= kept[i + 1]!.dueMs) kept[i]!.skipped = 'superseded';
  return out;
}

/** The thank-you's time: `delay` minutes after the session's end, held to the end of quiet hours. */
export function planThankYou(o: { tz: string; endMs: number; delay: number; quiet: QuietHours }): number {
  const due = o.endMs + o.delay * 60_000;
  return quietEnd(o.tz, due, o.quiet) ?? due;
}

/**
 * The channels a message goes by: `all` every channel of the location the order can be reached on;
 * `first_available` the first of them (e-mail before SMS), the rest its fallbacks in order.
 */
export function channelsFor(channels: readonly MessageChannel[], mode: MessageMode, contact: { email: boolean; phone: boolean }): MessageChannel[] {
  const reachable = MESSAGE_CHANNELS.filter((c) => channels.includes(c) && (c === 'email' ? contact.email : contact.phone));
  return mode === 'all' ? reachable : reachable.slice(0, 1);
}

/** The fallback of a first_available message whose channel failed: the next reachable channel, if any. */
export function fallbackChannel(channels: readonly MessageChannel[], failed: MessageChannel, contact: { email: boolean; phone: boolean }): MessageChannel | null {
  const reachable = MESSAGE_CHANNELS.filter((c) => channels.includes(c) && (c === 'email' ? contact.email : contact.phone));
  return reachable.find((c) => c !== failed && reachable.indexOf(c) > reachable.indexOf(failed)) ?? null;
}
