// Paths: POST, PUT, DELETE /api/v2.1/locations/{id}/groups/ (PUT and DELETE name the group by
// `id` in the body, or in the query for DELETE), PUT /api/v2.1/playgrounds/{id}/group/ (group).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { fieldError } from '../../platform/errors';
import { idParam, idText } from '../../platform/validation';
import * as groups from './service';
import { Playground, PlaygroundGroup } from '../../platform/answers';

export async function groupRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  const params = z.object({ id: idParam });
  const name = z.string().trim().min(1).max(100);
  const groupId = idText();

  r.post('/api/v2.1/locations/:id/groups/', { config: { access: { minRole: 40 } }, schema: { summary: 'Create a playground group', tags, params, body: z.strictObject({ name }), answers: { 201: PlaygroundGroup } } }, async (request, reply) =>
    reply.status(201).send(await groups.createGroup(db, currentUser(request).id, request.params.id, request.body.name)));

  r.put('/api/v2.1/locations/:id/groups/', { config: { access: { minRole: 40 } }, schema: { summary: 'Rename a playground group', tags, params, body: z.strictObject({ id: groupId, name }), answers: { 200: PlaygroundGroup } } }, async (request) =>
    groups.renameGroup(db, currentUser(request).id, request.params.id, request.body.id, request.body.name));

  r.delete('/api/v2.1/locations/:id/groups/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Delete a playground group', tags, params, querystring: z.strictObject({ id: groupId.optional() }), body: z.strictObject({ id: groupId.optional() }), answers: { 204: null } },
  }, async (request, reply) => {
    const id = request.body?.id ?? request.query.id;
    if (!id) throw fieldError('id', 'required');
    await groups.deleteGroup(db, currentUser(request).id, request.params.id, id);
    return reply.status(204).send();
  });

  r.put('/api/v2.1/playgrounds/:id/group/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Move a playground to a group', tags, params, body: z.strictObject({ group: groupId.nullable() }), answers: { 200: Playground } },
  }, async (request) => groups.movePlayground(db, currentUser(request).id, request.params.id, request.body.group));
}
