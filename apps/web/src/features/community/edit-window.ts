/**
 * The contract's COMMUNITY_EDIT_MINUTES, said again (edit-window.test.ts keeps them equal): importing it
 * would bring the contract's zod schemas, which its module builds on load, into the community's chunks.
 */
export const EDIT_MINUTES = 15;

/** The author may edit a post within 15 minutes of posting; the server checks it too (and says so after). */
export function mayEdit(post: { mine: boolean; createdAt: string }, now = Date.now()): boolean {
  return post.mine && now - new Date(post.createdAt).getTime() < EDIT_MINUTES * 60_000;
}
