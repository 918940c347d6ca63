import { type Insertable, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CommunityBansTable, CommunityPostsTable, CommunitySpacesTable } from '../../db/schema.js';
import { newId } from '../../ids.js';

export type SpaceRow = Selectable<CommunitySpacesTable>;
export type PostRow = Selectable<CommunityPostsTable>;
export type BanRow = Selectable<CommunityBansTable>;

/** A post with what its author view needs (null author: a deleted account). */
export type PostWithAuthor = PostRow & {
  author_name: string | null;
  author_role: 'learner' | 'admin' | null;
  helpful: number;
};

export function findSpace(db: Db, id: string): Promise<SpaceRow | undefined> {
  return db.selectFrom('community_spaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAllSpaces(db: Db): Promise<SpaceRow[]> {
  return db.selectFrom('community_spaces').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** The published courses and the membership plans with the community, for their spaces (read through their tables). */
export async function findSpaceOwners(db: Db) {
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('published', '=', 1)
    .orderBy('id')
    .execute();
  const plans = await db
    .selectFrom('plans')
    .select(['id', 'title'])
    .where('community', '=', 1)
    .where('kind', '=', 'membership')
    .orderBy('id')
    .execute();
  return { courses, plans };
}

/** Makes the spaces of these courses and plans that are missing (the unique columns keep each once, races included). */
export async function insertMissingSpaces(
  db: Db,
  owners: { courseId?: string; planId?: string; title: string }[],
  now: Date,
): Promise<void> {
  if (owners.length === 0) return;
  const at = now.toISOString();
  for (const owner of owners) {
    await db
      .insertInto('community_spaces')
      .values({
        id: newId(),
        title: owner.title,
        course_id: owner.courseId ?? null,
        plan_id: owner.planId ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column(owner.courseId ? 'course_id' : 'plan_id').doNothing())
      .execute();
  }
}

export async function insertSpace(db: Db, row: Insertable<CommunitySpacesTable>): Promise<void> {
  await db.insertInto('community_spaces').values(row).execute();
}

/** How many posts by others are visible in each space since the member last opened its list. */
export async function countUnread(db: Db, userId: string, spaceIds: string[]): Promise<Map<string, number>> {
  if (spaceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('community_posts as p')
    .leftJoin('community_reads as r', (join) =>
      join.onRef('r.space_id', '=', 'p.space_id').on('r.user_id', '=', userId),
    )
    .select(['p.space_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.space_id', 'in', spaceIds)
    .where('p.status', '=', 'visible')
    .where((eb) => eb.or([eb('p.author_id', 'is', null), eb('p.author_id', '!=', userId)]))
    .where((eb) => eb.or([eb('r.read_at', 'is', null), eb('p.created_at', '>', eb.ref('r.read_at'))]))
    .groupBy('p.space_id')
    .execute();
  return new Map(rows.map((row) => [row.space_id, Number(row.n)]));
}

/**
 * Marks the space read now, writing only when something changed: no read yet, or a post by someone else
 * since the last one (a member paging through a quiet space costs a read, not a write).
 */
export async function markSpaceRead(db: Db, spaceId: string, userId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const read = await db
    .selectFrom('community_reads')
    .select('read_at')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (read && ((await countUnread(db, userId, [spaceId])).get(spaceId) ?? 0) === 0) return;
  await db
    .insertInto('community_reads')
    .values({ space_id: spaceId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['space_id', 'user_id']).doUpdateSet({ read_at: at }))
    .execute();
}

/** The member's ban or mute in the space that is in force now, if any (a ban first). */
export async function findBanInForce(db: Db, spaceId: string, userId: string, now: Date): Promise<BanRow | undefined> {
  const rows = await db
    .selectFrom('community_bans')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now.toISOString())]))
    .execute();
  return rows.find((row) => row.kind === 'ban') ?? rows[0];
}

export async function insertBan(db: Db, row: Insertable<CommunityBansTable>): Promise<void> {
  await db.insertInto('community_bans').values(row).execute();
}

function postsWithNames(db: Db) {
  return db
    .selectFrom('community_posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select(['u.username as author_name', 'u.role as author_role']);
}

function postsWithAuthors(db: Db) {
  return postsWithNames(db).select((eb) =>
    eb
      .selectFrom('community_reactions as h')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('h.post_id', '=', 'p.id')
      .as('helpful'),
  );
}

export async function findPost(db: Db, id: string): Promise<PostWithAuthor | undefined> {
  const row = await postsWithAuthors(db).where('p.id', '=', id).executeTakeFirst();
  return row && { ...row, helpful: Number(row.helpful ?? 0) };
}

/** A thread's replies, oldest first, deleted ones left out. */
export async function findReplies(db: Db, threadId: string): Promise<PostWithAuthor[]> {
  const rows = await postsWithAuthors(db)
    .where('p.thread_id', '=', threadId)
    .where('p.status', '!=', 'deleted')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...row, helpful: Number(row.helpful ?? 0) }));
}

export async function findHelpfulBy(db: Db, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('community_reactions')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

export interface ThreadPage {
  spaceId: string;
  /** Who reads: their own held threads show to them; the operator sees held and hidden ones too. */
  viewerId: string;
  operator: boolean;
  limit: number;
  after?: { pinned: number; createdAt: string; id: string };
  search?: string;
  unanswered?: boolean;
}

/**
 * The search's words (letters and digits; everything else, quotes and operators included, only separates
 * them), each matched as a prefix, all of them required: FTS5's MATCH on SQLite, a tsquery on PostgreSQL.
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The ids of the posts (threads and replies) whose title or text has every word. */
function matchingPosts(db: Db, words: string[]) {
  if (isPostgres(db)) {
    const query = words.map((word) => `${word}:*`).join(' & ');
    return db
      .selectFrom('community_posts as m')
      .select('m.id')
      .where(
        sql<boolean>`to_tsvector('english', coalesce(m.title, '') || ' ' || m.body_source) @@ to_tsquery('english', ${query})`,
      );
  }
  const query = words.map((word) => `"${word}"*`).join(' ');
  return db
    .selectFrom('community_posts as m')
    .select('m.id')
    .where(sql<boolean>`m.rowid in (select rowid from community_posts_fts where community_posts_fts match ${query})`);
}

/** A page of a space's threads: pinned first, then newest first; `limit + 1` rows to know whether more follow. */
export async function findThreads(db: Db, page: ThreadPage): Promise<PostWithAuthor[]> {
  let query = postsWithNames(db)
    .where('p.space_id', '=', page.spaceId)
    .where('p.thread_id', 'is', null)
    .where((eb) =>
      page.operator
        ? eb('p.status', '!=', 'deleted')
        : eb.or([
            eb('p.status', '=', 'visible'),
            eb.and([eb('p.status', '=', 'held'), eb('p.author_id', '=', page.viewerId)]),
          ]),
    );
  if (page.unanswered) query = query.where('p.kind', '=', 'question').where('p.answer_id', 'is', null);
  if (page.search) {
    const words = searchWords(page.search);
    if (words.length === 0) return [];
    const matching = matchingPosts(db, words);
    query = query.where((eb) =>
      eb.or([
        eb('p.id', 'in', matching),
        eb.exists(
          eb
            .selectFrom('community_posts as r')
            .select('r.id')
            .whereRef('r.thread_id', '=', 'p.id')
            .where('r.status', '=', 'visible')
            .where('r.id', 'in', matching),
        ),
      ]),
    );
  }
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('p.pinned', '<', after.pinned),
        eb.and([
          eb('p.pinned', '=', after.pinned),
          eb.or([
            eb('p.created_at', '<', after.createdAt),
            eb.and([eb('p.created_at', '=', after.createdAt), eb('p.id', '<', after.id)]),
          ]),
        ]),
      ]),
    );
  const rows = await query
    .orderBy('p.pinned', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  // A list shows no helpful counts: the thread page counts them.
  return rows.map((row) => ({ ...row, helpful: 0 }));
}

export async function insertPost(db: Db, row: Insertable<CommunityPostsTable>): Promise<void> {
  await db.insertInto('community_posts').values(row).execute();
}

export async function updatePost(
  db: Db,
  id: string,
  set: Partial<Omit<Selectable<CommunityPostsTable>, 'id'>>,
): Promise<void> {
  await db.updateTable('community_posts').set(set).where('id', '=', id).execute();
}

/** Recounts a thread's visible replies and moves its last activity (after a reply, a hide, a restore, a delete). */
export async function recountReplies(db: Db, threadId: string, now: Date): Promise<void> {
  await db
    .updateTable('community_posts')
    .set((eb) => ({
      reply_count: eb
        .selectFrom('community_posts as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('r.thread_id', '=', threadId)
        .where('r.status', '=', 'visible'),
      last_activity_at: now.toISOString(),
    }))
    .where('id', '=', threadId)
    .execute();
}

/** How many threads (`thread_id` null) or replies the member wrote since `since`, whatever became of them. */
export async function countPostsSince(db: Db, userId: string, kind: 'thread' | 'reply', since: Date) {
  const row = await db
    .selectFrom('community_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', userId)
    .where('thread_id', kind === 'thread' ? 'is' : 'is not', null)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's oldest post in the window still counted, for when the limit frees a place. */
export async function oldestPostSince(db: Db, userId: string, kind: 'thread' | 'reply', since: Date) {
  const row = await db
    .selectFrom('community_posts')
    .select('created_at')
    .where('author_id', '=', userId)
    .where('thread_id', kind === 'thread' ? 'is' : 'is not', null)
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.created_at;
}

/** Adds the member's "helpful" (once: the primary key); whether it was new. */
export async function insertHelpful(db: Db, postId: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('community_reactions')
    .values({ post_id: postId, user_id: userId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteHelpful(db: Db, postId: string, userId: string): Promise<void> {
  await db.deleteFrom('community_reactions').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}

export async function findOpenReportBy(db: Db, postId: string, userId: string) {
  return db
    .selectFrom('community_reports')
    .select('id')
    .where('post_id', '=', postId)
    .where('reporter_id', '=', userId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
}

export async function insertReport(db: Db, row: { postId: string; reporterId: string; reason: string; now: Date }) {
  await db
    .insertInto('community_reports')
    .values({
      id: newId(),
      post_id: row.postId,
      reporter_id: row.reporterId,
      reason: row.reason,
      created_at: row.now.toISOString(),
      resolved_at: null,
    })
    .execute();
}

export async function resolveReportsOf(db: Db, postId: string, now: Date): Promise<void> {
  await db
    .updateTable('community_reports')
    .set({ resolved_at: now.toISOString() })
    .where('post_id', '=', postId)
    .where('resolved_at', 'is', null)
    .execute();
}

/** The console's queue: posts with open reports, and held posts, oldest first. */
export async function findQueue(db: Db) {
  const rows = await postsWithAuthors(db)
    .innerJoin('community_spaces as s', 's.id', 'p.space_id')
    .select(['s.title as space_title'])
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'held'),
        eb.exists(
          eb
            .selectFrom('community_reports as r')
            .select('r.id')
            .whereRef('r.post_id', '=', 'p.id')
            .where('r.resolved_at', 'is', null),
        ),
      ]),
    )
    .where('p.status', '!=', 'deleted')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .limit(200)
    .execute();
  const ids = rows.map((row) => row.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .selectFrom('community_reports')
          .select(['post_id', 'reason', 'created_at'])
          .where('post_id', 'in', ids)
          .where('resolved_at', 'is', null)
          .orderBy('created_at')
          .execute();
  return rows.map((row) => ({
    ...row,
    helpful: Number(row.helpful ?? 0),
    reports: reports.filter((report) => report.post_id === row.id),
  }));
}

/** The member's own posts, newest first, for their data export. */
export function findPostsBy(db: Db, userId: string) {
  return db
    .selectFrom('community_posts')
    .select(['id', 'space_id', 'thread_id', 'title', 'body_source', 'status', 'created_at'])
    .where('author_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Account deletion: the member's posts stay (the threads others answered keep their sense) but name no
 * one ("former member"); their helpful marks, reads, bans and the reports they made go or forget them.
 */
export async function anonymisePostsOf(trx: Db, userId: string): Promise<void> {
  await trx.updateTable('community_posts').set({ author_id: null }).where('author_id', '=', userId).execute();
  await trx.updateTable('community_reports').set({ reporter_id: null }).where('reporter_id', '=', userId).execute();
  await trx.deleteFrom('community_reactions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('community_reads').where('user_id', '=', userId).execute();
  await trx.deleteFrom('community_bans').where('user_id', '=', userId).execute();
}

/** The demo's rows, each kept as it is if it exists (the seed runs again on a fresh start). */
export async function insertMissingDemo(
  db: Db,
  space: Insertable<CommunitySpacesTable>,
  posts: Insertable<CommunityPostsTable>[],
): Promise<void> {
  await db
    .insertInto('community_spaces')
    .values(space)
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const post of posts)
    await db
      .insertInto('community_posts')
      .values(post)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
}
