import { pathWith, playbackPaths } from '@shop/shared';
import { checkExpiringSignature, hmacHex } from '../../auth/signatures.js';

/** How long a signed playlist, key or captions URL works; the player asks for a fresh one well before. */
export const VIDEO_LINK_SECONDS = 5 * 60;
/** The file in DATA_DIR holding this installation's video-link secret (made like the file links' one). */
export const VIDEO_LINK_SECRET_NAME = 'video-link-secret';

/**
 * What a signed video URL grants: this video, reached through this lesson of this course, to this
 * learner in this session (both empty for a visitor's free preview), until `expiry` (Unix seconds).
 * The session is signed but not written in the URL: the server takes it from the request's cookie,
 * so the URL works only in the browser it was made for.
 */
export interface VideoGrant {
  videoId: string;
  courseId: string;
  lessonId: string;
  userId: string;
  sessionId: string;
}

/** The grant's query string as the URL carries it (no session: that comes from the cookie). */
export interface SignedQuery {
  c: string;
  l: string;
  u: string;
  e: string;
  s: string;
}

/**
 * A live session's recording is signed as a grant with this in the course's place and the session's id in
 * the lesson's (never a course id: those are 24 hex characters), so one signature scheme covers both.
 */
export const RECORDING_GRANT = 'live';

export type VideoLinkCheck = 'valid' | 'invalid' | 'expired';

function signedText(grant: VideoGrant, expiry: string): string {
  return `video|${grant.videoId}|${grant.courseId}|${grant.lessonId}|${grant.userId}|${grant.sessionId}|${expiry}`;
}

/** One signature covers every playlist, the key and the captions of the video: all are the same access. */
export function signVideoQuery(secret: string, grant: VideoGrant, seconds: number, now = new Date()) {
  const expirySeconds = Math.floor(now.getTime() / 1000) + seconds;
  const expiry = String(expirySeconds);
  const signature = hmacHex(secret, signedText(grant, expiry));
  const query = `?c=${encodeURIComponent(grant.courseId)}&l=${encodeURIComponent(grant.lessonId)}&u=${encodeURIComponent(grant.userId)}&e=${expiry}&s=${signature}`;
  return { query, expiresAt: new Date(expirySeconds * 1000) };
}

export const masterUrl = (videoId: string, query: string) => `${pathWith(playbackPaths.master, { videoId })}${query}`;

/** Whether a video query is genuine for this grant and still working (checkExpiringSignature). */
export function checkVideoQuery(
  secret: string,
  grant: VideoGrant,
  query: SignedQuery,
  now = new Date(),
): VideoLinkCheck {
  return checkExpiringSignature(secret, signedText(grant, query.e), query.e, query.s, now);
}
