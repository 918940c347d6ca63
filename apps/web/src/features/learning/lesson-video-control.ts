/**
 * What the notes need of a lesson's video: where it is now, and a jump to a second. Null / a no-op
 * when the lesson has no video or the embed has not reported yet.
 */
export interface LessonVideoControl {
  /** The second the video is at, once the learner has started it; null before or without a video. */
  position(): number | null;
  seek(seconds: number): void;
}

export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * Tells the YouTube embed (started with enablejsapi=1) to jump to a second and play, with the same
 * postMessage commands YouTube's IFrame API script sends, so that script need not be loaded.
 */
export function seekEmbed(frame: HTMLIFrameElement | null, seconds: number): void {
  const target = frame?.contentWindow;
  if (!target) return;
  const command = (func: string, args: unknown[]) =>
    target.postMessage(JSON.stringify({ event: 'command', func, args, channel: 'widget' }), YOUTUBE_ORIGIN);
  command('seekTo', [seconds, true]);
  command('playVideo', []);
  frame.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}
