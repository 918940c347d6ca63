import { createHash } from 'node:crypto';
import path from 'node:path';
import { messages } from '@shop/shared';
import { AppError } from '../../errors.js';
import type { ObjectStorage } from '../../storage/object-storage.js';

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
/**
 * A small compressed file can declare a huge canvas (a 1 MB PNG of 16000 x 16000 took 9 s and 280 MB
 * to decode), so the pixel count is capped as well as the bytes; 40 Mpx is more than any camera's photo.
 */
export const THUMBNAIL_MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Cards and the details sidebar show thumbnails at 350 x 219; the 700 px copy serves 2x screens. */
const SIZES = [
  { width: 700, height: 438 },
  { width: 350, height: 219 },
] as const;

/** Where public uploads live: DATA_DIR/uploads on the embedded start, `uploads/` in the bucket, served at /uploads/. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Checks the bytes really are a PNG, JPEG or WebP image of at most THUMBNAIL_MAX_PIXELS (never
 * trusting the content type; the header is read before any pixel is decoded), then decodes it once to
 * the largest card size and writes WebP copies named by content hash, so the same upload twice is one
 * file and caching is safe. Returns the URL a course's `thumb` points at.
 */
export async function storeThumbnail(storage: ObjectStorage, bytes: Buffer): Promise<string> {
  if (bytes.length > THUMBNAIL_MAX_BYTES) throw new AppError('payload_too_large', messages.adminImageTooLarge);
  const sharp = await loadSharp();
  // The header alone, so an oversized canvas gets its own message; the decode below enforces the limit again.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format))
    throw new AppError('bad_request', messages.adminBadImage);
  if ((header.width ?? 0) * (header.height ?? 0) > THUMBNAIL_MAX_PIXELS) {
    throw new AppError('bad_request', messages.adminImageTooManyPixels);
  }
  const [largest] = SIZES;
  const decoded = await sharp(bytes, { limitInputPixels: THUMBNAIL_MAX_PIXELS })
    .rotate()
    .resize(largest.width, largest.height, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new AppError('bad_request', messages.adminBadImage);
    });
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  for (const size of SIZES) {
    const { width, height, channels } = decoded.info;
    const webp = await sharp(decoded.data, { raw: { width, height, channels } })
      .resize(size.width, size.height, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
    await storage.put(`uploads/thumbs/${hash}-${size.width}.webp`, webp, { contentType: 'image/webp' });
  }
  return `/uploads/thumbs/${hash}-${largest.width}.webp`;
}

/** sharp (libvips) adds some 30 MB to the process; only an operator's upload needs it, so it loads then. */
async function loadSharp() {
  return (await import('sharp')).default;
}
