import type { Db } from '../../db/database.js';
import { countAttachments, findLessons, insertAttachment } from './lessons-repo.js';
import { syncCourseLessons } from './sync-course-lessons.js';

/**
 * A newly uploaded course file is attached to the course's first lesson, where learners find it
 * (the section editor can move it). Only the new file: a file the operator detached in the section
 * editor stays detached. A course without lessons gets its file lesson from the old sync.
 */
export async function attachNewCourseFile(db: Db, courseId: string, fileId: string): Promise<void> {
  const [first] = await findLessons(db, courseId);
  if (!first) return syncCourseLessons(db, courseId);
  await insertAttachment(db, { lesson_id: first.id, file_id: fileId, position: await countAttachments(db, first.id) });
}
