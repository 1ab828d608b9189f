// The catalogue of a venue (#28 CATALOGUE), role id 40 at the location unless said:
// playgrounds (POST /api/v2.1/locations/{id}/playgrounds/, PUT/DELETE /api/v2.1/playgrounds/{id}/),
// games (POST /api/v2.1/games/, PUT /api/v2.1/games/{id}/: owners),
// the games a location offers (PUT /api/v2.1/locations/{id}/games/), certificate designs and event
// packages (POST /api/v2.2/locations/{id}/certificate_designs|events_packages/, PUT/DELETE
// /api/v2.2/certificate_designs|events_packages/{id}/, as the rates in certificateRates/writes.ts).
import { z } from 'zod';
import { CERTIFICATE_DESIGN_MAX } from '../../../domain/certificates';
import { BOOKABLE_PLAYGROUND_TYPES } from '../../../domain/slotFlags';
import { CERTIFICATE_DESIGN_FIELDS, EVENT_PACKAGE_FIELDS, GAME_FIELDS, PLAYGROUND_FIELDS } from '../../../domain/fieldLabels';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { money, Playground } from '../../platform/answers';
import { dateSchema, idNumber, positiveAmount } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as pg from './playgrounds';
import * as gm from './games';
import * as items from './items';

const access = { minRole: 40 };
const name = z.string().trim().min(1).max(TEXT_LIMITS.itemName);

// Playgrounds.
const ManagedPlayground = Playground.extend({ is_active: z.boolean() });
const playground = {
  tags: ['playgrounds'], access, answer: ManagedPlayground, labels: PLAYGROUND_FIELDS,
  fields: {
    name,
    // Each type at most once; at least one (a playground without one is on no calendar).
    types: z.array(z.enum(BOOKABLE_PLAYGROUND_TYPES)).min(1).max(BOOKABLE_PLAYGROUND_TYPES.length).refine((t) => new Set(t).size === t.length, { message: 'invalid_choice' }),
    max_players: z.number().int().min(1).max(100),
    // Minutes a session lasts: 5 minutes to a day.
    duration: z.number().int().min(5).max(24 * 60),
    // Omitted: ungrouped when created, unchanged when edited (the schedules board moves it between groups).
    group: idNumber().nullable().optional(),
    // false retires it (refused while it has orders to come), true brings it back.
    is_active: z.boolean().optional(),
  },
  // #41 The generated tests (tests/api/writes.test.ts): its group is one they made; read back from the location's playgrounds.
  examples: { group: (at: ExampleContext) => at.made('groups').id },
  readBack: { path: '/api/v2.1/locations/:location/playgrounds/' },
};
export const createPlayground = defineWrite({
  records: { activity: 'playground.created', live: ['schedule'] },
  ...playground, kind: 'create', path: '/api/v2.1/locations/:id/playgrounds/', summary: 'Add a playground',
  run: ({ db, user, params, body }) => pg.createPlayground(db, user.id, params.id, body),
});
export const updatePlayground = defineWrite({
  records: { activity: ['playground.updated', 'playground.retired'], live: ['schedule'] },
  ...playground, kind: 'update', path: '/api/v2.1/playgrounds/:id/', summary: 'Change a playground (is_active: false retires it, true reactivates it)',
  run: ({ db, user, params, body }) => pg.updatePlayground(db, user.id, params.id, body),
});
export const deletePlayground = defineWrite({
  records: { activity: ['playground.deleted', 'playground.retired'], live: ['schedule'] },
  tags: ['playgrounds'], access, kind: 'delete', path: '/api/v2.1/playgrounds/:id/', answer: null,
  summary: 'Delete a playground that never had orders, else retire it; refused while it has future orders',
  run: ({ db, user, params }) => pg.removePlayground(db, user.id, params.id),
});

// Games.
const Game = z.object({ id: z.number().int(), name: z.string(), genre: z.string(), info: z.array(z.object({ country: z.string(), age: z.number().int() })) });
const game = {
  tags: ['games'], access, answer: Game, labels: GAME_FIELDS,
  fields: {
    name,
    genre: z.string().trim().max(TEXT_LIMITS.itemName).default(''),
    // Age ratings per country (e.g. RU 12+): a country's code or name and the age.
    info: z.array(z.object({ country: z.string().trim().min(1).max(TEXT_LIMITS.itemName), age: z.number().int().min(0).max(21) })).max(50).default([]),
  },
  readBack: { path: '/api/v2.1/games/' },
};
export const createGame = defineWrite({
  records: { activity: 'game.created' },
  ...game, kind: 'create', path: '/api/v2.1/games/', summary: 'Add a game to the catalogue (owners)',
  run: ({ db, user, body }) => gm.createGame(db, user, body),
});
export const updateGame = defineWrite({
  records: { activity: 'game.updated' },
  ...game, kind: 'update', path: '/api/v2.1/games/:id/', summary: 'Change a game of the catalogue (owners)',
  run: ({ db, user, params, body }) => gm.updateGame(db, user, params.id, body),
});
export const setLocationGames = defineWrite({
  records: { activity: 'games.updated' },
  tags: ['games'], access, kind: 'update', path: '/api/v2.1/locations/:id/games/', summary: 'Set the games a location offers and on which playgrounds', answer: null, status: 204,
  fields: { games: z.array(z.object({ game: idNumber(), playgrounds: z.array(idNumber()).max(100).nullable() })).max(1000) },
  // #41 A game and a playground the tests made; the location's games read back as the list it was sent.
  examples: { games: (at: ExampleContext) => [{ game: at.made('games').id, playgrounds: [at.made('playgrounds').id] }] },
  readBack: {
    path: '/api/v2.1/locations/:location/games/',
    find: (games: { id: number; playgrounds: number[] | null }[]) => ({ games: games.map((g) => ({ game: g.id, playgrounds: g.playgrounds })) }),
  },
  run: ({ db, user, params, body }) => gm.setLocationGames(db, user.id, params.id, body.games),
});

// Certificate designs.
const design = {
  tags: ['certificates'], access, unique: { field: 'name' as const }, labels: CERTIFICATE_DESIGN_FIELDS,
  answer: z.object({ id: z.number().int(), name: z.string(), active: z.boolean() }),
  fields: { name: z.string().trim().min(1).max(CERTIFICATE_DESIGN_MAX), active: z.boolean().optional() },
  readBack: { path: '/api/v2.2/locations/:location/certificate_designs/' },
};
export const createDesign = defineWrite({
  records: { activity: 'certificate_design.created' },
  ...design, kind: 'create', path: '/api/v2.2/locations/:id/certificate_designs/', summary: 'Add a certificate design',
  run: ({ db, user, params, body }) => items.createDesign(db, user.id, params.id, body),
});
export const updateDesign = defineWrite({
  records: { activity: ['certificate_design.updated', 'certificate_design.retired'] },
  ...design, kind: 'update', path: '/api/v2.2/certificate_designs/:id/', summary: 'Change a certificate design (active: false retires it)',
  run: ({ db, user, params, body }) => items.updateDesign(db, user.id, params.id, body),
});
export const deleteDesign = defineWrite({
  records: { activity: ['certificate_design.deleted', 'certificate_design.retired'] },
  tags: ['certificates'], access, kind: 'delete', path: '/api/v2.2/certificate_designs/:id/', answer: null,
  summary: 'Delete a certificate design, or retire it when already used',
  run: ({ db, user, params }) => items.removeDesign(db, user.id, params.id),
});

// Event packages.
const optionalDay = dateSchema.nullable().optional();
const eventPackage = {
  tags: ['multibooking'], access, labels: EVENT_PACKAGE_FIELDS,
  answer: z.object({ id: z.number().int(), name: z.string(), price: money(), active: z.boolean(), valid_from: z.string().nullable(), valid_to: z.string().nullable() }),
  fields: { name, price: positiveAmount(13), valid_from: optionalDay, valid_to: optionalDay, active: z.boolean().optional() },
  readBack: { path: '/api/v2.2/locations/:location/events_packages/' },
};
export const createPackage = defineWrite({
  records: { activity: 'event_package.created' },
  ...eventPackage, kind: 'create', path: '/api/v2.2/locations/:id/events_packages/', summary: 'Add an event package',
  run: ({ db, user, params, body }) => items.createPackage(db, user.id, params.id, body),
});
export const updatePackage = defineWrite({
  records: { activity: ['event_package.updated', 'event_package.retired'] },
  ...eventPackage, kind: 'update', path: '/api/v2.2/events_packages/:id/', summary: 'Change an event package (active: false retires it)',
  run: ({ db, user, params, body }) => items.updatePackage(db, user.id, params.id, body),
});
export const deletePackage = defineWrite({
  records: { activity: ['event_package.deleted', 'event_package.retired'] },
  tags: ['multibooking'], access, kind: 'delete', path: '/api/v2.2/events_packages/:id/', answer: null,
  summary: 'Delete an event package, or retire it when already ordered',
  run: ({ db, user, params }) => items.removePackage(db, user.id, params.id),
});
