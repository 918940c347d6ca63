import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { getLearnCourse } from '../learning/get-learn-course.js';
import { scriptSafe } from './page-render.js';

/** `/learn/{courseId}` and `/learn/{courseId}/{lessonId}`, with an id that needs no escaping in a URL. */
const PLAYER_PATH = /^\/learn\/([A-Za-z0-9_-]+)(\/[^/]+)?\/?$/;

/** The course id of a player page's address, or undefined for any other page. */
export function playerCourseId(pathname: string): string | undefined {
  return PLAYER_PATH.exec(pathname)?.[1];
}

/**
 * The player's course as the learner's `GET /api/learn/{courseId}` would answer it, written into their
 * page as the web's initial data (`SeedQuery[]`, app/initial-data.ts): the browser draws the lesson as soon
 * as the scripts have run, with no request after them (issue 19: the player's LCP waited for that answer,
 * then for a second render). Null for anyone who may not have it (a visitor, a learner who does not own
 * the course now): their page carries nothing of the course, and their own fetch answers 401 or 403 as before.
 */
export async function playerPageData(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  linkSecret: string,
  user: SessionUser | null,
  courseId: string,
): Promise<string | null> {
  if (!user) return null;
  try {
    const data = await getLearnCourse(deps, linkSecret, user, courseId);
    return scriptSafe(JSON.stringify([{ endpoint: 'getLearnCourse', arg: courseId, data }]));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
