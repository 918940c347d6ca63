import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deleteProgressByUser, findProgressByUser } from './progress-repo.js';
import { deleteDigestRowsOf } from './release-digest-repo.js';
import { findEnrolledCourses } from './repo.js';

/** The learner's courses, for their data export. */
export async function exportEnrolmentsOf(db: Db, userId: string): Promise<MyDataExport['enrolments']> {
  return (await findEnrolledCourses(db, userId)).map((course) => ({ courseId: course.id, title: course.title }));
}

/** Where the learner is in each lesson they opened, for their data export. */
export async function exportProgressOf(db: Db, userId: string): Promise<MyDataExport['progress']> {
  return (await findProgressByUser(db, userId)).map((row) => ({
    courseId: row.course_id,
    courseTitle: row.course_title,
    lessonTitle: row.lesson_title,
    positionSeconds: Number(row.position_seconds),
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * Erases the learner's progress inside the account deletion's transaction. The enrolments stay with the
 * orders that bought them (tax law keeps those); how far the learner got is theirs alone, and so are the
 * days they were mailed a digest of new lessons and their choice about it.
 */
export async function eraseProgressOf(trx: Db, userId: string): Promise<void> {
  await deleteProgressByUser(trx, userId);
  await deleteDigestRowsOf(trx, userId);
}
