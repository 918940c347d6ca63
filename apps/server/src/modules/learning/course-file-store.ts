import type { ObjectStorage } from '../../storage/object-storage.js';

/**
 * Course files are objects under `course-files/` (DATA_DIR/course-files on the embedded start); rows
 * name them, requests never do. Only the last segment of the stored name is used, so even a bad
 * database value stays inside the folder.
 */
export function courseFileKey(storedName: string): string {
  return `course-files/${storedName.replace(/^.*[/\\]/, '')}`;
}

/** Copies a local file into storage under `storedName`; answers its size in bytes. */
export async function storeCourseFile(storage: ObjectStorage, sourcePath: string, storedName: string): Promise<number> {
  const key = courseFileKey(storedName);
  await storage.putFile(key, sourcePath);
  return (await storage.size(key)) ?? 0;
}
