import { IMMEDIATE_RELEASE, indiaDate, indiaLongDate, messages, type ReleaseRule } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findLearnerCohort } from '../cohorts/index.js';
import { hasMembershipAccess, membershipStartedAt } from '../subscriptions/index.js';
import { availableAt, lessonRuleOf, type ReleaseStarts } from './lesson-release.js';
import { findEnrolmentGrantedAt, findLessonRelease } from './release-repo.js';
import { hasActiveEnrolment } from './repo.js';

/**
 * The player's calls are for the course's enrolled learners only: a visitor is asked to sign in
 * (401), anyone else, a refunded buyer included, is refused (403) whether or not the course exists.
 * A member whose membership includes the course counts as enrolled while the membership opens courses.
 */
export async function requireEnrolment(db: Db, user: SessionUser | null, courseId: string): Promise<SessionUser> {
  if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
  if (!(await mayOpenCourse(db, user.id, courseId))) throw new AppError('forbidden', messages.learnNotEnrolled);
  return user;
}

/** Whether the learner may open the course now: enrolled (bought, granted), or a member of a plan that includes it. */
export async function mayOpenCourse(db: Db, userId: string, courseId: string, now = new Date()): Promise<boolean> {
  return (await hasActiveEnrolment(db, userId, courseId)) || (await hasMembershipAccess(db, userId, courseId, now));
}

/**
 * What the learner's releases in a course count from: the enrolment's grant (a member without one: the
 * start of the membership that opens the course) and the cohort's start, read afresh (never stored).
 */
export async function readReleaseStarts(
  db: Db,
  userId: string,
  courseId: string,
  now = new Date(),
): Promise<ReleaseStarts> {
  const [granted, cohort] = await Promise.all([
    findEnrolmentGrantedAt(db, userId, courseId),
    findLearnerCohort(db, userId, courseId),
  ]);
  return {
    enrolledAt: granted ?? (await membershipStartedAt(db, userId, courseId, now)),
    cohortStartsOn: cohort?.startsOn ?? null,
  };
}

/**
 * The scheduled release's one check (issue 35), beside mayOpenCourse and asked after it: a lesson not
 * open yet for this learner is refused (403 with `availableAt`, the instant it opens in India time) by
 * every call that serves its content (the player's answer, its files, its video's grant, playlists and
 * keys, progress saves, and quizzes to come). A free preview is public and never locked. `rule` (the
 * lesson's effective rule) spares the read when the caller holds it; an immediate lesson costs no more query.
 */
export async function requireLessonOpen(
  db: Db,
  ask: { userId: string; courseId: string; lessonId: string; rule?: ReleaseRule; preview?: boolean },
  now = new Date(),
): Promise<void> {
  if (ask.preview) return;
  const rule = ask.rule ?? (await readLessonRelease(db, ask.courseId, ask.lessonId));
  if (rule.kind === 'immediate') return;
  const opens = availableAt(rule, await readReleaseStarts(db, ask.userId, ask.courseId, now), now);
  if (opens) throw lessonLocked(opens);
}

/** The refusal of a lesson that opens later. */
export function lessonLocked(opensAt: string): AppError {
  const date = indiaLongDate(indiaDate(new Date(opensAt)));
  return new AppError('forbidden', messages.lessonLocked.replace('{date}', date), undefined, { availableAt: opensAt });
}

/** A lesson's effective rule as stored (immediate for no such lesson: the caller answers that one). */
async function readLessonRelease(db: Db, courseId: string, lessonId: string): Promise<ReleaseRule> {
  const row = await findLessonRelease(db, courseId, lessonId);
  return row ? lessonRuleOf(row) : IMMEDIATE_RELEASE;
}
