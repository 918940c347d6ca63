import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { courseFileKey } from './course-file-store.js';
import { checkFileLink, type FileLink } from './file-links.js';
import { lessonRuleOf } from './lesson-release.js';
import { findFileLessons } from './release-repo.js';
import { findCourseFile, hasActiveEnrolment } from './repo.js';
import { requireLessonOpen } from './require-enrolment.js';

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
 * comes from its database row, never from the request. A file attached only to lessons not open yet for
 * the caller is refused until the first of them opens (issue 35).
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
  await requireFileOpen(ctx.db, user.id, file.course_id, link.fileId, now);
  const key = courseFileKey(file.stored_name);
  // A key the store refuses (a damaged row) is as absent as a missing object.
  const size = await ctx.storage.size(key).catch((error: unknown) => {
    if (error instanceof RangeError) return null;
    throw error;
  });
  if (size === null) throw new AppError('not_found', messages.fileUnavailable);
  return { name: file.name, contentType: file.content_type, size, key };
}

/** A file opens with the first lesson it is attached to; one attached to none is the course's, open to its owners. */
async function requireFileOpen(db: Db, userId: string, courseId: string, fileId: string, now: Date): Promise<void> {
  const lessons = await findFileLessons(db, fileId);
  let first: AppError | undefined;
  for (const lesson of lessons) {
    const rule = lessonRuleOf(lesson);
    try {
      await requireLessonOpen(db, { userId, courseId, lessonId: lesson.id, rule }, now);
      return;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const opens = error.details?.availableAt ?? '';
      if (!first || opens < (first.details?.availableAt ?? '')) first = error;
    }
  }
  if (first) throw first;
}
