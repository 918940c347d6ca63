import type { AdminCourseStructure } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { byLesson, lessonsInSections } from './group-lessons.js';
import { releaseOf } from './lesson-release.js';
import { findLessons, findSections } from './lessons-repo.js';
import { findAttachmentIds, findLessonsWithProgress } from './structure-repo.js';

/** A course's sections and lessons as the console edits them: every field, attached file ids, and which lessons learners have begun. */
export async function readEditableStructure(db: Db, courseId: string): Promise<AdminCourseStructure> {
  const [sections, lessons, attachments, begun] = await Promise.all([
    findSections(db, courseId),
    findLessons(db, courseId),
    findAttachmentIds(db, courseId),
    findLessonsWithProgress(db, courseId),
  ]);
  const filesOf = byLesson(attachments, (row) => row.file_id);
  return {
    sections: lessonsInSections(sections, lessons, (lesson) => ({
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind,
      duration: lesson.duration,
      summary: lesson.summary,
      content: lesson.content,
      videoLink: lesson.video_link,
      preview: lesson.preview === 1,
      fileIds: filesOf.get(lesson.id) ?? [],
      hasProgress: begun.has(lesson.id),
      release: releaseOf(lesson),
    })).map((section, s) => ({ ...section, release: releaseOf(sections[s] ?? IMMEDIATE_SECTION) })),
  };
}

const IMMEDIATE_SECTION = { release_kind: 'immediate', release_days: 0, release_date: null } as const;
