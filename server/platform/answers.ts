// Schemas of the records the API answers, for the API document only (`schema.answers`, see
// platform/openapi.ts): the shapes the handlers build, shared by the routes that answer the same
// record. A record with an id (`.meta({ id })`) is one component of /api/docs/json.
// tests/api/openapi-conformance.test.ts checks real answers against them.
import { z } from 'zod';
import { CONSENT_KINDS } from '../../domain/arrivals';

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

export const Me = User.extend({ role: Role.nullable(), is_owner: z.boolean().describe('The installation\'s owner (#28): creates locations.') }).meta({ id: 'Me', description: 'The signed-in user with the highest role they have.' });

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
  timezone: z.string(), is_active: z.boolean(), allow_refill: z.boolean(),
  walk_ins_without_details: z.boolean().describe('#30: the desk may book without the guest\'s name and phone.'), balance: money(), b2b_currency: Currency.nullable(),
  playgrounds: z.array(Playground),
  playground_groups: z.array(z.object({ id: int(), name: z.string(), playgrounds: z.array(int()) })),
  role: Role,
  permissions: z.array(z.string()).describe('The permission codenames the caller holds at this location (#28: permissions are per location).'),
}).meta({ id: 'Location' });

export const LocationDetail = Location.extend({
  group_discount_percent: int(), early_booking: z.array(z.object({ days: int(), discount: int() })),
  // #40 personal-data consent (152-FZ).
  privacy_policy_url: z.string().describe('The venue\'s privacy policy (an http or https address), linked beside the widget\'s consent box; empty when none.'),
  personal_data_consent_text: z.string().describe('The current personal-data consent text the widget shows.'),
  personal_data_consent_version: int().describe('Its version: a saved text that differs makes the next one.'),
  personal_data_consent_updated_at: instant().describe('When this version was made.'),
  // #42 the location's letters.
  sender_name: z.string().describe('The letters\' "From" name (the address is the installation\'s); empty: the location\'s name.'),
  email: z.string().describe('The location\'s e-mail, its letters\' Reply-To; empty when none.'),
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
  language: z.string().nullable().describe('#45 The customer\'s language for their messages (null: none stored, the location\'s first is used).'),
  checked_in: int().nullable().optional().describe('#44 Participants checked in, in a playground\'s day read (the calendar): null where the location does not check guests in (arrivals off).'),
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
  // #29 receipts
  receipt_status: z.string().nullable().describe('The 54-FZ receipt sent with an online payment: pending, succeeded, canceled, not_sent (receipts on, no e-mail or phone); null: none due (the desk, receipts off).'),
  settlement_status: z.string().nullable().describe('A prepayment\'s settlement receipt: due (after the session), pending, succeeded, canceled; null: none due.'),
  // #38
  test: z.literal(true).optional().describe('Only on a payment the provider made in its test mode on a live install: it settled nothing and counts in no total.'),
  provider_mismatch: z.object({ amount: money().nullable(), currency: z.string().nullable() }).optional()
    .describe('Only when the provider reported another amount or currency than the link asked (what it reported): the payment is not settled.'),
}).meta({ id: 'Payment' });
/** A payment as recorded; a bill (payment type 4) also carries its payment link and where it was sent. */
export const PaymentMade = Payment.extend({
  payment_url: z.string().optional().describe('A bill: the payment link.'),
  shift: z.object({ id: int(), till: z.object({ id: int(), name: z.string() }) }).optional()
    .describe('#43 Cash or card at the desk: the till\'s shift it landed in (absent when it landed in none).'),
  sent_to: z.string().nullable().optional().describe('A bill: the e-mail the link was sent to, if any.'),
}).meta({ id: 'PaymentMade' });

const OrderSession = z.object({ playground_id: int(), playground_name: z.string(), session_dt: localDateTime(), duration: int() });
/** #29 A refund through the payment provider, as the order page shows it. */
export const OrderRefund = z.object({
  id: int(), payment_id: int().describe('The provider payment it gives back.'), provider: z.string(), amount: money(),
  status: z.string().describe('pending, succeeded, failed'), external_id: z.string().nullable(), external: z.boolean().describe('Made in the provider\'s dashboard.'), by_customer: z.boolean().describe('Asked by the customer\'s own cancel in the widget (#29).'),
  automatic: z.boolean().describe('#38 Made by the product itself: a payment that reached a closed link, given back in full.'),
  error: z.string().nullable(), receipt_status: z.string().nullable().describe('The refund receipt: pending, succeeded, canceled; null: none sent.'),
  created: instant(), user: z.object({ name: z.string() }).nullable(),
}).meta({ id: 'OrderRefund' });

/** #38: one tender's money on an order (or its part of a refund). */
export const RefundTender = z.object({
  tender: z.enum(['cash', 'card', 'certificate', 'provider', 'online']),
  payment_type: int().describe('The payment type its refund is recorded with: 2 cash, 6 card, 3 certificate, 1 online.'),
  payment_id: int().describe('The provider payment it goes back through, else the latest payment of the tender.'),
  provider: z.string().nullable(), certificate_id: int().nullable(), certificate_number: z.string().nullable(),
  certificate_expired: z.boolean().describe('A certificate past its end date: its balance comes back, it stays EXPIRED.'),
  amount: money(),
}).meta({ id: 'RefundTender' });

/** #44 A participant of an order as staff see them (the order's answer, the arrivals, a check-in's). */
export const ArrivalParticipant = z.object({
  id: int(), position: int(), lead: z.boolean(), name: z.string(), birth_date: day().nullable(),
  signed: z.boolean().describe('Every required published document signed.'),
  missing: z.array(z.enum(CONSENT_KINDS)).describe('The required documents not signed yet.'),
  documents: z.record(z.string(), z.boolean()).describe('Per document kind: whether this participant signed its published version.'),
  checked_in: z.boolean(), checked_in_at: instant().nullable(), checked_in_by: z.object({ id: int(), name: z.string() }).nullable(),
}).meta({ id: 'ArrivalParticipant' });

export const Order = z.object({
  id: int(), order_id: int(), location_id: int(), name: z.string(), phone: z.string(), email: z.string().nullable(), persons: int(),
  order_type: int(), status: int(), cost: money(), discount: money(), purchase: money(), paid: money(), need_paid: money(), to_refund: money(),
  promocode: z.string().nullable(), bill: z.string().nullable(), cancel_delay: int().nullable(), comment: z.string(), seller_user_id: int().nullable(),
  staff_user_id: int().nullable(), game: Named.nullable(), multisession: z.boolean(), source: z.string(), amo_id: z.string().nullable(),
  created: instant(), session_date: day().nullable(), session_time: z.string().nullable(), playsessions: z.array(OrderSession),
  currency: Currency.nullable(), payments: z.array(Payment),
  // #29 refunds through the provider.
  refunds: z.array(OrderRefund), refund_pending: money().describe('Refunds sent to the provider and not final yet.'),
  online_refundable: money().describe('What can go back through the payment provider now.'),
  online_paid: money().describe('What was paid through the payment provider and not given back: what a cancel gives back that way.'),
  // #38 refunds by tender.
  refund_tenders: z.array(RefundTender).describe('What the order holds per tender, latest paid first: what a cancel with refund=original gives back, each its own way.'),
  refund_split: z.array(RefundTender).describe('How what is owed back now (to_refund less pending refunds) splits over the tenders, latest paid first.'),
  // #40 personal-data consent (152-FZ).
  personal_data_consent: z.object({
    version: int(), text_hash: z.string().describe('SHA-256 (hex) of the exact text.'), accepted_at: instant(), ip: z.string(), user_agent: z.string(),
    text: z.string().describe('The text the customer agreed to.'),
  }).nullable().describe('The customer\'s consent to the processing of their personal data, given with a widget booking; null when none was recorded (a desk order).'),
  // #44 arrival.
  participants: z.array(ArrivalParticipant).describe('One per person, the lead guest first: what each signed, whether checked in.'),
  checked_in: int().describe('How many participants are checked in.'),
  no_show: z.boolean().describe('Nobody was checked in by the session\'s start and the location\'s grace minutes (arrivals on): a flag, never a status.'),
  arrival_url: z.string().describe('The guests\' arrival page (/arrival/<the order\'s key>): the link sent to them, the QR code the desk shows.'),
  personal_data_erased_at: z.string().nullable().describe('#47 When the guest\'s personal data were erased (on request or by retention); null: never.'),
}).meta({ id: 'Order' });

export const Created = z.object({ id: int() }).meta({ id: 'Created', description: 'The id of what was made or changed.' });
/** #30: a booking, with the payment taken in the same call when it asked for one. */
export const BookedAndPaid = z.object({ id: int(), payment: PaymentMade.optional().describe('"Book and pay": the payment taken with the booking.') })
  .meta({ id: 'BookedAndPaid', description: 'The booking made, and its payment when the call asked for one.' });

export const OrderLogEntry = z.object({
  id: int(), created: instant(), type: z.string(), text: z.string(), data: z.record(z.string(), z.unknown()).nullable(), author: z.object({ name: z.string() }).nullable(),
}).meta({ id: 'OrderLogEntry' });

export const OrderFound = z.object({
  order_id: int(), location_id: int(), name: z.string(), phone: z.string(), status: int(), cost: money(), purchase: money(),
  session_date: day().nullable(), session_time: z.string().nullable(),
});

/** #38 What a certificate has left to pay an order with (the pay dialog splits the debt by it). */
export const CertificateBalance = z.object({
  unique_number: z.string(), remaining: money().describe('What is left on it, in the order\'s currency; above zero (a used-up one is refused).'),
}).meta({ id: 'CertificateBalance' });

export const CouponCheck = z.object({
  valid: z.boolean(), type: z.enum(['fraction', 'flat']).nullable(), discount: z.string().nullable(), reason: z.string().optional(),
});

export const OrderCreated = z.object({ order_id: int() }).meta({ id: 'OrderCreated' });

export const MultiBooking = z.object({
  order_id: int(), location_id: int(), date: day().nullable(), name: z.string(), phone: z.string(), email: z.string().nullable(), persons: int(),
  order_type: int(), status: int(), cost: money(), discount: money(), purchase: money(), paid: money(), promocode: z.string().nullable(),
  bill: z.string().nullable(), cancel_delay: int().nullable(), comment: z.string(), event_type_id: int().nullable(), amo_id: z.string().nullable(),
  multisession: z.boolean(), playsessions: z.array(z.object({ id: int(), playground_id: int(), session_dt: localDateTime(), duration: int() })),
  language: z.enum(['ru', 'en']).nullable().describe('#45 The customer\'s language for their messages (null: the location\'s first).'),
}).meta({ id: 'MultiBooking' });

const DisputeFile = z.object({ url: z.string(), name: z.string(), size: int() });
export const Dispute = z.object({
  id: int(), transaction: int(), text: z.string(), files: z.array(DisputeFile), created: instant(),
}).meta({ id: 'Dispute' });
export const DisputeListed = z.object({
  id: int(), text: z.string(), files: z.array(DisputeFile), created: instant(), user_email: z.string().nullable(),
});

/** A file answered as it is (its own media type). */
export const FILE = z.string().describe('The file\'s bytes.');

export const EarlyBooking = z.object({ id: int(), days: int(), discount: int().describe('Percent.') }).meta({ id: 'EarlyBooking' });

export const Promocode = z.object({
  id: int(), code: z.string(), type: z.enum(['fraction', 'flat']), discount: money(), valid_from: day().nullable(), valid_to: day().nullable(),
  usage_limit: int().nullable(), used_count: int(), active: z.boolean(), status: z.string(), created: instant(),
}).meta({ id: 'Promocode' });

export const WidgetSettings = z.object({
  payment_minutes: int(), cancel_hours: int(), phone: z.string(),
  customer_cancel_hours: int().describe('#46 The same as cancel_hours (the name the customer page\'s issue gives it); written as cancel_hours.'),
  customer_move_hours: int().describe('#46 Until how many hours before the session a customer may move the booking on their page (0: until it starts).'),
  customer_late_cancel_keep_percent: int().describe('#46 What a cancel after the cut-off keeps, in percent of the price: the venue\'s rule, stated on the customer\'s page.'),
  warnings: z.array(z.string()).optional().describe('#42 Only when there is something to know: a schedule asks a prepayment, but the location takes no money online (the widget turns those guests away).'),
}).meta({ id: 'WidgetSettings' });

export const Webhook = z.object({
  id: int(), url: z.string(), extra: z.boolean(), active: z.boolean(), disabled_reason: z.string().nullable(), created: instant(),
}).meta({ id: 'Webhook' });

export const WebhookDelivery = z.object({
  id: int(), event: z.string(), status: z.string(), attempts: int(), created: instant(), delivered_at: instant().nullable(),
  next_attempt_at: instant().nullable(), resent_from: int().nullable(), body: z.string().describe('The JSON sent, as text.'),
  log: z.array(z.object({
    at: instant(), status_code: int().nullable(), duration_ms: int().nullable(), response_excerpt: z.string().nullable(), error: z.string().nullable(),
  })),
}).meta({ id: 'WebhookDelivery' });

export const Image = z.object({
  id: int(), url: z.string(), thumbnail: z.string(), content_type: z.string(), size: int(), width: int(), height: int(), created: instant(),
}).meta({ id: 'Image' });

/** A customer's booking as the booking widget's order page shows it. */
export const CustomerOrder = z.object({
  id: int(), state: z.enum(['awaiting_payment', 'payment_declined', 'booked', 'paid', 'cancelled']), name: z.string(), persons: int(),
  location: z.object({ id: int(), name: z.string(), address: z.string(), phone: z.string().nullable().describe('The venue\'s phone for its customers (#39), null when it has none.') }),
  playground: z.string().nullable(), time_start: localDateTime().nullable(),
  date: day().nullable(), begin: z.string().nullable(), end: z.string().nullable(), game: Named.nullable(), currency: Currency.nullable(),
  cost: money(), discount: money(), purchase: money(), paid: money(), to_pay: money(), payment_url: z.string().nullable(),
  hold_until: localDateTime().nullable(), cancelled_by: z.enum(['customer', 'staff', 'expired']).nullable(), cancel_until: localDateTime().nullable(),
  can_cancel: z.boolean(),
  cancel_closes_in: int().nullable().describe('While the customer may cancel: the seconds until they no longer may (#39: a page left open stops offering it then, on its own clock).'),
  pay_amount: money().nullable().describe('What the pay button charges: the open link\'s amount, or a declined one\'s.'),
  to_refund: money(),
  can_pay: z.boolean().describe('#46 Something is owed, no link is open and the location takes money online: POST pay/ makes a link for the rest.'),
  refund_preview: z.object({
    amount: money().describe('What a cancel gives back now (after the cut-off: what the venue gives back when called).'),
    keeps: money().describe('What a cancel after the cut-off keeps by the venue\'s rule (late_cancel_keep_percent of the price).'),
    parts: z.array(z.object({ tender: z.enum(['cash', 'card', 'certificate', 'provider', 'online']), amount: money(), certificate_number: z.string().nullable(),
      automatic: z.boolean().describe('Given back by itself (through the payment provider, onto the certificate); else handed back at the venue.') })),
  }).nullable().describe('#46 What a cancel would give back, by tender; null for a cancelled booking.'),
  late_cancel_keep_percent: int(),
  move_until: localDateTime().nullable().describe('#46 Until when the customer may move the booking on this page.'),
  can_move: z.boolean(),
  move_closes_in: int().nullable(),
  calendar_url: z.string().nullable().describe('#46 The booking as an .ics file.'),
  map_url: z.string().nullable(),
  arrival_url: z.string().nullable().describe('#44 The guests\' arrival page, where the location has arrivals on.'),
  language: z.enum(['ru', 'en']).nullable().describe('The booking\'s language: the page opens in it.'),
}).meta({ id: 'CustomerOrder' });

export const MoveOption = z.object({
  session_dt: localDateTime(), playground_id: int(), playground_name: z.string(), begin: z.string(), end: z.string(),
  difference: z.string().describe('The new price less the current one ("-500.00": given back).'),
}).meta({ id: 'MoveOption' });

export const WidgetLocation = z.object({
  id: int(), name: z.string(), address: z.string(), currency: Currency.nullable(), group: Named.nullable(), today: day(), last_date: day(),
  payment_minutes: int(), cancel_hours: int(),
  // #40
  phone: z.string().nullable().describe('The venue\'s phone for its customers, null when it has none.'),
  privacy_policy_url: z.string().nullable().describe('The venue\'s privacy policy, null when it has none.'),
  personal_data_consent: z.object({ version: int(), text: z.string() })
    .describe('The personal-data consent the booking asks for (152-FZ): its text, and the version to send back with the booking.'),
});

export const WidgetSlots = z.object({
  date: day(), currency: Currency.nullable(),
  playgrounds: z.array(z.object({
    id: int(), name: z.string(), max_players: int(),
    sessions: z.array(z.object({
      time_start: localDateTime(), begin: z.string(), end: z.string(), utc_offset: z.string().optional(), available_persons: int(),
      personal_price: money().nullable(), session_price: money().nullable(), prepayment: z.string(),
    })),
  })),
});

export const WidgetPrice = z.object({
  cost: money(), discount: money(), purchase: money(), prepayment: z.string(), due_now: money(), pay_at_venue: money(), currency: Currency.nullable(),
  game_required: z.boolean(),
});

export const WidgetBooked = z.object({
  key: z.string().describe('The secret key of the customer\'s order page.'), payment_url: z.string().nullable(), due_now: money(), order: CustomerOrder,
});
