// Paths: GET /api/v2.1/locations/{id}/launcher_sessions/ (date_from, date_to, offset, limit; CSV),
// POST /api/v2.2/launcher/sessions/ (the launcher, with `Authorization: Playground <uuid_token>`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idNumber, instantText } from '../../platform/validation';
import type { Deps } from '../../deps';
import { notAuthenticated } from '../../platform/errors';
import { recordLauncherSession } from './service';

const launcherAnswer = z.object({ uuid: z.string(), recorded: z.enum(['created', 'updated']) });

export async function sessionRoutes(app: FastifyInstance, { db, pool }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.post('/api/v2.2/launcher/sessions/', {
    config: { records: { activity: { none: 'a playground\'s launcher reports a game: no person' }, live: ['transaction'] }, public: true, authenticates: true, forbids: true },
    // The launcher's own credentials are checked before the body, like a token elsewhere.
    onRequest: async (request) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(/\s+/);
      if (scheme?.toLowerCase() !== 'playground' || !token) throw notAuthenticated();
    },
    schema: {
      summary: 'The venue launcher reports a played session (playground\'s token)',
      tags,
      body: z.strictObject({
        uuid: z.uuid(),
        // ISO moments with their zone (the launcher knows no location clock), real calendar days.
        started: instantText(40, { zoned: true }),
        ended: instantText(40, { zoned: true }).nullable().optional().transform((v) => v ?? null),
        game_id: idNumber().nullable().optional().transform((v) => v ?? null),
        players_cnt: z.number().int().min(0).max(1000),
        session_type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
        orders_ids: z.array(idNumber()).max(100).default([]),
      }),
      // 201 for a new session, 200 when the launcher reports the same uuid again.
      answers: { 200: launcherAnswer, 201: launcherAnswer },
    },
  }, async (request, reply) => {
    const token = (request.headers.authorization ?? '').split(/\s+/)[1]!;
    const result = await recordLauncherSession(db, token, request.body);
    return reply.status(result.recorded === 'created' ? 201 : 200).send(result);
  });
}
