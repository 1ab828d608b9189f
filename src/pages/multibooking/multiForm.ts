// The multi-booking form's rules (booking spec §5, §9), pure so unit tests prove them: which
// sessions can be chosen (fully free ones of the_cube, arena and lounge playgrounds, night times
// last), the message key of each invalid field, the request body, and the form values of an
// existing multi-session order.
import { MULTI_CANCEL_DELAY_DEFAULT } from '../../../domain/constants';
import { fieldMessages } from '../../../domain/errors';
import { BOOKABLE_PLAYGROUND_TYPES, ORDER_TYPE } from '../../../domain/slotFlags';
import { isValidEmail, isValidPhone } from '../../../domain/validation';
import { startsAfterNow, type SlotBase } from '../../../domain/slot';
import { formatAmount, readAmount } from '../../../domain/money';
import type { Language } from '../../../domain/constants';
import { BOOKING_SOURCE, bookingFailure, type BookingFailure, type PromoState, type Refusal } from '../booking/bookingForm';

/** A playground as GET /locations/{id}/schedule_multi/ lists it. */
export interface MultiPlayground {
  id: number;
  name: string;
  types: string[];
  duration: number;
  max_players: number;
  group: number | null;
}

/** GET /api/v2.2/locations/{id}/schedule_multi/?date= */
export interface MultiSchedule {
  date: string;
  playgrounds: MultiPlayground[];
  schedule: SlotBase[];
}

/** GET /api/v2.2/locations/{id}/events_packages/?date= */
export interface EventPackage {
  id: number;
  name: string;
  price: string;
}

/** GET /api/v2.2/multibooking/{id}/ */
export interface MultiOrder {
  order_id: number;
  location_id: number;
  date: string | null;
  name: string;
  phone: string;
  email: string | null;
  persons: number;
  order_type: number;
  status: number;
  cost: string;
  discount: string;
  purchase: string;
  paid: string;
  promocode: string | null;
  bill: string | null;
  cancel_delay: number | null;
  comment: string;
  event_type_id: number | null;
  amo_id: string | null;
  multisession: boolean;
  /** #45 The customer's language for their messages (null: none stored). */
  language?: string | null;
  playsessions: { id: number; playground_id: number; session_dt: string; duration: number }[];
}

export interface MultiValues {
  date: string;
  cost: string;
  persons: string;
  name: string;
  phone: string;
  email: string;
  order_type: number;
  event_type_id: number | null;
  bill: boolean;
  cancel_delay: string;
  comment: string;
  promocode: string;
  /** Chosen sessions as keys `playground|YYYY-MM-DD HH:mm` (sessionKey). */
  sessions: string[];
  /** A CRM deal the order comes from (the /create?amo_id= route). */
  amo_id: string | null;
  /** #45 The customer's language for their messages ('ru' or 'en'; '' sends none: the order keeps its own). */
  language: string;
}

export type MultiField = Exclude<keyof MultiValues, 'amo_id' | 'language'>;
export type MultiErrors = Partial<Record<MultiField, string>>;

export const sessionKey = (playground: number, timeStart: string) => `${playground}|${timeStart}`;
export function parseSessionKey(key: string): { playground_id: number; session_dt: string } {
  const [pg, dt] = key.split('|');
  return { playground_id: Number(pg), session_dt: dt! };
}

export const emptyMulti = (date: string, prefill: Partial<MultiValues> = {}): MultiValues => ({
  date, cost: '', persons: '', name: '', phone: '', email: '', order_type: ORDER_TYPE.paid, event_type_id: null, bill: false,
  cancel_delay: String(MULTI_CANCEL_DELAY_DEFAULT), comment: '', promocode: '', sessions: [], amo_id: null, language: '', ...prefill,
});

/** The form's values for an existing multi-session order. */
export function multiFromOrder(order: MultiOrder, lang: Language = 'ru'): MultiValues {
  return {
    // The cost as the screens write amounts ('30 000,00'); readAmount takes it back.
    date: order.date ?? '', cost: formatAmount(order.cost, lang), persons: String(order.persons), name: order.name, phone: order.phone,
    email: order.email ?? '', order_type: order.order_type, event_type_id: order.event_type_id, bill: !!order.bill,
    cancel_delay: String(order.cancel_delay ?? MULTI_CANCEL_DELAY_DEFAULT), comment: order.comment ?? '',
    promocode: order.promocode ?? '', sessions: order.playsessions.map((p) => sessionKey(p.playground_id, p.session_dt)),
    amo_id: order.amo_id, language: order.language ?? '',
  };
}

/** Order types the location offers: event (4) only at a park or where events are available. */
export function multiOrderTypes(location: { is_park: boolean; is_events_available: boolean }): number[] {
  const types: number[] = [ORDER_TYPE.paid, ORDER_TYPE.technical, ORDER_TYPE.free];
  if (location.is_park || location.is_events_available) types.push(ORDER_TYPE.event);
  return types;
}

/** A bill (payment link) is for paid and event orders of the multi form. */
export const multiBillAllowed = (orderType: number) => orderType === ORDER_TYPE.paid || orderType === ORDER_TYPE.event;

/** Night sessions (00:00-05:59) sort after the others (booking spec §9). */
const nightLast = (begin: string) => `${begin < '06:00' ? 1 : 0}${begin}`;

export interface PlaygroundChoices {
  playground: MultiPlayground;
  slots: SlotBase[];
}

/**
 * The sessions the form offers per playground: only the_cube, arena and lounge playgrounds, only
 * fully free sessions that have not begun, night times last. Sessions the edited order already
 * holds (`own`) are offered too, since its own places do not make them busy.
 */
export function sessionChoices(schedule: MultiSchedule | undefined, now: string, own: ReadonlySet<string> = new Set()): PlaygroundChoices[] {
  if (!schedule) return [];
  const bookable = schedule.playgrounds.filter((p) => p.types.some((t) => (BOOKABLE_PLAYGROUND_TYPES as readonly string[]).includes(t)));
  return bookable.map((playground) => ({
    playground,
    slots: schedule.schedule
      .filter((s) => s.playground === playground.id)
      .filter((s) => own.has(sessionKey(s.playground, s.time_start))
        || (!s.archived && startsAfterNow(s, now) && s.available_persons >= playground.max_players))
      .sort((a, b) => nightLast(a.begin).localeCompare(nightLast(b.begin))),
  })).filter((c) => c.slots.length > 0);
}

/** A chosen session the form no longer offers (taken or removed meanwhile), and what could replace it. */
export interface GoneSession {
  key: string;
  timeStart: string;
  playgroundName: string;
  /** The offered sessions of the same playground not chosen yet. */
  others: SlotBase[];
}

/** The chosen sessions that are no longer offered, in the order chosen; the playground's name from the schedule. */
export function goneSessions(chosen: readonly string[], schedule: MultiSchedule, choices: readonly PlaygroundChoices[]): GoneSession[] {
  const offered = new Set(choices.flatMap((c) => c.slots.map((s) => sessionKey(s.playground, s.time_start))));
  return chosen.filter((key) => !offered.has(key)).map((key) => {
    const { playground_id, session_dt } = parseSessionKey(key);
    const choice = choices.find((c) => c.playground.id === playground_id);
    return {
      key,
      timeStart: session_dt,
      playgroundName: schedule.playgrounds.find((p) => p.id === playground_id)?.name ?? String(playground_id),
      others: (choice?.slots ?? []).filter((s) => !chosen.includes(sessionKey(s.playground, s.time_start))),
    };
  });
}

const DIGITS = /^\d+$/;

export interface MultiRules {
  creating: boolean;
  today: string;
  /** Order types offered at this location. */
  orderTypes: number[];
  /** Keys of the sessions still offered (a chosen one that was taken meanwhile is not). */
  offered: ReadonlySet<string>;
  /** The smallest max players of the chosen sessions' playgrounds. */
  maxPersons: number | null;
  promo: PromoState;
}

/** Message keys of the invalid fields (empty when the form can be sent). */
export function multiErrors(v: MultiValues, rules: MultiRules): MultiErrors {
  const e: MultiErrors = {};
  const required = 'validation.validationRequired';
  if (!v.name.trim()) e.name = required;
  if (!v.phone.trim()) e.phone = required;
  else if (!isValidPhone(v.phone.trim())) e.phone = 'validation.validationPhone';
  if (!v.email.trim()) e.email = required;
  else if (!isValidEmail(v.email.trim())) e.email = 'validation.validationEmail';
  if (!v.cost.trim()) e.cost = required;
  else if (readAmount(v.cost) === null) e.cost = 'validation.validationCost';
  // A paid order or an event takes money: above zero, as the server says (#25).
  else if ((v.order_type === ORDER_TYPE.paid || v.order_type === ORDER_TYPE.event) && !(Number(readAmount(v.cost)) > 0)) e.cost = 'validation.validationAmountPositive';
  if (!v.persons.trim()) e.persons = required;
  else if (!DIGITS.test(v.persons.trim()) || Number(v.persons) < 1) e.persons = 'validation.validationPersons';
  else if (rules.maxPersons !== null && Number(v.persons) > rules.maxPersons) e.persons = 'app.multibooking.errors.tooManyPersons';
  if (!v.order_type || !rules.orderTypes.includes(v.order_type)) e.order_type = required;
  if (v.order_type === ORDER_TYPE.event && !v.event_type_id) e.event_type_id = required;
  if (rules.creating && !v.date) e.date = required;
  else if (rules.creating && v.date < rules.today) e.date = 'app.booking.errors.pastDate';
  if (v.sessions.length === 0) e.sessions = 'app.multibooking.errors.sessions';
  else if (v.sessions.some((k) => !rules.offered.has(k))) e.sessions = 'app.multibooking.errors.sessionGone';
  if (v.promocode.trim() && rules.promo === 'invalid') e.promocode = 'validation.validationPromocode';
  if (v.bill && multiBillAllowed(v.order_type)) {
    if (!v.cancel_delay.trim()) e.cancel_delay = required;
    else if (!DIGITS.test(v.cancel_delay.trim()) || Number(v.cancel_delay) < 1) e.cancel_delay = 'validation.validationPersons';
  }
  return e;
}

/** The POST /multibooking/ (and update_part) body of the booking spec's multi-booking payload. */
export function multiBody(v: MultiValues, locationId: number) {
  const bill = v.bill && multiBillAllowed(v.order_type);
  const sessions = v.sessions.map(parseSessionKey).sort((a, b) => a.session_dt.localeCompare(b.session_dt) || a.playground_id - b.playground_id);
  return {
    date: v.date || null,
    cost: readAmount(v.cost) ?? v.cost.trim(),
    persons: Number(v.persons.trim()),
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    promocode: v.promocode.trim() || null,
    bill,
    cancel_delay: bill ? Number(v.cancel_delay) : null,
    order_type: v.order_type,
    event_type_id: v.order_type === ORDER_TYPE.event ? v.event_type_id : null,
    time: sessions[0]?.session_dt.slice(11, 16) ?? null,
    comment: v.comment,
    location_id: locationId,
    playsessions: sessions,
    amo_id: v.amo_id,
    source: BOOKING_SOURCE,
    ...(v.language === 'ru' || v.language === 'en' ? { language: v.language } : {}),
  };
}

export type MultiBody = ReturnType<typeof multiBody>;

/**
 * After a field changed: a new date drops the chosen sessions (they belong to the old date); a
 * type without bill switches it off; leaving the event type drops the package.
 */
export function changeMulti(v: MultiValues, patch: Partial<MultiValues>): MultiValues {
  const next = { ...v, ...patch };
  if ('date' in patch && patch.date !== v.date) next.sessions = [];
  if (!multiBillAllowed(next.order_type)) next.bill = false;
  if (next.order_type !== ORDER_TYPE.event) next.event_type_id = null;
  return next;
}

/**
 * The cost an event multi-booking is offered (#30): its package's price, or why there is none (no
 * package on sale that date, none chosen yet, or the chosen one, an edited order's, not on sale
 * that date). Null: not an event, or the date's packages are not read yet.
 */
type PackageOffer =
  | { kind: 'price'; name: string; price: string }
  | { kind: 'why'; reason: 'noPackageCost' | 'choosePackage' | 'packageNotOnSale' };

export function packageOffer(v: Pick<MultiValues, 'order_type' | 'date' | 'event_type_id'>, packages: readonly EventPackage[] | undefined): PackageOffer | null {
  if (v.order_type !== ORDER_TYPE.event || !v.date || !packages) return null;
  if (packages.length === 0) return { kind: 'why', reason: 'noPackageCost' };
  if (v.event_type_id === null) return { kind: 'why', reason: 'choosePackage' };
  const pkg = packages.find((p) => p.id === v.event_type_id);
  return pkg ? { kind: 'price', name: pkg.name, price: pkg.price } : { kind: 'why', reason: 'packageNotOnSale' };
}

/** Choosing a session again un-chooses it. */
export const toggleSession = (sessions: readonly string[], key: string) =>
  (sessions.includes(key) ? sessions.filter((k) => k !== key) : [...sessions, key]);

/** Why the server refused: the dialog's reason plus messages under the form's own fields. */
export function multiFailure(refusal: Refusal | null): BookingFailure & { multiFields: MultiErrors } {
  const failure = bookingFailure(refusal);
  const m = fieldMessages(refusal?.drfBody ?? null);
  const multiFields: MultiErrors = {};
  for (const field of ['name', 'phone', 'email', 'cost', 'persons', 'order_type', 'event_type_id', 'date', 'promocode', 'cancel_delay', 'comment'] as const) {
    if (m[field]) multiFields[field] = m[field];
  }
  if (m.playsessions) multiFields.sessions = m.playsessions;
  return { ...failure, multiFields };
}
