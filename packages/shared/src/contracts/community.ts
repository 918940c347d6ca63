import { z } from 'zod';
import { objectId } from './common.js';

/** The members' community (issue 36): spaces, threads, replies and the console's moderation. */

/** A post may be edited this long after it was posted (the edit is marked). */
export const COMMUNITY_EDIT_MINUTES = 15;
export const COMMUNITY_TITLE_MAX = 150;
export const COMMUNITY_BODY_MAX = 20_000;
export const COMMUNITY_REASON_MAX = 500;

export const communitySpace = z.object({
  id: objectId,
  title: z.string(),
  courseId: objectId.nullable(),
  planId: objectId.nullable(),
  /** Posts by others since the member last opened the space's list. */
  unread: z.number().int().nonnegative(),
});
export type CommunitySpace = z.infer<typeof communitySpace>;
export const communitySpacesResponse = z.object({ ok: z.literal(true), spaces: z.array(communitySpace) });
export type CommunitySpacesResponse = z.infer<typeof communitySpacesResponse>;

/** Who wrote a post: a member's username, the operator, or "former member" (a deleted account, `id` null). */
export const communityAuthor = z.object({
  id: objectId.nullable(),
  name: z.string(),
  role: z.enum(['member', 'operator', 'former']),
});
export type CommunityAuthor = z.infer<typeof communityAuthor>;

export const communityThreadKind = z.enum(['discussion', 'question', 'announcement']);
export type CommunityThreadKind = z.infer<typeof communityThreadKind>;
/** visible; held for review (seen by its author and the operator only); hidden by the operator (the operator only). */
export const communityPostStatus = z.enum(['visible', 'held', 'hidden']);

export const communityThreadSummary = z.object({
  id: objectId,
  title: z.string(),
  kind: communityThreadKind,
  author: communityAuthor,
  createdAt: z.string(),
  replies: z.number().int().nonnegative(),
  answered: z.boolean(),
  pinned: z.boolean(),
  status: communityPostStatus,
});
export type CommunityThreadSummary = z.infer<typeof communityThreadSummary>;
export const communityThreadsResponse = z.object({
  ok: z.literal(true),
  space: communitySpace.omit({ unread: true }),
  threads: z.array(communityThreadSummary),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CommunityThreadsResponse = z.infer<typeof communityThreadsResponse>;

export const communityThreadsQuery = z.object({
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(100, 'a search is at most 100 characters').optional(),
  filter: z.enum(['unanswered'], { error: 'the only filter is unanswered' }).optional(),
});

const post = {
  id: objectId,
  author: communityAuthor,
  createdAt: z.string(),
  /** When the author last edited the post (null: never). */
  editedAt: z.string().nullable(),
  /** The Markdown rendered on the server: safe to place in a page as it is. */
  bodyHtml: z.string(),
  /** The Markdown as the author wrote it (for the edit form). */
  bodySource: z.string(),
  helpful: z.number().int().nonnegative(),
  helpfulByMe: z.boolean(),
  /** The caller wrote it, and may delete it (and edit it within 15 minutes). */
  mine: z.boolean(),
  status: communityPostStatus,
};
export const communityReply = z.object({ ...post, isAnswer: z.boolean() });
export type CommunityReply = z.infer<typeof communityReply>;
export const communityThread = z.object({
  ...post,
  spaceId: objectId,
  title: z.string(),
  kind: communityThreadKind,
  pinned: z.boolean(),
  answerId: objectId.nullable(),
  /** The caller may mark a reply as the answer: the asker or the operator, on a question. */
  mayMarkAnswer: z.boolean(),
  /** The answer first, then the others oldest first. */
  replies: z.array(communityReply),
});
export type CommunityThread = z.infer<typeof communityThread>;
export const communityThreadResponse = z.object({ ok: z.literal(true), thread: communityThread });
export type CommunityThreadResponse = z.infer<typeof communityThreadResponse>;
export const communityReplyResponse = z.object({ ok: z.literal(true), reply: communityReply });
export type CommunityReplyResponse = z.infer<typeof communityReplyResponse>;
export const communityOkResponse = z.object({ ok: z.literal(true) });

const body = z
  .string({ error: 'body is required' })
  .trim()
  .min(1, 'write something first')
  .max(COMMUNITY_BODY_MAX, `a post is at most ${COMMUNITY_BODY_MAX} characters`);
const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(3, 'a title is at least 3 characters')
  .max(COMMUNITY_TITLE_MAX, `a title is at most ${COMMUNITY_TITLE_MAX} characters`);
export const communityNewThreadRequest = z.object({
  title,
  body,
  kind: communityThreadKind.default('discussion'),
});
export type CommunityNewThreadRequest = z.input<typeof communityNewThreadRequest>;
export const communityReplyRequest = z.object({ body });
export type CommunityReplyRequest = z.infer<typeof communityReplyRequest>;
export const communityEditRequest = z.object({ title: title.optional(), body });
export type CommunityEditRequest = z.infer<typeof communityEditRequest>;
const reason = z
  .string({ error: 'reason is required' })
  .trim()
  .min(3, 'say why in a few words')
  .max(COMMUNITY_REASON_MAX, `a reason is at most ${COMMUNITY_REASON_MAX} characters`);
export const communityReportRequest = z.object({ reason });
export type CommunityReportRequest = z.infer<typeof communityReportRequest>;

/** The console's moderation. */
export const communityModerationRequest = z.object({ reason });
export const communityPinRequest = z.object({ pinned: z.boolean({ error: 'must be true or false' }) });
export const communityBanRequest = z.object({
  userId: objectId,
  /** A ban lasts until lifted; a mute ends after `minutes` (reading stays open, posting does not). */
  kind: z.enum(['ban', 'mute'], { error: 'must be ban or mute' }),
  minutes: z
    .number()
    .int()
    .min(1, 'a mute lasts 1 minute to 90 days')
    .max(90 * 24 * 60, 'a mute lasts 1 minute to 90 days')
    .optional(),
  reason,
});
export type CommunityBanRequest = z.infer<typeof communityBanRequest>;
export const communityBanResponse = z.object({
  ok: z.literal(true),
  ban: z.object({
    id: objectId,
    userId: objectId,
    kind: z.enum(['ban', 'mute']),
    until: z.string().nullable(),
    reason: z.string(),
  }),
});
export const communitySpaceRequest = z.object({ title });
export const communitySpaceResponse = z.object({ ok: z.literal(true), space: communitySpace.omit({ unread: true }) });

/** A post in the console's queue: reported or held, with its body rendered and its reports. */
export const communityQueueItem = z.object({
  postId: objectId,
  threadId: objectId,
  spaceId: objectId,
  spaceTitle: z.string(),
  title: z.string().nullable(),
  author: communityAuthor,
  bodyHtml: z.string(),
  status: communityPostStatus,
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  reports: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
});
export type CommunityQueueItem = z.infer<typeof communityQueueItem>;
export const communityQueueResponse = z.object({ ok: z.literal(true), items: z.array(communityQueueItem) });
export type CommunityQueueResponse = z.infer<typeof communityQueueResponse>;

/** A member's posts in their data export. */
export const communityExportedPost = z.object({
  id: z.string(),
  spaceId: z.string(),
  threadId: z.string().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const communityNewThreadResponse = z.object({ ok: z.literal(true), thread: communityThreadSummary });
export type CommunityNewThreadResponse = z.infer<typeof communityNewThreadResponse>;
