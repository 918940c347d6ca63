import { messages, type PreviewLesson } from '@shop/shared';

/** The course page's 'Preview' button beside a curriculum item that is a free preview lesson (issue 14). */
export function CurriculumPreview({
  lesson,
  onPlay,
}: {
  lesson: PreviewLesson | undefined;
  onPlay: (lesson: PreviewLesson) => void;
}) {
  if (!lesson) return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-small curriculum-preview"
      aria-label={`${messages.previewLesson}: ${lesson.title}`}
      onClick={() => onPlay(lesson)}
    >
      {messages.previewLesson}
    </button>
  );
}
