import { COMMUNITY_EDIT_MINUTES, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { holdReason } from './posting-limits.js';
import { postForReader } from './read-thread.js';
import { renderMarkdown } from './render-markdown.js';
import { recountReplies, updatePost } from './repo.js';
import { requireSpacePoster } from './space-access.js';

const EDIT_WINDOW_MS = COMMUNITY_EDIT_MINUTES * 60_000;

/**
 * The author edits their post within 15 minutes of posting (409 after; 403 for anyone else's); the edit
 * is marked (`edited_at`) and rendered afresh. A link added in a new member's first day holds it again.
 */
export async function editPost(
  db: Db,
  user: SessionUser,
  postId: string,
  input: { title?: string; body: string },
  now = new Date(),
): Promise<void> {
  const { post } = await postForReader(db, user, postId, now);
  if (post.author_id !== user.id) throw new AppError('forbidden', messages.communityNotYours);
  await requireSpacePoster(db, user, post.space_id, now);
  if (now.getTime() - Date.parse(post.created_at) > EDIT_WINDOW_MS)
    throw new AppError('conflict', messages.communityEditTooLate);
  const title = post.thread_id === null && input.title ? input.title : post.title;
  const held = post.status === 'visible' ? await holdReason(db, user, `${title ?? ''}\n${input.body}`, now) : null;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await updatePost(trx, post.id, {
      title,
      body_source: input.body,
      body_html: renderMarkdown(input.body),
      edited_at: at,
      updated_at: at,
      ...(held ? { status: 'held' as const, status_reason: held } : {}),
    });
    if (held && post.thread_id) await recountReplies(trx, post.thread_id, now);
  });
}

/**
 * The author deletes their own post: it leaves every view (a thread with its replies), and its body is
 * emptied; the row stays so the counts and the console's record hold. Anyone else: 403.
 */
export async function deletePost(db: Db, user: SessionUser, postId: string, now = new Date()): Promise<void> {
  const { post } = await postForReader(db, user, postId, now);
  if (post.author_id !== user.id) throw new AppError('forbidden', messages.communityNotYours);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await updatePost(trx, post.id, { status: 'deleted', body_source: '', body_html: '', updated_at: at });
    if (post.thread_id) await recountReplies(trx, post.thread_id, now);
  });
}
