import { type LessonVideoState, messages, pathWith, videoAdminPaths } from '@shop/shared';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import {
  useDeleteLessonVideoMutation,
  useGetLessonVideoQuery,
  useRetryLessonVideoMutation,
  useUploadCaptionsMutation,
} from './lesson-video-api';
import { useVideoUpload } from './use-video-upload';
import './lesson-video.css';

/** How often the job's state is read while it is queued or running. */
const POLL_MS = 2000;

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function jobText(job: LessonVideoState): string {
  if (job.status === 'queued') return messages.videoQueued;
  if (job.status === 'failed') return messages.videoFailed.replace('{reason}', job.error ?? '');
  const running = messages.videoRunning.replace('{percent}', String(job.progress));
  if (job.etaSeconds === null) return running;
  return `${running}, ${messages.videoMinutesLeft.replace('{minutes}', String(Math.max(1, Math.ceil(job.etaSeconds / 60))))}`;
}

export const readyText = (video: LessonVideoState) =>
  messages.videoReady
    .replace('{duration}', clock(video.durationSeconds ?? 0))
    .replace('{rungs}', video.rungs.map((rung) => rung.name).join(', '));

/**
 * A video lesson's own video in the structure editor: upload (resumable, with its progress), the
 * transcode job's state read every 2 s while it works, Retry after a failure, Delete, and captions.
 * `where` names the lesson for screen readers ("lesson 2 in section 1").
 */
export function LessonVideo({ lessonId, where }: { lessonId: string | undefined; where: string }) {
  const base = useId();
  const [polling, setPolling] = useState(false);
  const { data, refetch } = useGetLessonVideoQuery(lessonId ?? '', {
    skip: !lessonId,
    pollingInterval: polling ? POLL_MS : 0,
  });
  const [retry, retryState] = useRetryLessonVideoMutation();
  const [remove, removeState] = useDeleteLessonVideoMutation();
  const [saveCaptions, captionsState] = useUploadCaptionsMutation();
  const { uploadPercent, uploadError, choose } = useVideoUpload(
    lessonId ? pathWith(videoAdminPaths.uploads, { lessonId }) : '',
    () => {
      setPolling(true);
      void refetch();
    },
  );
  const job = data?.job ?? null;
  const current = data?.current ?? null;
  useEffect(() => {
    setPolling(job?.status === 'queued' || job?.status === 'running');
  }, [job?.status]);

  if (!lessonId) return <p className="admin-hint">{messages.videoSaveLessonFirst}</p>;
  const hidden = <span className="visually-hidden">{where}</span>;

  const drop = async () => {
    if (!window.confirm(messages.videoDeleteConfirm)) return;
    try {
      await remove(lessonId).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    }
  };
  const again = async () => {
    try {
      await retry(lessonId).unwrap();
      setPolling(true);
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    }
  };
  const captions = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await saveCaptions({ lessonId, text: await file.text() }).unwrap();
      toast.success(messages.videoCaptionsSaved);
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    }
  };

  return (
    <fieldset className="lesson-video">
      <legend>
        {messages.videoSectionTitle}
        {hidden}
      </legend>
      <div aria-live="polite" className="lesson-video-status">
        {current ? (
          <p>
            {readyText(current)}
            {current.hasCaptions && `. ${messages.videoHasCaptions}`}
          </p>
        ) : (
          !job && uploadPercent === null && <p>{messages.videoNone}</p>
        )}
        {job && job.status !== 'failed' && (
          <div>
            <p>{jobText(job)}</p>
            {job.status === 'running' && (
              <progress
                max={100}
                value={job.progress}
                aria-label={`${messages.videoRunning.replace(' {percent} %', '')}${where}`}
              />
            )}
          </div>
        )}
        {uploadPercent !== null && (
          <div>
            <p>{messages.videoUploading.replace('{percent}', String(uploadPercent))}</p>
            <progress max={100} value={uploadPercent} aria-label={`${messages.videoChooseFile}${where}`} />
          </div>
        )}
      </div>
      {job?.status === 'failed' && (
        <p role="alert" className="admin-error">
          {jobText(job)}{' '}
          <button type="button" className="btn btn-small" disabled={retryState.isLoading} onClick={again}>
            {messages.videoRetry}
            {hidden}
          </button>
        </p>
      )}
      {uploadError && (
        <p role="alert" className="admin-error">
          {uploadError}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={`${base}-file`}>
          {current || job ? messages.videoReplaceFile : messages.videoChooseFile}
          {hidden}
        </label>
        <input id={`${base}-file`} type="file" accept="video/*" disabled={uploadPercent !== null} onChange={choose} />
      </div>
      {(current || job) && (
        <div className="admin-actions">
          <button type="button" className="btn btn-small btn-outline" disabled={removeState.isLoading} onClick={drop}>
            {messages.videoDelete}
            {hidden}
          </button>
        </div>
      )}
      {current && (
        <div className="admin-field">
          <label htmlFor={`${base}-captions`}>
            {messages.videoCaptions}
            {hidden}
          </label>
          <input
            id={`${base}-captions`}
            type="file"
            accept=".vtt,text/vtt"
            disabled={captionsState.isLoading}
            onChange={captions}
          />
        </div>
      )}
    </fieldset>
  );
}
