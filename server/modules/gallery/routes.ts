// Paths (location management, role id 40 at the location): GET /api/v2.1/locations/{id}/images/;
// the upload and the delete are declarations in writes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { currentUser } from '../../platform/auth';
import { idParam } from '../../platform/validation';
import { listImages } from './service';

import { Image } from '../../platform/answers';

export async function galleryRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gallery'];
  const params = z.object({ id: idParam });

  r.get('/api/v2.1/locations/:id/images/', { config: { access: { minRole: 40 } }, schema: { summary: 'A location\'s pictures', tags, params, querystring: z.strictObject({}), answers: { 200: z.array(Image) } } }, async (request) =>
    listImages(db, currentUser(request).id, request.params.id));
}
