// Paths (the control page; permission accounts.{product}.techsessions and a role at the location):
// POST /api/v2.2/playgrounds/create_token/ ({playground}); POST, DELETE /api/v2.2/playgrounds/{id}/tech_sessions/
// ({minutes, comment}). The page's list of locations with playgrounds is GET /api/v2.1/locations/my/,
// which carries each playground's uuid_token, tech_control and tech_sessions_access_expires_at.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam, idNumber } from '../../platform/validation';
import { TECH_SESSION_MIN_MINUTES } from '../../../domain/locationManagement';
import { createToken, startTechSession, stopTechSession, TECH_SESSIONS } from './service';
import { TEXT_LIMITS } from '../../../domain/textLimits';

import { Playground } from '../../platform/answers';

export async function techSessionRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['technical sessions'];
  const params = z.object({ id: idParam });

  r.post('/api/v2.2/playgrounds/create_token/', {
    config: { records: { activity: 'playground.token_replaced' }, access: TECH_SESSIONS, notFound: true },
    schema: { summary: 'Make a new launcher token for a playground', tags, body: z.strictObject({ playground: idNumber() }), answers: { 200: Playground } },
  }, async (request) => createToken(db, currentUser(request), request.body.playground));

  r.post('/api/v2.2/playgrounds/:id/tech_sessions/', {
    config: { records: { activity: 'tech_session.started', live: ['tech_session'] }, access: TECH_SESSIONS },
    schema: {
      summary: 'Open tech access to a playground',
      tags, params,
      body: z.strictObject({
        // A week at most: a forgotten grant must not keep a playground open for good.
        minutes: z.number().int().min(TECH_SESSION_MIN_MINUTES).max(10080),
        comment: z.string().trim().max(TEXT_LIMITS.shortComment).default(''),
      }),
      answers: { 201: Playground },
    },
  }, async (request, reply) => reply.status(201).send(await startTechSession(db, currentUser(request), request.params.id, request.body)));

  r.delete('/api/v2.2/playgrounds/:id/tech_sessions/', { config: { records: { activity: 'tech_session.stopped', live: ['tech_session'] }, access: TECH_SESSIONS }, schema: { summary: 'Close tech access to a playground', tags, params, answers: { 204: null } } }, async (request, reply) => {
    await stopTechSession(db, currentUser(request), request.params.id);
    return reply.status(204).send();
  });
}
