import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { CourseFilesTable } from '../../db/schema.js';

/** The caller's courses with an active enrolment, published or not: what they bought stays theirs. */
export async function findEnrolledCourses(db: Db, userId: string) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select(['courses.id', 'courses.title', 'courses.thumb'])
    .where('enrolments.user_id', '=', userId)
    .where('enrolments.revoked_at', 'is', null)
    .orderBy('enrolments.granted_at', 'desc')
    .orderBy('courses.title', 'asc')
    .execute();
}

export async function findFilesOfCourses(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('course_files')
    .select(['id', 'course_id', 'name'])
    .where('course_id', 'in', courseIds)
    .orderBy('created_at', 'asc')
    .orderBy('name', 'asc')
    .execute();
}

export async function findCourseFile(db: Db, fileId: string) {
  return db.selectFrom('course_files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/** Every enrolment of the learner, active or ended, newest first, with the course's title (the console's learner page). */
export function findEnrolmentHistory(db: Db, userId: string) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select([
      'enrolments.course_id',
      'courses.title',
      'enrolments.order_id',
      'enrolments.granted_at',
      'enrolments.revoked_at',
    ])
    .where('enrolments.user_id', '=', userId)
    .orderBy('enrolments.granted_at', 'desc')
    .execute();
}

/** A course's files, oldest first, as the console lists them. */
export function findFilesOfCourse(db: Db, courseId: string) {
  return db
    .selectFrom('course_files')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** One of the course's files, or undefined (a file of another course too). */
export function findFileOfCourse(db: Db, courseId: string, fileId: string) {
  return db
    .selectFrom('course_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function insertCourseFile(db: Db, row: Insertable<CourseFilesTable>): Promise<void> {
  await db.insertInto('course_files').values(row).execute();
}

export async function deleteCourseFile(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('course_files').where('id', '=', fileId).execute();
}

const activeEnrolment = preparedQuery<{ userId: string; courseId: string }>()((db, value) =>
  db
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', value('userId'))
    .where('course_id', '=', value('courseId'))
    .where('revoked_at', 'is', null),
);

/** Whether the user owns the course now (an enrolment not revoked by a refund); prepared, as the player asks it on every call. */
export async function hasActiveEnrolment(db: Db, userId: string, courseId: string): Promise<boolean> {
  return Boolean(await activeEnrolment.first(db, { userId, courseId }));
}

/** Everyone enrolled in the course now (bought or granted, not refunded or revoked). */
export async function findLearnerIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('enrolments')
    .select('user_id')
    .distinct()
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function findPublishedCourseId(db: Db, courseId: string) {
  return db.selectFrom('courses').select('id').where('id', '=', courseId).where('published', '=', 1).executeTakeFirst();
}

/** Active enrolments per course (a refunded or revoked one no longer counts); courses with none are left out. */
export async function countActiveEnrolments(db: Db, courseIds?: readonly string[]) {
  if (courseIds?.length === 0) return [];
  let select = db
    .selectFrom('enrolments')
    .select((eb) => ['course_id', eb.fn.countAll<number>().as('learners')])
    .where('revoked_at', 'is', null);
  if (courseIds) select = select.where('course_id', 'in', courseIds);
  return select.groupBy('course_id').execute();
}

/** Courses bought and not refunded (active enrolments that came with an order), and the people owning any course now. */
export async function countSalesAndLearners(db: Db) {
  return db
    .selectFrom('enrolments')
    .select((eb) => [
      eb.fn.count<number>('order_id').as('sold'),
      eb.fn.count<number>('user_id').distinct().as('learners'),
    ])
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}
