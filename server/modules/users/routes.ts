// Paths: GET /api/v2.1/users/am/, GET /api/v2.2/users/{id}/, PUT /api/v2.1/users/{id}/
// (multipart: name, phone, email, avatar, and current_password when the e-mail changes; JSON is
// accepted too, without an avatar).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { fileStore } from '../../platform/files';
import { currentUser } from '../../platform/auth';
import { ApiError, RequestValidationError, fieldError } from '../../platform/errors';
import { emailSchema, idParam, phoneSchema } from '../../platform/validation';
import * as users from './service';
import { Me, User } from '../../platform/answers';
import { TEXT_LIMITS } from '../../../domain/textLimits';

const profileSchema = z.strictObject({
  name: z.string().trim().min(1).max(TEXT_LIMITS.personName),
  phone: phoneSchema,
  email: emailSchema,
  // Asked only when the e-mail changes (#16): the address is where reset letters go.
  current_password: z.string().max(256).optional(),
});

/** Reads a multipart profile form: text fields plus at most one `avatar` file. */
async function readProfileForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; avatar?: Buffer }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { fields: {} };
    return { fields: body as Record<string, string> };
  }
  const fields: Record<string, string> = {};
  let avatar: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: users.AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'avatar') {
        await part.toBuffer().catch(() => undefined);
        throw fieldError(part.fieldname, 'unknown_field');
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('avatar', 'avatar_size', { max: users.AVATAR_MAX_BYTES / 1024 / 1024 });
        throw err;
      });
      if (data.length > 0) avatar = data;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, avatar };
}

export async function userRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // #48 Avatars are kept in the file store (the data folder or the bucket) under media/avatars/.
  const files = fileStore(config);

  r.get('/api/v2.1/users/am/', { schema: { summary: 'The caller\'s own profile', tags: ['users'], querystring: z.strictObject({}), answers: { 200: Me } } }, async (request) =>
    users.me(db, currentUser(request).id));

  r.get('/api/v2.2/users/:id/', {
    schema: { summary: 'A user profile', tags: ['users'], params: z.object({ id: idParam }), querystring: z.strictObject({}), answers: { 200: User } },
  }, async (request) => users.visibleUser(db, currentUser(request).id, request.params.id));

  r.put('/api/v2.1/users/:id/', {
    // A wrong current password is counted: too many are 429.
    config: { throttled: true, records: { activity: { none: 'a person\'s own profile: at no location' } } },
    schema: { summary: 'Edit the caller\'s own profile (name, phone, e-mail, avatar)', tags: ['users'], params: z.object({ id: idParam }), consumes: ['multipart/form-data', 'application/json'], answers: { 200: Me } },
  }, async (request) => {
    const actor = currentUser(request);
    if (actor.id !== request.params.id) throw new ApiError(403, { key: 'edit_only_self' });
    const { fields, avatar } = await readProfileForm(request);
    const parsed = profileSchema.safeParse(fields, { reportInput: true });
    if (!parsed.success) throw new RequestValidationError(parsed.error);
    const { current_password: currentPassword, ...profile } = parsed.data;
    return users.updateProfile(db, files, actor.id, request.params.id, { ...profile, currentPassword, avatar });
  });
}
