import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { references, required, timestamps, withDefaults } from './table-columns.js';

/**
 * Buyers' reviews (issue 14): one per (course, learner), edited in place; `hidden_at` set by the
 * operator takes it out of every public figure. `course_review_stats` holds each course's count per
 * star of its visible reviews, rewritten in the transaction of every change, so the catalogue never
 * aggregates reviews while answering.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'reviews')
    .$call(references({ course_id: 'courses.id', user_id: 'users.id' }, 'cascade'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .$call(required('text', 'text'))
    .$call(timestamps)
    .addColumn('hidden_at', 'text')
    .addUniqueConstraint('reviews_course_user', ['course_id', 'user_id'])
    .execute();
  await createIndex(db, 'reviews_course_updated', 'reviews', ['course_id', 'updated_at']);
  await createIndex(db, 'reviews_updated', 'reviews', ['updated_at']);

  await db.schema
    .createTable('course_review_stats')
    .addColumn('course_id', 'text', (col) => col.primaryKey().references('courses.id').onDelete('cascade'))
    .$call(withDefaults('integer', { stars_1: 0, stars_2: 0, stars_3: 0, stars_4: 0, stars_5: 0 }))
    .$call(required('text', 'updated_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'course_review_stats', 'reviews');
}
