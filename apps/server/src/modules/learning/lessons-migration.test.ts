import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, engine } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import type { Db } from '../../db/database.js';
import * as sectionsAndLessons from '../../db/migrations/015-sections-and-lessons.js';
import * as lessonProgress from '../../db/migrations/016-lesson-progress.js';
import * as lessonNotes from '../../db/migrations/019-lesson-notes.js';
import * as lessonSummaries from '../../db/migrations/020-lesson-summaries.js';
import * as lessonVideos from '../../db/migrations/024-lesson-videos.js';
import * as lessonRelease from '../../db/migrations/044-lesson-release.js';
import { newId } from '../../ids.js';

const t = useTestApp();

const stamp = '2026-01-05T10:00:00.000Z';
const curriculum = [
  { title: 'Why price comes first', duration: '18 min', content: 'How indicators **lag**.' },
  { title: 'Anatomy of a candle', duration: '25 min', content: 'Bodies and wicks.' },
  { title: 'Swing highs', duration: '32 min', content: 'Structure.' },
];
const videos = [
  'https://www.youtube.com/watch?v=OLDvideo001',
  'https://www.youtube.com/watch?v=OLDvideo002',
  'https://www.youtube.com/watch?v=OLDvideo003',
  'https://www.youtube.com/watch?v=OLDvideo004',
];

/** A course written in the shape every course had before issue 14: curriculum JSON, video list, files. */
async function insertOldCourse(db: Db, items: unknown[], links: string[], fileNames: string[]) {
  const id = newId();
  await db
    .insertInto('courses')
    .values({
      id,
      title: `Old course ${id.slice(0, 6)}`,
      thumb: '/images/x.svg',
      tag: 'Price Action',
      instructor: 'Rohan Mehta',
      price_paise: 100_000,
      level: 'Beginner',
      rating: 4.5,
      students: 0,
      description: '',
      course_description: '',
      what_youll_learn: '[]',
      video_link: links[0] ?? '',
      curriculum: JSON.stringify(items),
      lesson_videos: JSON.stringify(links),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const fileIds: string[] = [];
  for (const [n, name] of fileNames.entries()) {
    const fileId = newId();
    fileIds.push(fileId);
    await db
      .insertInto('course_files')
      .values({
        id: fileId,
        course_id: id,
        name,
        stored_name: `${fileId}.pdf`,
        size_bytes: 10,
        content_type: 'application/pdf',
        created_at: `2026-01-05T10:00:0${n}.000Z`,
      })
      .execute();
  }
  return { id, fileIds };
}

describe(`migration 015: existing courses become one section of lessons (${engine})`, () => {
  it('pairs curriculum items with videos by position, attaches the files, and the spec fields keep their values', async () => {
    const db = t.database.db;
    const raw = db as unknown as Kysely<unknown>;
    await lessonRelease.down(raw);
    await lessonVideos.down(raw);
    await lessonNotes.down(raw);
    await lessonProgress.down(raw);
    await sectionsAndLessons.down(raw);
    const full = await insertOldCourse(db, curriculum, videos, ['Checklist.pdf', 'Journal.pdf']);
    const onlyFiles = await insertOldCourse(db, [], [], ['Workbook.pdf']);
    const empty = await insertOldCourse(db, [], [], []);
    const broken = await insertOldCourse(db, [], [], []);
    await db.updateTable('courses').set({ curriculum: 'not json' }).where('id', '=', broken.id).execute();
    await sectionsAndLessons.up(raw);
    await lessonProgress.up(raw);
    await lessonNotes.up(raw);
    // Migration 020: every description so far is public, so each lesson's summary starts as a copy of it.
    await lessonSummaries.up(raw);
    // Migration 024: a lesson's own video (the player reads `video_id`).
    await lessonVideos.up(raw);
    // Migration 044: each section's and lesson's release rule (issue 35).
    await lessonRelease.up(raw);

    const sections = await db.selectFrom('course_sections').selectAll().where('course_id', '=', full.id).execute();
    expect(sections).toHaveLength(1);
    const lessons = await db
      .selectFrom('course_lessons')
      .selectAll()
      .where('course_id', '=', full.id)
      .orderBy('position')
      .execute();
    expect(
      lessons.map((l) => [l.title, l.kind, l.duration, l.content, l.video_link, Number(l.preview), l.section_id]),
    ).toEqual([
      ['Why price comes first', 'video', '18 min', 'How indicators **lag**.', videos[0], 1, sections[0]?.id],
      ['Anatomy of a candle', 'video', '25 min', 'Bodies and wicks.', videos[1], 0, sections[0]?.id],
      ['Swing highs', 'video', '32 min', 'Structure.', videos[2], 0, sections[0]?.id],
      ['Lesson 4', 'video', '', '', videos[3], 0, sections[0]?.id],
    ]);
    expect(lessons.map((l) => l.summary)).toEqual(['How indicators **lag**.', 'Bodies and wicks.', 'Structure.', '']);
    const attached = await db
      .selectFrom('lesson_attachments')
      .select(['lesson_id', 'file_id'])
      .where('file_id', 'in', full.fileIds)
      .orderBy('position')
      .execute();
    expect(attached).toEqual(full.fileIds.map((fileId) => ({ lesson_id: lessons[0]?.id, file_id: fileId })));

    const fileLessons = await db
      .selectFrom('course_lessons')
      .selectAll()
      .where('course_id', '=', onlyFiles.id)
      .execute();
    expect(fileLessons.map((l) => [l.title, l.kind])).toEqual([['Lesson 1', 'file']]);
    expect(
      await db
        .selectFrom('lesson_attachments')
        .select('file_id')
        .where('lesson_id', '=', fileLessons[0]?.id ?? '')
        .execute(),
    ).toEqual([{ file_id: onlyFiles.fileIds[0] }]);
    for (const course of [empty, broken]) {
      expect(await db.selectFrom('course_lessons').select('id').where('course_id', '=', course.id).execute()).toEqual(
        [],
      );
    }

    // The spec's calls answer as before: the public curriculum, the learner's videos and files.
    const page = await t.app.inject({ url: `/api/courses/${full.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().course.curriculum).toEqual([...curriculum, { title: 'Lesson 4', duration: '', content: '' }]);
    const learner = await createSignedInUser(t.database.db);
    for (const courseId of [full.id, onlyFiles.id]) {
      await db
        .insertInto('enrolments')
        .values({ id: newId(), user_id: learner.id, course_id: courseId, order_id: null, granted_at: stamp })
        .execute();
    }
    const enrolled = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: learner.cookie } });
    const courses = enrolled.json().courses as {
      _id: string;
      files: { name: string }[];
      videos: { videoLink: string }[];
    }[];
    const mine = courses.find((course) => course._id === full.id);
    expect(mine?.videos.map((video) => video.videoLink)).toEqual(videos);
    expect(mine?.files.map((file) => file.name)).toEqual(['Checklist.pdf', 'Journal.pdf']);
    expect(courses.find((course) => course._id === onlyFiles.id)?.files.map((file) => file.name)).toEqual([
      'Workbook.pdf',
    ]);
  });
});
