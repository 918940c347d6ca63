/** The community module (issue 36): a member's spaces, threads and replies; the console's moderation. */
export const communityPaths = {
  /** The spaces the signed-in member belongs to, with how many posts are new since they last looked. */
  spaces: '/api/spaces',
  /** A space's threads, newest first (pinned announcements on top): `?cursor=&q=&filter=unanswered`; POST starts one. */
  spaceThreads: '/api/spaces/:id/threads',
  /** Server-Sent Events of the space's new threads and replies, for its members. */
  spaceEvents: '/api/spaces/:id/events',
  /** A thread with its replies (the answer first), each body as rendered HTML and as its Markdown source. */
  thread: '/api/threads/:id',
  threadReplies: '/api/threads/:id/replies',
  /** The asker or the operator marks a reply as the thread's answer (DELETE unmarks it). */
  replyAnswer: '/api/replies/:id/answer',
  /** The author edits (PATCH, within 15 minutes of posting) or deletes (DELETE) their post. */
  post: '/api/posts/:id',
  /** A member's one "helpful" on a post (POST adds it, DELETE takes it back). */
  postHelpful: '/api/posts/:id/helpful',
  postReport: '/api/posts/:id/report',
  adminSpaces: '/api/admin/community/spaces',
  /** Open reports and held posts, oldest first. */
  adminReports: '/api/admin/community/reports',
  adminHide: '/api/admin/community/posts/:id/hide',
  adminRestore: '/api/admin/community/posts/:id/restore',
  adminPin: '/api/admin/community/posts/:id/pin',
  adminBans: '/api/admin/community/spaces/:id/bans',
} as const;
