import {
  type CommunityAuthor,
  type CommunityReply,
  type CommunityThreadKind,
  type CommunityThreadSummary,
  messages,
} from '@shop/shared';
import type { PostWithAuthor } from './repo.js';

/**
 * A post's author as members see them: the username (the operator's marked), "former member" for a deleted
 * account, or the shop itself for an announcement with no author (the demo's; only the operator announces).
 */
export function authorOf(
  row: Pick<PostWithAuthor, 'author_id' | 'author_name' | 'author_role' | 'kind'>,
): CommunityAuthor {
  if (!row.author_id && row.kind === 'announcement')
    return { id: null, name: messages.communityOperator, role: 'operator' };
  if (!row.author_id || row.author_name === null)
    return { id: null, name: messages.communityFormerMember, role: 'former' };
  return { id: row.author_id, name: row.author_name, role: row.author_role === 'admin' ? 'operator' : 'member' };
}

/** The status a reader may see (a deleted post never reaches a view). */
export const viewStatus = (row: PostWithAuthor) => (row.status === 'deleted' ? 'hidden' : row.status);

export function threadSummary(row: PostWithAuthor): CommunityThreadSummary {
  return {
    id: row.id,
    title: row.title ?? '',
    kind: row.kind as CommunityThreadKind,
    author: authorOf(row),
    createdAt: row.created_at,
    replies: Number(row.reply_count),
    answered: row.answer_id !== null,
    pinned: row.pinned === 1,
    status: viewStatus(row),
  };
}

export function postView(row: PostWithAuthor, viewerId: string, helpfulByMe: Set<string>) {
  return {
    id: row.id,
    author: authorOf(row),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    bodyHtml: row.body_html,
    bodySource: row.body_source,
    helpful: row.helpful,
    helpfulByMe: helpfulByMe.has(row.id),
    mine: row.author_id === viewerId,
    status: viewStatus(row),
  };
}

export function replyView(
  row: PostWithAuthor,
  viewerId: string,
  helpfulByMe: Set<string>,
  answerId: string | null,
): CommunityReply {
  return { ...postView(row, viewerId, helpfulByMe), isAnswer: row.id === answerId };
}

/** Whether the reader sees the post: visible; held ones to their author and the operator; hidden ones to the operator. */
export function mayRead(row: PostWithAuthor, viewerId: string, operator: boolean): boolean {
  if (row.status === 'visible') return true;
  if (row.status === 'deleted') return false;
  if (operator) return true;
  return row.status === 'held' && row.author_id === viewerId;
}
