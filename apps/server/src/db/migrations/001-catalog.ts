import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('thumb', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('rating', 'real', (col) => col.notNull().defaultTo(4.5))
    .addColumn('instructor', 'text', (col) => col.notNull())
    .addColumn('price_paise', 'integer', (col) => col.notNull().check(sql`price_paise >= 0`))
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('video_link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('students', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('course_description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('what_youll_learn', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('curriculum', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('courses_published_created').on('courses').columns(['published', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('courses').execute();
}
