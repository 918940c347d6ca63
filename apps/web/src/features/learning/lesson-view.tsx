import { extractVideoId, type LearnLesson, messages } from '@shop/shared';
import { useRef } from 'react';
import { LessonMarkdown } from './lesson-markdown';
import { useVideoPosition } from './use-video-position';

interface LessonViewProps {
  lesson: LearnLesson;
  onPosition: (positionSeconds: number, completed: boolean) => void;
}

/** The lesson itself: its video (today's YouTube embed, from the saved position), its text and its files. */
export function LessonView({ lesson, onPosition }: LessonViewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const videoId = extractVideoId(lesson.videoLink);
  useVideoPosition(frame, lesson.id, onPosition);
  const start = lesson.completed ? 0 : lesson.positionSeconds;
  return (
    <>
      {videoId && (
        <div className="video-frame player-video">
          <iframe
            ref={frame}
            key={lesson.id}
            src={`https://www.youtube-nocookie.com/embed/${videoId}?rel=0&enablejsapi=1&start=${start}&origin=${encodeURIComponent(window.location.origin)}`}
            title={`Video: ${lesson.title}`}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </div>
      )}
      {lesson.content && <LessonMarkdown text={lesson.content} />}
      {lesson.attachments.length > 0 && (
        <section className="lesson-attachments" aria-labelledby="attachments-title">
          <h2 id="attachments-title">{messages.lessonAttachments}</h2>
          <ul>
            {lesson.attachments.map((file) => (
              <li key={file.fileUrl}>
                <a href={file.fileUrl} download={file.name} className="btn btn-outline btn-small">
                  {messages.download} <span className="enrolled-file-name">{file.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
