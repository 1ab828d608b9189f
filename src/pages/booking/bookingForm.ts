// The single booking form's rules (booking spec §4, §5, §8), pure so unit tests prove them: which
// times and persons can be chosen, the message key of each invalid field, the request body, and
// what the order-created dialog says when the server refuses.
import { fieldMessages, isRetryLater } from '../../../domain/errors';
import { readAmount } from '../../../domain/money';
import { ORDER_TYPE } from '../../../domain/slotFlags';
import { startsAfterNow } from '../../../domain/slot';
import { isValidEmail, isValidPhone } from '../../../domain/validation';
import type { Slot, SlotOrder } from '../../calendar/types';
import { ORDER_SOURCE, type BookingPayload } from '../../../domain/booking';

/** The business-site identifier the back-office sends as `source` (spec §9: a fixed value). */
export const BOOKING_SOURCE = ORDER_SOURCE.backoffice;
export const ORDER_TYPES = [ORDER_TYPE.paid, ORDER_TYPE.technical, ORDER_TYPE.free, ORDER_TYPE.event] as const;
export const DEFAULT_CANCEL_DELAY = '25';

export interface BookingValues {
  date: string;
  playground: number | null;
  /** The chosen slot's time_start, 'YYYY-MM-DD HH:mm'. */
  time: string;
  persons: number | null;
  order_type: number;
  game: number | null;
  name: string;
  phone: string;
  email: string;
  promocode: string;
  bill: boolean;
  cancel_delay: string;
  comment: string;
  seller: string;
  /** #45 The customer's language for their messages ('ru' or 'en'; '' sends none: the order keeps its own). */
  language: string;
}

/** The order being edited: its session keeps its places for it. */
export interface OwnBooking {
  playground: number;
  time_start: string;
  persons: number;
}

export const emptyBooking = (date: string, playground: number | null = null, time = '', language = ''): BookingValues => ({
  date, playground, time, persons: null, order_type: ORDER_TYPE.paid, game: null, name: '', phone: '', email: '',
  promocode: '', bill: false, cancel_delay: DEFAULT_CANCEL_DELAY, comment: '', seller: '', language,
});

/** #45 A new desk booking's language: the location's first one it has messages in (ru or en), else none. */
export function defaultBookingLanguage(languages: readonly string[] | undefined): string {
  return (languages ?? []).find((l) => l === 'ru' || l === 'en') ?? '';
}

/** The form's values for editing an order of a slot (the seller is given as its UUID). */
export function bookingFromOrder(order: SlotOrder, slot: Slot, date: string, sellerUid: string | null): BookingValues {
  return {
    date, playground: slot.playground, time: slot.time_start, persons: order.persons, order_type: order.order_type,
    game: order.game_id, name: order.name, phone: order.phone, email: order.email ?? '', promocode: order.promocode ?? '',
    bill: !!order.bill, cancel_delay: order.cancel_delay ? String(order.cancel_delay) : DEFAULT_CANCEL_DELAY,
    comment: order.comment ?? '', seller: sellerUid ?? '', language: order.language ?? '',
  };
}

const isOwn = (slot: Pick<Slot, 'playground' | 'time_start'>, own: OwnBooking | null | undefined) =>
  !!own && own.playground === slot.playground && own.time_start === slot.time_start;

/** Time choices: the playground's slots of the date, without full ones and ones already begun (the order's own stays). */
export function timeChoices(slots: readonly Slot[], now: string, own?: OwnBooking | null, nowMs: number = Date.now()): Slot[] {
  // Not begun on the real timeline: during a repeated hour the wall-clock text alone would mislead.
  return slots.filter((s) => isOwn(s, own) || (s.available_persons > 0 && startsAfterNow(s, now, nowMs) && !s.archived));
}

/** Persons choices: 1 .. min(max players, places left), the edited order's own persons added back. */
export function personsChoices(maxPlayers: number, slot: Pick<Slot, 'playground' | 'time_start' | 'available_persons'> | null | undefined, own?: OwnBooking | null): number[] {
  if (!slot) return [];
  const places = slot.available_persons + (isOwn(slot, own) ? own!.persons : 0);
  const top = Math.min(maxPlayers, places);
  return Array.from({ length: Math.max(0, top) }, (_, i) => i + 1);
}

/** A game must be chosen when the session is priced per person. */
export const gameRequired = (slot: Pick<Slot, 'pricing'> | null | undefined) => slot?.pricing?.personal_price != null;

/**
 * The booking spec's "prepayment not set" message: the chosen session's schedule gives no
 * prepayment (no pricing row covers it), so nothing says how much a payment link asks for.
 */
export const prepaymentNotSet = (slot: Pick<Slot, 'pricing'> | null | undefined) => !!slot && (slot.pricing == null || slot.pricing.prepayment == null);

/** Bill (payment link) is only for paid orders. */
export const billAllowed = (orderType: number) => orderType === ORDER_TYPE.paid;

export type PromoState = 'idle' | 'checking' | 'valid' | 'invalid';

export interface BookingRules {
  /** Today's business date at the location. */
  today: string;
  /** Whether the chosen time is among the choices (a stale time after a reload is not). */
  slot: Slot | null;
  personsChoices: number[];
  promo: PromoState;
  /** #30: the location books walk-ins without the guest's name and phone. */
  walkIns?: boolean;
}

export type BookingErrors = Partial<Record<keyof BookingValues, string>>;

const DIGITS = /^\d+$/;

/** Message keys of the invalid fields (empty when the form can be sent). */
export function bookingErrors(v: BookingValues, rules: BookingRules): BookingErrors {
  const e: BookingErrors = {};
  const required = 'validation.validationRequired';
  if (!v.date) e.date = required;
  else if (v.date < rules.today) e.date = 'app.booking.errors.pastDate';
  if (!v.playground) e.playground = required;
  if (!v.time || !rules.slot) e.time = required;
  if (!v.persons) e.persons = required;
  else if (rules.slot && !rules.personsChoices.includes(v.persons)) e.persons = 'app.booking.errors.persons';
  if (!v.order_type) e.order_type = required;
  if (gameRequired(rules.slot) && !v.game) e.game = required;
  if (!v.name.trim() && !rules.walkIns) e.name = required;
  if (!v.phone.trim()) { if (!rules.walkIns) e.phone = required; }
  else if (!isValidPhone(v.phone.trim())) e.phone = 'validation.validationPhone';
  if (v.email.trim() && !isValidEmail(v.email)) e.email = 'validation.validationEmail';
  if (v.promocode.trim() && rules.promo === 'invalid') e.promocode = 'validation.validationPromocode';
  if (v.bill && billAllowed(v.order_type)) {
    if (!v.cancel_delay.trim()) e.cancel_delay = required;
    else if (!DIGITS.test(v.cancel_delay.trim()) || Number(v.cancel_delay) < 1) e.cancel_delay = 'validation.validationPersons';
  }
  return e;
}

/** What the form sends: the shared payload of domain/booking.ts. */
export type BookingBody = BookingPayload;

/** The POST/PUT /booking/ body. Empty seller, email and promocode become null; bill only for paid orders. */
export function bookingBody(v: BookingValues): BookingBody {
  const bill = v.bill && billAllowed(v.order_type);
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    playground_id: v.playground!,
    persons: v.persons!,
    order_type: v.order_type,
    promocode: orNull(v.promocode),
    name: v.name.trim(),
    phone: v.phone.trim(),
    email: orNull(v.email),
    bill,
    cancel_delay: bill ? Number(v.cancel_delay) : null,
    comment: v.comment,
    session_dt: v.time,
    game_id: v.game,
    seller: orNull(v.seller),
    source: BOOKING_SOURCE,
    ...(v.language === 'ru' || v.language === 'en' ? { language: v.language } : {}),
  };
}

export type FailureReason = 'noPayment' | 'timeSlotBusy' | 'phone' | 'sellerNotFound' | 'sellerNotCorrect' | 'cancelDelay' | 'server' | 'tryLater';

export interface BookingFailure {
  reason: FailureReason;
  /** `server` and `cancelDelay`: the server's reasons, one per line (src/dataProvider/refusal.ts). */
  texts?: readonly string[];
  /** Server messages of form fields, to show under them (contract strings such as the seller's are translated by the reason). */
  fields: Partial<Record<keyof BookingValues, string>>;
}

/** A refused call as the HTTP client reads it (ApiError): its status, body and reasons. */
export interface Refusal { status: number; drfBody: unknown; reasons: readonly string[] }

const BUSY_DATETIME = 'Free sessions not found for this event on this location at given time';

/**
 * What the order-created dialog says about a refused booking (spec §8, in the catalogue's order):
 * the catalogue's named cases keep their texts; any other refusal shows the server's reasons (#39:
 * no provider, a closed location, a provider without an answer all have one); "try later" only
 * when there was no answer or the server failed. `null`: not a call's refusal (a bug of ours).
 */
export function bookingFailure(refusal: Refusal | null): BookingFailure {
  const body = refusal?.drfBody ?? null;
  const m = fieldMessages(body);
  const fields: BookingFailure['fields'] = {};
  for (const [server, field] of [['phone', 'phone'], ['email', 'email'], ['name', 'name'], ['promocode', 'promocode'], ['game_id', 'game'],
    ['cancel_delay', 'cancel_delay'], ['comment', 'comment']] as const) {
    if (m[server]) fields[field] = m[server];
  }
  if (m.bill === 'null payment') return { reason: 'noPayment', fields };
  if (m.persons === 'wrong persons number' || m.datetime_start === BUSY_DATETIME) return { reason: 'timeSlotBusy', fields };
  if (m.phone) return { reason: 'phone', fields };
  if (m.seller === 'not found') return { reason: 'sellerNotFound', fields };
  if (m.seller === 'Must be a valid UUID.') return { reason: 'sellerNotCorrect', fields };
  if (m.cancel_delay) return { reason: 'cancelDelay', texts: [m.cancel_delay], fields };
  if (!refusal || isRetryLater(refusal.status) || refusal.reasons.length === 0) return { reason: 'tryLater', fields };
  return { reason: 'server', texts: refusal.reasons, fields };
}

/**
 * The values after a field changed: date or playground reset time, persons and (for a new booking)
 * the promo code, as the spec says; a non-paid type switches bill off. An edited order keeps its
 * promo code over a change of session (issue #15: switching the playground away and back must not
 * drop the discount of a paid order): it is checked again for the new session, and the field says
 * when it does not apply there.
 */
export function changeBooking(v: BookingValues, patch: Partial<BookingValues>, editing = false): BookingValues {
  const next = { ...v, ...patch };
  if (('date' in patch && patch.date !== v.date) || ('playground' in patch && patch.playground !== v.playground)) {
    next.time = '';
    next.persons = null;
    if (!editing) next.promocode = '';
  }
  if (!billAllowed(next.order_type)) next.bill = false;
  return next;
}

/**
 * After the choices changed: with no number chosen yet, the smallest one allowed is taken (a single
 * choice among them, as the spec says). A chosen number is never changed behind the cashier's back
 * (#30): when another desk leaves fewer places, the form says so (SessionWatch) and the field is
 * invalid until they choose.
 */
export function settlePersons(v: BookingValues, choices: number[]): BookingValues {
  if (v.persons === null && choices.length > 0) return { ...v, persons: choices[0]! };
  return v;
}

/** #30: the only game offered is chosen (nothing else is changed, and a chosen game stays). */
export function settleGame(v: BookingValues, gameIds: readonly number[] | undefined): BookingValues {
  if (v.game === null && gameIds?.length === 1) return { ...v, game: gameIds[0]! };
  return v;
}

/**
 * #30: the session a clicked slot leads to. The slot itself when it can be booked, else the nearest
 * bookable session after it (it began, or filled, while the cashier clicked), else none.
 */
export function nearestBookable(time: string, offered: readonly Pick<Slot, 'time_start'>[]): string {
  if (!time || offered.some((s) => s.time_start === time)) return time;
  return offered.map((s) => s.time_start).filter((t) => t > time).sort()[0] ?? '';
}

/** Payment types of the pay dialog: cash, certificate, bill, card (spec §9). */
export const PAYMENT_TYPES = [2, 3, 4, 6] as const;
export const CERTIFICATE_PAYMENT = 3;
/** An amount field's rule: one the cashier may type grouped ("1 500,50"), read by the one reader (domain/money.ts readAmount). */
export const amountRule = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' || readAmount(v) !== null ? undefined : 'validation.validationCost');

