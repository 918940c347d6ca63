import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';
import {
  countAttachments,
  countCourseFiles,
  deleteLessons,
  findCourseSource,
  findLessons,
  findSections,
  findUnattachedFiles,
  insertAttachment,
  insertLesson,
  insertSection,
  updateLesson,
} from './lessons-repo.js';

function parseList(json: string): unknown[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The old shape (a curriculum list and lesson videos) is still written by the New course form, the
 * seed, `course:import` without sections, and API callers that send `curriculum`/`lessonVideos`
 * (the section editor writes lessons directly, write-course-structure.ts). This keeps the lessons
 * in step with them: item n of the curriculum and video n are the course's n-th lesson in reading order, across
 * sections; a lesson keeps its id (and so every learner's progress) while it keeps its place, and
 * its preview flag; extra items become lessons at the end of the last section, missing ones are
 * removed from the end. Files not yet attached to a lesson go to the first lesson.
 * An item's `content` is the lesson's public summary; it is also the body of a new lesson and of one
 * whose body was still the same text, but a body written apart from it (the section editor) is kept.
 */
export async function syncCourseLessons(db: Db, courseId: string): Promise<void> {
  const course = await findCourseSource(db, courseId);
  if (!course) return;
  const items = parseList(course.curriculum) as Record<string, unknown>[];
  const videos = parseList(course.lesson_videos).filter((link): link is string => typeof link === 'string');
  const hasFiles = (await countCourseFiles(db, courseId)) > 0;
  const lessons = await findLessons(db, courseId);
  const sections = await findSections(db, courseId);
  const count = Math.max(items.length, videos.length, hasFiles ? 1 : 0);

  let lastSection: { id: string } | undefined = sections[sections.length - 1];
  if (!lastSection && count > 0) {
    lastSection = { id: newId() };
    await insertSection(db, { id: lastSection.id, title: 'Course content', position: 0, course_id: courseId });
  }
  const lessonIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const item = items[index] ?? {};
    const video = videos[index] ?? '';
    const existing = lessons[index];
    const summary = text(item.content);
    const values = {
      title: text(item.title) || existing?.title || `Lesson ${index + 1}`,
      duration: text(item.duration),
      summary,
      content: existing && existing.content !== existing.summary ? existing.content : summary,
      video_link: video,
    };
    if (existing) {
      // A video lesson without a link stays one while it has a video of our own (issue 32).
      const kind = video ? 'video' : existing.kind === 'video' && existing.video_id === null ? 'text' : existing.kind;
      await updateLesson(db, existing.id, { ...values, kind });
      lessonIds.push(existing.id);
    } else if (lastSection) {
      const id = newId();
      const position = index - lessons.length + lessons.filter((l) => l.section_id === lastSection.id).length;
      await insertLesson(db, {
        id,
        course_id: courseId,
        section_id: lastSection.id,
        position,
        kind: video ? 'video' : index === 0 && !values.content && hasFiles ? 'file' : 'text',
        preview: video !== '' && video === course.video_link ? 1 : 0,
        ...values,
      });
      lessonIds.push(id);
    }
  }
  await deleteLessons(
    db,
    lessons.slice(count).map((lesson) => lesson.id),
  );
  const first = lessonIds[0];
  if (!first) return;
  const unattached = await findUnattachedFiles(db, courseId);
  let position = await countAttachments(db, first);
  for (const file of unattached)
    await insertAttachment(db, { lesson_id: first, file_id: file.id, position: position++ });
}
