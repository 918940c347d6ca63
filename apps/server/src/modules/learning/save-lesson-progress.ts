import { messages, type SaveProgressInput, type SaveProgressResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { issueCertificate } from '../certificates/issue-certificate.js';
import { hasMembershipAccess } from '../subscriptions/index.js';
import { summariseProgress } from './course-progress.js';
import { cachedCourseStructure, courseStructure } from './course-structure.js';
import { completesByItself, creditedSeconds, mayCompleteLesson } from './may-complete-lesson.js';
import { readProgress, writeMemberProgress, writeProgressIfEnrolled } from './player-repo.js';
import { requireEnrolment, requireLessonOpen } from './require-enrolment.js';

/**
 * Saves that lost a race with another save of the same lesson are worked out again this often at most.
 * Each lost round means another save landed, so n saves at once all land within n - 1 rounds: ten covers
 * far more tabs and devices than a learner has (the certificate test sends ten at once).
 */
const RACE_RETRIES = 10;

/**
 * Saves where the learner is in a lesson, and the video time this save adds to what they watched (the
 * forward move since their previous save, never faster than twice the wall clock: may-complete-lesson.ts).
 * A completion is kept by every later save. A lesson is completed only as mayCompleteLesson allows: a
 * measured video completes by itself once 90 % was watched, and an early `completed: true` is refused
 * (409) with nothing written. A save that finds every lesson complete issues the course's certificate if
 * it is not issued yet and the learner has chosen the name to print; without one, the player asks for it.
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
  // The common save finds the course in the cache (the player's opening read it). A cold cache is
  // filled only after the caller is found to own the course, so no one else's calls can fill it.
  let structure = cachedCourseStructure(deps, courseId);
  if (!structure) {
    await requireEnrolment(db, caller, courseId);
    structure = courseStructure(deps, courseId);
  }
  const { lessonSet, heading, completion, releases } = await structure;
  const rule = completion.get(lessonId);
  if (!lessonSet.has(lessonId) || !rule) {
    // Not this course's lesson: a caller who does not own the course is refused as for any other call.
    await requireEnrolment(db, caller, courseId);
    throw new AppError('not_found', messages.lessonNotFound);
  }
  // A lesson not open yet for this learner takes no save, a completion least of all (issue 35).
  const release = releases.get(lessonId);
  if (release) {
    await requireEnrolment(db, caller, courseId);
    await requireLessonOpen(db, { userId: user.id, courseId, lessonId, rule: release }, now);
  }
  const stamp = now.toISOString();
  for (let attempt = 0; ; attempt++) {
    const before = await readProgress(db, user.id, courseId);
    const previous = before.find((candidate) => candidate.lesson_id === lessonId);
    const watched =
      (previous?.watched_seconds ?? 0) +
      creditedSeconds(
        previous ? { positionSeconds: previous.position_seconds, savedAt: previous.updated_at } : null,
        input.positionSeconds,
        now,
      );
    const allowed = mayCompleteLesson(rule, { watchedSeconds: watched });
    const completedBefore = previous?.completed_at ?? null;
    if (input.completed && !allowed && !completedBefore) {
      await requireEnrolment(db, caller, courseId);
      throw new AppError('conflict', messages.lessonWatchMore);
    }
    const completedNow = allowed && (input.completed || completesByItself(rule)) ? stamp : null;
    const write = {
      userId: user.id,
      courseId,
      lessonId,
      position: input.positionSeconds,
      completedAt: completedNow,
      now: stamp,
      watched,
      previousSavedAt: previous?.updated_at ?? null,
      previousWatched: previous?.watched_seconds ?? null,
    };
    // A member owns no enrolment: only when the owner's write finds none is the membership asked.
    const written =
      (await writeProgressIfEnrolled(db, write)) ||
      ((await hasMembershipAccess(db, user.id, courseId, now)) && (await writeMemberProgress(db, write)));
    if (!written) {
      // Not an owner now, or another save of this lesson came between the read and the write.
      await requireEnrolment(db, caller, courseId);
      if (attempt < RACE_RETRIES) continue;
      throw new AppError('conflict', messages.lessonSaveFailed);
    }
    const completedAt = completedBefore ?? completedNow;
    const mine = { lesson_id: lessonId, position_seconds: input.positionSeconds, completed_at: completedAt };
    const rows = [mine, ...before.filter((row) => row.lesson_id !== lessonId)];
    const progress = summariseProgress(lessonSet, rows);
    const complete = progress.total > 0 && progress.completed === progress.total;
    const course = { id: courseId, title: heading.title, instructor: heading.instructor };
    return {
      ok: true,
      lessonId,
      completed: completedAt !== null,
      positionSeconds: input.positionSeconds,
      progress,
      certificateId: complete ? await issueCertificate(deps, user.id, course, now) : null,
    };
  }
}
