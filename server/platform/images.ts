// Uploaded pictures (avatars, the gallery, dispute scans) are judged by their content, never by
// their name or declared type: the first bytes must be PNG, JPEG, WebP or GIF, and for a picture
// that is shown (avatars, the gallery) sharp must decode it, within a pixel limit against
// decompression bombs. A file with a PNG header and anything else after it is refused.
import sharp from 'sharp';
import { fieldError } from './errors';

/** About 8000 x 6000: larger pictures are refused before they are decoded. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The format its first bytes say, or null. */
export function imageExtension(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** The picture's format and size once decoded; else the `avatar_type` error on `field`. */
export async function decodedImage(data: Buffer, field: string): Promise<{ ext: string; width: number; height: number }> {
  const ext = imageExtension(data);
  if (!ext) throw fieldError(field, 'avatar_type');
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // Decoding the pixels (into a small copy), not only the header: a truncated or forged body fails here.
    await image.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return { ext, width: meta.width, height: meta.height };
  } catch {
    throw fieldError(field, 'avatar_type');
  }
}
