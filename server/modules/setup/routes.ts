// Paths (public, the first start, #28): GET /api/v2.1/setup/{token}/ (is the link live?),
// POST /api/v2.1/setup/ (create the owner). Both answer 404 once any account exists, saying so (#42:
// setup_done), and 404 for a wrong or expired link (setup_link_invalid).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { DetailAnswer } from '../../platform/answers';
import { hitRateLimit } from '../../platform/rateLimit';
import { emailSchema } from '../../platform/validation';
import { PASSWORD_MIN_LENGTH } from '../../../domain/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { hasUsers } from '../owners/service';
import { checkSetupToken, createOwner, setupDone } from './service';

export async function setupRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Throttled like login: a guesser of tokens gets as many tries per address and window as a guesser of passwords.
  // Counted before anything else, so a guesser is refused (429) whether an owner exists yet or not.
  const limit = { name: 'setup', max: config.loginMaxFailures, windowSeconds: config.loginWindowMinutes * 60 };
  const throttle = async (request: FastifyRequest) => { await hitRateLimit(db, limit, request.ip); };

  r.get('/api/v2.1/setup/:token/', {
    config: { public: true, throttled: true, notFound: true },
    preValidation: throttle,
    schema: { summary: 'Check a first-start setup link', tags, params: z.object({ token: z.string().max(200) }), answers: { 200: DetailAnswer } },
  }, async (request) => {
    await checkSetupToken(db, request.params.token);
    return { detail: 'ok' };
  });

  r.post('/api/v2.1/setup/', {
    config: { records: { activity: 'setup.owner_created' }, public: true, throttled: true, notFound: true },
    // Once an account exists the call is gone (404) whatever its body, so nothing is validated first.
    preValidation: async (request) => {
      await throttle(request);
      if (await hasUsers(db)) throw setupDone();
    },
    schema: {
      summary: 'Create the owner with the first-start setup token; answers their auth token as login does',
      tags,
      body: z.strictObject({
        token: z.string().trim().min(1).max(200),
        name: z.string().trim().min(1).max(TEXT_LIMITS.personName),
        email: emailSchema,
        password: z.string().min(PASSWORD_MIN_LENGTH).max(128),
        password_confirm: z.string().min(1).max(128),
      }),
      answers: { 201: z.object({ token: z.string() }) },
    },
  }, async (request, reply) => {
    return reply.status(201).send(await createOwner(db, request.body, request.ip));
  });
}
