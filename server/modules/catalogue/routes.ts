// The catalogue's reads for its management screens (#28 CATALOGUE), retired items included (the
// screens grey them): GET /api/v2.1/locations/{id}/playgrounds/, GET /api/v2.1/games/,
// GET /api/v2.2/locations/{id}/certificate_rates/ and .../certificate_designs/. The event packages'
// screen reads GET /api/v2.2/locations/{id}/events_packages/ without `date` (multibooking/routes.ts).
// The writes are declarations in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { money, Playground } from '../../platform/answers';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { listPlaygrounds } from './playgrounds';
import { listGames } from './games';
import { listDesigns, listRates } from './items';

const params = z.object({ id: idParam });
const none = z.strictObject({});
const access = { minRole: 40 };

export async function catalogueRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v2.1/locations/:id/playgrounds/', {
    config: { access },
    schema: { summary: 'A location\'s playgrounds, retired ones too', tags: ['playgrounds'], params, querystring: none, answers: { 200: z.array(Playground.extend({ is_active: z.boolean(), schedule_durations: z.array(z.number().int()).describe('#42 The session lengths (minutes) its group\'s switched-on schedules sell: the schedule\'s length is what is sold, the playground\'s `duration` only pre-fills new rows') })) } },
  }, async (request) => listPlaygrounds(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.1/games/', {
    schema: { summary: 'The games catalogue', tags: ['games'], querystring: none, answers: { 200: z.array(z.object({ id: z.number().int(), name: z.string(), genre: z.string(), info: z.array(z.object({ country: z.string(), age: z.number().int() })) })) } },
  }, async (request) => { currentUser(request); return listGames(db); });

  r.get('/api/v2.2/locations/:id/certificate_rates/', {
    config: { access },
    schema: { summary: 'A location\'s certificate rates, retired ones too', tags: ['certificates'], params, querystring: none, answers: { 200: z.array(z.object({ id: z.number().int(), rate: money(), active: z.boolean() })) } },
  }, async (request) => listRates(db, currentUser(request).id, request.params.id));

  r.get('/api/v2.2/locations/:id/certificate_designs/', {
    config: { access },
    schema: { summary: 'A location\'s certificate designs, retired ones too', tags: ['certificates'], params, querystring: none, answers: { 200: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })) } },
  }, async (request) => listDesigns(db, currentUser(request).id, request.params.id));
}
