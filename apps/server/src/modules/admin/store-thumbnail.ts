import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@shop/shared';
import { AppError } from '../../errors.js';

export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** Cards and the details sidebar show thumbnails at 350 x 219; the 700 px copy serves 2x screens. */
const SIZES = [
  { width: 350, height: 219 },
  { width: 700, height: 438 },
] as const;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Checks the bytes really are a PNG, JPEG or WebP image (never trusting the content type), then
 * writes WebP copies named by content hash, so the same upload twice is one file and caching is safe.
 * Returns the URL a course's `thumb` points at.
 */
export async function storeThumbnail(dataDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > THUMBNAIL_MAX_BYTES) throw new AppError('payload_too_large', messages.adminImageTooLarge);
  let format: string | undefined;
  try {
    format = (await (await loadSharp())(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('bad_request', messages.adminBadImage);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  const dir = path.join(uploadsDir(dataDir), 'thumbs');
  await fs.mkdir(dir, { recursive: true });
  for (const size of SIZES) {
    const file = path.join(dir, `${hash}-${size.width}.webp`);
    await (await loadSharp())(bytes)
      .rotate()
      .resize(size.width, size.height, { fit: 'cover' })
      .webp({ quality: 80 })
      .toFile(file)
      .catch(() => {
        throw new AppError('bad_request', messages.adminBadImage);
      });
  }
  return `/uploads/thumbs/${hash}-700.webp`;
}

/** sharp (libvips) adds some 30 MB to the process; only an operator's upload needs it, so it loads then. */
async function loadSharp() {
  return (await import('sharp')).default;
}
