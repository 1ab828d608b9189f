// Paths (location management, role id 40 at the location):
// PUT /api/v2.1/locations/{id}/ (location info: every translation field for each of the location's
// languages, lat, lng, country and city, ids as GET /api/v2.1/geo/ gives them; #28: and the settings
// of POST /api/v2.1/locations/, country and city by name);
// GET /api/v2.1/locations/{id}/games/ (the games table);
// #40 GET /api/v2.2/locations/{id}/consent_template/?lang= (the personal-data consent template, for
// "start from the template"; the location info write takes the text and the privacy policy link).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, idNumber } from '../../platform/validation';
import { consentTemplateOf, locationGamesList, updateLocationInfo } from './service';
import { consentSettingsFields as consent, letterSettingsFields as letters, locationSettingsFields as settings } from '../locations/settings';

const text = (max: number) => z.string().trim().min(1).max(max);
// A number or its text ("55.75"); kept as text with six decimals (numeric(9,6)), never a float in SQL.
const coordinate = (limit: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
  z.number().min(-limit).max(limit)).transform((v) => v.toFixed(6));

// The location info form sends translations, lat, lng and country and city by id (GET /geo/); the
// settings form (#28 SETUP) the location's settings, with country and city by name (made when new).
// Every field is optional here: a form sends its own (the service requires the info form's, after the role check).
const locationInfoSchema = z.strictObject({
  translations: z.array(z.strictObject({
    language: z.string().trim().min(1).max(10),
    name: text(200),
    address: text(500),
    distance: text(500),
    opening_times: text(500),
    payment_description: text(2000),
    parking_description: text(2000),
    description: text(5000),
  })).min(1).max(10).optional(),
  lat: coordinate(90).optional(),
  lng: coordinate(180).optional(),
  country: z.union([idNumber(), settings.country]).optional(),
  city: z.union([idNumber(), settings.city]).optional(),
  name: settings.name.optional(),
  timezone: settings.timezone.optional(),
  currency: settings.currency.optional(),
  b2b_currency: settings.b2b_currency.optional(),
  languages: settings.languages.optional(),
  is_park: settings.is_park.optional(),
  is_events_available: settings.is_events_available.optional(),
  allow_refill: settings.allow_refill.optional(),
  is_active: settings.is_active.optional(),
  walk_ins_without_details: settings.walk_ins_without_details.optional(), // #30
  // #40 personal-data consent (152-FZ).
  privacy_policy_url: consent.privacy_policy_url.optional(),
  personal_data_consent_text: consent.personal_data_consent_text.optional()
    .describe('#40, read-only since #44: the current text is accepted (no new version); a changed one is refused. The consent is edited with PUT /api/v2.2/consent_documents/{id}/.'),
  // #42 the location's letters.
  sender_name: letters.sender_name.optional(),
  email: letters.email.optional(),
});

import { LocationDetail } from '../../platform/answers';

export async function locationInfoRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['location management'];
  const params = z.object({ id: idParam });

  r.put('/api/v2.1/locations/:id/', { config: { records: { activity: 'location.updated' }, access: { minRole: 40 } }, schema: { summary: 'Edit a location\'s information', tags, params, body: locationInfoSchema, answers: { 200: LocationDetail } } }, async (request) =>
    updateLocationInfo(db, currentUser(request).id, request.params.id, request.body, request.lang));

  r.get('/api/v2.2/locations/:id/consent_template/', { config: { access: { minRole: 40 } }, schema: { summary: 'The personal-data consent template (152-FZ), to start a location\'s text from', tags, params,
    querystring: z.strictObject({ lang: z.enum(['ru', 'en']).optional().describe('The template\'s language; else the caller\'s.') }),
    answers: { 200: z.object({ text: z.string().describe('The template with the location\'s name; what only the operator knows stays in square brackets.') }) } } }, async (request) =>
    consentTemplateOf(db, currentUser(request).id, request.params.id, request.query.lang ?? request.lang));

  r.get('/api/v2.1/locations/:id/games/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s games', tags, params, querystring: z.strictObject({}),
    answers: { 200: z.array(z.object({ id: z.number().int(), name: z.string(), genre: z.string().nullable(), info: z.unknown().describe('The game\'s facts (age limits by country).'), playgrounds: z.array(z.number().int()).nullable().describe('The playgrounds it runs on here; null: all (#28).') })) } } }, async (request) =>
    locationGamesList(db, currentUser(request).id, request.params.id));
}
