// Paths: GET /api/v2.1/playgrounds/{id}/schedule/?date=&orders=1,
// GET /api/v2.2/locations/{id}/schedule_multi/?date=, GET /api/v2.1/locations/{id}/summary/?date=.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { dateSchema } from '../schedules/schemas';
import * as slots from './service';
import { Slot } from '../../platform/answers';

export async function slotRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['slots'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.1/playgrounds/:id/schedule/', {
    schema: { summary: 'A playground\'s sessions of one day', tags, params, querystring: z.strictObject({ date: dateSchema, orders: z.enum(['0', '1', 'true', 'false']).optional() }), answers: { 200: z.array(Slot) } },
  }, async (request) => slots.playgroundSchedule(db, currentUser(request).id, request.params.id, request.query.date,
    request.query.orders === '1' || request.query.orders === 'true'));

  r.get('/api/v2.2/locations/:id/schedule_multi/', {
    schema: { summary: 'Sessions of one day at every playground of a location', tags, params, querystring: z.strictObject({ date: dateSchema }),
      answers: { 200: z.object({
        date: z.string(), schedule: z.array(Slot),
        playgrounds: z.array(z.object({ id: z.number().int(), name: z.string(), types: z.array(z.string()), duration: z.number().int(), max_players: z.number().int(), group: z.number().int().nullable() })),
      }) } },
  }, async (request) => slots.locationScheduleMulti(db, currentUser(request).id, request.params.id, request.query.date));

  r.get('/api/v2.1/locations/:id/summary/', {
    schema: { summary: 'Free places (and all places) per day of a month at a location', tags, params, querystring: z.strictObject({ date: dateSchema }),
      answers: { 200: z.array(z.object({ date: z.string(), places: z.number().int(), capacity: z.number().int() })) } },
  }, async (request) => slots.locationSummary(db, currentUser(request).id, request.params.id, request.query.date));
}
