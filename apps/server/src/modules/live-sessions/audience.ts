import type { Db } from '../../db/database.js';
import { cohortSummary, isCohortMember } from '../cohorts/index.js';
import { findCourseRow } from '../courses/index.js';
import { mayOpenCourse } from '../learning/index.js';
import { planSummary } from '../plans/index.js';
import { hasPlanAccess } from '../subscriptions/index.js';
import type { LiveSessionRow } from './repo.js';

type Audience = Pick<LiveSessionRow, 'course_id' | 'plan_id' | 'cohort_id'>;

/**
 * Whether the learner is in the session's audience now: a member of its cohort who may open the cohort's
 * course; a learner of its course (bought, granted, or a member of a plan that includes it); or a member of
 * its plan while the membership opens its courses.
 */
export async function inAudience(db: Db, userId: string, session: Audience, now: Date): Promise<boolean> {
  if (session.cohort_id) {
    if (!(await isCohortMember(db, session.cohort_id, userId))) return false;
    return session.course_id !== null && mayOpenCourse(db, userId, session.course_id, now);
  }
  if (session.course_id) return mayOpenCourse(db, userId, session.course_id, now);
  if (session.plan_id) return hasPlanAccess(db, userId, session.plan_id, now);
  return false;
}

/** What the session is part of, as its audience names it: the course's (and cohort's) or the plan's title. */
export async function audienceTitle(db: Db, session: Audience): Promise<string> {
  if (session.cohort_id) {
    const cohort = await cohortSummary(db, session.cohort_id);
    const course = cohort && (await findCourseRow(db, cohort.courseId));
    return cohort ? `${course?.title ?? ''} — ${cohort.title}` : '';
  }
  if (session.course_id) return (await findCourseRow(db, session.course_id))?.title ?? '';
  if (session.plan_id) return (await planSummary(db, session.plan_id))?.title ?? '';
  return '';
}

/**
 * The audience checks and titles of one request, each course or plan asked once however many of its
 * sessions are listed (a weekly series names the same course every time).
 */
export function audienceReader(db: Db, userId: string | null, now: Date) {
  const allowed = new Map<string, Promise<boolean>>();
  const titles = new Map<string, Promise<string>>();
  const keyOf = (session: Audience) => {
    if (session.cohort_id) return `h:${session.cohort_id}`;
    return session.course_id ? `c:${session.course_id}` : `p:${session.plan_id}`;
  };
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    const known = cache.get(key);
    if (known) return known;
    const reading = read();
    cache.set(key, reading);
    return reading;
  };
  return {
    allows: (session: Audience) =>
      userId ? once(allowed, keyOf(session), () => inAudience(db, userId, session, now)) : Promise.resolve(false),
    title: (session: Audience) => once(titles, keyOf(session), () => audienceTitle(db, session)),
  };
}
