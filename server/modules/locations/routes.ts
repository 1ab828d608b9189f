// Paths: GET /api/v2.1/locations/my/, /locations/, /locations/concise_list/, /locations/{id}/,
// GET /api/v2.1/geo/, /currencies/, /timezones/, #42 /timezones/by_city/?city=.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import * as locations from './service';
import { Currency, Geo, Location, LocationCard, LocationDetail, Named } from '../../platform/answers';
import { timeZones } from './settings';
import { citiesNamed } from './cityZones';
import { TEXT_LIMITS } from '../../../domain/textLimits';

export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(2147483647).optional(),
});

export async function locationRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noQuery = z.strictObject({});

  r.get('/api/v2.1/locations/my/', { schema: { summary: 'The caller\'s locations with their playgrounds and roles', tags: ['locations'], querystring: noQuery, answers: { 200: z.array(Location) } } }, async (request) =>
    locations.myLocations(db, currentUser(request).id, request.lang));

  r.get('/api/v2.1/locations/', { schema: { summary: 'The catalogue of active locations', tags: ['locations'], querystring: pageQuery,
    answers: { 200: z.union([z.array(LocationCard), z.object({ count: z.number().int(), results: z.array(LocationCard) })]).describe('With `limit`: a page `{count, results}`; without: every location.') } } }, async (request) =>
    locations.activeLocations(db, request.lang, request.query));

  r.get('/api/v2.1/locations/concise_list/', { schema: { summary: 'The caller\'s locations, short form', tags: ['locations'], querystring: noQuery, answers: { 200: z.array(Named) } } }, async (request) =>
    locations.conciseList(db, currentUser(request).id, request.lang));

  r.get('/api/v2.1/locations/:id/', {
    schema: { summary: 'A location', tags: ['locations'], params: z.object({ id: idParam }), querystring: noQuery, answers: { 200: LocationDetail } },
  }, async (request) => locations.locationDetail(db, currentUser(request).id, request.params.id, request.lang));

  // #28 SETUP: reference data of the location form (signed-in users; nothing of any location).
  r.get('/api/v2.1/currencies/', { schema: { summary: 'ISO 4217 currencies a location may use', tags: ['locations'], querystring: noQuery,
    answers: { 200: z.array(Currency.extend({ name: z.string() })) } } }, async (request) => locations.currencyChoices(db, request.lang));

  r.get('/api/v2.1/timezones/', { schema: { summary: 'IANA time zones a location may use', tags: ['locations'], querystring: noQuery, answers: { 200: z.array(z.string()) } } }, async () =>
    timeZones());

  // #42 The zone found by a city's name, in ru or en spelling; [] when nothing has that name (the form says so).
  r.get('/api/v2.1/timezones/by_city/', { schema: { summary: 'The time zones of the cities a typed name finds (Russia\'s cities of 100 000 people and more, the CIS, Georgia, Armenia, the UAE, the UK)', tags: ['locations'],
    querystring: z.strictObject({ city: z.string().trim().min(1).max(TEXT_LIMITS.itemName) }),
    answers: { 200: z.array(z.object({
      name: z.string().describe('The spelling that matched'),
      match: z.enum(['name', 'other_name', 'beginning']).describe('name: the whole of one of the city\'s own names; other_name: the whole of another (a former one); beginning: the start of a name. Two cities by `name` in different zones: the form asks which'),
      country: z.string().describe('In the request\'s language'), country_code: z.string().describe('ISO 3166-1 alpha-2'),
      timezone: z.string().describe('IANA'), utc_offset: z.string().describe('Now, e.g. +05:00'), local_time: z.string().describe('The zone\'s time now, HH:mm'),
    })).describe('Whole-name matches first, then names the text begins; at most 10') } } }, async (request) =>
    citiesNamed(request.query.city, request.lang));

  r.get('/api/v2.1/geo/', { schema: { summary: 'Countries and cities', tags: ['locations'], querystring: noQuery, answers: { 200: Geo } } }, async (request) =>
    locations.geo(db, request.lang));
}
