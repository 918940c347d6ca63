import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { optional, references, required, timestamps, withDefaults } from './table-columns.js';

/**
 * Issue 36: the members' community. A space belongs to a course (`course_id`) or a membership plan
 * (`plan_id`), each at most once (made lazily, the first time a member or the operator lists spaces), or
 * is one the operator added (both null). A post is a thread (`thread_id` null, with a title and a kind,
 * discussion or question) or a reply (`thread_id` its thread). Its body is kept as the member wrote it
 * (`body_source`, Markdown) and as rendered once, sanitised, on the server (`body_html`). `status`:
 * visible, held (for review, waiting in the console's queue), hidden (by the operator, kept for the
 * record) or deleted (by its author). `author_id` becomes null when the author deletes their account
 * ("former member"). A thread counts its visible replies (`reply_count`) and names its answer
 * (`answer_id`). `community_reactions`: one "helpful" per member and post (the primary key).
 * `community_reports`: a member's report of a post, open until the operator acts on it. `community_bans`:
 * a ban (no `until`) or a mute until a time, of one member in one space. `community_reads`: when a
 * member last opened a space's list, for its unread count.
 *
 * Search within a space: on SQLite an FTS5 index of each post's title and source (`community_posts_fts`,
 * an external-content table over `community_posts`' rowid, Porter stemming), kept by three triggers; on
 * PostgreSQL a GIN index over the English tsvector of the same text (`community_posts_search`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'community_spaces')
    .$call(required('text', 'title'))
    .addColumn('course_id', 'text', (col) => col.unique().references('courses.id'))
    .addColumn('plan_id', 'text', (col) => col.unique().references('plans.id'))
    .$call(timestamps)
    .execute();

  await createKeyedTable(db, 'community_posts')
    .$call(references({ space_id: 'community_spaces.id' }, 'cascade'))
    .addColumn('thread_id', 'text', (col) => col.references('community_posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.references('users.id'))
    .$call(required('text', 'kind', 'body_source', 'body_html', 'status', 'last_activity_at'))
    .$call(optional('text', 'title', 'answer_id', 'edited_at', 'status_reason'))
    .$call(withDefaults('integer', { pinned: 0, reply_count: 0 }))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'community_posts_space_activity', 'community_posts', ['space_id', 'thread_id', 'created_at']);
  await createIndex(db, 'community_posts_thread', 'community_posts', ['thread_id', 'created_at']);
  await createIndex(db, 'community_posts_author', 'community_posts', ['author_id', 'created_at']);
  await createIndex(db, 'community_posts_status', 'community_posts', ['status']);

  await db.schema
    .createTable('community_reactions')
    .$call(references({ post_id: 'community_posts.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'created_at'))
    .addPrimaryKeyConstraint('community_reactions_pk', ['post_id', 'user_id'])
    .execute();

  await createKeyedTable(db, 'community_reports')
    .$call(references({ post_id: 'community_posts.id' }, 'cascade'))
    .addColumn('reporter_id', 'text', (col) => col.references('users.id'))
    .$call(required('text', 'reason', 'created_at'))
    .$call(optional('text', 'resolved_at'))
    .execute();
  await createIndex(db, 'community_reports_open', 'community_reports', ['resolved_at', 'created_at']);

  await createKeyedTable(db, 'community_bans')
    .$call(references({ space_id: 'community_spaces.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'kind', 'reason', 'created_by', 'created_at'))
    .$call(optional('text', 'until'))
    .execute();
  await createIndex(db, 'community_bans_member', 'community_bans', ['space_id', 'user_id']);

  await db.schema
    .createTable('community_reads')
    .$call(references({ space_id: 'community_spaces.id' }, 'cascade'))
    .$call(references({ user_id: 'users.id' }, 'cascade'))
    .$call(required('text', 'read_at'))
    .addPrimaryKeyConstraint('community_reads_pk', ['space_id', 'user_id'])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index community_posts_search on community_posts using gin (to_tsvector('english', coalesce(title, '') || ' ' || body_source))`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table community_posts_fts using fts5(title, body_source, content='community_posts', content_rowid='rowid', tokenize='porter unicode61')`.execute(
    db,
  );
  await sql`create trigger community_posts_fts_insert after insert on community_posts begin
    insert into community_posts_fts(rowid, title, body_source) values (new.rowid, new.title, new.body_source);
  end`.execute(db);
  await sql`create trigger community_posts_fts_delete after delete on community_posts begin
    insert into community_posts_fts(community_posts_fts, rowid, title, body_source) values ('delete', old.rowid, old.title, old.body_source);
  end`.execute(db);
  await sql`create trigger community_posts_fts_update after update of title, body_source on community_posts begin
    insert into community_posts_fts(community_posts_fts, rowid, title, body_source) values ('delete', old.rowid, old.title, old.body_source);
    insert into community_posts_fts(rowid, title, body_source) values (new.rowid, new.title, new.body_source);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(
    db,
    'community_reads',
    'community_bans',
    'community_reports',
    'community_reactions',
    'community_posts',
    'community_spaces',
  );
  // The triggers went with community_posts; its index on SQLite is a table of its own.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sql`drop table community_posts_fts`.execute(db);
}
