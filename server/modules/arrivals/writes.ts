// The arrival writes (#44): POST /api/v2.2/locations/{id}/consent_documents/ (a document, role 40);
// PUT /api/v2.2/consent_documents/{id}/ (its new version, role 40); POST and DELETE
// /api/v2.2/orders/{id}/check_in/ (check in or undo, the whole order or some participants);
// PUT /api/v2.2/locations/{id}/arrival_settings/ (role 40); POST /api/v2.2/orders/{id}/arrival_link/ (the guests'
// link by e-mail). The guest's signature is a public route (routes.ts).
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { ARRIVAL_LIMITS, CONSENT_KINDS, PERSONAL_DATA_DETAILS } from '../../../domain/arrivals';
import { DOCUMENT_TEMPLATES } from '../../../domain/documentTemplates';
import { idNumber } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import { ArrivalLinkSent, ArrivalSettings, ConsentDocument, OrderArrival } from './answers';
import { sendArrivalLink as sendLink } from './link';
import { createConsentDocument as create, saveConsentVersion } from './documents';
import { checkIn as checkInOrder, saveArrivalSettings, undoCheckIn as undo } from './service';

const tags = ['arrivals'];
const consentText = z.string().max(TEXT_LIMITS.consentText).transform((v) => v.replace(/\r\n?/g, '\n').trim());
const details = z.strictObject(Object.fromEntries(PERSONAL_DATA_DETAILS.map((k) => [k, z.string().trim().max(k === 'inn' ? 12 : TEXT_LIMITS.locationText).optional()])) as Record<(typeof PERSONAL_DATA_DETAILS)[number], z.ZodOptional<z.ZodString>>)
  .nullable().optional().describe('A personal-data consent\'s facts the law expects (152-FZ art. 9 part 4): operator, inn, address, purposes, data, actions, term, withdrawal.');
const versionFields = { text_ru: consentText, text_en: consentText, details };
const participants = z.array(idNumber()).max(200).optional().describe('The participants (their ids); none: the whole order.');

const { ru: MARKETING_RU, en: MARKETING_EN } = DOCUMENT_TEMPLATES.marketing;

export const createConsentDocument = defineWrite({
  records: { activity: 'consent_document.created' },
  kind: 'create', path: '/api/v2.2/locations/:id/consent_documents/', summary: 'Add a consent document of a kind the location has not got (rules, marketing), with its first version; an incomplete one is refused', tags,
  access: { minRole: 40 }, answersAlso: { conflicts: true },
  fields: { kind: z.enum(CONSENT_KINDS), ...versionFields },
  unique: { field: 'kind', message: 'consent_document_exists' },
  // The one kind a location has not got from the start (the demo's location 1 has personal data and rules).
  // The kinds a location has not got from the start (it has its personal-data consent): one, then the other.
  examples: {
    kind: (ctx: ExampleContext) => { try { return ctx.made('consent_documents').kind === 'marketing' ? 'rules' : 'marketing'; } catch { return 'marketing'; } },
    text_ru: MARKETING_RU, text_en: MARKETING_EN, details: null,
  },
  answer: ConsentDocument,
  readBack: {
    path: '/api/v2.2/locations/:location/consent_documents/',
    // A document's texts are its current version's.
    find: (answer: { id: number; current: Record<string, unknown> }[], id) => {
      const doc = answer.find((d) => d.id === id);
      return doc && { ...doc, text_ru: doc.current.text_ru, text_en: doc.current.text_en, details: doc.current.details };
    },
  },
  run: ({ db, user, params, body, lang }) => create(db, user.id, params.id, body, lang),
});

export const updateConsentDocument = defineWrite({
  records: { activity: 'consent_document.updated' },
  kind: 'update', path: '/api/v2.2/consent_documents/:id/', summary: 'A consent document\'s new version (a text or a fact changed; the same ones make none); an incomplete one is refused', tags,
  access: { minRole: 40 }, answersAlso: { notFound: true, conflicts: true },
  fields: versionFields,
  examples: { text_ru: `${MARKETING_RU} Не чаще раза в неделю.`, text_en: `${MARKETING_EN} At most once a week.`, details: null },
  answer: ConsentDocument,
  readBack: { none: 'the version is read in the location\'s documents (GET /api/v2.2/locations/{id}/consent_documents/ current), which the read-back cannot address by the document\'s id; tests/api/arrival.test.ts reads it there' },
  run: ({ db, user, params, body, lang }) => saveConsentVersion(db, user.id, params.id, body, lang),
});

export const checkIn = defineWrite({
  records: { activity: ['order.checked_in', 'order.check_in_overridden'], orderLog: ['checked_in'] },
  kind: 'action', path: '/api/v2.2/orders/:id/check_in/', summary: 'Check in an order\'s participants (all, or those named); idempotent. An unsigned document or money owed blocks, said in words; role 20 or more passes a block with a reason', tags,
  answersAlso: { notFound: true, conflicts: true },
  fields: {
    participants,
    reason: z.string().trim().max(TEXT_LIMITS.shortComment).optional().describe('Why to check in past a block (role 20 or more); kept in the activity log.'),
  },
  // The generated tests' order may be unsigned or unpaid: their administrator passes the block.
  examples: { participants: [], reason: 'checked at the door' },
  answer: OrderArrival,
  run: ({ db, user, params, body, lang }) => checkInOrder(db, user.id, params.id, body, lang),
});

export const undoCheckIn = defineWrite({
  records: { activity: 'order.check_in_undone', orderLog: ['check_in_undone'] },
  kind: 'action', method: 'DELETE', path: '/api/v2.2/orders/:id/check_in/', summary: 'Undo the check-in of an order\'s participants (all, or those named): by whoever checked them in within 5 minutes, by role 20 or more at any time', tags,
  answersAlso: { notFound: true, conflicts: true },
  fields: { participants },
  examples: { participants: [] },
  answer: OrderArrival,
  run: ({ db, user, params, body, lang }) => undo(db, user.id, params.id, body, lang),
});

export const updateArrivalSettings = defineWrite({
  records: { activity: 'arrivals.settings_changed' },
  kind: 'update', path: '/api/v2.2/locations/:id/arrival_settings/', summary: 'A location\'s arrival settings: check guests in (and flag no-shows), the grace minutes, the age of a minor', tags,
  access: { minRole: 40 },
  fields: {
    arrivals_enabled: z.boolean(),
    grace_minutes: z.number().int().min(ARRIVAL_LIMITS.grace_minutes.min).max(ARRIVAL_LIMITS.grace_minutes.max),
    minor_age: z.number().int().min(ARRIVAL_LIMITS.minor_age.min).max(ARRIVAL_LIMITS.minor_age.max),
  },
  answer: ArrivalSettings,
  readBack: { path: '/api/v2.2/locations/:location/arrival_settings/' },
  run: ({ db, user, params, body }) => saveArrivalSettings(db, user.id, params.id, body),
});

export const sendArrivalLink = defineWrite({
  records: { activity: 'order.arrival_link_sent', orderLog: ['arrival_link_sent'], messages: ['arrival_link'] },
  kind: 'action', path: '/api/v2.2/orders/:id/arrival_link/', summary: 'Send the guests\' arrival page (/arrival/<key>) to the order\'s e-mail, where the location checks guests in; no e-mail, arrivals off or a cancelled order: a 400 in words', tags,
  answersAlso: { notFound: true },
  answer: ArrivalLinkSent,
  run: ({ db, deps, user, params, lang }) => sendLink(db, deps.config, user.id, params.id, lang),
});
