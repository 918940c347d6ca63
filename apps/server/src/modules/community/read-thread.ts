import { type CommunityThread, type CommunityThreadKind, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mayRead, postView, replyView } from './post-view.js';
import { findHelpfulBy, findPost, findReplies, type PostWithAuthor } from './repo.js';
import { requireSpaceMember, type SpaceAccess } from './space-access.js';

/**
 * A post for a reader who may see it, with its space's access checked now: 404 for none (or one the
 * reader may not see: held by someone else, hidden, deleted), 403 outside the space.
 */
export async function postForReader(
  db: Db,
  user: SessionUser,
  postId: string,
  now: Date,
): Promise<{ post: PostWithAuthor; access: SpaceAccess }> {
  const post = await findPost(db, postId);
  if (!post) throw new AppError('not_found', messages.communityPostNotFound);
  const access = await requireSpaceMember(db, user, post.space_id, now);
  if (!mayRead(post, user.id, access.operator)) throw new AppError('not_found', messages.communityPostNotFound);
  return { post, access };
}

/** The thread with its replies as the reader may see them: the answer first, then oldest first. */
export async function readThread(
  db: Db,
  user: SessionUser,
  threadId: string,
  now = new Date(),
): Promise<CommunityThread> {
  const { post: thread, access } = await postForReader(db, user, threadId, now);
  if (thread.thread_id !== null) throw new AppError('not_found', messages.communityThreadNotFound);
  const replies = (await findReplies(db, thread.id)).filter((reply) => mayRead(reply, user.id, access.operator));
  const helpful = await findHelpfulBy(db, user.id, [thread.id, ...replies.map((reply) => reply.id)]);
  const answer = replies.filter((reply) => reply.id === thread.answer_id);
  const others = replies.filter((reply) => reply.id !== thread.answer_id);
  return {
    ...postView(thread, user.id, helpful),
    spaceId: thread.space_id,
    title: thread.title ?? '',
    kind: thread.kind as CommunityThreadKind,
    pinned: thread.pinned === 1,
    answerId: answer.length > 0 ? thread.answer_id : null,
    mayMarkAnswer: thread.kind === 'question' && (access.operator || thread.author_id === user.id),
    replies: [...answer, ...others].map((reply) => replyView(reply, user.id, helpful, thread.answer_id)),
  };
}
