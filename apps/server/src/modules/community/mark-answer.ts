import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { postForReader } from './read-thread.js';
import { findPost, updatePost } from './repo.js';

/**
 * The asker or the operator marks one visible reply of a question as its answer (marking another moves
 * it; `answer: false` unmarks it). Anyone else: 403. A discussion has no answer: 409.
 */
export async function markAnswer(db: Db, user: SessionUser, replyId: string, answer: boolean, now = new Date()) {
  const { post: reply, access } = await postForReader(db, user, replyId, now);
  if (reply.thread_id === null || reply.status !== 'visible')
    throw new AppError('not_found', messages.communityPostNotFound);
  const thread = await findPost(db, reply.thread_id);
  if (!thread || thread.status === 'deleted') throw new AppError('not_found', messages.communityThreadNotFound);
  if (!access.operator && thread.author_id !== user.id)
    throw new AppError('forbidden', messages.communityAnswerNotAllowed);
  if (thread.kind !== 'question') throw new AppError('conflict', messages.communityAnswerNeedsQuestion);
  if (!answer && thread.answer_id !== reply.id) return;
  await updatePost(db, thread.id, { answer_id: answer ? reply.id : null, updated_at: now.toISOString() });
}
