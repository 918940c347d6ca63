import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { nonNegative, references, required } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The files a course's learners may download. Only the stored name is kept: the path is always
  // DATA_DIR/course-files/<stored_name>, never anything a request supplies.
  await createKeyedTable(db, 'course_files')
    .$call(references({ course_id: 'courses.id' }, 'cascade'))
    .$call(required('text', 'name', 'stored_name'))
    .$call(nonNegative('size_bytes'))
    .$call(required('text', 'content_type', 'created_at'))
    .execute();
  await createIndex(db, 'course_files_course', 'course_files', ['course_id', 'created_at']);

  // The lessons' video links (JSON list), shown only to enrolled learners; `video_link` stays the public preview.
  await db.schema
    .alterTable('courses')
    .addColumn('lesson_videos', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('courses').dropColumn('lesson_videos').execute();
  await db.schema.dropTable('course_files').execute();
}
