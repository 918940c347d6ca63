import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { references, required } from './table-columns.js';

/**
 * Issue 15, the learner's side: the device limit and its flags.
 * - `video_streams`: one row per session (device) that plays a course's video, touched by the player's
 *   refreshes and key fetches; a device counts as playing while touched in the last two minutes.
 *   `stopped_at` is set when the learner ended this device's stream from another one: its next playlist
 *   or key request is refused until it asks to play again. Gone with the session.
 * - `video_device_flags`: a learner signed in on more devices in one day (India time) than the console
 *   allows; one row per learner and day, for the operator.
 * - `video_settings`: the console's two numbers (one row, id 'shop'); without it the defaults apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_streams')
    .addColumn('session_id', 'text', (col) => col.primaryKey().references('sessions.id').onDelete('cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'last_seen_at'))
    .addColumn('stopped_at', 'text')
    .execute();
  await createIndex(db, 'video_streams_user', 'video_streams', ['user_id', 'last_seen_at']);
  await db.schema
    .createTable('video_device_flags')
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'day'))
    .$call(required('integer', 'devices'))
    .$call(required('text', 'created_at'))
    .addPrimaryKeyConstraint('video_device_flags_pk', ['user_id', 'day'])
    .execute();
  await createKeyedTable(db, 'video_settings')
    .$call(required('integer', 'max_devices', 'max_sign_in_devices'))
    .$call(required('text', 'updated_at', 'updated_by'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'video_settings', 'video_device_flags', 'video_streams');
}
