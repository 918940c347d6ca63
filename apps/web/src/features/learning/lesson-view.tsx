import { extractVideoId, type LearnLesson, messages } from '@shop/shared';
import { lazy, type Ref, Suspense, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { DownloadItems } from './download-items';
import { type LessonVideoControl, seekEmbed } from './lesson-video-control';
import { plainParagraphs } from './plain-text';
import { useVideoPosition } from './use-video-position';

/** Our own encrypted stream's player (hls.js loads on top of it where needed): only for a lesson that has one. */
const OwnVideo = lazy(() => import('./own-video').then((module) => ({ default: module.OwnVideo })));

/**
 * The Markdown renderer and its sanitiser (marked + DOMPurify, two thirds of the player's code) load
 * only for a lesson with text, after the player has painted.
 */
const LessonMarkdown = lazy(() => import('./lesson-markdown').then((module) => ({ default: module.LessonMarkdown })));

interface LessonViewProps {
  courseId: string;
  lesson: LearnLesson;
  onPosition: (positionSeconds: number, completed: boolean) => void;
  /** For the notes: the video's current second, and a jump to a note's second. */
  control?: Ref<LessonVideoControl>;
}

/** A lesson's text: plain prose at once, anything Markdown would change through the lazily loaded renderer. */
function LessonText({ text }: { text: string }) {
  const paragraphs = plainParagraphs(text);
  if (paragraphs) {
    return (
      <div className="lesson-text">
        {paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, in their order
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <LessonMarkdown text={text} />
    </Suspense>
  );
}

/** `?t=75` (a note's link from another lesson) starts the video at that second. */
function requestedStart(value: string | null): number | null {
  const seconds = Number(value);
  return value && Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * The lesson itself: its video (its own encrypted stream when it has one, else its YouTube embed, from
 * the saved position), its text and its files.
 */
export function LessonView({ courseId, lesson, onPosition, control }: LessonViewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const videoId = extractVideoId(lesson.videoLink ?? '');
  const [search] = useSearchParams();
  const requested = requestedStart(search.get('t'));
  // Fixed when the lesson opens: the saves every few seconds update the lesson's position, and a
  // changed src would reload the playing video.
  const [start, setStart] = useState(() => requested ?? (lesson.completed ? 0 : lesson.positionSeconds));
  // A lesson with a stream of our own plays it; should it be gone meanwhile (404), the YouTube link plays.
  const [ownVideo, setOwnVideo] = useState(lesson.ownVideo ?? false);
  const noOwnVideo = useCallback(() => setOwnVideo(false), []);
  // A facade until the learner plays: YouTube's embed (its frame and about 1 MB of player) cost the
  // player page about 5 Lighthouse points. A note's link (?t=) asks for the video, so it loads at once.
  const [embedded, setEmbedded] = useState(requested !== null);
  const [autoplay, setAutoplay] = useState(false);
  // Played from the facade: the focus goes on to the video; from a note: the video scrolls into view.
  const playedFrom = useRef<'button' | 'note' | null>(null);
  const play = useCallback((from: number, by: 'button' | 'note') => {
    playedFrom.current = by;
    setStart(from);
    setAutoplay(true);
    setEmbedded(true);
  }, []);
  useEffect(() => {
    if (!embedded || !frame.current) return;
    if (playedFrom.current === 'button') frame.current.focus();
    if (playedFrom.current === 'note') frame.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    playedFrom.current = null;
  }, [embedded]);
  // The position is followed (and saved) once the embed is there.
  const position = useVideoPosition(frame, embedded && !ownVideo ? lesson.id : '', onPosition);
  useImperativeHandle(
    ownVideo ? undefined : control,
    () => ({
      position: () => {
        const seconds = position.current?.seconds ?? 0;
        return videoId && seconds > 0 ? Math.floor(seconds) : null;
      },
      // A note's time before the video was played loads it from that second.
      seek: (seconds) => (embedded ? seekEmbed(frame.current, seconds) : play(seconds, 'note')),
    }),
    [position, videoId, embedded, play],
  );
  return (
    <>
      {ownVideo && (
        <div className="player-video">
          <Suspense fallback={null}>
            <OwnVideo
              courseId={courseId}
              lessonId={lesson.id}
              title={lesson.title}
              startSeconds={start}
              autoPlay={requested !== null}
              onPosition={onPosition}
              control={control}
              onUnavailable={noOwnVideo}
            />
          </Suspense>
        </div>
      )}
      {!ownVideo && videoId && (
        <div className="video-frame player-video">
          {embedded ? (
            <iframe
              ref={frame}
              key={lesson.id}
              src={`https://www.youtube-nocookie.com/embed/${videoId}?rel=0&enablejsapi=1&start=${start}&origin=${encodeURIComponent(window.location.origin)}${autoplay ? '&autoplay=1' : ''}`}
              title={`Video: ${lesson.title}`}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <button type="button" className="video-facade" onClick={() => play(start, 'button')}>
              <span className="video-facade-icon" aria-hidden="true" />
              <span className="visually-hidden">{messages.playLessonVideo.replace('{title}', lesson.title)}</span>
            </button>
          )}
        </div>
      )}
      {lesson.content && <LessonText text={lesson.content} />}
      {lesson.attachments && lesson.attachments.length > 0 && (
        <section className="lesson-attachments" aria-labelledby="attachments-title">
          <h2 id="attachments-title">{messages.lessonAttachments}</h2>
          <ul>
            <DownloadItems files={lesson.attachments} className="btn btn-outline btn-small" />
          </ul>
        </section>
      )}
    </>
  );
}
