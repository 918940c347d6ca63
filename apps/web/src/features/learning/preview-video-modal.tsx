import type { PreviewLesson } from '@shop/shared';
import { useCallback, useState } from 'react';
import { VideoModal } from '../../components/ui/video-modal';
import { OwnVideo } from './own-video';

/**
 * The course page's player for a free preview lesson: its own stream when it has one (a visitor's
 * preview carries no watermark and saves no position), else its YouTube link as before. Loaded only
 * when a visitor opens a preview, so the course page does not carry the player's code.
 */
export default function PreviewVideoModal({
  courseId,
  lesson,
  onClose,
}: {
  courseId: string;
  lesson: PreviewLesson;
  onClose: () => void;
}) {
  const [own, setOwn] = useState(lesson.ownVideo);
  const noOwnVideo = useCallback(() => setOwn(false), []);
  return (
    <VideoModal videoLink={lesson.videoLink} title={lesson.title} onClose={onClose}>
      {own ? (
        <OwnVideo
          courseId={courseId}
          lessonId={lesson.id}
          title={lesson.title}
          startSeconds={0}
          autoPlay
          onUnavailable={noOwnVideo}
        />
      ) : undefined}
    </VideoModal>
  );
}
