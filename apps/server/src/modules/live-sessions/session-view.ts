import { type AdminLiveSession, indiaIso, LIVE_JOIN_OPENS_MINUTES, type LiveSession } from '@shop/shared';
import type { Config } from '../../config.js';
import { jitsiRoomUrl } from './meeting-link.js';
import type { LiveSessionRow } from './repo.js';

/** When the session starts, ends and its join link opens (15 minutes before the start). */
export function timesOf(session: Pick<LiveSessionRow, 'starts_at' | 'duration_minutes'>) {
  const startsAt = new Date(session.starts_at);
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + session.duration_minutes * 60_000),
    joinOpensAt: new Date(startsAt.getTime() - LIVE_JOIN_OPENS_MINUTES * 60_000),
  };
}

/** Where `now` is against the session's join window. */
export function windowAt(session: Pick<LiveSessionRow, 'starts_at' | 'duration_minutes'>, now: Date) {
  const { endsAt, joinOpensAt } = timesOf(session);
  if (now < joinOpensAt) return 'early' as const;
  if (now >= endsAt) return 'ended' as const;
  return 'open' as const;
}

/** The session as its learner sees it; times in India time with the offset. */
export function learnerView(session: LiveSessionRow, title: string, now: Date): LiveSession {
  return { ...sessionFields(session, title), joinable: windowAt(session, now) === 'open' };
}

/** What the learner's and the console's views share: the session, its times in India time, its audience. */
function sessionFields(session: LiveSessionRow, title: string): Omit<LiveSession, 'joinable'> {
  const { startsAt, endsAt, joinOpensAt } = timesOf(session);
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    startsAt: indiaIso(startsAt),
    endsAt: indiaIso(endsAt),
    durationMinutes: session.duration_minutes,
    courseId: session.course_id,
    planId: session.plan_id,
    cohortId: session.cohort_id,
    audienceTitle: title,
    joinOpensAt: indiaIso(joinOpensAt),
    meetingKind: session.meeting_kind,
  };
}

/** The session as the console sees it: with its series, the meeting's address (no token) and how many joined. */
export function adminView(
  session: LiveSessionRow,
  title: string,
  attendees: number,
  jitsi: Config['jitsi'],
): AdminLiveSession {
  return {
    ...sessionFields(session, title),
    seriesId: session.series_id,
    meetingUrl:
      session.meeting_kind === 'jitsi' ? jitsiRoomUrl(jitsi, session.room_name ?? '') : (session.meeting_url ?? ''),
    attendees,
  };
}
