import { indiaDate, type PlaybackResponse, pathWith, playbackPaths } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import { recordingForViewer } from '../live-sessions/index.js';
import { claimStream } from './device-limit.js';
import { flagManyDevices } from './flag-many-devices.js';
import type { PlaybackContext } from './get-playback.js';
import { masterUrl, RECORDING_GRANT, signVideoQuery } from './video-links.js';
import { readVideoSettings } from './video-settings.js';

/**
 * What the player needs to play a live session's recording (issue 35), exactly as for a lesson's video:
 * the master playlist on a URL signed for this learner and session for a few minutes, under the device
 * limit, with the learner's watermark. Only for the session's audience once the recording is released
 * (live-sessions' `recordingForViewer`, asked again on every playlist and key fetch); no free preview.
 */
export async function getRecordingPlayback(
  ctx: PlaybackContext,
  user: SessionUser | null,
  liveSessionId: string,
  now = new Date(),
): Promise<PlaybackResponse> {
  const { videoId, hasCaptions } = await recordingForViewer(ctx, user, liveSessionId, now);
  const viewer = user as SessionUser;
  const settings = await readVideoSettings(ctx.db);
  if (await claimStream(ctx.db, viewer, settings.maxDevices, now)) {
    await flagManyDevices(ctx.db, viewer, settings.maxSignInDevicesPerDay, now);
  }
  const grant = {
    videoId,
    courseId: RECORDING_GRANT,
    lessonId: liveSessionId,
    userId: viewer.id,
    sessionId: viewer.sessionId,
  };
  const { query, expiresAt } = signVideoQuery(ctx.linkSecret, grant, ctx.linkSeconds, now);
  return {
    ok: true,
    manifestUrl: masterUrl(videoId, query),
    signedQuery: query,
    captionsUrl: hasCaptions ? `${pathWith(playbackPaths.captions, { videoId })}${query}` : null,
    posterUrl: `${pathWith(playbackPaths.poster, { videoId })}${query}`,
    watermark: `${viewer.email} · ${indiaDate(now)}`,
    expiresAt: expiresAt.toISOString(),
  };
}
