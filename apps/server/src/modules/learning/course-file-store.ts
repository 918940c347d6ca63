import fs from 'node:fs';
import path from 'node:path';

/** Course files live in one folder of the data directory; rows name them, requests never do. */
export function courseFilesDir(dataDir: string): string {
  return path.join(dataDir, 'course-files');
}

/** The path of a stored file. `basename` keeps even a bad database value inside the folder. */
export function courseFilePath(dataDir: string, storedName: string): string {
  return path.join(courseFilesDir(dataDir), path.basename(storedName));
}

/** Copies a file into the course-files folder under `storedName`; answers its size in bytes. */
export function storeCourseFile(dataDir: string, sourcePath: string, storedName: string): number {
  const target = courseFilePath(dataDir, storedName);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(sourcePath, target);
  return fs.statSync(target).size;
}
