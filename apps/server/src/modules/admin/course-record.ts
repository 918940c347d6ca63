import type { AdminCourse } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { toAdminCourse } from '../courses/course-row.js';
import { findCourseRow } from '../courses/index.js';

export async function loadCourse(db: Db, id: string): Promise<AdminCourse> {
  const row = await findCourseRow(db, id);
  if (!row) throw new AppError('not_found', messages.adminCourseMissing);
  return toAdminCourse(row);
}
