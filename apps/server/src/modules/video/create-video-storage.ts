import path from 'node:path';
import { secretFor } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { S3Settings } from '../../storage/s3-storage.js';
import { createObjectVideoStorage } from '../../storage/s3-video-storage.js';
import { createLocalVideoStorage, type VideoStorage } from '../../storage/video-storage.js';

/** The secret purpose that seals video keys kept in the bucket (derived from SHOP_SECRET when set). */
export const VIDEO_KEY_SEAL_NAME = 'video-key-seal';

/** The bucket's address: the endpoint with the bucket as a path (S3-compatible stores), or AWS's own host. */
function bucketBase(settings: S3Settings): string {
  return settings.endpoint
    ? `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

/**
 * Where the transcodes' outputs go and the player reads them: the bucket when S3_BUCKET is set (every
 * process then finds every video), DATA_DIR otherwise (the embedded start, unchanged). `objects` is the
 * app's configured store (`deps.storage`).
 */
export function createVideoStorage(
  config: Pick<Config, 'dataDir' | 'shopSecret' | 'storage'>,
  objects: ObjectStorage,
): VideoStorage {
  const settings = config.storage;
  if (settings.kind !== 's3') return createLocalVideoStorage(config.dataDir);
  const secret = Buffer.from(secretFor(config, VIDEO_KEY_SEAL_NAME), 'hex');
  return createObjectVideoStorage(objects, bucketBase(settings), secret, path.join(config.dataDir, 'video-work'));
}

/** Where a browser fetches presigned video objects from (for the Content-Security-Policy); none when streamed. */
export function videoBucketOrigins(config: Pick<Config, 'storage' | 'downloads'>): string[] {
  if (config.storage.kind !== 's3' || config.downloads !== 'presigned') return [];
  return [new URL(bucketBase(config.storage)).origin];
}
