import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CourseFilesTable } from '../../db/schema.js';
import { attachNewCourseFile } from './attach-new-course-file.js';
import { deleteCourseFile, findFileOfCourse, findFilesOfCourse, insertCourseFile } from './repo.js';

/** The rows of a course's files (the console's list); learning writes them, the console asks here. */
export function listCourseFileRows(db: Db, courseId: string) {
  return findFilesOfCourse(db, courseId);
}

/** One file of the course, or undefined. */
export function findCourseFileRow(db: Db, courseId: string, fileId: string) {
  return findFileOfCourse(db, courseId, fileId);
}

/** An uploaded file's row, attached to the course's first lesson (in the caller's transaction). */
export async function addCourseFileRow(trx: Db, row: Insertable<CourseFilesTable> & { course_id: string; id: string }) {
  await insertCourseFile(trx, row);
  await attachNewCourseFile(trx, row.course_id, row.id);
}

/** A course file's row, gone (the caller removes its bytes afterwards). */
export async function removeCourseFileRow(trx: Db, fileId: string): Promise<void> {
  await deleteCourseFile(trx, fileId);
}
