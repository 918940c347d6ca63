import { type CommunityReply, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { CommunityBus } from './event-bus.js';
import { replyView } from './post-view.js';
import { enforcePostingLimit, holdReason } from './posting-limits.js';
import { postForReader } from './read-thread.js';
import { renderMarkdown } from './render-markdown.js';
import { findPost, insertPost, recountReplies } from './repo.js';
import { requireSpacePoster } from './space-access.js';

/**
 * A member replies to a thread they can see and that is shown (not held or hidden), within their hourly
 * limit and not muted; the thread counts its visible replies. A held reply waits in the console's queue.
 */
export async function replyToThread(
  db: Db,
  bus: Pick<CommunityBus, 'publish'>,
  user: SessionUser,
  threadId: string,
  body: string,
  now = new Date(),
): Promise<CommunityReply> {
  const { post: thread } = await postForReader(db, user, threadId, now);
  if (thread.thread_id !== null) throw new AppError('not_found', messages.communityThreadNotFound);
  if (thread.status !== 'visible') throw new AppError('conflict', messages.communityThreadClosed);
  await requireSpacePoster(db, user, thread.space_id, now);
  await enforcePostingLimit(db, user, 'reply', now);
  const held = await holdReason(db, user, body, now);
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertPost(trx, {
      id,
      space_id: thread.space_id,
      thread_id: thread.id,
      author_id: user.id,
      kind: 'reply',
      title: null,
      body_source: body,
      body_html: renderMarkdown(body),
      status: held ? 'held' : 'visible',
      status_reason: held,
      answer_id: null,
      pinned: 0,
      reply_count: 0,
      last_activity_at: at,
      edited_at: null,
      created_at: at,
      updated_at: at,
    });
    await recountReplies(trx, thread.id, now);
  });
  if (!held) bus.publish({ type: 'reply', spaceId: thread.space_id, threadId: thread.id, postId: id });
  const row = await findPost(db, id);
  if (!row) throw new AppError('not_found', messages.communityPostNotFound);
  return replyView(row, user.id, new Set(), null);
}
