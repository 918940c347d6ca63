import { LIVE_RECORDING_PAGE, messages, pathWith } from '@shop/shared';
import { useId } from 'react';
import { Link } from 'wouter';
import { LoadFailed } from '../../components/ui/shelf-states';
import { useGetProfileQuery } from '../account';
import { useGetMyLiveRecordingsQuery } from './api';
import { recordingDate } from './recording-date';
import './live-sessions.css';

interface RecordingsProps {
  courseId?: string;
  planId?: string;
  /** The dashboard's panel: says when there is none (a course or plan page shows nothing then). */
  showEmpty?: boolean;
}

/**
 * The recordings of past live sessions the signed-in learner may watch (issue 35), released and ready,
 * newest first: all of them on the dashboard page, a course's or a plan's on its page. Each opens its own
 * page, where the protected player plays it. Nothing for a visitor. Loaded only when used.
 */
export default function LiveRecordingsFor({ courseId, planId, showEmpty = false }: RecordingsProps) {
  const headingId = useId();
  const { data: profile } = useGetProfileQuery();
  const { data: recordings, isError, isLoading } = useGetMyLiveRecordingsQuery(undefined, { skip: !profile });
  if (!profile) return null;
  const mine = (recordings ?? []).filter(
    (recording) =>
      (courseId === undefined || recording.courseId === courseId) &&
      (planId === undefined || recording.planId === planId),
  );
  if (!showEmpty && mine.length === 0) return null;
  return (
    <section className={showEmpty ? 'dashboard-panel live-recordings' : 'live-recordings'} aria-labelledby={headingId}>
      <h2 id={headingId}>{messages.liveRecordings}</h2>
      {isLoading ? (
        <p className="state-message">{messages.loading}</p>
      ) : isError ? (
        <LoadFailed>{messages.liveRecordingsFailed}</LoadFailed>
      ) : mine.length === 0 ? (
        <p className="state-message">{messages.noLiveRecordings}</p>
      ) : (
        <ul>
          {mine.map((recording) => (
            <li key={recording.sessionId}>
              <strong id={`recording-${recording.sessionId}`}>{recording.title}</strong>
              <span>{recordingDate(recording.startsAt)}</span>
              {showEmpty && (
                <span className="live-recording-part">
                  {messages.liveSessionPartOf} {recording.audienceTitle}
                </span>
              )}
              <Link
                to={pathWith(LIVE_RECORDING_PAGE, { id: recording.sessionId })}
                aria-describedby={`recording-${recording.sessionId}`}
              >
                {messages.liveRecordingWatch}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
