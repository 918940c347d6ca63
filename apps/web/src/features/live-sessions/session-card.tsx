import {
  INDIA_TIME_ZONE,
  type LiveJoinRefusal,
  type LiveSession,
  liveSessionPaths,
  messages,
  pathWith,
} from '@shop/shared';
import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useJoinLiveSessionMutation } from './api';
import { googleCalendarLink, sessionTimes, timeLeft } from './session-times';

/** The server's 409 before the window: why not, and when the link opens. */
function refusalOf(error: unknown): LiveJoinRefusal | null {
  const data = (error as { status?: unknown; data?: Partial<LiveJoinRefusal> } | undefined) ?? {};
  const body = data.data;
  return data.status === 409 && typeof body?.message === 'string' && typeof body.joinOpensAt === 'string'
    ? { ok: false, message: body.message, joinOpensAt: body.joinOpensAt }
    : null;
}

interface Props {
  session: LiveSession;
  /** Now, in milliseconds, moved on each minute by the page. */
  now: number;
  /** The viewer's time zone: a second line of times when it is not India's. */
  viewerZone: string;
  /** The shop's page of live sessions, named in the Google Calendar entry. */
  pageUrl: string;
}

/**
 * One upcoming session: what it is, when (India time, and the viewer's own when it differs), and Join inside
 * the window or the time left until it opens. Join asks the server, which records attendance and answers the
 * meeting's address, opened in a new tab (with a link to it, should the browser hold the tab back).
 */
export function SessionCard({ session, now, viewerZone, pageUrl }: Props) {
  const [join, { isLoading }] = useJoinLiveSessionMutation();
  const [meetingUrl, setMeetingUrl] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<LiveJoinRefusal | null>(null);
  const titleId = `live-session-${session.id}`;
  // After a refusal the server's opening time rules (the session may have been moved); the list says
  // whether the window was open when it was read, and the minute clock moves that on until the end.
  const opensAt = refusal?.joinOpensAt ?? session.joinOpensAt;
  const ended = now >= Date.parse(session.endsAt);
  const beforeWindow = now < Date.parse(opensAt);
  const open = !ended && (refusal ? !beforeWindow : session.joinable || !beforeWindow);
  const waitLine = ended
    ? messages.liveSessionEnded
    : messages.liveJoinOpensIn.replace('{left}', timeLeft(opensAt, now));

  const onJoin = async () => {
    setRefusal(null);
    try {
      const { url } = await join(session.id).unwrap();
      setMeetingUrl(url);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) setRefusal(refused);
      else toast.error(errorMessage(error, messages.serverError));
    }
  };

  return (
    <article className="live-session" aria-labelledby={titleId}>
      <h3 id={titleId}>{session.title}</h3>
      <dl className="live-session-facts">
        <div>
          <dt>{messages.liveSessionPartOf}</dt>
          <dd>{session.audienceTitle}</dd>
        </div>
        <div>
          <dt>{messages.liveSessionIndiaTime}</dt>
          <dd>{sessionTimes(session.startsAt, session.endsAt, INDIA_TIME_ZONE)}</dd>
        </div>
        {viewerZone !== INDIA_TIME_ZONE && (
          <div>
            <dt>{messages.liveSessionYourTime}</dt>
            <dd>{sessionTimes(session.startsAt, session.endsAt, viewerZone)}</dd>
          </div>
        )}
      </dl>
      {session.description && <p className="live-session-description">{session.description}</p>}
      {refusal && (
        <p className="live-session-refusal" role="alert">
          {refusal.message}
          {!ended && beforeWindow && ` ${waitLine}.`}
        </p>
      )}
      <div className="live-session-actions">
        {open ? (
          <button type="button" className="btn" onClick={() => void onJoin()} disabled={isLoading}>
            {isLoading ? messages.liveJoining : messages.liveJoin}
            <span className="visually-hidden">: {session.title}</span>
          </button>
        ) : (
          !refusal && <p className="live-session-wait">{waitLine}</p>
        )}
        {meetingUrl && (
          <a className="btn btn-outline" href={meetingUrl} target="_blank" rel="noopener noreferrer">
            {messages.liveOpenMeeting}
            <span className="visually-hidden">: {session.title}</span>
          </a>
        )}
      </div>
      <p className="live-session-calendar">
        <a href={pathWith(liveSessionPaths.calendar, { id: session.id })} download>
          {messages.liveAddToCalendar}
          <span className="visually-hidden">: {session.title}</span>
        </a>
        <a href={googleCalendarLink(session, pageUrl)} target="_blank" rel="noopener noreferrer">
          {messages.liveAddToGoogleCalendar}
          <span className="visually-hidden">: {session.title}</span>
        </a>
      </p>
    </article>
  );
}
