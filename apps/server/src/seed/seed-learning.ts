import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { storeCourseFile } from '../modules/learning/course-file-store.js';
import { findLessons, setLessonRelease, setPreview } from '../modules/learning/lessons-repo.js';
import { syncCourseLessons } from '../modules/learning/sync-course-lessons.js';
import { serverRoot } from '../paths.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { demoCourses } from './seed-courses.js';

/** The demo course materials, shipped in apps/server/assets/course-files. */
export const demoFileSourceDir = path.join(serverRoot, 'assets/course-files');

interface DemoFile {
  source: string;
  name: string;
  contentType: string;
}

const checklist: DemoFile = {
  source: 'pre-market-checklist.pdf',
  name: 'Pre-Market Trading Checklist.pdf',
  contentType: 'application/pdf',
};
const journal: DemoFile = {
  source: 'trade-journal-template.csv',
  name: 'Trade Journal Template.csv',
  contentType: 'text/csv; charset=utf-8',
};
const worksheet: DemoFile = {
  source: 'position-size-worksheet.txt',
  name: 'Position Size Worksheet.txt',
  contentType: 'text/plain; charset=utf-8',
};

/** Fixed ids (course number and file number) keep re-seeding idempotent. */
const fileId = (courseNumber: number, fileNumber: number) =>
  `64a1f0c2b7e4d1a2c3e6${String(courseNumber).padStart(2, '0')}${String(fileNumber).padStart(2, '0')}`;

/**
 * Each demo course gets one or two files, and its first two or three lessons become video lessons of our
 * own when ffmpeg can make their clips (issue 32: make-demo-clips.ts, after the first start's seed); no
 * lesson links to a video elsewhere.
 */
export const demoLearning = demoCourses.map((course, index) => {
  const number = index + 1;
  const files = [[checklist, journal], [checklist, worksheet], [journal]][index % 3] ?? [];
  return {
    courseId: course._id ?? '',
    files: files.map((file, n) => ({ id: fileId(number, n + 1), ...file })),
    videoLessons: index % 2 === 0 ? 3 : 2,
  };
});

/**
 * Writes the demo courses' file rows (and clears lesson video links an older seed wrote). With a storage, the files themselves are
 * copied into it (DATA_DIR/course-files or the bucket) so the download links work.
 */
export async function seedLearning(db: Db, storage?: ObjectStorage, now = new Date()): Promise<void> {
  const sizes = new Map<string, number>();
  for (const file of [checklist, journal, worksheet]) {
    const source = path.join(demoFileSourceDir, file.source);
    sizes.set(file.source, storage ? await storeCourseFile(storage, source, file.source) : fs.statSync(source).size);
  }
  const stamp = now.toISOString();
  for (const course of demoLearning) {
    await db.updateTable('courses').set({ lesson_videos: '[]' }).where('id', '=', course.courseId).execute();
    for (const file of course.files) {
      const values = {
        course_id: course.courseId,
        name: file.name,
        stored_name: file.source,
        size_bytes: sizes.get(file.source) ?? 0,
        content_type: file.contentType,
      };
      await db
        .insertInto('course_files')
        .values({ id: file.id, ...values, created_at: stamp })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    }
  }
}

/**
 * Turns each demo course's curriculum, videos and files into its lessons (issue 14) and makes its
 * first lesson a free preview, so visitors can play one lesson from the course page.
 */
export async function seedLessons(db: Db): Promise<void> {
  for (const course of demoLearning) {
    await syncCourseLessons(db, course.courseId);
    const lessons = await findLessons(db, course.courseId);
    const [first] = lessons;
    if (first) await setPreview(db, first.id, true);
    // Scheduled release (issue 35): the drip course's last lesson opens a week after the learner enrols.
    const last = lessons[lessons.length - 1];
    if (course.courseId === DEMO_DRIP_COURSE_ID && last && last !== first)
      await setLessonRelease(db, last.id, { kind: 'afterEnrolment', days: DEMO_DRIP_DAYS, date: null });
  }
}

/** The demo course whose last lesson is released on a schedule (Basic Maths for Traders), and after how many days of enrolment. */
export const DEMO_DRIP_COURSE_ID = demoCourses[10]?._id ?? '';
export const DEMO_DRIP_DAYS = 7;

/** The demo lessons that get a clip of our own (make-demo-clips.ts): each course's first few, in reading order. */
export async function demoVideoLessonIds(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (const course of demoLearning) {
    const lessons = await findLessons(db, course.courseId);
    ids.push(...lessons.slice(0, course.videoLessons).map((lesson) => lesson.id));
  }
  return ids;
}
