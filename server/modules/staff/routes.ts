// The invitation page's calls (#28 STAFF), public (the key is a 256-bit secret sent by letter):
// GET /api/v2.1/invitations/{key}/ (the location and e-mail; 404 when not valid), POST
// /api/v2.1/invitations/{key}/: a new address {name, password, password_confirm} -> {token} (signs
// in); an existing account {} -> {token: null} (keeps its password, signs in as usual; #38).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { PASSWORD_MIN_LENGTH } from '../../../domain/validation';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import * as staff from './service';

export async function invitationRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ key: z.string().max(200) });
  r.get('/api/v2.1/invitations/:key/', {
    config: { public: true, notFound: true },
    schema: {
      summary: 'What an invitation is for', tags: ['staff'], params,
      answers: { 200: z.object({ location: z.string(), email: z.string(), has_account: z.boolean() }) },
    },
  }, async (request) => staff.invitationFacts(db, request.params.key, request.lang));
  r.post('/api/v2.1/invitations/:key/', {
    config: { records: { activity: 'staff.joined' }, public: true, notFound: true },
    schema: {
      summary: 'Accept an invitation: a new address sets its name and password and is signed in; an existing account just accepts', tags: ['staff'], params,
      // Each field is required for a new address only; the service says which are missing.
      body: z.strictObject({
        name: z.string().trim().min(1).max(TEXT_LIMITS.personName).optional(),
        password: z.string().min(PASSWORD_MIN_LENGTH).max(128).optional(),
        password_confirm: z.string().min(1).max(128).optional(),
      }),
      answers: { 200: z.object({ token: z.string().nullable().describe('Signed in (a new account); null: an existing account, which signs in with its own password') }) },
    },
  }, async (request) => staff.acceptInvitation(db, request.params.key, request.body ?? {}, request.ip ?? null));
}
