import type { ReleaseRule } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { byLesson, lessonsInSections } from './group-lessons.js';
import { lessonDurationSeconds } from './lesson-duration.js';
import { effectiveRelease, releaseOf } from './lesson-release.js';
import type { CompletionRule } from './may-complete-lesson.js';
import { readAttachments, readCourseHeading, readLessons, readSections, readVideoDurations } from './player-repo.js';

/** A course as every learner sees it; only the ticks and the signed file links are the learner's own. */
export interface CourseStructure {
  heading: { title: string; thumb: string; instructor: string };
  sections: {
    id: string;
    title: string;
    lessons: {
      id: string;
      title: string;
      kind: 'video' | 'text' | 'file';
      duration: string;
      preview: boolean;
      content: string;
      videoLink: string;
      /** The lesson plays a ready video of our own (issue 15): the player asks /playback for it. */
      ownVideo: boolean;
      files: { id: string; name: string }[];
    }[];
  }[];
  /** Every lesson id in reading order. */
  lessonIds: string[];
  /** The same ids as a set, to tell this course's lessons from others' without building one per call. */
  lessonSet: ReadonlySet<string>;
  /** What completing each lesson takes (may-complete-lesson.ts), by lesson id. */
  completion: ReadonlyMap<string, CompletionRule>;
  /**
   * The effective release rule of each lesson that does not open at once (issue 35), by lesson id: the
   * same for every learner; when it opens for one is worked out per call (require-enrolment.ts).
   */
  releases: ReadonlyMap<string, ReleaseRule>;
}

async function loadCourseStructure(db: AppDeps['db'], courseId: string): Promise<CourseStructure> {
  const [course, sections, lessons, attachments, videoDurations] = await Promise.all([
    readCourseHeading(db, courseId),
    readSections(db, courseId),
    readLessons(db, courseId),
    readAttachments(db, courseId),
    readVideoDurations(db, courseId),
  ]);
  const sectionRelease = new Map(sections.map((section) => [section.id, releaseOf(section)]));
  const releases = new Map<string, ReleaseRule>();
  for (const lesson of lessons) {
    const rule = effectiveRelease(releaseOf(lesson), sectionRelease.get(lesson.section_id));
    // A free preview is public on the course page: no release holds it back.
    if (rule.kind !== 'immediate' && lesson.preview !== 1) releases.set(lesson.id, rule);
  }
  const ownDuration = new Map(videoDurations.map((video) => [video.id, video.duration_seconds]));
  const filesOf = byLesson(attachments, (file) => ({ id: file.id, name: file.name }));
  const heading = { title: course?.title ?? '', thumb: course?.thumb ?? '', instructor: course?.instructor ?? '' };
  const inSections = lessonsInSections(sections, lessons, (lesson) => ({
    id: lesson.id,
    title: lesson.title,
    kind: lesson.kind,
    duration: lesson.duration,
    preview: lesson.preview === 1,
    content: lesson.content,
    videoLink: lesson.video_link,
    ownVideo: lesson.video_id !== null,
    files: filesOf.get(lesson.id) ?? [],
  }));
  return {
    heading,
    sections: inSections,
    lessonIds: lessons.map((lesson) => lesson.id),
    lessonSet: new Set(lessons.map((lesson) => lesson.id)),
    releases,
    completion: new Map(
      lessons.map((lesson) => {
        // A video lesson with nothing to play (no video of ours, no link) has no duration to measure.
        const playable = lesson.video_id !== null || lesson.video_link !== '';
        const own = ownDuration.get(lesson.id) ?? null;
        const durationSeconds = playable ? lessonDurationSeconds(lesson.duration, own) : null;
        return [lesson.id, { kind: lesson.kind, durationSeconds }];
      }),
    ),
  };
}

/**
 * The course's structure, read through four queries once and kept with the catalogue's answers:
 * every course change (console save, file upload or removal, import) clears `catalogCache`.
 */
export function courseStructure(
  { db, catalogCache }: Pick<AppDeps, 'db' | 'catalogCache'>,
  courseId: string,
): Promise<CourseStructure> {
  return catalogCache.memo(`learn:${courseId}`, () => loadCourseStructure(db, courseId));
}

/** The course's structure if it is in the cache now, without reading it (see saveLessonProgress). */
export function cachedCourseStructure(
  { catalogCache }: Pick<AppDeps, 'catalogCache'>,
  courseId: string,
): Promise<CourseStructure> | undefined {
  return catalogCache.peek(`learn:${courseId}`);
}
