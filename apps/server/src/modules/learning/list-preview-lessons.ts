import type { PreviewLesson } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findLessons } from './lessons-repo.js';
import { findPublishedCourseId } from './repo.js';

/**
 * The lessons a published course offers as free previews, for anyone: their title, duration, video
 * and body. Every other lesson's body stays with the enrolled learners (the course page shows only
 * their summaries).
 */
export async function listPreviewLessons(db: Db, courseId: string): Promise<PreviewLesson[]> {
  if (!(await findPublishedCourseId(db, courseId))) throw new AppError('not_found', messages.courseNotFound);
  const lessons = await findLessons(db, courseId);
  return lessons.flatMap((lesson, index) =>
    lesson.preview === 1 && (lesson.video_link !== '' || lesson.video_id !== null)
      ? [
          {
            id: lesson.id,
            title: lesson.title,
            duration: lesson.duration,
            videoLink: lesson.video_link,
            ownVideo: lesson.video_id !== null,
            content: lesson.content,
            index,
          },
        ]
      : [],
  );
}
