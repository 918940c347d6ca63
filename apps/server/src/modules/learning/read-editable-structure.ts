import type { AdminCourseStructure } from '@shop/shared';
import type { Db } from '../../db/database.js';
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
  const filesOf = new Map<string, string[]>();
  for (const row of attachments) filesOf.set(row.lesson_id, [...(filesOf.get(row.lesson_id) ?? []), row.file_id]);
  return {
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: lessons
        .filter((lesson) => lesson.section_id === section.id)
        .map((lesson) => ({
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
        })),
    })),
  };
}
