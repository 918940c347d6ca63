import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { courseFileKey } from './course-file-store.js';
import { checkFileLink, type FileLink } from './file-links.js';
import { findCourseFile, hasActiveEnrolment } from './repo.js';

export interface OpenedCourseFile {
  name: string;
  contentType: string;
  size: number;
  /** The object's key in storage. */
  key: string;
}

/**
 * A download is served only on a genuine, unexpired link made for the signed-in caller, while the
 * caller is still enrolled (a refund revokes the enrolment and with it every link). The file's path
 * comes from its database row, never from the request.
 */
export async function openCourseFile(
  ctx: { db: Db; storage: ObjectStorage; linkSecret: string },
  user: SessionUser | null,
  link: FileLink,
  now = new Date(),
): Promise<OpenedCourseFile> {
  const check = checkFileLink(ctx.linkSecret, link, now);
  if (check === 'invalid') throw new AppError('forbidden', messages.fileLinkInvalid);
  if (check === 'expired') throw new AppError('forbidden', messages.fileLinkExpired);
  if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
  if (user.id !== link.userId) throw new AppError('forbidden', messages.fileLinkOtherUser);

  const file = await findCourseFile(ctx.db, link.fileId);
  if (!file) throw new AppError('not_found', messages.fileUnavailable);
  if (!(await hasActiveEnrolment(ctx.db, user.id, file.course_id))) {
    throw new AppError('forbidden', messages.fileNotEnrolled);
  }
  const key = courseFileKey(file.stored_name);
  // A key the store refuses (a damaged row) is as absent as a missing object.
  const size = await ctx.storage.size(key).catch((error: unknown) => {
    if (error instanceof RangeError) return null;
    throw error;
  });
  if (size === null) throw new AppError('not_found', messages.fileUnavailable);
  return { name: file.name, contentType: file.content_type, size, key };
}
