// A location's pictures (location management, role id 40 at the location): POST
// /api/v2.1/locations/{id}/images/ (multipart, one file field `image`), DELETE
// /api/v2.1/locations/{id}/images/{image_id}/. The files are kept in the file store (#48) and served from /media/gallery/.
import { z } from 'zod';
import { GALLERY_MAX_BYTES } from '../../../domain/locationManagement';
import type { Deps } from '../../deps';
import { Image } from '../../platform/answers';
import { fieldError } from '../../platform/errors';
import { idParam } from '../../platform/validation';
import { defineWrite } from '../../platform/writes';
import { requireManagerAt } from '../locations/service';
import { addImage, deleteImage } from './service';
import { fileStore } from '../../platform/files';

const tags = ['gallery'];
const access = { minRole: 40 };
/** #48 The file store (the data folder or the bucket). */
const storeOf = (deps: Deps) => fileStore(deps.config);

export const uploadImage = defineWrite({
  records: { activity: 'location_image.added' },
  kind: 'create', path: '/api/v2.1/locations/:id/images/', summary: 'Upload a picture of a location', tags, access, upload: true, answer: Image,
  readBack: { none: 'a multipart upload of an image file, not fields: tests/api/location-management.test.ts reads the picture and its thumbnail back' },
  run: async ({ db, deps, user, params, request }) => {
    // Who may upload is known before the file is read.
    await requireManagerAt(db, user.id, params.id);
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
    return addImage(db, storeOf(deps), user.id, params.id, image);
  },
});
export const removeImage = defineWrite({
  records: { activity: 'location_image.deleted' },
  kind: 'delete', path: '/api/v2.1/locations/:id/images/:image_id/', summary: 'Delete a picture of a location', tags, access,
  params: z.object({ id: idParam, image_id: idParam }), answer: null,
  run: ({ db, deps, user, params }) => deleteImage(db, storeOf(deps), user.id, params.id, params.image_id),
});
