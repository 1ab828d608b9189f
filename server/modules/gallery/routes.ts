// Paths (location management, role id 40 at the location): GET, POST /api/v2.1/locations/{id}/images/
// (multipart, one file field `image`), DELETE /api/v2.1/locations/{id}/images/{image_id}/.
// The files are served from /media/gallery/.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { fieldError } from '../../platform/errors';
import { idParam } from '../../platform/validation';
import { GALLERY_MAX_BYTES } from '../../../domain/locationManagement';
import { requireManagerAt } from '../locations/service';
import { addImage, deleteImage, listImages } from './service';

import { Image } from '../../platform/answers';

export async function galleryRoutes(app: FastifyInstance, { db, config }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gallery'];
  const params = z.object({ id: idParam });
  const mediaDir = path.join(config.dataDir, 'media', 'gallery');

  r.get('/api/v2.1/locations/:id/images/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s pictures', tags, params, querystring: z.strictObject({}), answers: { 200: z.array(Image) } } }, async (request) =>
    listImages(db, currentUser(request).id, request.params.id));

  r.post('/api/v2.1/locations/:id/images/', { config: { access: { minRole: 40 } }, schema: { summary: 'Upload a picture of a location', tags, params, consumes: ['multipart/form-data'], answers: { 201: Image } } }, async (request, reply) => {
    const user = currentUser(request);
    // Who may upload is known before the file is read.
    await requireManagerAt(db, user.id, request.params.id);
    if (!request.isMultipart()) throw fieldError('image', 'image_required');
    let image: Buffer | undefined;
    for await (const part of request.parts({ limits: { fileSize: GALLERY_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('image', 'avatar_size', { max: GALLERY_MAX_BYTES / 1024 / 1024 });
        throw err;
      });
      if (part.fieldname !== 'image') throw fieldError(part.fieldname, 'unknown_field');
      if (data.length > 0) image = data;
    }
    if (!image) throw fieldError('image', 'image_required');
    return reply.status(201).send(await addImage(db, mediaDir, user.id, request.params.id, image));
  });

  r.delete('/api/v2.1/locations/:id/images/:image_id/', {
    config: { access: { minRole: 40 } },
    schema: { summary: 'Delete a picture of a location', tags, params: z.object({ id: idParam, image_id: idParam }), answers: { 204: null } },
  }, async (request, reply) => {
    await deleteImage(db, mediaDir, currentUser(request).id, request.params.id, request.params.image_id);
    return reply.status(204).send();
  });
}
