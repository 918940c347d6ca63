import type { Kysely } from 'kysely';
import { dropTables } from './schema-statements.js';
import { references, required } from './table-columns.js';

/**
 * Issue 32 (report V14, V15; decision 0028): a video's keys rotate every 10 minutes of video, and every
 * key a learner fetches is recorded, one row per learner, video and key with how often and when (so the
 * table grows with what was watched, not with requests), and rate-limited per learner. Gone with the
 * account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_key_fetches')
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'video_id'))
    .$call(required('integer', 'key_index', 'fetches'))
    .$call(required('text', 'first_fetched_at', 'last_fetched_at'))
    .addPrimaryKeyConstraint('video_key_fetches_pk', ['user_id', 'video_id', 'key_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'video_key_fetches');
}
