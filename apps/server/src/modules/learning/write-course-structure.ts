import { type CourseStructureInput, IMMEDIATE_RELEASE, messages, type ReleaseRule } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { updateDerivedCourseColumns } from '../courses/index.js';
import { removeLessonVideos } from '../video/remove-lesson-videos.js';
import { deleteLessons, findLessons, findSections, insertLesson, insertSection, updateLesson } from './lessons-repo.js';
import {
  deleteSections,
  findCourseFileIds,
  findLessonsWithProgress,
  replaceAttachments,
  updateSection,
} from './structure-repo.js';

/**
 * Writes a course's whole structure (call it inside the caller's transaction, so it is all or
 * nothing). Sections and lessons named by id keep their ids wherever they move, so a learner's
 * progress follows a lesson through moves, renames and reorders. Ids must be this course's own,
 * and attached files this course's files. A lesson left out is deleted, unless learners have
 * progress on it: then nothing is written and the operator is told which lesson (decision 0021).
 * The old `curriculum` and `lesson_videos` columns are rewritten from the lessons; the curriculum is
 * public, so it carries each lesson's summary, never its body. Each section and lesson stores its release
 * rule (issue 35); one left out is open at once.
 */
export async function writeCourseStructure(
  db: Db,
  courseId: string,
  sections: CourseStructureInput['sections'],
  now = new Date(),
): Promise<void> {
  const [oldSections, oldLessons, fileIds, begun] = await Promise.all([
    findSections(db, courseId),
    findLessons(db, courseId),
    findCourseFileIds(db, courseId),
    findLessonsWithProgress(db, courseId),
  ]);
  const sectionIds = new Set(oldSections.map((section) => section.id));
  const lessonIds = new Set(oldLessons.map((lesson) => lesson.id));
  const courseFiles = new Set(fileIds);

  const fields: Record<string, string> = {};
  sections.forEach((section, s) => {
    if (section.id && !sectionIds.has(section.id)) fields[`sections.${s}.id`] = messages.structureUnknownSection;
    section.lessons.forEach((lesson, l) => {
      const path = `sections.${s}.lessons.${l}`;
      if (lesson.id && !lessonIds.has(lesson.id)) fields[`${path}.id`] = messages.structureUnknownLesson;
      if (lesson.fileIds.some((id) => !courseFiles.has(id))) fields[`${path}.fileIds`] = messages.structureUnknownFile;
    });
  });
  const [first] = Object.entries(fields);
  if (first) throw new AppError('bad_request', `${first[0]} ${first[1]}`, fields);

  const kept = new Set(sections.flatMap((section) => section.lessons.map((lesson) => lesson.id)));
  const removed = oldLessons.filter((lesson) => !kept.has(lesson.id));
  const begunRemoved = removed.find((lesson) => begun.has(lesson.id));
  if (begunRemoved)
    throw new AppError('conflict', messages.structureLessonHasProgress.replace('{title}', begunRemoved.title));

  const attachments: { lesson_id: string; file_id: string; position: number }[] = [];
  const keptSections = new Set<string>();
  for (const [s, section] of sections.entries()) {
    const sectionId = section.id ?? newId();
    keptSections.add(sectionId);
    const sectionValues = { title: section.title, position: s, ...releaseColumns(section.release) };
    if (section.id) await updateSection(db, sectionId, sectionValues);
    else await insertSection(db, { id: sectionId, course_id: courseId, ...sectionValues });
    for (const [l, lesson] of section.lessons.entries()) {
      const lessonId = lesson.id ?? newId();
      const values = {
        section_id: sectionId,
        position: l,
        title: lesson.title,
        kind: lesson.kind,
        duration: lesson.duration,
        summary: lesson.summary,
        content: lesson.content,
        video_link: lesson.kind === 'video' ? lesson.videoLink : '',
        preview: lesson.preview ? 1 : 0,
        ...releaseColumns(lesson.release),
      };
      if (lesson.id) await updateLesson(db, lessonId, values);
      else await insertLesson(db, { id: lessonId, course_id: courseId, ...values });
      for (const [position, fileId] of lesson.fileIds.entries())
        attachments.push({ lesson_id: lessonId, file_id: fileId, position });
    }
  }
  // Their own videos' rows go with them; the files once this transaction has committed.
  await removeLessonVideos(
    db,
    removed.map((lesson) => lesson.id),
  );
  await deleteLessons(
    db,
    removed.map((lesson) => lesson.id),
  );
  await deleteSections(
    db,
    oldSections.filter((section) => !keptSections.has(section.id)).map((section) => section.id),
  );
  await replaceAttachments(db, courseId, attachments);

  const lessons = sections.flatMap((section) => section.lessons);
  await updateDerivedCourseColumns(db, courseId, {
    curriculum: JSON.stringify(
      lessons.map((lesson) => ({ title: lesson.title, duration: lesson.duration, content: lesson.summary })),
    ),
    // Aligned with the curriculum ('' for a lesson without a video), so the old position-by-position
    // sync (sync-course-lessons.ts, still run by the old form's API shape) finds every lesson as it is.
    lesson_videos: JSON.stringify(lessons.map((lesson) => (lesson.kind === 'video' ? lesson.videoLink : ''))),
    updated_at: now.toISOString(),
  });
}

/** A release rule's columns; a save without one (an older caller) stores "at once". */
function releaseColumns(rule: ReleaseRule | undefined) {
  const { kind, days, date } = rule ?? IMMEDIATE_RELEASE;
  return { release_kind: kind, release_days: days, release_date: date };
}
