// The gallery of a location (location management, role id 40 there). A picture is checked by its
// content, not its name or declared type: its first bytes must be PNG, JPEG, WebP or GIF and sharp
// must decode it (within a pixel limit, against decompression bombs). The file is kept in the file
// store (#48: the data folder or the bucket) under media/gallery/ with a WebP thumbnail beside it;
// both are served from /media/gallery/.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locationImages } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { requireManagerAt } from '../locations/service';
import { decodedImage, MAX_IMAGE_PIXELS } from '../../platform/images';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';
import type { FileStore } from '../../platform/files';

export const GALLERY_URL = '/media/gallery';
/** The store's keys of the gallery's files. */
const key = (file: string) => `media/gallery/${file}`;
/** Thumbnails fit in this square (the grid shows them at most this big). */
export const THUMB_SIZE = 400;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

type Row = typeof locationImages.$inferSelect;

const json = (r: Row) => ({
  id: r.id, url: `${GALLERY_URL}/${r.file}`, thumbnail: `${GALLERY_URL}/${r.thumb}`, content_type: r.contentType,
  size: r.size, width: r.width, height: r.height, created: r.createdAt.toISOString(),
});

export async function listImages(db: Db, userId: number, locationId: number) {
  await requireManagerAt(db, userId, locationId);
  const rows = await db.select().from(locationImages).where(eq(locationImages.locationId, locationId)).orderBy(asc(locationImages.id));
  return rows.map(json);
}

/** The picture's format and size, or the image_type error when it is not a picture we take (platform/images.ts). */
const inspect = (data: Buffer) => decodedImage(data, 'image');

export async function addImage(db: Db, files: FileStore, userId: number, locationId: number, data: Buffer) {
  await requireManagerAt(db, userId, locationId);
  const { ext, width, height } = await inspect(data);
  const base = `${locationId}-${crypto.randomBytes(10).toString('hex')}`;
  let thumb: Buffer;
  try {
    // rotate() applies the EXIF orientation, so phone photos are not shown sideways.
    thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    // A header that reads but pixels that do not: not a usable picture.
    throw fieldError('image', 'avatar_type');
  }
  const file = `${base}.${ext}`;
  const thumbFile = `${base}-thumb.webp`;
  await files.put(key(file), data, CONTENT_TYPES[ext]!);
  await files.put(key(thumbFile), thumb, 'image/webp');
  try {
    const [row] = await db.transaction(async (tx) => {
      const rows = await tx.insert(locationImages).values({
        locationId, file, thumb: thumbFile, contentType: CONTENT_TYPES[ext]!, size: data.length, width, height, userId,
      }).returning();
      await recordEffects(tx, { activity: activityChange(locationId, 'location_image.added', file, null, { file, width, height }) });
      return rows;
    });
    return json(row!);
  } catch (err) {
    await Promise.all([files.remove(key(file)), files.remove(key(thumbFile))]);
    throw err;
  }
}

export async function deleteImage(db: Db, files: FileStore, userId: number, locationId: number, imageId: number): Promise<void> {
  await requireManagerAt(db, userId, locationId);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(locationImages)
      .where(and(eq(locationImages.id, imageId), eq(locationImages.locationId, locationId))).returning();
    if (!deleted) throw notFound();
    await recordEffects(tx, { activity: activityChange(locationId, 'location_image.deleted', deleted.file, { file: deleted.file, width: deleted.width, height: deleted.height }, null) });
    return deleted;
  });
  // The row is gone first: a file left by a crash here is an orphan, never a broken picture.
  await Promise.all([files.remove(key(row.file)), files.remove(key(row.thumb))]);
}
