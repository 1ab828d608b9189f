// Schemas of the records the API answers, for the API document only (`schema.answers`, see
// platform/openapi.ts): the shapes the handlers build, shared by the routes that answer the same
// record. A record with an id (`.meta({ id })`) is one component of /api/docs/json.
// tests/api/openapi-conformance.test.ts checks real answers against them.
import { z } from 'zod';

export const int = () => z.number().int();
/** An amount as text with two decimals (`"1500.00"`), as PostgreSQL's numeric gives it. */
export const money = () => z.string().describe('A decimal amount as text, e.g. "1500.00".');
/** A day, `YYYY-MM-DD`. */
export const day = () => z.string().describe('YYYY-MM-DD');
/** A wall-clock time at the location, `YYYY-MM-DD HH:MM`. */
export const localDateTime = () => z.string().describe('YYYY-MM-DD HH:MM on the location\'s clock');
/** An instant, ISO 8601 in UTC (`2026-06-15T09:00:00.000Z`). */
export const instant = () => z.string().describe('An ISO 8601 instant (UTC).');

/** A message for the user in the language of the request. */
export const DetailAnswer = z.object({ detail: z.string() }).meta({ id: 'DetailAnswer', description: 'A message in the language of Accept-Language.' });

export const Currency = z.object({ code: z.string(), is_before: z.boolean(), blank_place: z.boolean(), unicode: z.string() })
  .meta({ id: 'Currency', description: 'How an amount of this currency is written (domain/money.ts).' });

/** Something named: a game, a location in a short list, a group. */
export const Named = z.object({ id: int(), name: z.string() }).meta({ id: 'Named' });

export const User = z.object({
  id: int(), uid: z.string(), name: z.string(), email: z.string(), phone: z.string(), avatar: z.string().nullable(),
}).meta({ id: 'User' });

export const Role = z.object({ id: int(), value: int() }).meta({ id: 'Role' });

export const Me = User.extend({ role: Role.nullable() }).meta({ id: 'Me', description: 'The signed-in user with the highest role they have.' });

export const Playground = z.object({
  id: int(), name: z.string(), types: z.array(z.string()), duration: int(), max_players: int(), max_persons: int(), group: int().nullable(),
  uuid_token: z.string().nullable().describe('The launcher\'s token: only for callers with the permission `techsessions`, else null.'),
  tech_control: z.boolean(), tech_sessions_access_expires_at: instant().nullable(),
}).meta({ id: 'Playground' });

const Country = z.object({ id: int(), name: z.string(), slug: z.string() });
const LocationTranslation = z.object({
  language: z.string(), name: z.string(), address: z.string(), distance: z.string(), opening_times: z.string(),
  payment_description: z.string(), parking_description: z.string(), description: z.string(),
});

/** A location as the catalogue shows it (public facts). */
export const LocationCard = z.object({
  id: int(), name: z.string(), city: z.string(), city_slug: z.string(), country: Country.nullable(),
  lat: z.string().nullable(), lng: z.string().nullable(), currency: Currency.nullable(), languages: z.array(z.string()),
  translations: z.array(LocationTranslation), is_park: z.boolean(), is_events_available: z.boolean(),
}).meta({ id: 'LocationCard' });

/** A location of the caller's, with their role there. */
export const Location = LocationCard.extend({
  timezone: z.string(), is_active: z.boolean(), allow_refill: z.boolean(), balance: money(), b2b_currency: Currency.nullable(),
  playgrounds: z.array(Playground),
  playground_groups: z.array(z.object({ id: int(), name: z.string(), playgrounds: z.array(int()) })),
  role: Role,
}).meta({ id: 'Location' });

export const LocationDetail = Location.extend({
  group_discount_percent: int(), early_booking: z.array(z.object({ days: int(), discount: int() })),
}).meta({ id: 'LocationDetail' });

export const Geo = z.array(Country.extend({ cities: z.array(z.object({ id: int(), name: z.string(), slug: z.string() })) }));

export const PlaygroundGroup = z.object({ id: int(), name: z.string(), location: int(), playgrounds: z.array(int()) }).meta({ id: 'PlaygroundGroup' });

export const Holiday = z.object({ id: int(), date: day(), kind: z.enum(['holiday', 'pre_holiday']), name: z.string(), country: int() }).meta({ id: 'Holiday' });

const ScheduleBreak = z.object({ start: z.string(), duration: int(), date: day().nullable() });
const PricingRow = z.object({
  id: int().optional(), currency_id: int().nullable(), session_price: z.string().nullable(), personal_price: z.string().nullable(),
  prepayment: z.string().describe('A fraction 0-1 as text.'), start: z.string(),
}).meta({ id: 'PricingRow' });
const ScheduleItem = z.object({
  id: int().optional(), begin: z.string(), end: z.string(), duration: int(), overlap: int(), day_types: z.array(int()),
  breaks: z.array(ScheduleBreak), pricing: z.array(PricingRow),
});
export const Schedule = z.object({
  id: int(), name: z.string(), start_dt: day(), disabled: z.boolean(), playground_group: int(), location: int(),
  breaks: z.array(ScheduleBreak), items: z.array(ScheduleItem),
}).meta({ id: 'Schedule' });

export const ScheduleCheck = z.object({
  items: z.array(z.object({
    index: int(), day_types: z.array(int()),
    sessions: z.array(z.object({ time_start: z.string(), time_end: z.string(), pricing: PricingRow.nullable() })),
  })),
});

const SlotPricing = z.object({
  session_price: money().nullable(), personal_price: money().nullable(), prepayment: z.string().nullable(), discount: money(), currency: Currency.nullable(),
});
const SlotOrder = z.object({
  id: int(), name: z.string(), phone: z.string(), email: z.string().nullable(), cost: money(), discount: money(), promocode: z.string().nullable(),
  bill: z.string().nullable(), cancel_delay: int().nullable(), comment: z.string(), seller_user_id: int().nullable(), staff_user_id: int().nullable(),
  game_id: int().nullable(), multisession: z.boolean(), source: z.string(), created: z.string(),
  status: int(), order_type: int(), persons: int(), purchase: money(), paid: money(), need_paid: money(),
});
/** A session of a playground (booked or free) as the day views show it. */
export const Slot = z.object({
  time_start: localDateTime(), time_end: localDateTime(), begin: z.string(), end: z.string(),
  utc_offset: z.string().optional().describe('Only on a day whose sessions are not all at one UTC offset.'),
  duration: int(), available_persons: int(), playground: int(), playground_name: z.string(), session_id: int().nullable(),
  game: Named.nullable(), pricing: SlotPricing.nullable(), outside_schedule: z.boolean(),
  free: z.boolean(), pending: z.boolean(), not_paid: z.boolean(), need_paid: z.boolean(), paid: z.boolean(), event: z.boolean(), archived: z.boolean(),
  orders: z.array(SlotOrder).optional().describe('With `orders=1`.'),
}).meta({ id: 'Slot' });

const Person = z.object({ id: int(), name: z.string(), email: z.string() });
export const Payment = z.object({
  id: int(), order: int().nullable(), payment_type: int(), created: instant(), status: z.string(), external_id: z.string().nullable(),
  purchase: money(), comment: z.string(), user: Person.nullable(), actual: z.boolean(),
}).meta({ id: 'Payment' });
/** A payment as recorded; a bill (payment type 4) also carries its payment link and where it was sent. */
export const PaymentMade = Payment.extend({
  payment_url: z.string().optional().describe('A bill: the payment link.'),
  sent_to: z.string().nullable().optional().describe('A bill: the e-mail the link was sent to, if any.'),
}).meta({ id: 'PaymentMade' });

const OrderSession = z.object({ playground_id: int(), playground_name: z.string(), session_dt: localDateTime(), duration: int() });
export const Order = z.object({
  id: int(), order_id: int(), location_id: int(), name: z.string(), phone: z.string(), email: z.string().nullable(), persons: int(),
  order_type: int(), status: int(), cost: money(), discount: money(), purchase: money(), paid: money(), need_paid: money(), to_refund: money(),
  promocode: z.string().nullable(), bill: z.string().nullable(), cancel_delay: int().nullable(), comment: z.string(), seller_user_id: int().nullable(),
  staff_user_id: int().nullable(), game: Named.nullable(), multisession: z.boolean(), source: z.string(), amo_id: z.string().nullable(),
  created: instant(), session_date: day().nullable(), session_time: z.string().nullable(), playsessions: z.array(OrderSession),
  currency: Currency.nullable(), payments: z.array(Payment),
}).meta({ id: 'Order' });

export const Created = z.object({ id: int() }).meta({ id: 'Created', description: 'The id of what was made or changed.' });

export const OrderLogEntry = z.object({
  id: int(), created: instant(), type: z.string(), text: z.string(), data: z.record(z.string(), z.unknown()).nullable(), author: z.object({ name: z.string() }).nullable(),
}).meta({ id: 'OrderLogEntry' });

export const OrderFound = z.object({
  order_id: int(), location_id: int(), name: z.string(), phone: z.string(), status: int(), cost: money(), purchase: money(),
  session_date: day().nullable(), session_time: z.string().nullable(),
});

export const CouponCheck = z.object({
  valid: z.boolean(), type: z.enum(['fraction', 'flat']).nullable(), discount: z.string().nullable(), reason: z.string().optional(),
});
