import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database';
import { syncCourseLessons } from '../../apps/server/src/modules/learning/sync-course-lessons';
import { demoLearning } from '../../apps/server/src/seed/seed-learning';

/** The preview link the browser tests give the first demo course (catalog.test.ts). */
export const demoPreviewLink = 'https://www.youtube.com/watch?v=TSdemoPA001';

/** Two letters per demo course, as the demo's links had them before issue 32. */
const letters = ['PA', 'TF', 'FU', 'OB', 'OG', 'RM', 'CP', 'IS', 'SW', 'TP', 'BM', 'SW'];

/** The YouTube link (an 11-character id) the browser tests give lesson `lesson` of demo course `course`, both 1-based. */
export const demoLessonLink = (course: number, lesson: number) =>
  `https://www.youtube.com/watch?v=TSlsn${letters[course - 1] ?? 'XX'}${String(course).padStart(2, '0')}L${lesson}`;

/**
 * Test data, not the shop's seed: the demo catalogue's lessons carry no video elsewhere (issue 32) and
 * the browser tests' server makes no demo clips (DEMO_CLIPS=0), so the tests that play a demo lesson's
 * YouTube video (stood in for by `stubYouTube`) get the first two or three lessons of each demo course
 * linked, as an owner who pastes YouTube links would have them, and the first course a preview link.
 */
export async function linkDemoVideos(dataDir: string): Promise<void> {
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'shop.sqlite') });
  try {
    for (const [index, course] of demoLearning.entries()) {
      const links = Array.from({ length: course.videoLessons }, (_, lesson) => demoLessonLink(index + 1, lesson + 1));
      await handle.db
        .updateTable('courses')
        .set({ lesson_videos: JSON.stringify(links), ...(index === 0 ? { video_link: demoPreviewLink } : {}) })
        .where('id', '=', course.courseId)
        .execute();
      await syncCourseLessons(handle.db, course.courseId);
    }
  } finally {
    await handle.close();
  }
}
