import type { EnrolledVideo } from '@shop/shared';
import { useCallback, useState } from 'react';
import { VideoModal } from '../../components/ui/video-modal';
import { useSaveLessonProgressMutation } from './learn-api';
import { OwnVideo } from './own-video';

/**
 * Enrolled Courses' 'Watch Video N' popup (issue 32): a lesson with a video of our own plays in the
 * protected player, with the learner's watermark, saving the position and completion as the course
 * player does; only a lesson without one shows its YouTube link. Loaded when a button is pressed, so the
 * page does not carry the player's code.
 */
export default function EnrolledVideoModal({
  courseId,
  video,
  title,
  onClose,
}: {
  courseId: string;
  video: EnrolledVideo;
  title: string;
  onClose: () => void;
}) {
  const [save] = useSaveLessonProgressMutation();
  const [own, setOwn] = useState(video.ownVideo);
  const noOwnVideo = useCallback(() => setOwn(false), []);
  const savePosition = useCallback(
    (positionSeconds: number, completed: boolean) => {
      void save({ courseId, lessonId: video.lessonId, positionSeconds, completed });
    },
    [save, courseId, video.lessonId],
  );
  return (
    <VideoModal videoLink={video.videoLink} title={title} onClose={onClose}>
      {own ? (
        <OwnVideo
          courseId={courseId}
          lessonId={video.lessonId}
          title={title}
          startSeconds={0}
          autoPlay
          onPosition={savePosition}
          onUnavailable={noOwnVideo}
        />
      ) : undefined}
    </VideoModal>
  );
}
