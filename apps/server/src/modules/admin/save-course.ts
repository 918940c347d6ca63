import type { AdminCourse, AdminCourseInput } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { newId } from '../../ids.js';
import { insertCourse, updateCourse } from '../courses/index.js';
import { syncCourseLessons } from '../learning/sync-course-lessons.js';
import { loadCourse } from './course-record.js';

/**
 * Creates a course (no id) or replaces every field of one. Orders keep their own copies of titles
 * and prices, so an edit here never changes what a past order says or cost.
 */
export async function saveCourse(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  actor: SessionUser,
  id: string | null,
  input: AdminCourseInput,
  now = new Date(),
): Promise<AdminCourse> {
  const before = id ? await loadCourse(deps.db, id) : null;
  const courseId = id ?? newId();
  const stamp = now.toISOString();
  await changeWithAudit(
    deps.db,
    actor,
    async (trx) => {
      if (before) await updateCourse(trx, courseId, input, stamp);
      else await insertCourse(trx, courseId, input, stamp);
      // The edit page sends neither list: its lessons are the section editor's (save-course-structure.ts).
      if (!before || input.curriculum !== undefined || input.lessonVideos !== undefined)
        await syncCourseLessons(trx, courseId);
    },
    { action: before ? 'course.update' : 'course.create', entity: 'course', entityId: courseId, before, after: input },
    now,
  );
  deps.catalogCache.invalidate();
  return loadCourse(deps.db, courseId);
}
