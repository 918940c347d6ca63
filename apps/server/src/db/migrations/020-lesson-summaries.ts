import { type Kysely, sql } from 'kysely';

/**
 * Issue 14: a lesson's `content` is its body, for enrolled learners only; its `summary` is the one-line
 * description the course page's curriculum shows to anyone. Until now `content` served as both, so a
 * text lesson's body written in the console was public. Every existing lesson's content came from a
 * curriculum description (migration 015 and the old course form), so each summary starts as a copy of
 * it and no course page changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('course_lessons')
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update course_lessons set summary = content`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_lessons').dropColumn('summary').execute();
}
