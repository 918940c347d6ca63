import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../accounts/index.js';
import { hasLink } from './render-markdown.js';
import { countPostsSince, oldestPostSince } from './repo.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Per-member limits, counted from the member's own posts of the last hour (whatever became of them, so
 * deleting does not free a place): 5 threads and 30 replies an hour; an account less than a day old 2
 * threads and 10 replies. The operator has none. Over the limit: 429 saying how long to wait.
 */
export const COMMUNITY_LIMITS = {
  thread: { member: 5, newcomer: 2 },
  reply: { member: 30, newcomer: 10 },
} as const;

async function accountAgeMs(db: Db, user: SessionUser, now: Date): Promise<number> {
  const row = await findUserById(db, user.id);
  return row ? now.getTime() - Date.parse(row.created_at) : 0;
}

export async function enforcePostingLimit(db: Db, user: SessionUser, kind: 'thread' | 'reply', now: Date) {
  if (user.role === 'admin') return;
  const newcomer = (await accountAgeMs(db, user, now)) < DAY;
  const max = COMMUNITY_LIMITS[kind][newcomer ? 'newcomer' : 'member'];
  const since = new Date(now.getTime() - HOUR);
  if ((await countPostsSince(db, user.id, kind, since)) < max) return;
  const oldest = await oldestPostSince(db, user.id, kind, since);
  const waitMs = oldest ? Date.parse(oldest) + HOUR - now.getTime() : HOUR;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const count = `${max} ${kind === 'thread' ? 'threads' : 'replies'}`;
  throw new AppError(
    'too_many_requests',
    messages.communityTooMany
      .replace('{count}', count)
      .replace('{minutes}', `${minutes} minute${minutes === 1 ? '' : 's'}`),
  );
}

/**
 * Whether a new post is held for review rather than shown: a link in a member's first day (the hook the
 * SEBI issue adds its own checks to). Returns the reason, or null to show it at once.
 */
export async function holdReason(db: Db, user: SessionUser, body: string, now: Date): Promise<string | null> {
  if (user.role === 'admin') return null;
  if (hasLink(body) && (await accountAgeMs(db, user, now)) < DAY) return messages.communityHeldLinks;
  return null;
}
