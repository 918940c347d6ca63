import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { optional, references, required, timestamps } from './table-columns.js';

/**
 * Issue 35: live sessions. A session starts at an instant (UTC ISO text, shown in India time) and lasts
 * `duration_minutes`; its audience is a course's learners or a plan's members (exactly one of `course_id`
 * and `plan_id`; cohorts come later). The meeting is a Jitsi room (`room_name`, unguessable, on the server
 * the JITSI_URL setting names) or a link the operator pasted (`meeting_url`). A repeat makes one row per
 * occurrence sharing `series_id`. A cancelled session keeps its row (`cancelled_at`) and its attendance.
 * `live_attendance`: who joined, first join time, once per learner and session (the primary key).
 * `live_notices`: each mail a learner was sent about a session (a reminder 24 hours or 1 hour before, a
 * move, a cancellation) for the start it was about (`occasion`); the primary key makes each one once,
 * however many processes pass and whatever crashes, since the row and its mail are one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'live_sessions')
    .$call(required('text', 'series_id', 'title', 'description', 'starts_at', 'meeting_kind'))
    .$call(required('integer', 'duration_minutes'))
    .addColumn('course_id', 'text', (col) => col.references('courses.id'))
    .addColumn('plan_id', 'text', (col) => col.references('plans.id'))
    .$call(optional('text', 'room_name', 'meeting_url', 'cancelled_at'))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'live_sessions_starts_at', 'live_sessions', ['starts_at']);

  await db.schema
    .createTable('live_attendance')
    .$call(references({ session_id: 'live_sessions.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'joined_at'))
    .addPrimaryKeyConstraint('live_attendance_pk', ['session_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('live_notices')
    .$call(references({ session_id: 'live_sessions.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'kind', 'occasion', 'created_at'))
    .addPrimaryKeyConstraint('live_notices_pk', ['session_id', 'user_id', 'kind', 'occasion'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'live_notices', 'live_attendance', 'live_sessions');
}
