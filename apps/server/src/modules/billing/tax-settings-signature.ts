import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@shop/shared';
import { AppError } from '../../errors.js';

export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** A small file can declare a huge canvas; a signature needs nothing like 4 Mpx. */
const SIGNATURE_MAX_PIXELS = 4_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg']);
/** Printed at most 150 x 50 pt; 600 x 200 px keeps it sharp on paper. */
const STORED_BOX = { width: 600, height: 200 };

/** Not under uploads/: a signature is not served to the public, only drawn into invoices. */
function signaturesDir(dataDir: string): string {
  return path.join(dataDir, 'tax-signatures');
}

/**
 * Checks the bytes really are a PNG or JPEG (by content, never the content type; the header is read
 * before any pixel is decoded), then stores a PNG no larger than 600 x 200 named by the hash of what
 * was stored. The name goes into each invoice's frozen data; a file is never overwritten or removed,
 * so an issued invoice renders to the same bytes after the signature is replaced. Returns the name.
 */
export async function storeSignature(dataDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > SIGNATURE_MAX_BYTES) throw new AppError('payload_too_large', messages.taxSignatureTooLarge);
  const sharp = (await import('sharp')).default;
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format))
    throw new AppError('bad_request', messages.taxSignatureBad);
  if ((header.width ?? 0) * (header.height ?? 0) > SIGNATURE_MAX_PIXELS)
    throw new AppError('bad_request', messages.taxSignatureTooManyPixels);
  const png = await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS })
    .rotate()
    .resize(STORED_BOX.width, STORED_BOX.height, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => {
      throw new AppError('bad_request', messages.taxSignatureBad);
    });
  const name = `${createHash('sha256').update(png).digest('hex').slice(0, 24)}.png`;
  const dir = signaturesDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), png);
  return name;
}

/** A stored signature's PNG, or undefined when the name is not one we stored. */
export async function loadSignature(dataDir: string, name: string): Promise<Buffer | undefined> {
  if (!/^[0-9a-f]{24}\.png$/.test(name)) return undefined;
  return fs.readFile(path.join(signaturesDir(dataDir), name)).catch(() => undefined);
}
