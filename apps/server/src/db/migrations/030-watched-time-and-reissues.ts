import type { Kysely } from 'kysely';
import { createIndex } from './schema-statements.js';

/**
 * Issue 32 (L1, N2). `lesson_progress.watched_seconds`: the video time the learner is credited with,
 * added up by the server from successive position saves (never more than the wall-clock time between
 * two saves allows), which a video lesson's completion is checked against. `certificates.previous_id`
 * and `reissued_at`: a certificate re-issued with a corrected name takes a new id; the old one stays
 * here, so its verification link leads to the new certificate, and a certificate is re-issued once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lesson_progress')
    .addColumn('watched_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('certificates').addColumn('previous_id', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('reissued_at', 'text').execute();
  await createIndex(db, 'certificates_previous_id', 'certificates', ['previous_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('certificates_previous_id').execute();
  await db.schema.alterTable('certificates').dropColumn('reissued_at').execute();
  await db.schema.alterTable('certificates').dropColumn('previous_id').execute();
  await db.schema.alterTable('lesson_progress').dropColumn('watched_seconds').execute();
}
