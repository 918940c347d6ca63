import { INDIA_TIME_ZONE, LIVE_SESSIONS_PAGE, messages } from '@shop/shared';
import { useId } from 'react';
import { Link } from 'wouter';
import { useGetProfileQuery } from '../account';
import { useGetMyLiveSessionsQuery } from './api';
import { sessionTimes } from './session-times';
import './live-sessions.css';

/**
 * The signed-in learner's next live sessions of one course or plan (issue 35), on the course page, the
 * plan page and in the player: up to three, in India time, with the way to the dashboard page where Join
 * is. Nothing for a visitor, for the server's render, or when there is none. Loaded only when used.
 */
export default function UpcomingLiveSessionsFor({ courseId, planId }: { courseId?: string; planId?: string }) {
  const headingId = useId();
  const { data: profile } = useGetProfileQuery();
  const { data: sessions } = useGetMyLiveSessionsQuery(undefined, { skip: !profile });
  const mine = (sessions ?? [])
    .filter((session) => (courseId ? session.courseId === courseId : session.planId === planId))
    .slice(0, 3);
  if (!profile || mine.length === 0) return null;
  return (
    <section className="upcoming-live" aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.upcomingLiveSessions}</h2>
      <ul>
        {mine.map((session) => (
          <li key={session.id}>
            <strong>{session.title}</strong>
            <span>{sessionTimes(session.startsAt, session.endsAt, INDIA_TIME_ZONE)}</span>
            {session.joinable && <span className="tag">{messages.liveOpenNow}</span>}
          </li>
        ))}
      </ul>
      <Link to={LIVE_SESSIONS_PAGE}>{messages.liveSeeAllAndJoin}</Link>
    </section>
  );
}
