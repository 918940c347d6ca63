import type { AdminCourseStructure, CourseStructureInput } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { readEditableStructure } from '../learning/read-editable-structure.js';
import { writeCourseStructure } from '../learning/write-course-structure.js';
import { loadCourse } from './course-record.js';

/** A course's sections and lessons for the console's section editor. */
export async function readCourseStructure(db: AppDeps['db'], courseId: string): Promise<AdminCourseStructure> {
  await loadCourse(db, courseId);
  return readEditableStructure(db, courseId);
}

/**
 * Replaces a course's whole structure in one transaction with its audit row (before and after), then
 * clears the cached course answers and player structures, as a course save does.
 */
export async function saveCourseStructure(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  actor: SessionUser,
  courseId: string,
  input: CourseStructureInput,
  now = new Date(),
): Promise<AdminCourseStructure> {
  await loadCourse(deps.db, courseId);
  await deps.db.transaction().execute(async (trx) => {
    const before = await readEditableStructure(trx, courseId);
    await writeCourseStructure(trx, courseId, input.sections, now);
    await writeAudit(
      trx,
      actor,
      { action: 'course.structure', entity: 'course', entityId: courseId, before, after: input },
      now,
    );
  });
  deps.catalogCache.invalidate();
  return readEditableStructure(deps.db, courseId);
}
