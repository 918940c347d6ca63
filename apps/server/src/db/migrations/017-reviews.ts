import { type Kysely, sql } from 'kysely';

/**
 * Buyers' reviews (issue 14): one per (course, learner), edited in place; `hidden_at` set by the
 * operator takes it out of every public figure. `course_review_stats` holds each course's count per
 * star of its visible reviews, rewritten in the transaction of every change, so the catalogue never
 * aggregates reviews while answering.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('course_id', 'text', (col) => col.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('hidden_at', 'text')
    .addUniqueConstraint('reviews_course_user', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reviews_course_updated').on('reviews').columns(['course_id', 'updated_at']).execute();
  await db.schema.createIndex('reviews_updated').on('reviews').column('updated_at').execute();

  await db.schema
    .createTable('course_review_stats')
    .addColumn('course_id', 'text', (col) => col.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('stars_1', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stars_2', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stars_3', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stars_4', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stars_5', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_review_stats').execute();
  await db.schema.dropTable('reviews').execute();
}
