// What the arrival routes answer (#44), for the API document (platform/openapi.ts) and the conformance walk.
import { z } from 'zod';
import { ArrivalParticipant, Currency, day, instant, int, localDateTime, money } from '../../platform/answers';
import { CONSENT_KINDS, PERSONAL_DATA_DETAILS } from '../../../domain/arrivals';

const kind = z.enum(CONSENT_KINDS);
const documentsSigned = z.record(z.string(), z.boolean()).describe('Per document kind: whether this participant signed its published version.');

export const ConsentVersion = z.object({
  id: int().describe('The version\'s id: what a signature (document_version) names.'),
  version: int(), text_ru: z.string(), text_en: z.string().describe('\'\' for a version saved before it had one (the Russian text is shown).'),
  details: z.partialRecord(z.enum(PERSONAL_DATA_DETAILS), z.string()).nullable().describe('A personal-data consent\'s facts: operator, inn, address, purposes, data, actions, term, withdrawal.'),
  text_hash_ru: z.string().describe('SHA-256 (hex) of the exact Russian text.'), text_hash_en: z.string().nullable(),
  complete: z.boolean().describe('Whether it may be signed: both texts, nothing left in square brackets, and for personal data every fact with a valid INN named in the texts.'),
  created_at: instant(),
}).meta({ id: 'ConsentVersion' });

export const ConsentDocument = z.object({
  id: int(), location: int(), kind, title: z.string(), required: z.boolean().describe('Signed before check-in (personal data, rules); marketing never.'),
  current: ConsentVersion, published_version: int().nullable().describe('The version guests sign: the newest complete one (null: none yet, the document asks nothing).'),
}).meta({ id: 'ConsentDocument' });

export const OrderArrival = z.object({
  order_id: int(), persons: int(), participants: z.array(ArrivalParticipant),
  signed: int().describe('Participants with every required document signed.'), checked_in: int().describe('Participants checked in.'),
  no_show: z.boolean(),
}).meta({ id: 'OrderArrival' });

export const ArrivalLinkSent = z.object({
  order_id: int(), email: z.string().describe('Where the letter goes (the order\'s e-mail).'), arrival_url: z.string().describe('The link the letter carries.'),
}).meta({ id: 'ArrivalLinkSent' });

export const Arrivals = z.object({
  date: day(), arrivals_enabled: z.boolean(), currency: Currency.nullable(),
  documents: z.array(z.object({ kind, title: z.string(), required: z.boolean(), version: int() })).describe('What participants sign here now.'),
  sessions: z.array(z.object({
    playground_id: int(), playground_name: z.string(), time_start: localDateTime(), duration: int(),
    orders: z.array(z.object({
      id: int(), name: z.string(), phone: z.string(), persons: int(), order_type: int(), status: int(),
      purchase: money(), paid: money(), to_pay: money(), paid_in_full: z.boolean(),
      signed: int(), checked_in: int(), no_show: z.boolean(), participants: z.array(ArrivalParticipant),
    })),
  })),
}).meta({ id: 'Arrivals' });

export const ArrivalSettings = z.object({
  arrivals_enabled: z.boolean().describe('The desk checks guests in; no-shows are flagged (off: neither).'),
  grace_minutes: int().describe('Minutes after a session\'s start before its unchecked paid orders are no-shows.'),
  minor_age: int().describe('Below this age a participant\'s signature needs a guardian\'s name and relation.'),
}).meta({ id: 'ArrivalSettings' });

export const ArrivalPage = z.object({
  order: int(), cancelled: z.boolean(),
  location: z.object({ id: int(), name: z.string(), phone: z.string().nullable() }),
  privacy_policy_url: z.string(), playground: z.string().nullable(), date: day().nullable(), begin: z.string().nullable(), end: z.string().nullable(),
  persons: int(), minor_age: int(),
  can_sign: z.boolean(), signing_until: localDateTime().nullable().describe('The session\'s start plus 24 hours: then the link takes no signature.'),
  documents: z.array(z.object({
    kind, title: z.string(), required: z.boolean(), document_version: int().describe('Send it back with the signature.'), version: int(),
    text: z.string().describe('The text in the reader\'s language (the Russian one where there is no English).'), text_hash: z.string(), language: z.enum(['ru', 'en']),
  })),
  participants: z.array(z.object({
    id: int(), position: int(), lead: z.boolean(), first_name: z.string().describe('Only the first name: never a phone, an e-mail or a birth date.'),
    signed: documentsSigned, complete: z.boolean(), checked_in: z.boolean(),
  })),
}).meta({ id: 'ArrivalPage' });
