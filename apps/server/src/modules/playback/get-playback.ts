import { indiaDate, messages, type PlaybackResponse, pathWith, playbackPaths } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { isEnrolled } from '../learning/enrolments.js';
import { lessonRuleOf, requireLessonOpen } from '../learning/index.js';
import { hasMembershipAccess } from '../subscriptions/index.js';
import { claimStream } from './device-limit.js';
import { flagManyDevices } from './flag-many-devices.js';
import { findVideoAccess } from './repo.js';
import { masterUrl, signVideoQuery } from './video-links.js';
import { readVideoSettings } from './video-settings.js';

export interface PlaybackContext {
  db: Db;
  linkSecret: string;
  linkSeconds: number;
}

/**
 * What the player needs to play a lesson's own video: its master playlist on a URL signed for this
 * learner and session that works for a few minutes, and the watermark text. For the course's enrolled
 * learners (each call counts as this device playing, under the device limit), or anyone for a free
 * preview lesson of a published course. Asked again by the player before the URL expires.
 */
export async function getPlayback(
  ctx: PlaybackContext,
  user: SessionUser | null,
  courseId: string,
  lessonId: string,
  now = new Date(),
): Promise<PlaybackResponse> {
  const lesson = await findVideoAccess(ctx.db, {
    courseId,
    lessonId,
    userId: user?.id ?? '',
    sessionId: user?.sessionId ?? '',
  });
  // No such lesson: the enrolment is asked on its own, so a buyer hears 404 and anyone else 401 or 403, as for any lesson.
  const owner = Boolean(user && (lesson ? lesson.enrolled : await isEnrolled(ctx.db, user.id, courseId)));
  // A member whose membership includes the course watches as an owner does (asked only of non-owners).
  const enrolled = owner || Boolean(user && (await hasMembershipAccess(ctx.db, user.id, courseId, now)));
  const freePreview = lesson?.preview === 1 && lesson.published === 1;
  if (!enrolled && !freePreview) {
    if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
    throw new AppError('forbidden', messages.videoNotEnrolled);
  }
  const videoId = lesson?.video_id;
  if (!videoId) throw new AppError('not_found', messages.videoNoStream);
  // A lesson not open yet for this learner plays nothing, a free preview aside (issue 35).
  if (enrolled && user && !freePreview)
    await requireLessonOpen(ctx.db, { userId: user.id, courseId, lessonId, rule: lessonRuleOf(lesson) }, now);
  if (enrolled && user) {
    const settings = await readVideoSettings(ctx.db);
    // A device that starts playing is when sign-ins on many devices matter; its refreshes need no count.
    if (await claimStream(ctx.db, user, settings.maxDevices, now)) {
      await flagManyDevices(ctx.db, user, settings.maxSignInDevicesPerDay, now);
    }
  }
  const grant = {
    videoId,
    courseId,
    lessonId,
    userId: user?.id ?? '',
    sessionId: user?.sessionId ?? '',
  };
  const { query, expiresAt } = signVideoQuery(ctx.linkSecret, grant, ctx.linkSeconds, now);
  return {
    ok: true,
    manifestUrl: masterUrl(videoId, query),
    signedQuery: query,
    captionsUrl: lesson.has_captions ? `${pathWith(playbackPaths.captions, { videoId })}${query}` : null,
    posterUrl: `${pathWith(playbackPaths.poster, { videoId })}${query}`,
    watermark: user ? `${user.email} · ${indiaDate(now)}` : '',
    expiresAt: expiresAt.toISOString(),
  };
}
