import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findEnrolledCourses, hasActiveEnrolment } from './repo.js';

/** Whether the learner may open the course now (an enrolment not revoked nor refunded). */
export function isEnrolled(db: Db, userId: string, courseId: string): Promise<boolean> {
  return hasActiveEnrolment(db, userId, courseId);
}

/** The learner's courses, for their data export. */
export async function exportEnrolmentsOf(db: Db, userId: string): Promise<MyDataExport['enrolments']> {
  return (await findEnrolledCourses(db, userId)).map((course) => ({ courseId: course.id, title: course.title }));
}
