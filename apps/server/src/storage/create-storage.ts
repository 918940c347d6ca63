import type { Config } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';

/** The configured store: the S3 bucket when S3_BUCKET is set, else DATA_DIR. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): ObjectStorage {
  return config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(config.dataDir);
}
