import type { Db } from '../../db/database.js';
import { findCohort, findMemberIds, isMember } from './repo.js';

/** A cohort as a live session's audience names it: its course and title; undefined for no such cohort. */
export async function cohortSummary(db: Db, cohortId: string) {
  const cohort = await findCohort(db, cohortId);
  return cohort && { id: cohort.id, courseId: cohort.course_id, title: cohort.title, startsOn: cohort.starts_on };
}

/** Whether the learner has a seat in the cohort. */
export function isCohortMember(db: Db, cohortId: string, userId: string): Promise<boolean> {
  return isMember(db, cohortId, userId);
}

/** The ids of the cohort's members. */
export function cohortMemberIds(db: Db, cohortId: string): Promise<string[]> {
  return findMemberIds(db, cohortId);
}
