import type { Kysely } from 'kysely';

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
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('stopped_at', 'text')
    .execute();
  await db.schema.createIndex('video_streams_user').on('video_streams').columns(['user_id', 'last_seen_at']).execute();
  await db.schema
    .createTable('video_device_flags')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('devices', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_device_flags_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('video_settings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('max_devices', 'integer', (col) => col.notNull())
    .addColumn('max_sign_in_devices', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_settings').execute();
  await db.schema.dropTable('video_device_flags').execute();
  await db.schema.dropTable('video_streams').execute();
}
