// Paths: POST /api/v2.1/login/, POST /api/v2.1/logout/, GET /api/v2.1/loginjwt/permissions/,
// POST /api/v2.1/users/password_reset/, GET and POST /api/v2.1/users/password_reset/{key}/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { translate } from '../../platform/messages';
import { emailSchema } from '../../platform/validation';
import { PASSWORD_MIN_LENGTH } from '../../../domain/validation';
import { DetailAnswer } from '../../platform/answers';
import * as auth from './service';

export async function authRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = { maxFailures: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes, slowdownSeconds: config.loginSlowdownSeconds };

  r.post('/api/v2.1/login/', {
    config: { records: { activity: { none: 'signing in changes nothing at a location' } }, public: true, throttled: true },
    schema: {
      summary: 'Sign in: a token for an e-mail and password',
      tags: ['auth'],
      body: z.strictObject({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(256) }),
      answers: { 200: z.object({ token: z.string() }) },
    },
  }, async (request) => {
    const token = await auth.login(db, request.body.email, request.body.password, request.ip, limits);
    return { token };
  });

  r.post('/api/v2.1/logout/', { config: { records: { activity: { none: 'signing out changes nothing at a location' } } }, schema: { summary: 'Sign out: revoke the caller\'s token', tags: ['auth'], answers: { 200: DetailAnswer } } }, async (request, reply) => {
    await auth.logout(db, currentUser(request).tokenId);
    return reply.status(200).send({ detail: translate(request.lang, 'logged_out') });
  });

  r.get('/api/v2.1/loginjwt/permissions/', { schema: { summary: 'The caller\'s permission names', tags: ['auth'], querystring: z.strictObject({}), answers: { 200: z.array(z.string()) } } }, async (request) => {
    return auth.permissionNames(db, currentUser(request).id, config.product);
  });

  r.post('/api/v2.1/users/password_reset/', {
    config: { records: { activity: { none: 'a letter to reset a password: a person\'s own, at no location' } }, public: true, throttled: true },
    schema: { summary: 'Ask for a password reset letter', tags: ['auth'], body: z.strictObject({ email: emailSchema }), answers: { 200: DetailAnswer } },
  }, async (request) => {
    await auth.requestPasswordReset(db, request.body.email, request.ip, {
      lang: request.lang, perEmail: config.passwordResetEmailLimit, perIp: config.passwordResetIpLimit, slowdownSeconds: config.loginSlowdownSeconds, ttlMinutes: config.resetKeyTtlMinutes,
    });
    return { detail: translate(request.lang, 'reset_sent') };
  });

  const keyParams = z.object({ key: z.string().max(200) });

  r.get('/api/v2.1/users/password_reset/:key/', {
    config: { public: true },
    schema: { summary: 'Check a password reset key', tags: ['auth'], params: keyParams, answers: { 200: DetailAnswer } },
  }, async (request) => {
    await auth.checkResetKey(db, request.params.key);
    return { detail: 'ok' };
  });

  r.post('/api/v2.1/users/password_reset/:key/', {
    config: { records: { activity: { none: 'a person sets their own password: at no location' } }, public: true },
    schema: {
      summary: 'Set a new password with a reset key',
      tags: ['auth'],
      params: keyParams,
      body: z.strictObject({
        password: z.string().min(PASSWORD_MIN_LENGTH).max(128),
        password_confirm: z.string().min(1).max(128),
      }),
      answers: { 200: DetailAnswer },
    },
  }, async (request) => {
    await auth.resetPassword(db, request.params.key, request.body.password, request.body.password_confirm);
    return { detail: translate(request.lang, 'reset_done') };
  });
}
