import { messages } from '@shop/shared';

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onDone: () => void;
  onError: (message: string) => void;
}

/**
 * Sends a video to one of the pipeline's tus endpoints (a lesson's, a live session's recording). tus-js-client
 * is loaded on the first upload only (it is larger than the rest of the console page). A file chosen again
 * after a dropped connection or a page reload resumes where it stopped: the client keeps each unfinished
 * upload's URL in local storage under the file's fingerprint (name, type, size, date and the upload path).
 */
export async function uploadVideo(endpoint: string, file: File, callbacks: UploadCallbacks) {
  const { Upload } = await import('tus-js-client');
  const upload = new Upload(file, {
    endpoint,
    chunkSize: 16 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    metadata: { filename: file.name, filetype: file.type },
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => callbacks.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
    onSuccess: () => callbacks.onDone(),
    onError: (error) => {
      const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
      let ours: string | null = null;
      try {
        const body = JSON.parse(response?.getBody() ?? '') as { message?: unknown };
        if (typeof body.message === 'string') ours = body.message;
      } catch {
        // Not our JSON answer (the connection dropped): the client's own message says what happened.
      }
      callbacks.onError(ours ?? messages.videoUploadFailed.replace('{reason}', error.message));
    },
  });
  const previous = await upload.findPreviousUploads();
  const resumable = previous[0];
  if (resumable) upload.resumeFromPreviousUpload(resumable);
  upload.start();
  return upload;
}
