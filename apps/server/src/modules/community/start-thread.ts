import { type CommunityThreadKind, type CommunityThreadSummary, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { CommunityBus } from './event-bus.js';
import { threadSummary } from './post-view.js';
import { enforcePostingLimit, holdReason } from './posting-limits.js';
import { renderMarkdown } from './render-markdown.js';
import { findPost, insertPost } from './repo.js';
import { requireSpacePoster } from './space-access.js';

/**
 * A member starts a thread (a discussion or a question) in a space they belong to and are not muted in,
 * within their hourly limit; the operator's announcements are pinned. The body is rendered once, here.
 * A post held for review (a new member's link) waits in the console's queue, seen by its author only.
 */
export async function startThread(
  db: Db,
  bus: Pick<CommunityBus, 'publish'>,
  user: SessionUser,
  spaceId: string,
  input: { title: string; body: string; kind: CommunityThreadKind },
  now = new Date(),
): Promise<CommunityThreadSummary> {
  const { space, operator } = await requireSpacePoster(db, user, spaceId, now);
  if (input.kind === 'announcement' && !operator)
    throw new AppError('forbidden', messages.communityAnnouncementOperatorOnly, {
      kind: messages.communityAnnouncementOperatorOnly,
    });
  await enforcePostingLimit(db, user, 'thread', now);
  const held = await holdReason(db, user, `${input.title}\n${input.body}`, now);
  const id = newId();
  const at = now.toISOString();
  await insertPost(db, {
    id,
    space_id: space.id,
    thread_id: null,
    author_id: user.id,
    kind: input.kind,
    title: input.title,
    body_source: input.body,
    body_html: renderMarkdown(input.body),
    status: held ? 'held' : 'visible',
    status_reason: held,
    answer_id: null,
    pinned: input.kind === 'announcement' ? 1 : 0,
    reply_count: 0,
    last_activity_at: at,
    edited_at: null,
    created_at: at,
    updated_at: at,
  });
  if (!held) bus.publish({ type: 'thread', spaceId: space.id, threadId: id, postId: id });
  const row = await findPost(db, id);
  if (!row) throw new AppError('not_found', messages.communityThreadNotFound);
  return threadSummary(row);
}
