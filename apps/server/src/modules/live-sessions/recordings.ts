import { type AdminRecordingResponse, indiaDateTime, indiaIso, type LiveRecording, messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { deleteRecordingVideos, type ReadyRecording, readRecordingVideo, readyRecordings } from '../video/index.js';
import { audienceReader } from './audience.js';
import { findSession, findStartedSessions, type LiveSessionRow, updateRecordingRelease } from './repo.js';

/**
 * Recordings of live sessions (issue 35). A session that has started and is not cancelled may get a
 * recording; its video is made and kept by the video module (the same upload, transcode and keys as a
 * lesson's) and played through the playback module's signed links. Its audience is the session's own
 * (audience.ts, asked at every call), from the release date the operator sets (none: as soon as it is
 * ready); an admin may watch any.
 */

/** A session the console may attach a recording to: 404 for none, 409 for one cancelled or not started yet. */
export async function recordableSession(deps: Pick<AppDeps, 'db'>, id: string, now = new Date()) {
  const session = await findSession(deps.db, id);
  if (!session) throw new AppError('not_found', messages.liveSessionNotFound);
  if (session.cancelled_at) throw new AppError('conflict', messages.liveRecordingCancelled);
  if (new Date(session.starts_at) > now) throw new AppError('conflict', messages.liveRecordingNotStarted);
  return session;
}

const releaseOf = (session: LiveSessionRow) =>
  session.recording_release_at ? indiaIso(new Date(session.recording_release_at)) : null;

/** The console's view of a session's recording: its video, a newer upload's job, and the release date. */
export async function readRecording(deps: Pick<AppDeps, 'db'>, id: string): Promise<AdminRecordingResponse> {
  const session = await findSession(deps.db, id);
  if (!session) throw new AppError('not_found', messages.liveSessionNotFound);
  return { ok: true, releaseAt: releaseOf(session), ...(await readRecordingVideo(deps.db, id)) };
}

/** The operator sets (or clears: as soon as ready) the release date of a past session's recording; audited. */
export async function setRecordingRelease(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: string,
  releaseAt: string | null,
  now = new Date(),
): Promise<AdminRecordingResponse> {
  const session = await recordableSession(deps, id, now);
  const value = releaseAt === null ? null : new Date(releaseAt).toISOString();
  await changeWithAudit(
    deps.db,
    actor,
    (trx) => updateRecordingRelease(trx, id, value, now.toISOString()),
    {
      action: 'live-session.recording_release',
      entity: 'live_session',
      entityId: id,
      before: { releaseAt: session.recording_release_at },
      after: { releaseAt: value },
    },
    now,
  );
  return readRecording(deps, id);
}

/** The operator removes a session's recording: its uploads and files go (the video module audits), and its release date. */
export async function removeRecording(
  deps: Pick<AppDeps, 'db' | 'videoQueue' | 'videoStorage'>,
  actor: SessionUser,
  id: string,
  now = new Date(),
): Promise<void> {
  const session = await findSession(deps.db, id);
  if (!session) throw new AppError('not_found', messages.liveSessionNotFound);
  const removed = await deleteRecordingVideos(deps, actor, id, now);
  if (removed === 0) throw new AppError('not_found', messages.liveRecordingNotFound);
  await updateRecordingRelease(deps.db, id, null, now.toISOString());
}

/** When the recording opens to the audience: the release date, or when it became ready. */
const releasedAt = (session: LiveSessionRow, video: ReadyRecording) => session.recording_release_at ?? video.readyAt;

/**
 * The recordings the learner may watch: of sessions they may attend (audience.ts), started, not cancelled,
 * ready and released by `now`, newest session first; narrowed to a course's or a plan's when asked.
 */
export async function listMyRecordings(
  deps: Pick<AppDeps, 'db'>,
  user: SessionUser,
  only: { courseId?: string | undefined; planId?: string | undefined },
  now = new Date(),
): Promise<LiveRecording[]> {
  const videos = new Map((await readyRecordings(deps.db)).map((video) => [video.liveSessionId, video]));
  const sessions = (await findStartedSessions(deps.db, [...videos.keys()], now)).filter(
    (session) =>
      (only.courseId === undefined || session.course_id === only.courseId) &&
      (only.planId === undefined || session.plan_id === only.planId),
  );
  const reader = audienceReader(deps.db, user.id, now);
  const mine: LiveRecording[] = [];
  for (const session of sessions) {
    const video = videos.get(session.id);
    if (!video || new Date(releasedAt(session, video)) > now) continue;
    if (!(await reader.allows(session))) continue;
    mine.push({
      sessionId: session.id,
      title: session.title,
      description: session.description,
      startsAt: indiaIso(new Date(session.starts_at)),
      courseId: session.course_id,
      planId: session.plan_id,
      cohortId: session.cohort_id,
      audienceTitle: await reader.title(session),
      releasedAt: indiaIso(new Date(releasedAt(session, video))),
      durationSeconds: video.durationSeconds,
    });
  }
  return mine;
}

/**
 * The recording's ready video, for the playback module's grant and every playlist and key fetch: 401 for a
 * visitor, 404 for no such session or recording, 403 for anyone outside the session's audience, and 403
 * with the date before its release (an admin may watch any, as they may open any session).
 */
export async function recordingForViewer(
  deps: Pick<AppDeps, 'db'>,
  user: SessionUser | null,
  id: string,
  now = new Date(),
): Promise<{ videoId: string; hasCaptions: boolean }> {
  if (!user) throw new AppError('unauthorized', messages.pleaseLogIn);
  const session = await findSession(deps.db, id);
  if (!session || session.cancelled_at || new Date(session.starts_at) > now)
    throw new AppError('not_found', messages.liveRecordingNotFound);
  const admin = user.role === 'admin';
  if (!admin && !(await audienceReader(deps.db, user.id, now).allows(session)))
    throw new AppError('forbidden', messages.liveSessionNotForYou);
  const [video] = await readyRecordings(deps.db, [id]);
  if (!video) throw new AppError('not_found', messages.liveRecordingNotFound);
  const opens = new Date(releasedAt(session, video));
  if (!admin && opens > now) {
    const date = (indiaDateTime(opens.toISOString()) ?? '').slice(0, 16);
    // The date goes as a locked lesson's does (top-level `availableAt`, the playback routes' 403 shape).
    throw new AppError('forbidden', messages.liveRecordingNotYet.replace('{date}', date), undefined, {
      availableAt: indiaIso(opens),
    });
  }
  return { videoId: video.videoId, hasCaptions: video.hasCaptions };
}
