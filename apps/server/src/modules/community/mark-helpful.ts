import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { postForReader } from './read-thread.js';
import { deleteHelpful, insertHelpful } from './repo.js';

/** A member's one "helpful" on a visible post they can read (again: still one); `false` takes it back. */
export async function markHelpful(db: Db, user: SessionUser, postId: string, helpful: boolean, now = new Date()) {
  const { post } = await postForReader(db, user, postId, now);
  if (post.status !== 'visible') throw new AppError('not_found', messages.communityPostNotFound);
  if (helpful) await insertHelpful(db, post.id, user.id, now);
  else await deleteHelpful(db, post.id, user.id);
}
