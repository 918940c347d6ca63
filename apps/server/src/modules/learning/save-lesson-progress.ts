import { messages, type SaveProgressInput, type SaveProgressResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { issueCertificate } from '../certificates/issue-certificate.js';
import { summariseProgress } from './course-progress.js';
import { cachedCourseStructure, courseStructure } from './course-structure.js';
import { readProgress, writeProgressIfEnrolled } from './player-repo.js';
import { requireEnrolment } from './require-enrolment.js';

/**
 * Saves where the learner is in a lesson. Idempotent: the same save twice leaves the same state;
 * a completion is kept by every later save, whatever position or flag it carries. A save that finds
 * every lesson complete issues the course's certificate if it is not issued yet (once; the check is
 * the progress rows this save reads anyway, so an unfinished course's saves cost nothing more).
 */
export async function saveLessonProgress(
  deps: Pick<AppDeps, 'db' | 'catalogCache' | 'mail' | 'config'>,
  caller: SessionUser | null,
  courseId: string,
  lessonId: string,
  input: SaveProgressInput,
  now = new Date(),
): Promise<SaveProgressResponse> {
  const { db } = deps;
  if (!caller) throw new AppError('unauthorized', messages.pleaseLogIn);
  const user = caller;
  // The common save finds the course in the cache (the player's opening read it) and is then one
  // statement that writes only for an owner. A cold cache is filled only after the caller is found to
  // own the course, so no one else's calls can fill it.
  let structure = cachedCourseStructure(deps, courseId);
  if (!structure) {
    await requireEnrolment(db, caller, courseId);
    structure = courseStructure(deps, courseId);
  }
  const { lessonSet, heading } = await structure;
  if (!lessonSet.has(lessonId)) {
    // Not this course's lesson: a caller who does not own the course is refused as for any other call.
    await requireEnrolment(db, caller, courseId);
    throw new AppError('not_found', messages.lessonNotFound);
  }
  const stamp = now.toISOString();
  const written = await writeProgressIfEnrolled(db, {
    userId: user.id,
    courseId,
    lessonId,
    position: input.positionSeconds,
    completedAt: input.completed ? stamp : null,
    now: stamp,
  });
  if (!written) throw new AppError('forbidden', messages.learnNotEnrolled);
  const rows = await readProgress(db, user.id, courseId);
  const row = rows.find((candidate) => candidate.lesson_id === lessonId);
  const progress = summariseProgress(lessonSet, rows);
  const complete = progress.total > 0 && progress.completed === progress.total;
  const course = { id: courseId, title: heading.title, instructor: heading.instructor };
  return {
    ok: true,
    lessonId,
    completed: Boolean(row?.completed_at),
    positionSeconds: row?.position_seconds ?? input.positionSeconds,
    progress,
    certificateId: complete ? await issueCertificate(deps, user.id, course, now) : null,
  };
}
