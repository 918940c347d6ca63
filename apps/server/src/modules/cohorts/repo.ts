import type { Db } from '../../db/database.js';

export interface LearnerCohort {
  id: string;
  title: string;
  /** An India date, YYYY-MM-DD. */
  startsOn: string;
}

/** The cohort a learner took a seat in for a course, if any (one per learner and course). */
export async function findLearnerCohort(db: Db, userId: string, courseId: string): Promise<LearnerCohort | undefined> {
  const row = await db
    .selectFrom('cohort_members')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_members.cohort_id')
    .select(['cohorts.id', 'cohorts.title', 'cohorts.starts_on'])
    .where('cohort_members.user_id', '=', userId)
    .where('cohort_members.course_id', '=', courseId)
    .executeTakeFirst();
  return row && { id: row.id, title: row.title, startsOn: row.starts_on };
}
