import { useEffect, useRef } from 'react';
import { YOUTUBE_ORIGIN } from './lesson-video-control';

/** How often a watched position is written: one request per lesson per interval at most. */
export const SAVE_EVERY_MS = 10_000;
/** How soon the first reported position is saved. */
const FIRST_SAVE_CHECK_MS = 1_000;
/**
 * At 90 % the player saves at once (not waiting for the next interval): the server completes a measured
 * video by itself once it has measured as much watched. The player never asks for the completion
 * itself: an early ask is refused and writes nothing, which would lose the position it carries.
 */
const WATCHED_SHARE = 0.9;

export interface VideoPosition {
  seconds: number;
  duration: number;
}

/**
 * Saves a lesson video's position, whichever player reports it: the first reported position at once,
 * then every SAVE_EVERY_MS a changed position, once more on reaching 90 %, and the last position when
 * the lesson is left. The caller's player writes its time into the returned ref (null until it reports).
 */
function useSavedPosition(lessonKey: string, save: (positionSeconds: number, completed: boolean) => void) {
  const latest = useRef<VideoPosition | null>(null);
  const saved = useRef<number | null>(null);
  const completed = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    latest.current = null;
    saved.current = null;
    completed.current = false;
    if (!lessonKey) return;
    const flush = () => {
      const position = latest.current;
      if (!position) return;
      const whole = Math.floor(position.seconds);
      const watched = position.duration > 0 && position.seconds >= position.duration * WATCHED_SHARE;
      if (whole === saved.current && (!watched || completed.current)) return;
      saved.current = whole;
      if (watched) completed.current = true;
      saveRef.current(whole, false);
    };
    // The first position the player reports is saved at once: the server measures watched time from
    // one save to the next (issue 32), so the first stretch of play counts too. Then every SAVE_EVERY_MS.
    let lastFlush = 0;
    const tick = () => {
      if (saved.current !== null && Date.now() - lastFlush < SAVE_EVERY_MS) return;
      if (!latest.current) return;
      lastFlush = Date.now();
      flush();
    };
    const timer = window.setInterval(tick, FIRST_SAVE_CHECK_MS);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      window.clearInterval(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, [lessonKey]);
  return latest;
}

/**
 * Follows the embedded YouTube player's time without loading YouTube's IFrame API script (the CSP
 * allows scripts from our origin only): the embed, started with enablejsapi=1, posts its state to
 * this window once told we are listening. Returns the embed's last reported position, for a note's
 * time stamp.
 */
export function useVideoPosition(
  frame: React.RefObject<HTMLIFrameElement | null>,
  lessonKey: string,
  save: (positionSeconds: number, completed: boolean) => void,
) {
  const latest = useSavedPosition(lessonKey, save);
  useEffect(() => {
    const element = frame.current;
    const listen = () =>
      element?.contentWindow?.postMessage(
        JSON.stringify({ event: 'listening', id: lessonKey, channel: 'widget' }),
        YOUTUBE_ORIGIN,
      );
    element?.addEventListener('load', listen);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== element?.contentWindow) return;
      let data: { info?: { currentTime?: unknown; duration?: unknown } };
      try {
        data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      const seconds = Number(data?.info?.currentTime);
      if (!Number.isFinite(seconds)) return;
      const duration = Number(data?.info?.duration);
      latest.current = { seconds, duration: Number.isFinite(duration) ? duration : (latest.current?.duration ?? 0) };
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      element?.removeEventListener('load', listen);
    };
  }, [frame, lessonKey, latest]);
  return latest;
}

/** The same saving for our own video: its element's time, as it plays or is sought. */
export function useMediaPosition(
  media: React.RefObject<HTMLVideoElement | null>,
  lessonKey: string,
  save: (positionSeconds: number, completed: boolean) => void,
) {
  const latest = useSavedPosition(lessonKey, save);
  useEffect(() => {
    const element = media.current;
    if (!element || !lessonKey) return;
    const onTime = () => {
      // Before the stream has loaded, the element reports 0: nothing to save yet.
      if (element.readyState === 0) return;
      const duration = Number.isFinite(element.duration) ? element.duration : 0;
      latest.current = { seconds: element.currentTime, duration };
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
    };
  }, [media, lessonKey, latest]);
  return latest;
}
