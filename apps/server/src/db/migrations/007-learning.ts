import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The files a course's learners may download. Only the stored name is kept: the path is always
  // DATA_DIR/course-files/<stored_name>, never anything a request supplies.
  await db.schema
    .createTable('course_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('stored_name', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull().check(sql`size_bytes >= 0`))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('course_files_course').on('course_files').columns(['course_id', 'created_at']).execute();

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
