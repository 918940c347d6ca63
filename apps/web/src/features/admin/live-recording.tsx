import { type AdminLiveSession, liveSessionPaths, messages, pathWith } from '@shop/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from './format-date';
import { jobText, readyText } from './lesson-video';
import {
  useGetLiveRecordingQuery,
  useRemoveLiveRecordingMutation,
  useSetLiveRecordingReleaseMutation,
} from './live-sessions-api';
import { useVideoUpload } from './use-video-upload';
import './lesson-video.css';

/** How often the job's state is read while it is queued or running. */
const POLL_MS = 2000;

/** A release date as the datetime-local field shows it: India time, to the minute. */
const localValue = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/**
 * A past session's recording in the console (issue 35): upload it through the lessons' video pipeline
 * (resumable tus, the same transcode, with its progress), set or clear its release date (India time;
 * empty: released as soon as it is ready), remove it.
 */
export function LiveRecording({ session, onClose }: { session: AdminLiveSession; onClose: () => void }) {
  const base = useId();
  const [polling, setPolling] = useState(false);
  const { data, refetch } = useGetLiveRecordingQuery(session.id, { pollingInterval: polling ? POLL_MS : 0 });
  const { uploadPercent, uploadError, choose } = useVideoUpload(
    pathWith(liveSessionPaths.adminRecordingUploads, { id: session.id }),
    () => {
      setPolling(true);
      void refetch();
    },
  );
  const [setRelease, releaseState] = useSetLiveRecordingReleaseMutation();
  const [remove, removeState] = useRemoveLiveRecordingMutation();
  const [releaseAt, setReleaseAt] = useState('');
  const job = data?.job ?? null;
  const current = data?.current ?? null;
  useEffect(() => {
    setPolling(job?.status === 'queued' || job?.status === 'running');
  }, [job?.status]);
  useEffect(() => {
    setReleaseAt(localValue(data?.releaseAt ?? null));
  }, [data?.releaseAt]);
  const title = `${messages.liveRecordingTitle}: ${session.title}`;

  const saveRelease = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await setRelease({ id: session.id, releaseAt: releaseAt === '' ? null : releaseAt }).unwrap();
      toast.success(messages.liveRecordingReleaseSaved);
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    }
  };
  const drop = async () => {
    if (!window.confirm(`${messages.liveRecordingRemove}: ${session.title}?`)) return;
    try {
      await remove(session.id).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    }
  };

  return (
    <section className="admin-panel live-recording" aria-labelledby={`${base}-title`}>
      <div className="admin-heading">
        <h2 id={`${base}-title`}>{title}</h2>
        <button type="button" className="btn btn-small btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
      <p>{formatDateTime(session.startsAt)}</p>
      <div aria-live="polite" className="lesson-video-status">
        {current ? <p>{readyText(current)}</p> : !job && uploadPercent === null && <p>{messages.videoNone}</p>}
        {job && job.status !== 'failed' && (
          <div>
            <p>{jobText(job)}</p>
            {job.status === 'running' && (
              <progress
                max={100}
                value={job.progress}
                aria-label={`${messages.videoRunning.replace(' {percent} %', '')}: ${title}`}
              />
            )}
          </div>
        )}
        {uploadPercent !== null && (
          <div>
            <p>{messages.videoUploading.replace('{percent}', String(uploadPercent))}</p>
            <progress
              max={100}
              value={uploadPercent}
              aria-label={`${messages.liveRecordingUpload}: ${session.title}`}
            />
          </div>
        )}
      </div>
      {job?.status === 'failed' && (
        <p role="alert" className="admin-error">
          {jobText(job)}
        </p>
      )}
      {uploadError && (
        <p role="alert" className="admin-error">
          {uploadError}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={`${base}-file`}>
          {current || job ? messages.liveRecordingReplace : messages.liveRecordingUpload}
        </label>
        <input id={`${base}-file`} type="file" accept="video/*" disabled={uploadPercent !== null} onChange={choose} />
      </div>
      <form className="admin-field" onSubmit={saveRelease}>
        <label htmlFor={`${base}-release`}>{messages.liveRecordingReleaseAt}</label>
        <input
          id={`${base}-release`}
          type="datetime-local"
          value={releaseAt}
          aria-describedby={`${base}-release-hint`}
          onChange={(event) => setReleaseAt(event.target.value)}
        />
        <p id={`${base}-release-hint`} className="admin-hint">
          {messages.liveRecordingReleaseHint}
        </p>
        <div className="admin-actions">
          <button type="submit" className="btn btn-small" disabled={releaseState.isLoading}>
            {messages.liveRecordingSaveRelease}
          </button>
          {(current || job) && (
            <button type="button" className="btn btn-small btn-outline" disabled={removeState.isLoading} onClick={drop}>
              {messages.liveRecordingRemove}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
