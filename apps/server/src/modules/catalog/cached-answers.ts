import type { AppDeps } from '../../deps.js';
import type { CachedAnswer } from '../../plugins/cached-answer.js';
import { getPublishedCourse, listCourses } from './service.js';

type CatalogDeps = Pick<AppDeps, 'db' | 'catalogCache'>;

/**
 * The catalogue's two public answers, serialized once per catalogue version: the API sends them, and the
 * server-rendered pages draw with them and embed them (plugins/page-render.ts), so both agree to the byte.
 */
export function courseListAnswer({ db, catalogCache }: CatalogDeps, q?: string): Promise<CachedAnswer> {
  return catalogCache.get(`list:${q ?? ''}`, async () => ({ ok: true, courses: await listCourses(db, q) }));
}

/** One published course's answer; rejects as `getPublishedCourse` does for an unknown or withdrawn one. */
export function courseAnswer({ db, catalogCache }: CatalogDeps, id: string): Promise<CachedAnswer> {
  return catalogCache.get(`course:${id}`, async () => ({ ok: true, course: await getPublishedCourse(db, id) }));
}
