import type { AppDeps } from '../../deps.js';
import type { CachedAnswer } from '../../plugins/cached-answer.js';
import { openCohortsOf, runsInCohorts } from '../cohorts/index.js';
import { getPublishedCourse, listCourses } from './service.js';

type CatalogDeps = Pick<AppDeps, 'db' | 'catalogCache'>;

/**
 * The catalogue's two public answers, serialized once per catalogue version: the API sends them, and the
 * server-rendered pages draw with them and embed them (plugins/page-render.ts), so both agree to the byte.
 */
export function courseListAnswer({ db, catalogCache }: CatalogDeps, q?: string): Promise<CachedAnswer> {
  return catalogCache.get(`list:${q ?? ''}`, async () => ({ ok: true, courses: await listCourses(db, q) }));
}

const SELF_PACED = { cohorts: [], runsInCohorts: false };

/**
 * One published course's answer; rejects as `getPublishedCourse` does for an unknown or withdrawn one. A
 * course sold by cohort (issue 35) lists its open cohorts with their seats left, which change as people buy
 * (in any process) and as enrolment closes with the India date, outside the catalogue's invalidation: they
 * are read afresh on each request and are part of the cache key, so a seat taken is a new answer (and ETag)
 * at once. Whether a course has cohorts at all is kept like the catalogue (a new cohort clears it), so a
 * self-paced course's page costs no query more.
 */
export async function courseAnswer(
  { db, catalogCache }: CatalogDeps,
  id: string,
  now = new Date(),
): Promise<CachedAnswer> {
  const cohorted = await catalogCache.memo(`cohorted:${id}`, () => runsInCohorts(db, id));
  const cohorts = cohorted ? await openCohortsOf(db, id, now) : SELF_PACED;
  const key = cohorted ? `course:${id}:${JSON.stringify(cohorts.cohorts)}` : `course:${id}`;
  return catalogCache.get(key, async () => ({ ok: true, course: await getPublishedCourse(db, id, cohorts) }));
}
