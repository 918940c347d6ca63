import fs from 'node:fs/promises';
import { createLocalStorage } from './local-storage.js';
import { type ObjectStorage, STORED_FOLDERS } from './object-storage.js';
import { SEALED_KEY_OVERHEAD } from './s3-video-storage.js';
import type { VideoStorage } from './video-storage.js';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: a second run copies nothing. */
  skipped: number;
}

const VIDEO_KEY = /^video-keys\/([A-Za-z0-9_-]{1,64})\.key$/;

/**
 * Copies a data folder's stored files (course files, uploads, video outputs and keys) into another
 * store under the same keys. A video's key is never copied as it is: it goes through `videoKeys` (the
 * bucket's video storage), which seals it as the transcoder's own writes are, so the bucket holds no
 * key in the clear and the player reads copied keys back. Idempotent: an object already there with
 * the same size (a key's sealed size) is left alone, so an interrupted copy is finished by running it
 * again.
 */
export async function copyToStorage(
  dataDir: string,
  target: ObjectStorage,
  videoKeys: Pick<VideoStorage, 'putKey'>,
): Promise<CopyReport> {
  const source = createLocalStorage(dataDir);
  const report: CopyReport = { copied: 0, skipped: 0 };
  for (const folder of STORED_FOLDERS) {
    for (const key of await source.list(`${folder}/`)) {
      const videoId = VIDEO_KEY.exec(key)?.[1];
      const size = await source.size(key);
      const stored = videoId === undefined ? size : (size ?? 0) + SEALED_KEY_OVERHEAD;
      if ((await target.size(key)) === stored) {
        report.skipped += 1;
        continue;
      }
      if (videoId === undefined) await target.putFile(key, `${dataDir}/${key}`);
      else await videoKeys.putKey(videoId, await fs.readFile(`${dataDir}/${key}`));
      report.copied += 1;
    }
  }
  return report;
}
