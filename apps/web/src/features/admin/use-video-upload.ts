import { messages } from '@shop/shared';
import { type ChangeEvent, useState } from 'react';
import { uploadVideo } from './lesson-video-upload';

/**
 * A file field's upload to one of the video pipeline's tus endpoints (a lesson's video, a session's
 * recording): the percent sent while it goes, the reason when it fails, and `onUploaded` once the
 * server has the whole file (the caller then follows the transcode job).
 */
export function useVideoUpload(endpoint: string, onUploaded: () => void) {
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUploadPercent(0);
    try {
      await uploadVideo(endpoint, file, {
        onProgress: setUploadPercent,
        onDone: () => {
          setUploadPercent(null);
          onUploaded();
        },
        onError: (message) => {
          setUploadPercent(null);
          setUploadError(message);
        },
      });
    } catch (error) {
      setUploadPercent(null);
      setUploadError(messages.videoUploadFailed.replace('{reason}', String(error)));
    }
  };
  return { uploadPercent, uploadError, choose };
}
