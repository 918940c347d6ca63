import type { Db } from '../../db/database.js';
import { planIncludesCourse } from '../plans/index.js';
import { findAccessCandidates, findAllAccessCandidates } from './repo.js';

type Candidate = Omit<Awaited<ReturnType<typeof findAccessCandidates>>[number], 'created_at'>;

/**
 * Whether a subscription opens its plan's courses now: active, authenticated (a trial) or pending (the
 * gateway is retrying a failed charge), until the end of the paid period once cancelled at its end; a
 * cancelled one until that period ends or the gateway ended it, whichever is first. Halted, paused, completed, expired: no.
 */
export function opensCourses(row: Candidate, now: Date): boolean {
  const paidUntil = row.current_period_end === null ? null : new Date(row.current_period_end);
  const periodOver = paidUntil === null || paidUntil <= now;
  // Cancelled at once (by the operator) ends before the paid period does: the gateway's end time closes it.
  if (row.status === 'cancelled') return !periodOver && (row.ended_at === null || new Date(row.ended_at) > now);
  if (row.cancel_at_period_end === 1 && paidUntil !== null && periodOver) return false;
  return true;
}

/** Whether the learner may open the course now through a membership whose plan includes it. */
export async function hasMembershipAccess(
  db: Db,
  userId: string,
  courseId: string,
  now = new Date(),
): Promise<boolean> {
  const plans = new Set(
    (await findAccessCandidates(db, userId)).filter((row) => opensCourses(row, now)).map((row) => row.plan_id),
  );
  for (const planId of plans) if (await planIncludesCourse(db, planId, courseId)) return true;
  return false;
}

/**
 * When the membership that opens the course for the learner now began (the earliest such subscription's
 * creation), or null when none does: a member's "enrolment" for the scheduled release (issue 35).
 */
export async function membershipStartedAt(
  db: Db,
  userId: string,
  courseId: string,
  now = new Date(),
): Promise<string | null> {
  const open = (await findAccessCandidates(db, userId))
    .filter((row) => opensCourses(row, now))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const row of open) if (await planIncludesCourse(db, row.plan_id, courseId)) return row.created_at;
  return null;
}

/** Whether the learner is a member of this plan now: a subscription to it that opens its courses (live sessions' audience). */
export async function hasPlanAccess(db: Db, userId: string, planId: string, now = new Date()): Promise<boolean> {
  return (await findAccessCandidates(db, userId)).some((row) => row.plan_id === planId && opensCourses(row, now));
}

/**
 * The learners a membership gives this plan's courses now (`planId`), or this course (`courseId`: members of
 * any plan that includes it), for live sessions' reminders and notices.
 */
export async function memberIdsWithAccess(
  db: Db,
  to: { planId: string } | { courseId: string },
  now = new Date(),
): Promise<string[]> {
  const open = (await findAllAccessCandidates(db)).filter((row) => opensCourses(row, now));
  const plans = new Map<string, boolean>();
  const members = new Set<string>();
  for (const row of open) {
    if (!plans.has(row.plan_id))
      plans.set(
        row.plan_id,
        'planId' in to ? row.plan_id === to.planId : await planIncludesCourse(db, row.plan_id, to.courseId),
      );
    if (plans.get(row.plan_id)) members.add(row.user_id);
  }
  return [...members];
}
