import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { lessonRuleOf, requireLessonOpen } from '../learning/index.js';
import { recordingForViewer } from '../live-sessions/index.js';
import { hasMembershipAccess } from '../subscriptions/index.js';
import { checkStream } from './device-limit.js';
import { findStream, findVideoAccess } from './repo.js';
import { checkVideoQuery, RECORDING_GRANT, type SignedQuery } from './video-links.js';

export interface VideoRequestContext {
  db: Db;
  linkSecret: string;
}

/**
 * Every playlist, key and captions request is checked afresh, whatever it was granted before: the URL's
 * signature for this video, learner and the caller's own session (so a copied URL fails in any other
 * browser, and a tampered one anywhere); its expiry; the session still alive (the caller's cookie still
 * resolves to the learner); the enrolment still active (a refund ends it), a membership that includes
 * the course still opening it (a halt ends it), or the lesson still a free
 * preview of a published course; the lesson still playing this video; the lesson open for this learner
 * (its scheduled release, issue 35); and this device's stream not ended from another device.
 */
export async function authorizeVideoRequest(
  ctx: VideoRequestContext,
  user: SessionUser | null,
  videoId: string,
  query: SignedQuery,
  now = new Date(),
): Promise<void> {
  const signedIn = query.u !== '';
  if (signedIn && !user) throw new AppError('unauthorized', messages.pleaseLogIn);
  if (signedIn && user?.id !== query.u) throw new AppError('forbidden', messages.videoLinkOtherUser);
  const grant = {
    videoId,
    courseId: query.c,
    lessonId: query.l,
    userId: query.u,
    sessionId: signedIn ? (user?.sessionId ?? '') : '',
  };
  const check = checkVideoQuery(ctx.linkSecret, grant, query, now);
  if (check === 'invalid') throw new AppError('forbidden', messages.videoLinkInvalid);
  if (check === 'expired') throw new AppError('forbidden', messages.videoLinkExpired);

  // A live session's recording: its audience, released, still this video, and this device's stream.
  if (query.c === RECORDING_GRANT) {
    if (!user || !signedIn) throw new AppError('unauthorized', messages.pleaseLogIn);
    const recording = await recordingForViewer(ctx, user, query.l, now);
    if (recording.videoId !== videoId) throw new AppError('not_found', messages.videoNoStream);
    return checkStream(ctx.db, user, await findStream(ctx.db, user.sessionId), now);
  }

  const access = await findVideoAccess(ctx.db, {
    courseId: query.c,
    lessonId: query.l,
    userId: signedIn && user ? user.id : '',
    sessionId: grant.sessionId,
  });
  if (!access || access.video_id !== videoId) throw new AppError('not_found', messages.videoNoStream);
  const freePreview = access.preview === 1 && access.published === 1;
  // A member's every request asks the membership afresh, as an owner's asks the enrolment: a halt ends it.
  const mayWatch = user && signedIn && (access.enrolled || (await hasMembershipAccess(ctx.db, user.id, query.c, now)));
  if (user && mayWatch) {
    // Every playlist, key and segment of a lesson not open yet is refused, a free preview aside (issue 35).
    if (!freePreview) {
      const rule = lessonRuleOf(access);
      await requireLessonOpen(ctx.db, { userId: user.id, courseId: query.c, lessonId: query.l, rule }, now);
    }
    const mine =
      access.stream_seen_at === null
        ? undefined
        : { last_seen_at: access.stream_seen_at, stopped_at: access.stream_stopped_at };
    return checkStream(ctx.db, user, mine, now);
  }
  if (!freePreview) throw new AppError('forbidden', messages.videoNotEnrolled);
}
