import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { postForReader } from './read-thread.js';
import { findOpenReportBy, insertReport } from './repo.js';

/** A member reports a post they can read, once while the report is open (409 again); it joins the console's queue. */
export async function reportPost(db: Db, user: SessionUser, postId: string, reason: string, now = new Date()) {
  const { post } = await postForReader(db, user, postId, now);
  if (await findOpenReportBy(db, post.id, user.id)) throw new AppError('conflict', messages.communityAlreadyReported);
  await insertReport(db, { postId: post.id, reporterId: user.id, reason, now });
}
