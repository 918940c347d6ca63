import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { references, required, withDefaults } from './table-columns.js';

/** The tables as they stand at this migration, so later schema changes never alter it. */
interface Tables {
  courses: { id: string; curriculum: string; lesson_videos: string; video_link: string };
  course_files: { id: string; course_id: string; name: string; created_at: string };
  course_sections: { id: string; course_id: string; position: number; title: string };
  course_lessons: {
    id: string;
    course_id: string;
    section_id: string;
    position: number;
    title: string;
    kind: string;
    duration: string;
    content: string;
    video_link: string;
    preview: number;
  };
  lesson_attachments: { lesson_id: string; file_id: string; position: number };
}

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
 * Issue 14: a course is ordered sections of ordered lessons. Every existing course becomes one
 * section whose lessons pair the curriculum items with the lesson videos by position (curriculum
 * item n and video n are lesson n; the longer list decides the count), and its course files become
 * the first lesson's attachments. The old columns stay as they were, so nothing is lost.
 * The conversion is written out here, not imported, so this migration never changes with the app.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'course_sections')
    .$call(references({ course_id: 'courses.id' }, 'cascade'))
    .$call(required('integer', 'position'))
    .$call(required('text', 'title'))
    .execute();
  await createIndex(db, 'course_sections_course', 'course_sections', ['course_id', 'position']);

  await createKeyedTable(db, 'course_lessons')
    .$call(references({ course_id: 'courses.id', section_id: 'course_sections.id' }, 'cascade'))
    .$call(required('integer', 'position'))
    .$call(required('text', 'title'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('video', 'text', 'file')`))
    .$call(withDefaults('text', { duration: '', content: '', video_link: '' }))
    .$call(withDefaults('integer', { preview: 0 }))
    .execute();
  await createIndex(db, 'course_lessons_section', 'course_lessons', ['section_id', 'position']);
  await createIndex(db, 'course_lessons_course', 'course_lessons', ['course_id']);

  await db.schema
    .createTable('lesson_attachments')
    .$call(references({ lesson_id: 'course_lessons.id', file_id: 'course_files.id' }, 'cascade'))
    .$call(required('integer', 'position'))
    .addPrimaryKeyConstraint('lesson_attachments_pk', ['lesson_id', 'file_id'])
    .execute();
  await createIndex(db, 'lesson_attachments_file', 'lesson_attachments', ['file_id']);

  const trx = db as unknown as Kysely<Tables>;
  const courses = await trx
    .selectFrom('courses')
    .select(['id', 'curriculum', 'lesson_videos', 'video_link'])
    .orderBy('id')
    .execute();
  for (const course of courses) {
    const items = parseList(course.curriculum) as Record<string, unknown>[];
    const videos = parseList(course.lesson_videos).filter((link): link is string => typeof link === 'string');
    const files = await trx
      .selectFrom('course_files')
      .select('id')
      .where('course_id', '=', course.id)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
    const count = Math.max(items.length, videos.length, files.length > 0 ? 1 : 0);
    if (count === 0) continue;
    const sectionId = randomBytes(12).toString('hex');
    await trx
      .insertInto('course_sections')
      .values({ id: sectionId, course_id: course.id, position: 0, title: 'Course content' })
      .execute();
    let firstLessonId = '';
    for (let index = 0; index < count; index++) {
      const item = items[index] ?? {};
      const video = videos[index] ?? '';
      const lessonId = randomBytes(12).toString('hex');
      if (index === 0) firstLessonId = lessonId;
      await trx
        .insertInto('course_lessons')
        .values({
          id: lessonId,
          course_id: course.id,
          section_id: sectionId,
          position: index,
          title: text(item.title) || `Lesson ${index + 1}`,
          kind: video ? 'video' : index === 0 && !text(item.content) && files.length > 0 ? 'file' : 'text',
          duration: text(item.duration),
          content: text(item.content),
          video_link: video,
          preview: video !== '' && video === course.video_link ? 1 : 0,
        })
        .execute();
    }
    for (const [position, file] of files.entries()) {
      await trx
        .insertInto('lesson_attachments')
        .values({ lesson_id: firstLessonId, file_id: file.id, position })
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'lesson_attachments', 'course_lessons', 'course_sections');
}
