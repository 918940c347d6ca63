import { type CommunityThreadsResponse, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { threadSummary } from './post-view.js';
import { findThreads, markSpaceRead } from './repo.js';
import { requireSpaceMember } from './space-access.js';

const PAGE = 20;

/** The cursor is the last thread's place in the order (pinned, time, id), opaque to the caller. */
function encodeCursor(row: { pinned: number; created_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.pinned, row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string) {
  try {
    const [pinned, createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof pinned === 'number' && typeof createdAt === 'string' && typeof id === 'string')
      return { pinned, createdAt, id };
  } catch {}
  throw new AppError('bad_request', messages.communityBadCursor, { cursor: messages.communityBadCursor });
}

/**
 * A space's threads for a member: pinned announcements first, then newest first, 20 a page; `q` searches
 * titles and bodies (the thread's and its replies'); `unanswered` keeps questions without an answer. The
 * first page marks the space read for its unread count.
 */
export async function listThreads(
  db: Db,
  user: SessionUser,
  spaceId: string,
  query: { cursor?: string; q?: string; filter?: 'unanswered' },
  now = new Date(),
): Promise<Omit<CommunityThreadsResponse, 'ok'>> {
  const { space, operator } = await requireSpaceMember(db, user, spaceId, now);
  const rows = await findThreads(db, {
    spaceId: space.id,
    viewerId: user.id,
    operator,
    limit: PAGE,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    search: query.q || undefined,
    unanswered: query.filter === 'unanswered',
  });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  if (!query.cursor) await markSpaceRead(db, space.id, user.id, now);
  return {
    space: { id: space.id, title: space.title, courseId: space.course_id, planId: space.plan_id },
    threads: page.map(threadSummary),
    nextCursor: rows.length > PAGE && last ? encodeCursor(last) : null,
  };
}
