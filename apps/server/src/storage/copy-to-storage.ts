import { createLocalStorage } from './local-storage.js';
import { type ObjectStorage, STORED_FOLDERS } from './object-storage.js';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: a second run copies nothing. */
  skipped: number;
}

/**
 * Copies a data folder's stored files (course files, uploads, video outputs and keys) into another
 * store under the same keys. Idempotent: an object already there with the same size is left alone, so
 * an interrupted copy is finished by running it again.
 */
export async function copyToStorage(dataDir: string, target: ObjectStorage): Promise<CopyReport> {
  const source = createLocalStorage(dataDir);
  const report: CopyReport = { copied: 0, skipped: 0 };
  for (const folder of STORED_FOLDERS) {
    for (const key of await source.list(`${folder}/`)) {
      if ((await target.size(key)) === (await source.size(key))) {
        report.skipped += 1;
        continue;
      }
      await target.putFile(key, `${dataDir}/${key}`);
      report.copied += 1;
    }
  }
  return report;
}
