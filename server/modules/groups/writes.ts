// Playground groups of a location (location management, role id 40): POST, PUT, DELETE
// /api/v2.1/locations/{id}/groups/ (PUT and DELETE name the group by `id` in the body, or in the
// query for DELETE), PUT /api/v2.1/playgrounds/{id}/group/ (group).
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { Playground, PlaygroundGroup } from '../../platform/answers';
import { fieldError } from '../../platform/errors';
import { idText } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as groups from './service';

const tags = ['groups'];
const access = { minRole: 40 };
const name = z.string().trim().min(1).max(TEXT_LIMITS.itemName);
const groupId = idText();
// #41 The generated tests read a group back from the location (its `playground_groups`); a group they made is the one renamed, deleted or moved to.
const readBack = { path: '/api/v2.1/locations/:location/', find: (l: { playground_groups: { id: number }[] }, id: unknown) => l.playground_groups.find((g) => g.id === id) };
const madeGroup = (at: ExampleContext) => at.made('groups').id;

export const createGroup = defineWrite({
  records: { activity: 'playground_group.created' },
  kind: 'create', path: '/api/v2.1/locations/:id/groups/', summary: 'Create a playground group', tags, access, fields: { name }, answer: PlaygroundGroup,
  readBack,
  run: ({ db, user, params, body }) => groups.createGroup(db, user.id, params.id, body.name),
});
export const renameGroup = defineWrite({
  records: { activity: 'playground_group.updated' },
  kind: 'update', path: '/api/v2.1/locations/:id/groups/', summary: 'Rename a playground group', tags, access, fields: { id: groupId, name }, answer: PlaygroundGroup,
  examples: { id: madeGroup }, readBack,
  run: ({ db, user, params, body }) => groups.renameGroup(db, user.id, params.id, body.id, body.name),
});
export const deleteGroup = defineWrite({
  records: { activity: 'playground_group.deleted' },
  kind: 'delete', path: '/api/v2.1/locations/:id/groups/', summary: 'Delete a playground group', tags, access,
  query: z.strictObject({ id: groupId.optional() }), fields: { id: groupId.optional() }, answer: null,
  examples: { id: madeGroup },
  run: async ({ db, user, params, query, body }) => {
    const id = body?.id ?? query.id;
    if (!id) throw fieldError('id', 'required');
    await groups.deleteGroup(db, user.id, params.id, id);
  },
});
// Its sessions then follow the other group's schedule: the live desk re-reads the playground's days.
export const movePlayground = defineWrite({
  records: { activity: 'playground.moved', live: ['schedule'] },
  kind: 'update', path: '/api/v2.1/playgrounds/:id/group/', summary: 'Move a playground to a group', tags, access,
  fields: { group: groupId.nullable() }, answer: Playground,
  // #41 Out of the group the tests made it in (the example of its create): a change to read back and log.
  examples: { group: null }, readBack: { path: '/api/v2.1/locations/:location/playgrounds/' },
  run: ({ db, user, params, body }) => groups.movePlayground(db, user.id, params.id, body.group),
});
