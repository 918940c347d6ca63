import { LIVE_SESSIONS_PAGE, messages } from '@shop/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { recordingDate, useGetMyLiveRecordingsQuery } from '../live-sessions';

/** The protected player (hls.js loads on top of it where needed), as a lesson's video uses it. */
const OwnVideo = lazy(() => import('./own-video').then((module) => ({ default: module.OwnVideo })));

/**
 * /dashboard/live-sessions/recordings/:id: a past live session's recording (issue 35), played by the
 * lessons' own protected player (signed playlist and keys, the learner's watermark, the device limit).
 * The server decides who may watch and from when: a refusal (not released yet, with its date; not for
 * this learner) is the player's message.
 */
export default function RecordingPage() {
  const { id = '' } = useParams();
  const { data: recordings } = useGetMyLiveRecordingsQuery();
  const recording = recordings?.find((item) => item.sessionId === id);
  const [unavailable, setUnavailable] = useState(false);
  const onUnavailable = useCallback(() => setUnavailable(true), []);
  const title = recording?.title ?? messages.liveRecordingTitle;
  useDocumentMeta(title, 'The recording of a past live session.');
  return (
    <>
      <PageBanner title={messages.liveRecordings} />
      <section className="section recording-page" aria-labelledby="live-recording-title">
        <div className="container">
          <h2 id="live-recording-title">{title}</h2>
          {recording && <p>{recordingDate(recording.startsAt)}</p>}
          {unavailable ? (
            <p className="state-message">{messages.liveRecordingNotFound}</p>
          ) : (
            <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
              <OwnVideo
                key={id}
                courseId=""
                lessonId=""
                recordingOf={id}
                title={title}
                startSeconds={0}
                onUnavailable={onUnavailable}
              />
            </Suspense>
          )}
          <p>
            <Link to={LIVE_SESSIONS_PAGE}>{messages.liveSeeAllAndJoin}</Link>
          </p>
        </div>
      </section>
    </>
  );
}
