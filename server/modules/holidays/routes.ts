// Paths (ours; the specs name day types 8 and 9 but no calendar call): GET /api/v2.1/holidays/
// ?location=&year=, POST /api/v2.1/holidays/ (location, date, kind, name),
// DELETE /api/v2.1/holidays/{id}/?location=.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, intText, idText, idNumber } from '../../platform/validation';
import { dateSchema } from '../schedules/schemas';
import * as holidays from './service';
import { Holiday } from '../../platform/answers';

export async function holidayRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['holidays'];
  const location = idText();

  r.get('/api/v2.1/holidays/', {
    config: { notFound: true },
    schema: { summary: 'Holidays of a location\'s country', tags, querystring: z.strictObject({ location, year: intText(z.number().int().min(2000).max(2100)) }), answers: { 200: z.array(Holiday) } },
  }, async (request) => holidays.listHolidays(db, currentUser(request).id, request.query.location, request.query.year));

  r.post('/api/v2.1/holidays/', {
    config: { access: { minRole: 40 }, notFound: true },
    schema: { summary: 'Add a holiday', tags, body: z.strictObject({ location: idNumber(), date: dateSchema, kind: z.enum(['holiday', 'pre_holiday']), name: z.string().trim().max(100).default('') }), answers: { 201: Holiday } },
  }, async (request, reply) => reply.status(201).send(await holidays.addHoliday(db, currentUser(request).id, request.body)));

  r.delete('/api/v2.1/holidays/:id/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Delete a holiday', tags, params: z.object({ id: idParam }), querystring: z.strictObject({ location }), answers: { 204: null } },
  }, async (request, reply) => {
    await holidays.removeHoliday(db, currentUser(request).id, request.params.id, request.query.location);
    return reply.status(204).send();
  });
}
