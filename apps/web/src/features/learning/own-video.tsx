import { messages, type PlaybackResponse } from '@shop/shared';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import type { AttachedStream, StreamLevel } from './attach-stream';
import type { LessonVideoControl } from './lesson-video-control';
import { useLazyGetPlaybackQuery, useStopOtherDevicesMutation } from './playback-api';
import { useMediaPosition } from './use-video-position';
import { VideoWatermark } from './video-watermark';
import './own-video.css';

/** A playing device tells the server so this often (the server counts a device for two minutes). */
const HEARTBEAT_MS = 60_000;
/** A signed URL this close to its expiry is renewed before it is used. */
const RENEW_BEFORE_MS = 20_000;
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const SEEK_SECONDS = 5;

interface OwnVideoProps {
  courseId: string;
  lessonId: string;
  /** A live session's recording (issue 35): its grant is asked by the session's id instead of the lesson's. */
  recordingOf?: string;
  title: string;
  startSeconds: number;
  autoPlay?: boolean;
  /** Saves the position (the player); left out for a preview on the course page. */
  onPosition?: (positionSeconds: number, completed: boolean) => void;
  control?: Ref<LessonVideoControl>;
  /** The lesson has no video of its own (404): the caller shows its YouTube video instead. */
  onUnavailable: () => void;
}

interface Stopped {
  message: string;
  /** The device limit, or this device's stream ended from another: the learner may take it back. */
  canTakeOver: boolean;
}

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/**
 * A lesson's own encrypted stream (decision 0028): the signed playlist from /playback, played by
 * hls.js, with the learner's watermark over it inside the element that goes fullscreen, a quality and
 * a speed menu, keyboard controls (space or k, arrows, f, m), captions when the video has them, and the
 * position saved like any lesson video's. The grant is renewed while it plays (which is also how the
 * server counts this device); a refused renewal stops the video and says why.
 */
export function OwnVideo({
  courseId,
  lessonId,
  recordingOf,
  title,
  startSeconds,
  autoPlay = false,
  onPosition,
  control,
  onUnavailable,
}: OwnVideoProps) {
  const [fetchGrant] = useLazyGetPlaybackQuery();
  const [stopOthers, stopping] = useStopOtherDevicesMutation();
  const wrapper = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<AttachedStream | null>(null);
  const grantRef = useRef<PlaybackResponse | null>(null);
  const renewedAt = useRef(0);
  const resumeAt = useRef(startSeconds);
  const [grant, setGrant] = useState<PlaybackResponse | null>(null);
  const [stopped, setStopped] = useState<Stopped | null>(null);
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const noSave = useCallback(() => {}, []);
  const position = useMediaPosition(video, onPosition ? lessonId : '', onPosition ?? noSave);

  const stop = useCallback((error: unknown) => {
    const status = statusOf(error);
    stream.current?.destroy();
    stream.current = null;
    video.current?.pause();
    setStopped({ message: errorMessage(error, messages.videoCouldNotPlay), canTakeOver: status === 409 });
  }, []);

  /** Asks /playback again; null (and the video stopped) when refused. */
  const renew = useCallback(async (): Promise<PlaybackResponse | null> => {
    try {
      const fresh = await fetchGrant(recordingOf ? { recordingOf } : { courseId, lessonId }, false).unwrap();
      grantRef.current = fresh;
      renewedAt.current = Date.now();
      return fresh;
    } catch (error) {
      stop(error);
      return null;
    }
  }, [fetchGrant, courseId, lessonId, recordingOf, stop]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (after "Stop playing on other devices") loads the stream again
  useEffect(() => {
    let cancelled = false;
    setStopped(null);
    setLevels([]);
    setLevel(-1);
    (async () => {
      let first: PlaybackResponse;
      try {
        first = await fetchGrant(recordingOf ? { recordingOf } : { courseId, lessonId }, false).unwrap();
      } catch (error) {
        if (cancelled) return;
        if (statusOf(error) === 404) unavailable.current();
        else stop(error);
        return;
      }
      if (cancelled || !video.current) return;
      grantRef.current = first;
      renewedAt.current = Date.now();
      setGrant(first);
      const { attachStream } = await import('./attach-stream');
      if (cancelled || !video.current) return;
      stream.current = await attachStream(video.current, first.manifestUrl, {
        startSeconds: resumeAt.current,
        signed: async (url) => {
          const query = url.indexOf('?');
          if (query < 0 || !url.includes('/api/video/')) return url;
          let current = grantRef.current;
          if (!current || Date.parse(current.expiresAt) - Date.now() < RENEW_BEFORE_MS) current = await renew();
          return current ? `${url.slice(0, query)}${current.signedQuery}` : url;
        },
        onLevels: setLevels,
        onFatal: () => {
          // A refused playlist or key: /playback says why (another device took over, a refund, signed out).
          void renew().then((fresh) => fresh && stream.current?.restart());
        },
      });
      if (cancelled) stream.current.destroy();
      else if (autoPlay) void video.current.play().catch(() => {});
    })();
    return () => {
      cancelled = true;
      stream.current?.destroy();
      stream.current = null;
    };
  }, [fetchGrant, courseId, lessonId, recordingOf, attempt, autoPlay, renew, stop]);

  // The heartbeat: while the video plays, the grant is renewed every minute.
  useEffect(() => {
    const element = video.current;
    if (!element || !grant) return;
    const beat = () => {
      if (!element.paused && Date.now() - renewedAt.current >= HEARTBEAT_MS) void renew();
    };
    const timer = window.setInterval(beat, HEARTBEAT_MS / 4);
    element.addEventListener('play', beat);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('play', beat);
    };
  }, [grant, renew]);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void wrapper.current?.requestFullscreen().catch(() => {});
  }, []);

  // Only the wrapper goes fullscreen, with the watermark in it; never the bare video.
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement && document.fullscreenElement === video.current) {
        void document.exitFullscreen().then(() => wrapper.current?.requestFullscreen().catch(() => {}));
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const element = video.current;
    const target = event.target as HTMLElement;
    if (!element || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.tagName === 'SELECT' || (target.tagName === 'BUTTON' && event.key === ' ')) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (element.paused) void element.play().catch(() => {});
      else element.pause();
    } else if (key === 'arrowleft') element.currentTime = Math.max(0, element.currentTime - SEEK_SECONDS);
    else if (key === 'arrowright') element.currentTime = element.currentTime + SEEK_SECONDS;
    else if (key === 'f') toggleFullscreen();
    else if (key === 'm') element.muted = !element.muted;
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  useImperativeHandle(
    control,
    () => ({
      position: () => {
        const seconds = position.current?.seconds ?? 0;
        return seconds > 0 ? Math.floor(seconds) : null;
      },
      seek: (seconds) => {
        const element = video.current;
        if (!element) return;
        element.currentTime = seconds;
        void element.play().catch(() => {});
        wrapper.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      },
    }),
    [position],
  );

  const takeOver = async () => {
    try {
      await stopOthers().unwrap();
      resumeAt.current = video.current?.currentTime || resumeAt.current;
      setAttempt((n) => n + 1);
    } catch (error) {
      stop(error);
    }
  };

  return (
    <div className="own-video">
      <div ref={wrapper} className="video-frame own-video-frame" onKeyDownCapture={onKeyDown}>
        {/* biome-ignore lint/a11y/useMediaCaption: the captions track is there when the operator uploaded captions */}
        <video
          ref={video}
          controls
          playsInline
          preload="metadata"
          poster={grant?.posterUrl}
          controlsList="nofullscreen nodownload noremoteplayback noplaybackrate"
          disablePictureInPicture
          aria-label={`Video: ${title}`}
          onDoubleClick={toggleFullscreen}
        >
          {grant?.captionsUrl && <track kind="captions" src={grant.captionsUrl} srcLang="en" label="Captions" />}
        </video>
        {grant && <VideoWatermark text={grant.watermark} />}
        {stopped && (
          <div className="own-video-stopped" role="alert">
            <p>{stopped.message}</p>
            {stopped.canTakeOver && (
              <button type="button" className="btn" disabled={stopping.isLoading} onClick={takeOver}>
                {messages.videoStopOtherDevices}
              </button>
            )}
          </div>
        )}
      </div>
      <div className="own-video-tools">
        <label>
          {messages.videoQuality}{' '}
          <select
            value={level}
            disabled={levels.length < 2}
            onChange={(event) => {
              const index = Number(event.target.value);
              setLevel(index);
              stream.current?.setLevel(index);
            }}
          >
            <option value={-1}>{messages.videoQualityAuto}</option>
            {levels.map((rung) => (
              <option key={rung.index} value={rung.index}>
                {rung.height}p
              </option>
            ))}
          </select>
        </label>
        <label>
          {messages.videoSpeed}{' '}
          <select
            value={speed}
            onChange={(event) => {
              const rate = Number(event.target.value);
              setSpeed(rate);
              if (video.current) video.current.playbackRate = rate;
            }}
          >
            {SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-outline btn-small" onClick={toggleFullscreen}>
          {messages.videoFullscreen}
        </button>
      </div>
    </div>
  );
}
