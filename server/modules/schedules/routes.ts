// Paths: GET /api/v2.1/schedule/?location=, POST /api/v2.1/schedule/, GET/PUT/DELETE
// /api/v2.1/schedule/{id}/, PATCH /schedule/{id}/visible/, POST /schedule/{id}/clone/,
// POST /api/v2.1/schedule/check/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, idText } from '../../platform/validation';
import { checkSchema, scheduleCreateSchema, scheduleUpdateSchema } from './schemas';
import * as schedules from './service';
import { Schedule, ScheduleCheck } from '../../platform/answers';

export async function scheduleRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });
  const tags = ['schedules'];

  r.get('/api/v2.1/schedule/', {
    config: { access: { minRole: 40 }, notFound: true },
    schema: { summary: 'A location\'s schedules', tags, querystring: z.strictObject({ location: idText() }), answers: { 200: z.array(Schedule) } },
  }, async (request) => schedules.listSchedules(db, currentUser(request).id, request.query.location));

  r.post('/api/v2.1/schedule/', { config: { records: { activity: 'schedule.created', live: ['schedule'] }, access: { minRole: 40 }, notFound: true }, schema: { summary: 'Create a schedule', tags, body: scheduleCreateSchema, answers: { 201: Schedule } } }, async (request, reply) => {
    const { location, ...fields } = request.body;
    return reply.status(201).send(await schedules.createSchedule(db, config, currentUser(request).id, location, fields));
  });

  r.post('/api/v2.1/schedule/check/', { config: { records: { activity: { none: 'a check of a schedule grid without saving it' } } }, schema: { summary: 'Check a schedule grid without saving it', tags, body: checkSchema, answers: { 200: ScheduleCheck } } }, async (request) => {
    currentUser(request);
    return schedules.checkGrid(request.body.items, request.body.breaks);
  });

  r.get('/api/v2.1/schedule/:id/', { config: { access: { minRole: 40 } }, schema: { summary: 'A schedule', tags, params, querystring: z.strictObject({}), answers: { 200: Schedule } } }, async (request) =>
    schedules.getSchedule(db, currentUser(request).id, request.params.id));

  r.put('/api/v2.1/schedule/:id/', { config: { records: { activity: 'schedule.updated', live: ['schedule'] }, access: { minRole: 40 } }, schema: { summary: 'Edit a schedule', tags, params, body: scheduleUpdateSchema, answers: { 200: Schedule } } }, async (request) => {
    const { location: _location, id: _id, ...fields } = request.body;
    return schedules.updateSchedule(db, config, currentUser(request).id, request.params.id, fields);
  });

  r.delete('/api/v2.1/schedule/:id/', { config: { records: { activity: 'schedule.deleted', live: ['schedule'] }, access: { minRole: 40 } }, schema: { summary: 'Delete a schedule', tags, params, answers: { 204: null } } }, async (request, reply) => {
    await schedules.deleteSchedule(db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  r.patch('/api/v2.1/schedule/:id/visible/', {
    config: { records: { activity: 'schedule.updated', live: ['schedule'] }, access: { minRole: 40 } },
    schema: { summary: 'Show or hide a schedule', tags, params, body: z.strictObject({ disabled: z.boolean() }), answers: { 200: Schedule } },
  }, async (request) => schedules.setDisabled(db, currentUser(request).id, request.params.id, request.body.disabled));

  r.post('/api/v2.1/schedule/:id/clone/', { config: { records: { activity: 'schedule.created' }, access: { minRole: 40 } }, schema: { summary: 'Copy a schedule', tags, params, answers: { 201: Schedule } } }, async (request, reply) => {
    const suffix = request.lang === 'en' ? '(copy)' : '(копия)';
    return reply.status(201).send(await schedules.cloneSchedule(db, currentUser(request).id, request.params.id, suffix));
  });
}
