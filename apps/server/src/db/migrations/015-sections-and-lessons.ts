import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

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
  await db.schema
    .createTable('course_sections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('course_sections_course')
    .on('course_sections')
    .columns(['course_id', 'position'])
    .execute();

  await db.schema
    .createTable('course_lessons')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (col) => col.notNull().references('course_sections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('video', 'text', 'file')`))
    .addColumn('duration', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('video_link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('preview', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('course_lessons_section')
    .on('course_lessons')
    .columns(['section_id', 'position'])
    .execute();
  await db.schema.createIndex('course_lessons_course').on('course_lessons').columns(['course_id']).execute();

  await db.schema
    .createTable('lesson_attachments')
    .addColumn('lesson_id', 'text', (col) => col.notNull().references('course_lessons.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (col) => col.notNull().references('course_files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('lesson_attachments_pk', ['lesson_id', 'file_id'])
    .execute();
  await db.schema.createIndex('lesson_attachments_file').on('lesson_attachments').columns(['file_id']).execute();

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
  await db.schema.dropTable('lesson_attachments').execute();
  await db.schema.dropTable('course_lessons').execute();
  await db.schema.dropTable('course_sections').execute();
}
